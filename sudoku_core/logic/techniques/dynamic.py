"""Dynamic and nested forcing chains: the search (fast bitboards; the wording is in chain_trace).

A *branch* assumes one candidate true and propagates to a fixed point. The rules a branch uses
grow with the level, as in Sudoku Explainer's forcing chains:

- level 0, Dynamic Forcing Chain: naked and hidden singles;
- level 1, Dynamic Forcing Chain (+): also locked candidates (pointing and claiming);
- level 2, Nested Forcing Chain: also removes every candidate whose own level-0 branch (inside
  this branch) runs into a contradiction;
- level 3, Nested Forcing Chain (+): the same with level-1 branches inside.

A step is a branch that runs into a contradiction (its candidate is false), a cell whose every
candidate's branch implies the same placement or elimination (cell forcing), or a value whose
every place in a unit implies it (unit forcing). Every rule is monotone (more eliminations only
enable more), so each branch reaches one fixed point whatever the order of the rules: the trace
that words a step reaches the same conclusions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ...model import budget
from ...model.candidates import Candidates
from ...solver.bitboards import (
    Boards,
    State,
    Tables,
    assume,
    common,
    fresh_seen,
    locked_gone,
    seen_at_rest,
    singles_round,
    state_of,
    tables,
)

# Work per finder call (branches and inner branches propagated), so a rating loop never stalls
# on a step no chain proves: the walker's trial step takes over. The hardest 9x9 puzzles need
# at most a few thousand; a branch costs about the square of the grid's size relative to 9x9
# (cells x rounds), so the budget shrinks by that factor on larger grids.
WORK = (3_000, 3_000, 20_000, 20_000)


class OutOfWork(Exception):
    """The finder has propagated its share of branches."""


def _locked(boards: Boards, unsolved: int, t: Tables, rest: list[int]) -> bool:
    """Pointing and claiming on every value (in place); True if something was removed.

    ``rest``, per value, holds free cells at which no segment cut anything (all cells: not
    known); only segments around the cells that left since are looked at, and it is kept up
    to date here.
    """
    changed = False
    for d, bd in enumerate(boards):
        free = bd & unsolved
        if not free:
            continue
        since = rest[d] ^ free
        if not since:
            continue
        gone = locked_gone(free, since, t)
        if gone:
            boards[d] = bd ^ gone
            changed = True
        else:
            rest[d] = free
    return changed


class Engine:
    """Branches of one candidate state at one level, computed once each."""

    def __init__(self, c: Candidates, level: int, work: int | None = None) -> None:
        self.t = tables(c.shape)
        self.n = c.size
        self.level = level
        self.root = state_of(c)
        self.cache: dict[tuple[int, int], State | None] = {}
        scale = max(1, (c.shape.cell_count // 81) ** 2)
        self.work = (WORK[level] if work is None else work) // scale
        # Per branch, the nested eliminations in the order they were found (for the trace).
        self.nested_log: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._rest: tuple[list[int], list[int]] | None = None

    def _root_rest(self) -> tuple[list[int], list[int]]:
        """What the root state's rounds of singles and locked candidates last looked at (the
        ``seen`` of :func:`singles_round` and the ``rest`` of :func:`_locked`): a branch's
        first round then looks only around what its assumption changed."""
        if self._rest is None:
            t = self.t
            boards, unsolved = self.root
            at_rest = singles_round(boards[:], unsolved, t) == unsolved
            seen = seen_at_rest(boards, unsolved) if at_rest else fresh_seen(t)
            rest = fresh_seen(t)
            if self.level >= 1:
                _locked(boards[:], unsolved, t, rest)
            self._rest = seen, rest
        return self._rest

    def branch(self, cell: int, d: int) -> State | None:
        """The fixed point of assuming value index d at ``cell``; None on a contradiction."""
        key = (cell, d)
        if key in self.cache:
            return self.cache[key]
        self.work -= 1
        if self.work < 0:
            raise OutOfWork
        boards, unsolved = self.root
        boards = boards[:]
        unsolved = assume(boards, unsolved, cell, d, self.t.keep)
        log: list[tuple[int, int]] = []
        seen, rest = self._root_rest()
        out = self.propagate(boards, unsolved, self.level, log, seen[:], rest[:])
        self.cache[key] = out
        if log:
            self.nested_log[key] = log
        return out

    def propagate(self, boards: Boards, unsolved: int, level: int,
                  log: list[tuple[int, int]] | None = None, seen: list[int] | None = None,
                  rest: list[int] | None = None) -> State | None:
        """Apply the level's rules to a fixed point (boards in place); None on a contradiction.

        ``seen`` and ``rest``: what the rounds last looked at (see :meth:`_root_rest`; None:
        nothing yet), kept up to date here."""
        t = self.t
        if seen is None:
            seen = fresh_seen(t)
        if rest is None:
            rest = fresh_seen(t)
        while True:
            budget.check()
            new = singles_round(boards, unsolved, t, seen)
            if new is None:
                return None
            if new != unsolved:
                unsolved = new
                continue
            if not unsolved:
                return boards, unsolved
            if level >= 1 and _locked(boards, unsolved, t, rest):
                continue
            if level >= 2:
                removed = self._probe(boards, unsolved, level - 2, log)
                if removed is None:
                    return None
                if removed:
                    continue
            return boards, unsolved

    def _probe(self, boards: Boards, unsolved: int, inner: int,
               log: list[tuple[int, int]] | None) -> int | None:
        """Remove (in place) each candidate whose inner branch contradicts; count, None: broken."""
        removed = 0
        keep = self.t.keep
        # The state is at rest under singles (and locked candidates, which the outer level
        # applies whenever the inner one does): its free cells are what the rounds last saw.
        base = seen_at_rest(boards, unsolved)
        cells = unsolved
        while cells:
            low = cells & -cells
            cells ^= low
            cell = low.bit_length() - 1
            for d, bd in enumerate(boards):
                if not bd & low:
                    continue
                self.work -= 1
                if self.work < 0:
                    raise OutOfWork
                trial = boards[:]
                left = assume(trial, unsolved, cell, d, keep)
                if self.propagate(trial, left, inner, None, base[:], base[:]) is None:
                    boards[d] &= ~low
                    removed += 1
                    if log is not None:
                        log.append((cell, d))
            if not any(b & low for b in boards):
                return None
        return removed

    def common(self, branches: list[State]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Placements and eliminations (cell, value) that every given branch implies."""
        return common(self.root, branches)


@dataclass(frozen=True)
class Found:
    """What a search proved: the choices it split on and the conclusions every live one implies."""

    kind: str  # "contradiction" | "cell" | "unit"
    choices: tuple[tuple[int, int], ...]  # (cell, value) assumed, one branch each
    dead: tuple[bool, ...]  # per choice: its branch runs into a contradiction
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    unit: int | None = None


def search(c: Candidates, level: int, work: int | None = None) -> tuple[Found, Engine] | None:
    """The first contradiction, cell forcing or unit forcing at ``level``; None if none."""
    return next(search_all(c, level, work), None)


def search_all(c: Candidates, level: int, work: int | None = None
                ) -> Iterator[tuple[Found, Engine]]:
    """Every contradiction, cell forcing and unit forcing at ``level``, in the order ``search``
    meets them, until the engine's work is spent."""
    eng = Engine(c, level, work)
    if eng.propagate(eng.root[0][:], eng.root[1], 0) is None:
        return  # the state itself is broken: every branch would "contradict"
    try:
        for found in _search(c, eng):
            yield found, eng
    except OutOfWork:
        return


def _order(c: Candidates) -> list[int]:
    """Empty cells, fewest candidates first (bivalue cells are the cheapest splits)."""
    cells = [x for x, m in enumerate(c.masks) if m]
    cells.sort(key=lambda x: (c.masks[x].bit_count(), x))
    return cells


def _search(c: Candidates, eng: Engine) -> Iterator[Found]:
    seen_units: set[tuple[int, int]] = set()
    for cell in _order(c):
        values = c.candidates_of(cell)
        outs = []
        for v in values:
            out = eng.branch(cell, v - 1)
            if out is None:
                yield Found("contradiction", ((cell, v),), (True,), (), ((cell, v),))
            else:
                outs.append(out)
        places, elims = eng.common(outs) if len(outs) == len(values) else ([], [])
        if places or elims:
            choices = tuple((cell, v) for v in values)
            yield Found("cell", choices, (False,) * len(values), tuple(places),
                        () if places else tuple(elims))
        yield from _unit_forcing(c, eng, cell, values, seen_units)


def _unit_forcing(c: Candidates, eng: Engine, cell: int, values: list[int],
                  seen_units: set[tuple[int, int]]) -> Iterator[Found]:
    """Units of ``cell`` whose every place of a value has been branched on by now."""
    geo = c.geometry
    masks = c.masks
    for u in geo.units_of[cell]:
        for v in values:
            bit = 1 << (v - 1)
            if (u, v) in seen_units:
                continue
            where = [x for x in geo.units[u] if masks[x] & bit]
            if len(where) < 2 or any((x, v - 1) not in eng.cache for x in where):
                continue
            seen_units.add((u, v))
            branches = [eng.cache[(x, v - 1)] for x in where]
            alive = [b for b in branches if b is not None]
            if not alive:
                continue
            places, elims = eng.common(alive)
            if places or elims:
                yield Found("unit", tuple((x, v) for x in where),
                            tuple(b is None for b in branches), tuple(places),
                            () if places else tuple(elims), unit=u)
