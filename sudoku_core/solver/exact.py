"""The exact solver: counts solutions up to a limit, within a budget, for every box shape.

Two engines behind one entry point (design and figures: docs/solver.md):

- up to 25x25, ``_cover``: the four constraint kinds (cell, row, column, box) as fields of
  one Python int, singles found for the whole grid by a dozen big-int operations per round,
  pointing/claiming by shifts, branching on the open constraint with the fewest candidates;
- above 25x25 (its masks would grow as N**3 bits each), the bitboard search below: one int
  per value with one bit per cell, naked singles by a bit-sliced counter, hidden singles in
  the units that changed, branching on a cell with the fewest candidates.

The same engines run on CPython and in Pyodide: measured there, no other design was faster
(docs/solver.md, "In the browser"). Both search depth first with an explicit stack (no
recursion limit on 64x64 grids) and read the clock every 64 nodes (above 25x25, every node)
against the call's one deadline (``model/budget.py``): :func:`solve` sets it from its
``time_limit`` (a caller's nearer deadline binds), and the library's own searches call
:func:`solve_within`, which reads the one already set. A
one-solution search (``limit=1``), and counting above 9x9,
restart in a fresh random order with doubling node caps, because depth-first search has
heavy tails when a grid has many solutions; a run that finishes is exact whatever its order.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Literal

from ..model import budget
from ..model.budget import DEFAULT_TIME_LIMIT
from ..model.conflicts import Conflict, find_conflicts, find_dead_cells
from ..model.contract import line_of, pairs, values_of
from ..model.expect import OPTIONAL_NUMBER, expect
from ..model.grid import Grid, Shape, geometry
from ..model.messages import solve_message
from . import _cover, bitboards, variant_search
from ._cover import SearchResult
from .pattern import pattern_solution

DEFAULT_MAX_NODES = 2_000_000
_CHECK_EVERY = 64  # nodes between clock reads: the clock costs more than a node
_RESTART_FIRST = 2  # first node cap of a one-solution search, per cell
_COUNT_FIRST = 4  # first node cap of a counting search (limit >= 2), per cell
_RESTART_ABOVE = 9  # counting restarts only on grids bigger than this (see _search_restarting)
_RESTART_SEED = 2026  # branch order of restarts when the caller gave no rng


SolveStatus = Literal["solved", "no_solution", "invalid", "gave_up"]


@dataclass(frozen=True)
class SolveResult:
    """What a solve found: status, first solution, how many (up to the limit), and effort."""

    status: SolveStatus
    solution: Grid | None
    count: int  # solutions found; counting stops at the limit
    unique: bool | None  # None when not known (gave up, invalid, no solution, limit 1)
    nodes: int
    elapsed: float  # seconds
    limit: int = 2
    puzzle: Grid | None = None  # the grid that was solved
    timed_out: bool = False  # gave up because the time limit ran out (not the node budget)

    def message(self) -> str:
        """The outcome in one plain-English sentence (cells as r2c3)."""
        conflicts, dead = self._faults()
        n = self.puzzle.size if self.puzzle is not None else 0
        return solve_message(self.status, self.unique, self.elapsed, self.nodes, self.limit,
                             self.timed_out, conflicts, dead, n)

    def _faults(self) -> tuple[list[Conflict], list[int]]:
        if self.puzzle is None or self.status == "solved":
            return [], []  # a solved grid has neither conflicts nor dead cells
        return find_conflicts(self.puzzle), find_dead_cells(self.puzzle)

    def to_json(self) -> dict[str, Any]:
        """The CLI/web JSON contract for a solve (docs/protocol.md)."""
        conflicts, dead = self._faults()
        puzzle = self.puzzle
        n = puzzle.size if puzzle is not None else 1
        out: dict[str, Any] = {
            "puzzle": line_of(puzzle),
            "box": [puzzle.shape.box_rows, puzzle.shape.box_cols] if puzzle else None,
            "status": self.status,
            "solution": line_of(self.solution),
            "unique": self.unique,
            "count": self.count,
            "nodes": self.nodes,
            "elapsed_ms": round(self.elapsed * 1000, 3),
            "size": puzzle.size if puzzle is not None else None,
            "values": values_of(self.solution),
            "timed_out": self.timed_out,
            "conflicts": [c.to_json(puzzle.shape) for c in conflicts] if puzzle else [],
            "dead_cells": pairs(dead, n),
            "dead_indices": dead,
            "message": solve_message(self.status, self.unique, self.elapsed, self.nodes,
                                     self.limit, self.timed_out, conflicts, dead, n),
        }
        if puzzle is not None and puzzle.shape.variant is not None:
            out["variant"] = puzzle.shape.variant.to_json()
        return out


_OUT_OF_TIME = -2  # what _propagate returns when the call's deadline passed mid-way


# Kept beside bitboards.singles for speed: ~7x less CPU a 36x36 branch (bench_propagation.py).
def _propagate(
    boards: list[int], unsolved: int, t: bitboards.Tables, seen: list[int] | None = None,
) -> int:
    """Place naked and hidden singles to a fixed point; new unsolved mask, -1 if stuck.

    A round costs milliseconds on 49x49 and 64x64 grids, so the clock is read once a round:
    ``_OUT_OF_TIME`` once the call's deadline passed. ``seen``: see ``_hidden_singles``.
    """
    keep = t.keep
    digits = range(len(boards))
    while unsolved:
        if budget.expired():
            return _OUT_OF_TIME
        # Bit-sliced count of candidates per cell: `one` = at least one, `two` = at least two.
        one = two = 0
        for b in boards:
            two |= one & b
            one |= b
        if unsolved & ~one:
            return -1  # an empty cell has no candidate left
        singles = unsolved & ~two
        if singles:
            unsolved ^= singles
            for d in digits:
                s = boards[d] & singles
                if s:
                    bd = boards[d]
                    while s:
                        low = s & -s
                        if not bd & low:
                            return -1  # two singles of one value see each other
                        bd &= keep[low.bit_length() - 1]
                        s ^= low
                    boards[d] = bd
            continue
        # One call a round, not a node or a value: splitting here costs nothing measurable.
        found = _hidden_singles(boards, unsolved, t, seen)
        if found <= 0:
            return unsolved if found == 0 else -1
        unsolved ^= found
    return unsolved


def _hidden_singles(boards: list[int], unsolved: int, t: bitboards.Tables,
                    seen: list[int] | None) -> int:
    """Place (in place) every hidden single in sight; the cells placed, 0: none, -1: stuck.

    ``seen``, per value, is its free cells when its units were last looked at for hidden
    singles (every unit then had two places or none): only units holding a cell that changed
    since are looked at again, a few per value instead of 3N (None: all units).
    """
    n = len(boards)
    keep = t.keep
    units = t.units
    units_of = t.units_of
    found = 0
    placed: list[tuple[int, int]] = []
    for d in range(n):
        bd = boards[d]
        free = bd & unsolved
        if not free:
            continue
        check = units
        if seen is not None:
            changed = seen[d] ^ free
            seen[d] = free
            if not changed:
                continue
            if changed.bit_count() <= n:
                around: set[int] = set()
                while changed:
                    low = changed & -changed
                    around.update(units_of[low.bit_length() - 1])
                    changed ^= low
                check = tuple(units[u] for u in around)
        hidden = 0
        for m in check:
            x = free & m
            if not x & (x - 1):
                if x:
                    hidden |= x
                elif not bd & m:
                    return -1  # value d has no place left in this unit
        if hidden:
            if hidden & found:
                return -1  # one cell is the only place for two values
            found |= hidden
            bd = bitboards.place_cells(bd, hidden, keep)
            if bd < 0:
                return -1
            boards[d] = bd
            placed.append((d, hidden))
    if found:
        clear = ~found
        for d in range(n):
            boards[d] &= clear
        for d, hidden in placed:
            boards[d] |= hidden
    return found


def _branch_cell(boards: list[int], unsolved: int) -> int:
    """Bit of an unsolved cell with the fewest candidates (2, else 3, else any)."""
    one = two = three = four = 0
    for b in boards:
        four |= three & b
        three |= two & b
        two |= one & b
        one |= b
    pick = unsolved & ~three or unsolved & ~four or unsolved
    return pick & -pick


def _initial_state(grid: Grid, t: bitboards.Tables) -> tuple[list[int], int] | None:
    """Bitboards with the givens placed, or None when two givens conflict."""
    n = grid.shape.size
    by_value = [0] * n
    for i, v in enumerate(grid.cells):
        if v:
            by_value[v - 1] |= 1 << i
    givens = 0
    for g in by_value:
        givens |= g
    free = t.all_cells & ~givens
    boards = []
    for d in range(n):
        bd = bitboards.place_cells(free | by_value[d], by_value[d], t.keep)
        if bd < 0:
            return None
        boards.append(bd)
    return boards, free


def _to_cells(shape: Shape, boards: list[int]) -> list[int]:
    cells = [0] * shape.cell_count
    for d, b in enumerate(boards, 1):
        while b:
            low = b & -b
            cells[low.bit_length() - 1] = d
            b ^= low
    return cells


def warm(shape: Shape) -> None:
    """Build the solver's tables for ``shape`` now, so the first solve of that size is quick.

    For a caller with idle time (the web worker while the user reads): the shape's units and
    peers, and the engine's per-bit tables (up to 9x9 every place mask; above, the patterns
    masks are built from on first use). Idempotent and cheap once done.
    """
    geometry(shape)
    if shape.size <= _cover.MAX_COVER_SIZE:
        _cover.tables(shape)
    else:
        bitboards.tables(shape)


def solve(
    grid: Grid,
    *,
    limit: int = 2,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    rng: random.Random | None = None,
) -> SolveResult:
    """Solve, counting solutions up to ``limit`` (2 tells unique from several), within a budget.

    >>> from sudoku_core import parse
    >>> r = solve(parse("..3..4.221......"))
    >>> r.status, r.unique, r.solution.line()
    ('solved', True, '1234341221434321')
    """
    expect("solve", grid=(grid, Grid), limit=(limit, int), time_limit=(time_limit, OPTIONAL_NUMBER))
    with budget.deadline(time_limit):  # a caller's nearer deadline (hint, steps) binds too
        return _solved(grid, limit, max_nodes, rng)


def solve_within(
    grid: Grid,
    *,
    limit: int = 2,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    rng: random.Random | None = None,
) -> SolveResult:
    """:func:`solve` within the call's deadline already set (``budget.deadline``): the
    library's own searches call this, not ``solve``. Outside any call's deadline, the default
    budget: every solve has one."""
    if budget.current() is None:
        with budget.deadline(DEFAULT_TIME_LIMIT):
            return _solved(grid, limit, max_nodes, rng)
    return _solved(grid, limit, max_nodes, rng)


def _solved(grid: Grid, limit: int, max_nodes: int | None,
            rng: random.Random | None) -> SolveResult:
    """The search behind :func:`solve` and :func:`solve_within`, within the call's deadline."""
    start = time.perf_counter()
    shape = grid.shape
    want = _enough(grid, limit)
    if shape.variant is not None:
        r = variant_search.search(grid, want, max_nodes, rng)
    elif shape.size > _cover.MAX_COVER_SIZE and not any(grid.cells):
        r = _pattern_fill(shape, rng)
    elif limit == 1 or shape.size > _RESTART_ABOVE:
        r = _search_restarting(grid, want, max_nodes, rng)
    else:
        r = _search(grid, want, max_nodes, rng)
    if want < limit and r.first is not None:
        r = SearchResult(limit, r.first, r.nodes, False, False)
    elapsed = time.perf_counter() - start
    if r.invalid:
        return SolveResult("invalid", None, 0, None, 0, elapsed, limit, grid)
    solution = Grid(shape, tuple(r.first)) if r.first is not None else None
    if r.gave_up and r.count < limit:
        timed_out = budget.expired()
        return SolveResult("solved" if solution else "gave_up", solution, r.count, None,
                           r.nodes, elapsed, limit, grid, timed_out)
    if r.count == 0:
        return SolveResult("no_solution", None, 0, None, r.nodes, elapsed, limit, grid)
    # With limit=1 the search stops at the first solution, so uniqueness stays unknown.
    unique = None if limit < 2 else r.count == 1
    return SolveResult("solved", solution, r.count, unique, r.nodes, elapsed, limit, grid)


def _enough(grid: Grid, limit: int) -> int:
    """Solutions to find before ``limit`` is proved: 1 when values no given uses prove it.

    With k values in no given, swapping them in one solution gives k! solutions. 9x9 keeps
    the plain count: its searches take milliseconds, and a set of 81 cells costs 2-3% there.
    """
    if limit < 2 or grid.shape.size <= _RESTART_ABOVE:
        return limit
    if grid.shape.variant is not None and grid.shape.variant.reads_digits:
        return limit  # sums, lines and dots tell values apart: a swap of two values breaks them
    unused = grid.shape.size - len(set(grid.cells) - {0})
    return 1 if unused >= 2 and limit <= math.factorial(min(unused, 12)) else limit


def _pattern_fill(shape: Shape, rng: random.Random | None) -> SearchResult:
    """A complete grid for an empty one above 25x25, built, not searched (no node spent).

    Why: a search fill of an empty 49x49 or 64x64 grid costs tens of seconds; every shuffled
    pattern grid is a solution of the empty grid. ``rng`` shuffles it (a fixed seed if None).
    """
    grid = pattern_solution(shape, rng or random.Random(_RESTART_SEED))
    return SearchResult(1, list(grid.cells), 0, False, False)


def _search(grid: Grid, limit: int, max_nodes: int | None,
            rng: random.Random | None) -> SearchResult:
    """One depth-first search with the fastest engine for the shape."""
    if grid.shape.size <= _cover.MAX_COVER_SIZE:
        return _cover.search(_cover.tables(grid.shape), grid.cells, limit, max_nodes, rng)
    return _search_bitboards(grid, limit, max_nodes, rng)


def _search_restarting(grid: Grid, limit: int, max_nodes: int | None,
                       rng: random.Random | None) -> SearchResult:
    """Count up to ``limit``, restarting in a new random branch order with a doubled node cap.

    Depth-first search has heavy tails when a grid has many solutions: an early wrong guess
    that singles cannot expose can cost minutes on a 25x25 or 36x36 grid, while a fresh order
    usually needs a few hundred nodes. The answer stays exact: a capped run that finishes has
    walked its whole tree, and one that reaches ``limit`` has found enough, whatever the order;
    only a run that hits its cap is thrown away. The last run gets the rest of the caller's
    budget. Without an ``rng`` the first run keeps the plain order and restarts draw from a
    fixed seed, so the result stays deterministic.
    """
    cap = (_RESTART_FIRST if limit == 1 else _COUNT_FIRST) * grid.shape.cell_count
    nodes = 0
    order = rng
    best: SearchResult | None = None
    while True:
        left = None if max_nodes is None else max_nodes - nodes
        capped = left is None or cap < left
        r = _search(grid, limit, cap if capped else left, order)
        nodes += r.nodes
        if best is None or r.count > best.count:
            best = r  # out of budget, the run that found the most solutions is reported
        if not r.gave_up or not capped or budget.expired():
            done = best if r.gave_up else r
            return SearchResult(done.count, done.first, nodes, r.gave_up, r.invalid)
        cap *= 2
        order = order or random.Random(_RESTART_SEED)


def _search_bitboards(grid: Grid, limit: int, max_nodes: int | None,
                      rng: random.Random | None) -> SearchResult:
    """The generic search (any size): per-value bitboards, singles, fewest-candidates cell.

    The stack holds one frame per branching node, ``(boards, rest, cell, options)``: a child
    is built when it is popped, and the last child takes its parent's boards over, so memory
    grows with the depth of the search, not with the number of pending children. The clock
    is read at every node and every propagation round: a 64x64 node costs milliseconds.
    """
    shape = grid.shape
    t = bitboards.tables(shape)
    state = _initial_state(grid, t)
    if state is None:
        return SearchResult(0, None, 0, False, True)
    first: list[int] | None = None
    count = 0
    nodes = 0
    keep = t.keep
    digits = list(range(shape.size))
    every = 1 if shape.size > _cover.MAX_COVER_SIZE else _CHECK_EVERY
    boards, unsolved = state
    seen: list[int] | None = None  # the root looks at every unit
    frames: list[tuple[list[int], int, int, list[int]]] = []
    while True:
        nodes += 1
        if nodes % every == 0 and _cover.out_of_budget(nodes, max_nodes):
            return SearchResult(count, first, nodes, True, False)
        unsolved = _propagate(boards, unsolved, t, seen)
        if unsolved == _OUT_OF_TIME:
            return SearchResult(count, first, nodes, True, False)
        if unsolved == 0:
            count += 1
            if first is None:
                first = _to_cells(shape, boards)
            if count >= limit:
                break
        elif unsolved > 0:
            low = _branch_cell(boards, unsolved)
            options = [d for d in digits if boards[d] & low]
            if rng is not None:
                rng.shuffle(options)
            options.reverse()  # options.pop() takes options[0] first
            frames.append((boards, unsolved ^ low, low.bit_length() - 1, options))
        child = _next_child(frames, keep)
        if child is None:
            break
        boards, unsolved, seen = child
    return SearchResult(count, first, nodes, False, False)


def _next_child(
    frames: list[tuple[list[int], int, int, list[int]]], keep: tuple[int, ...],
) -> tuple[list[int], int, list[int]] | None:
    """The newest frame's next option as a child's boards, unsolved mask and ``seen``; None
    when every frame is spent."""
    while frames and not frames[-1][3]:
        frames.pop()
    if not frames:
        return None
    parent, unsolved, cell, options = frames[-1]
    d = options.pop()
    # The parent reached its fixed point: its free cells are what its units last showed.
    seen = [b & (unsolved | 1 << cell) for b in parent]
    placed = parent[d] & keep[cell]
    clear = ~(1 << cell)
    if options:
        boards = [b & clear for b in parent]
    else:  # the last child takes the parent's boards over: they are not needed again
        frames.pop()
        boards = parent
        for e in range(len(boards)):
            boards[e] &= clear
    boards[d] = placed
    return boards, unsolved, seen


def count_solutions(
    grid: Grid,
    limit: int = 2,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> int | None:
    """Number of solutions, counting stops at ``limit``; None if the budget ran out first.

    None is the package's one word for "gave up" (as ``unique`` of :class:`SolveResult`).
    """
    expect("count_solutions", grid=(grid, Grid), limit=(limit, int),
           time_limit=(time_limit, OPTIONAL_NUMBER))
    return _count(solve(grid, limit=limit, max_nodes=max_nodes, time_limit=time_limit), limit)


def count_within(grid: Grid, limit: int = 2, *,
                 max_nodes: int | None = DEFAULT_MAX_NODES) -> int | None:
    """:func:`count_solutions` within the call's deadline already set (as
    :func:`solve_within`)."""
    return _count(solve_within(grid, limit=limit, max_nodes=max_nodes), limit)


def _count(r: SolveResult, limit: int) -> int | None:
    """The count a solve to ``limit`` proved; None when it gave up short of it."""
    if r.status in ("invalid", "no_solution"):
        return 0
    if r.unique is None and r.count < limit:
        return None
    return r.count


def has_unique_solution(
    grid: Grid,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> bool | None:
    """True for exactly one solution, False for none or several, None if it gave up."""
    expect("has_unique_solution", grid=(grid, Grid), time_limit=(time_limit, OPTIONAL_NUMBER))
    n = count_solutions(grid, 2, max_nodes=max_nodes, time_limit=time_limit)
    return None if n is None else n == 1
