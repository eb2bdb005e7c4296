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

from dataclasses import dataclass
from functools import cache

from .. import budget
from ..candidates import Candidates
from ..grid import Shape

# Work per finder call (branches and inner branches propagated), so a rating loop never stalls
# on a step no chain proves: the walker's trial step takes over. The hardest 9x9 puzzles need
# at most a few thousand; a branch costs about the square of the grid's size relative to 9x9
# (cells x rounds), so the budget shrinks by that factor on larger grids.
WORK = (3_000, 3_000, 20_000, 20_000)


class OutOfWork(Exception):
    """The finder has propagated its share of branches."""


@dataclass(frozen=True)
class Tables:
    """Bitmasks of a shape: peers-free cells per cell, units, box/line segments."""

    keep: tuple[int, ...]  # per cell: every cell except its peers
    units: tuple[int, ...]  # per unit: mask of its cells
    segments: tuple[tuple[int, int, int], ...]  # (box & line, box rest, line rest)
    unit_of_segment: tuple[tuple[int, int], ...]  # (box unit, line unit) per segment


@cache
def tables(shape: Shape) -> Tables:
    """The bitmask tables of a shape (computed once)."""
    geo = shape.geometry
    n = shape.size
    all_cells = (1 << shape.cell_count) - 1
    keep = tuple(all_cells & ~sum(1 << p for p in peers) for peers in geo.peers)
    units = tuple(sum(1 << x for x in unit) for unit in geo.units)
    segs = []
    owners = []
    for b in range(2 * n, 3 * n):
        for line in range(2 * n):
            seg = units[b] & units[line]
            if seg:
                segs.append((seg, units[b] & ~seg, units[line] & ~seg))
                owners.append((b, line))
    return Tables(keep, units, tuple(segs), tuple(owners))


Boards = list[int]  # per value index d, the cells (bits) that hold d or may take it
State = tuple[Boards, int]  # (boards, unsolved cells)


def state_of(c: Candidates) -> State:
    """The bitboards of a candidate state (placed cells keep their value's bit)."""
    boards = [0] * c.size
    unsolved = 0
    for cell, (v, m) in enumerate(zip(c.values, c.masks, strict=True)):
        if v:
            boards[v - 1] |= 1 << cell
            continue
        unsolved |= 1 << cell
        while m:
            low = m & -m
            boards[low.bit_length() - 1] |= 1 << cell
            m ^= low
    return boards, unsolved


def assume(boards: Boards, unsolved: int, cell: int, d: int, keep: tuple[int, ...]) -> int:
    """Place value index d at ``cell`` in ``boards`` (in place); the new unsolved mask."""
    bit = 1 << cell
    for i in range(len(boards)):
        boards[i] &= ~bit
    boards[d] = (boards[d] | bit) & (keep[cell] | bit)
    return unsolved & ~bit


def _singles(boards: Boards, unsolved: int, t: Tables) -> int | None:
    """One round of naked and hidden singles: the new unsolved mask, or None when broken."""
    one = two = 0
    for b in boards:
        two |= one & b
        one |= b
    if unsolved & ~one:
        return None  # a cell without candidates
    singles = unsolved & ~two
    found = singles
    placed = []
    units = t.units
    for d, bd in enumerate(boards):
        free = bd & unsolved
        if not free:
            continue
        hidden = free & singles
        for m in units:
            x = free & m
            if not x & (x - 1):
                if x:
                    hidden |= x
                elif not bd & m:
                    return None  # the value has no place in this unit
        if hidden:
            if hidden & found & ~(free & singles):
                return None  # one cell is the only place for two values
            found |= hidden
            placed.append((d, hidden))
    if not placed:
        return unsolved
    unsolved &= ~found
    for d in range(len(boards)):
        boards[d] &= ~found
    keep = t.keep
    for d, cells in placed:
        bd = boards[d] | cells
        while cells:
            low = cells & -cells
            if not bd & low:
                return None  # two placements of d see each other
            bd &= keep[low.bit_length() - 1]
            cells ^= low
        boards[d] = bd
    return unsolved


def _locked(boards: Boards, unsolved: int, t: Tables) -> bool:
    """Pointing and claiming on every value (in place); True if something was removed."""
    changed = False
    segments = t.segments
    for d, bd in enumerate(boards):
        free = bd & unsolved
        if not free:
            continue
        new = bd
        for seg, box_rest, line_rest in segments:
            if free & seg:
                if not free & box_rest:
                    if free & line_rest:
                        new &= ~line_rest
                        free &= ~line_rest
                elif not free & line_rest and free & box_rest:
                    new &= ~box_rest
                    free &= ~box_rest
        if new != bd:
            boards[d] = new
            changed = True
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
        out = self.propagate(boards, unsolved, self.level, log)
        self.cache[key] = out
        if log:
            self.nested_log[key] = log
        return out

    def propagate(self, boards: Boards, unsolved: int, level: int,
                  log: list[tuple[int, int]] | None = None) -> State | None:
        """Apply the level's rules to a fixed point (boards in place); None on a contradiction."""
        t = self.t
        while True:
            budget.check()
            new = _singles(boards, unsolved, t)
            if new is None:
                return None
            if new != unsolved:
                unsolved = new
                continue
            if not unsolved:
                return boards, unsolved
            if level >= 1 and _locked(boards, unsolved, t):
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
                if self.propagate(trial, left, inner) is None:
                    boards[d] &= ~low
                    removed += 1
                    if log is not None:
                        log.append((cell, d))
            if not any(b & low for b in boards):
                return None
        return removed

    def common(self, branches: list[State]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Placements and eliminations (cell, value) that every given branch implies."""
        root, unsolved = self.root
        n = self.n
        placed = [unsolved] * n
        removed = [unsolved] * n
        for boards, left in branches:
            for d in range(n):
                placed[d] &= boards[d] & ~left
                removed[d] &= root[d] & ~boards[d]
        places = [(x, d + 1) for d in range(n) for x in _cells(placed[d])]
        done = {x for x, _ in places}
        elims = [(x, d + 1) for d in range(n) for x in _cells(removed[d]) if x not in done]
        return sorted(places), sorted(elims)


def _cells(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
    eng = Engine(c, level, work)
    if eng.propagate(eng.root[0][:], eng.root[1], 0) is None:
        return None  # the state itself is broken: every branch would "contradict"
    try:
        return _search(c, eng)
    except OutOfWork:
        return None


def _order(c: Candidates) -> list[int]:
    """Empty cells, fewest candidates first (bivalue cells are the cheapest splits)."""
    cells = [x for x, m in enumerate(c.masks) if m]
    cells.sort(key=lambda x: (c.masks[x].bit_count(), x))
    return cells


def _search(c: Candidates, eng: Engine) -> tuple[Found, Engine] | None:
    geo = c.geometry
    masks = c.masks
    seen_units: set[tuple[int, int]] = set()
    for cell in _order(c):
        values = c.candidates_of(cell)
        outs = []
        for v in values:
            out = eng.branch(cell, v - 1)
            if out is None:
                return Found("contradiction", ((cell, v),), (True,), (), ((cell, v),)), eng
            outs.append(out)
        places, elims = eng.common(outs)
        if places or elims:
            choices = tuple((cell, v) for v in values)
            return Found("cell", choices, (False,) * len(values), tuple(places),
                         () if places else tuple(elims)), eng
        # Units whose every place of a value has been branched on by now.
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
                    return Found("unit", tuple((x, v) for x in where),
                                 tuple(b is None for b in branches), tuple(places),
                                 () if places else tuple(elims), unit=u), eng
    return None
