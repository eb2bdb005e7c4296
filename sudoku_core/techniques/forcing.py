"""Forcing chains, the logical last resort: follow singles from each choice of a cell or a unit.

For a cell (each of its candidates) or a unit (each place of a value), assume the choice and
place naked and hidden singles for a bounded number of rounds. A choice that runs into a
contradiction is false; a placement or elimination that every surviving choice implies is true.
The state is one bitboard per value (bit = cell), so a round is a few big-int operations.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .. import budget
from ..candidates import Candidates
from ..grid import Shape
from .base import Step
from .single_digit import make_step, name, names, removal_text, unit_name

MAX_ROUNDS = 24  # rounds of singles per branch: the "length" of the chains
# Branches per call, scaled by grid size (a branch costs about one pass over the grid): ample
# for 9x9 (about 5,000), bounded for the giant grids so a rating loop never stalls on one step.
WORK_BUDGET = 400_000
MIN_BRANCHES = 40


class _OutOfBudget(Exception):
    """Raised when a call has propagated its share of branches."""


@dataclass(frozen=True)
class _Tables:
    keep: tuple[int, ...]  # per cell: every cell except its peers
    units: tuple[int, ...]  # per unit: mask of its cells


@cache
def _tables(shape: Shape) -> _Tables:
    geo = shape.geometry
    all_cells = (1 << shape.cell_count) - 1
    keep = tuple(all_cells & ~sum(1 << p for p in peers) for peers in geo.peers)
    units = tuple(sum(1 << x for x in unit) for unit in geo.units)
    return _Tables(keep, units)


Branch = tuple[list[int], int] | None  # (boards, unsolved) after propagation; None = contradiction


def _place(boards: list[int], d: int, cells: int, keep: tuple[int, ...]) -> bool:
    """Place value index d in every cell of a mask; False if two of them see each other."""
    bd = boards[d]
    while cells:
        low = cells & -cells
        if not bd & low:
            return False
        bd &= keep[low.bit_length() - 1]
        cells ^= low
    boards[d] = bd
    return True


def _propagate(boards: list[int], unsolved: int, t: _Tables, rounds: int) -> Branch:
    """Naked and hidden singles for at most ``rounds`` rounds; None on a contradiction."""
    n = len(boards)
    for _ in range(rounds):
        if not unsolved:
            break
        one = two = 0
        for b in boards:
            two |= one & b
            one |= b
        if unsolved & ~one:
            return None  # a cell without candidates
        singles = unsolved & ~two
        placed: list[tuple[int, int]] = []
        found = singles
        for d in range(n):
            bd = boards[d]
            free = bd & unsolved
            if not free:
                continue
            hidden = free & singles
            for m in t.units:
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
            break
        unsolved &= ~found
        for d in range(n):
            boards[d] &= ~found
        for d, cells in placed:
            boards[d] |= cells
            if not _place(boards, d, cells, t.keep):
                return None
    return boards, unsolved


def _state(c: Candidates) -> tuple[list[int], int]:
    n = c.size
    boards = [0] * n
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


class _Brancher:
    """Propagation results per assumed candidate, computed once."""

    def __init__(self, c: Candidates) -> None:
        self.t = _tables(c.shape)
        self.boards, self.unsolved = _state(c)
        self.cache: dict[tuple[int, int], Branch] = {}
        self.left = max(MIN_BRANCHES, WORK_BUDGET // c.shape.cell_count)

    def branch(self, cell: int, d: int) -> Branch:
        key = (cell, d)
        if key not in self.cache:
            self.left -= 1
            if self.left < 0:
                raise _OutOfBudget
            boards = self.boards[:]
            bit = 1 << cell
            for i in range(len(boards)):
                boards[i] &= ~bit
            boards[d] |= bit
            ok = _place(boards, d, bit, self.t.keep)
            self.cache[key] = (
                _propagate(boards, self.unsolved & ~bit, self.t, MAX_ROUNDS) if ok else None
            )
        return self.cache[key]

    def common(self, branches: list[Branch]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Placements and eliminations that every surviving branch implies."""
        alive = [b for b in branches if b is not None]
        n = len(self.boards)
        placed = [self.unsolved] * n
        removed = [self.unsolved] * n
        for boards, unsolved in alive:
            for d in range(n):
                placed[d] &= boards[d] & ~unsolved
                removed[d] &= self.boards[d] & ~boards[d]
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


def find_forcing_chain(c: Candidates) -> Step | None:
    """Cell or unit forcing chain (or a contradiction), fewest branches first."""
    if c.is_broken():
        return None  # every branch would "contradict": nothing useful to say
    try:
        return _search(c, _Brancher(c))
    except _OutOfBudget:
        return None


def _search(c: Candidates, br: _Brancher) -> Step | None:
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
                    return step
        for u in range(3 * n):
            for v in range(1, n + 1):
                where = c.cells_with(u, v)
                if len(where) == k:
                    step = _try(c, br, [(x, v) for x in where],
                                f"{sym(v)} in {unit_name(c, u)} goes to {names(c, where)}",
                                f"{sym(v)} in {unit_name(c, u)}", (u,))
                    if step is not None:
                        return step
    # Wider cells and units rarely help; a single candidate that breaks the grid still does.
    for cell, m in enumerate(masks):
        if m.bit_count() > 3:
            for v in c.candidates_of(cell):
                step = _try(c, br, [(cell, v)], "", name(c, cell), (), only_contradiction=True)
                if step is not None:
                    return step
    return None


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
                             units=units, region=name(c, cell))
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
    return make_step("Forcing Chain", text, placements=places, eliminations=elims,
                     cells=[(x, "base") for x, _ in choices],
                     candidates=[(x, v, "key") for x, v in choices], units=units, region=region)
