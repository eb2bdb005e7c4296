"""Forcing chains, the logical last resort: follow singles from each choice of a cell or a unit.

For a cell (each of its candidates) or a unit (each place of a value), assume the choice and
place naked and hidden singles for a bounded number of rounds. A choice that runs into a
contradiction is false; a placement or elimination that every surviving choice implies is true.
The state is one bitboard per value (bit = cell), so a round is a few big-int operations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...model import budget
from ...model.candidates import Candidates
from ...model.step import Chain
from ...solver.bitboards import (
    State,
    assume,
    common,
    fresh_seen,
    seen_at_rest,
    singles,
    singles_round,
    state_of,
    tables,
)
from .base import Step
from .chain_trace import singles_branches
from .forcing_chains import forcing_summary
from .single_digit import make_step, name, names, removal_text, unit_name

MAX_ROUNDS = 24  # rounds of singles per branch: the "length" of the chains
# Branches per call, scaled by grid size (a branch costs about one pass over the grid): ample
# for 9x9 (about 5,000), bounded for the giant grids so a rating loop never stalls on one step.
WORK_BUDGET = 400_000
MIN_BRANCHES = 40


class _OutOfBudget(Exception):
    """Raised when a call has propagated its share of branches."""


Branch = State | None  # (boards, unsolved) after propagation; None = contradiction


class _Brancher:
    """Propagation results per assumed candidate, computed once."""

    def __init__(self, c: Candidates) -> None:
        self.t = tables(c.shape)
        self.boards, self.unsolved = state_of(c)
        self.cache: dict[tuple[int, int], Branch] = {}
        self.left = max(MIN_BRANCHES, WORK_BUDGET // c.shape.cell_count)
        # At rest, a branch's first round need look only around what the assumption changed.
        rest = singles_round(self.boards[:], self.unsolved, self.t) == self.unsolved
        self.seen = seen_at_rest(self.boards, self.unsolved) if rest else fresh_seen(self.t)

    def branch(self, cell: int, d: int) -> Branch:
        key = (cell, d)
        if key not in self.cache:
            self.left -= 1
            if self.left < 0:
                raise _OutOfBudget
            boards = self.boards[:]
            unsolved = assume(boards, self.unsolved, cell, d, self.t.keep)
            left = singles(boards, unsolved, self.t, MAX_ROUNDS, self.seen[:])
            self.cache[key] = None if left is None else (boards, left)
        return self.cache[key]

    def common(self, branches: list[Branch]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Placements and eliminations that every surviving branch implies."""
        return common((self.boards, self.unsolved), [b for b in branches if b is not None])


def iter_forcing_chain(c: Candidates) -> Iterator[Step]:
    """Every cell and unit forcing chain (and contradiction) of ``c``, fewest branches first,
    until the call's share of branches is spent."""
    if c.is_broken():
        return  # every branch would "contradict": nothing useful to say
    try:
        yield from _search(c, _Brancher(c))
    except _OutOfBudget:
        return


def _search(c: Candidates, br: _Brancher) -> Iterator[Step]:
    masks = c.masks
    n = c.size
    sym = c.shape.symbol
    for k in (2, 3):
        for cell, m in enumerate(masks):
            if m.bit_count() == k:
                values = c.candidates_of(cell)
                step = _try(c, br, [(cell, v) for v in values],
                            f"{name(c, cell)} is {'/'.join(sym(v) for v in values)}",
                            name(c, cell), ())
                if step is not None:
                    yield step
        for u in range(3 * n):
            for v in range(1, n + 1):
                where = c.cells_with(u, v)
                if len(where) == k:
                    step = _try(c, br, [(x, v) for x in where],
                                f"{sym(v)} in {unit_name(c, u)} goes to {names(c, where)}",
                                f"{sym(v)} in {unit_name(c, u)}", (u,))
                    if step is not None:
                        yield step
    # Wider cells and units rarely help; a single candidate that breaks the grid still does.
    for cell, m in enumerate(masks):
        if m.bit_count() > 3:
            for v in c.candidates_of(cell):
                step = _try(c, br, [(cell, v)], "", name(c, cell), (), only_contradiction=True)
                if step is not None:
                    yield step


def _try(c: Candidates, br: _Brancher, choices: list[tuple[int, int]], what: str, region: str,
         units: tuple[int, ...], only_contradiction: bool = False) -> Step | None:
    budget.check()  # every branch propagates over the whole grid
    branches = [br.branch(cell, v - 1) for cell, v in choices]
    sym = c.shape.symbol
    for (cell, v), b in zip(choices, branches, strict=True):
        if b is None:
            wrong = ((cell, v),)
            text = (f"Forcing Chain: {sym(v)} at {name(c, cell)} leads by singles to a "
                    f"contradiction: {removal_text(c, wrong)}")
            return make_step("Forcing Chain", text, eliminations=wrong,
                             cells=[(cell, "base")], candidates=[(cell, v, "key")],
                             units=units, region=name(c, cell),
                             summary=forcing_summary(c, "Forcing Chain", "contradiction",
                                                     [(cell, v)], None, (), wrong),
                             chains=_later(c, [(cell, v)], [], list(wrong)))
    if only_contradiction:
        return None
    places, elims = br.common(branches)
    if not places and not elims:
        return None
    if places:
        elims = []
        result = "; ".join(f"place {sym(v)} at {name(c, x)}" for x, v in places)
    else:
        result = removal_text(c, elims)
    text = f"Forcing Chain: {what}; either way by singles: {result}"
    kind = "unit" if units else "cell"
    summary = forcing_summary(c, "Forcing Chain", kind, choices, units[0] if units else None,
                              tuple(places), tuple(elims))
    return make_step("Forcing Chain", text, placements=places, eliminations=elims,
                     cells=[(x, "base") for x, _ in choices],
                     candidates=[(x, v, "key") for x, v in choices], units=units, region=region,
                     summary=summary, chains=_later(c, choices, places, elims))


def _later(c: Candidates, choices: list[tuple[int, int]], places: list[tuple[int, int]],
           elims: list[tuple[int, int]]) -> Callable[[], tuple[Chain, ...]]:
    """The branches as data, replayed with reasons only when asked for (the search itself
    keeps no reasons: a rating walk never pays for the wording)."""
    snapshot = c.copy()
    goals = [(x, v, True) for x, v in places] + [(x, v, False) for x, v in elims]
    return lambda: singles_branches(snapshot, choices, goals)
