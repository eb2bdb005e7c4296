"""Bit-parallel exact-cover search for grids up to 12x12 (the fast path behind ``solve``).

A sudoku is an exact cover problem with four kinds of constraint, N*N of each: every cell
holds one value, and every row, column and box holds each value once. Each constraint is a
*field* of N candidate bits plus one guard bit, and the whole state is ONE Python int holding
all 4*N*N fields (3,240 bits for 9x9). A candidate (cell, value) appears once in each of the
four constraint groups, so one precomputed AND mask per candidate places it everywhere at once:
it clears the candidate's peers in all four groups and the guard bits of the four constraints
it satisfies (guard set = constraint still open).

Why: CPython spends ~30 ns per bytecode but a 3,240-bit AND costs about the same as a small
one, so SWAR arithmetic over the whole int finds every naked single (cell fields) and every
hidden single (row, column and box fields) in about a dozen big-int operations per round,
instead of a Python loop over units and values. Search branches on the open constraint with
the fewest candidates, whatever its kind (a bivalue cell or a value with two places in a
unit), like Knuth's DLX column choice.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from functools import lru_cache

from .grid import Shape

MAX_SIZE = 12  # tables grow as N**6 bits; above this the generic solver is used
_CHECK_EVERY = 64  # nodes between clock reads


@dataclass(frozen=True)
class CoverTables:
    """Precomputed masks for one shape; bit positions index every per-bit table."""

    size: int
    width: int  # bits per field: N candidates + 1 guard
    full: int  # every candidate bit and every guard bit: the empty grid
    guard: int  # the guard bit of every field
    low: int  # bit 0 of every field
    data: int  # the N candidate bits of every field
    cells: int  # the guard bits of the cell fields only
    place: tuple[int, ...]  # by bit_length of a candidate bit: its AND mask
    cell_of: tuple[int, ...]  # by bit_length: the cell
    value_of: tuple[int, ...]  # by bit_length: the value (1..N)
    bit: tuple[int, ...]  # by bit_length: the bit itself
    first_bit: tuple[int, ...]  # by cell * N + value - 1: bit_length of its cell-field bit


@lru_cache(maxsize=None)
def tables(shape: Shape) -> CoverTables:
    """Build (once per shape) the masks of the four field layouts."""
    n = shape.size
    geo = shape.geometry
    w = n + 1
    block = n * n * w  # bits per layout
    total = 4 * block
    index_in_box = [0] * (n * n)
    for box in geo.boxes:
        for k, cell in enumerate(box):
            index_in_box[cell] = k

    def positions(cell: int, d: int) -> tuple[int, int, int, int]:
        r, c, b = geo.row_of[cell], geo.col_of[cell], geo.box_of[cell]
        return (
            cell * w + d,
            block + (r * n + d) * w + c,
            2 * block + (c * n + d) * w + r,
            3 * block + (b * n + d) * w + index_in_box[cell],
        )

    def guards(cell: int, d: int) -> int:
        r, c, b = geo.row_of[cell], geo.col_of[cell], geo.box_of[cell]
        fields = (cell, block // w + r * n + d, 2 * block // w + c * n + d,
                  3 * block // w + b * n + d)
        return sum(1 << (f * w + n) for f in fields)

    guard = sum(1 << (f * w + n) for f in range(4 * n * n))
    low = sum(1 << (f * w) for f in range(4 * n * n))
    data = guard - low  # n ones under every guard bit
    full = guard | data
    place = [0] * (total + 1)
    cell_of = [0] * (total + 1)
    value_of = [0] * (total + 1)
    bit = [0] * (total + 1)
    first_bit = [0] * (n * n * n)
    for cell in range(n * n):
        for d in range(n):
            gone = guards(cell, d)
            for p in positions(cell, d):
                gone |= 1 << p
            for e in range(n):  # the other values of this cell
                for p in positions(cell, e):
                    gone |= 1 << p
            for peer in geo.peers[cell]:  # this value in the cell's row, column and box
                for p in positions(peer, d):
                    gone |= 1 << p
            mask = full ^ (full & gone)
            for p in positions(cell, d):
                place[p + 1] = mask
                cell_of[p + 1] = cell
                value_of[p + 1] = d + 1
                bit[p + 1] = 1 << p
            first_bit[cell * n + d] = positions(cell, d)[0] + 1
    cells = sum(1 << (f * w + n) for f in range(n * n))
    return CoverTables(n, w, full, guard, low, data, cells, tuple(place), tuple(cell_of),
                       tuple(value_of), tuple(bit), tuple(first_bit))


@dataclass
class CoverResult:
    """Raw search outcome: solutions found, the first one, nodes, and whether it gave up."""

    count: int
    first: list[int] | None
    nodes: int
    gave_up: bool
    invalid: bool


def _fewest(state: int, t: CoverTables) -> list[int]:
    """Bit_lengths of the candidates of an open field with the fewest candidates."""
    guard, low, data, w = t.guard, t.low, t.data, t.width
    x = state & data
    while True:
        y = (x | guard) - low
        rest = x & y & data  # every field loses its lowest candidate
        # Fields where `x` has exactly one bit: nonzero now, zero after losing that bit.
        one = (y & guard) ^ ((rest + data) & guard)
        if one:
            f = (one & -one).bit_length() - 1  # its guard bit: the field is bits f-N .. f-1
            field = (state >> (f - w + 1)) & (data & ((1 << w) - 1))
            out = []
            base = f - w + 1
            while field:
                lo = field & -field
                out.append(base + lo.bit_length())
                field ^= lo
            return out
        x = rest


def search(
    t: CoverTables,
    givens: list[int],
    limit: int,
    max_nodes: int | None,
    deadline: float | None,
    rng: random.Random | None,
) -> CoverResult:
    """Count solutions of a grid (values in row-major order, 0 = empty) up to ``limit``."""
    n = t.size
    ncells = n * n
    state = t.full
    place, bit, cell_of, value_of = t.place, t.bit, t.cell_of, t.value_of
    guard, low, data = t.guard, t.low, t.data
    sol = [0] * ncells
    first_bit = t.first_bit
    for cell, v in enumerate(givens):
        if v:
            b = first_bit[cell * n + v - 1]
            if not state & bit[b]:
                return CoverResult(0, None, 0, False, True)  # two givens see each other
            state &= place[b]
            sol[cell] = v
    count = 0
    nodes = 0
    first: list[int] | None = None
    stack: list[tuple[int, int]] = [(state, 0)]
    while stack:
        state, b = stack.pop()
        if b:
            state &= place[b]
            sol[cell_of[b]] = value_of[b]
        nodes += 1
        if nodes % _CHECK_EVERY == 0 and (
            (max_nodes is not None and nodes > max_nodes)
            or (deadline is not None and time.perf_counter() > deadline)
        ):
            return CoverResult(count, first, nodes, True, False)
        while True:
            y = (state | guard) - low
            # Guard bit of y is set where the field still has a candidate; of state, where
            # the constraint is still open: an open field with no candidate is a dead end.
            if (state ^ y) & guard:
                break
            multi = ((state & y & data) + data) & guard
            ones = (y & guard) ^ multi
            if not ones:
                if not state:
                    count += 1
                    if first is None:
                        first = list(sol)
                    if count >= limit:
                        return CoverResult(count, first, nodes, False, False)
                    break
                options = _fewest(state, t)
                if rng is not None:
                    rng.shuffle(options)
                for b in reversed(options):  # reversed: the stack pops options[0] first
                    stack.append((state, b))
                break
            singles = state & (ones - (ones >> n))
            while singles:
                b = singles.bit_length()
                m = bit[b]
                singles ^= m
                # A bit already gone was either placed through another of its fields this
                # round, or knocked out by a clashing single; the next round sees the clash
                # as an open field with no candidates.
                if state & m:
                    state &= place[b]
                    sol[cell_of[b]] = value_of[b]
    return CoverResult(count, first, nodes, False, False)
