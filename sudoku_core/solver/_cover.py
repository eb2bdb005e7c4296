"""Bit-parallel exact-cover search for grids up to 25x25 (the fast engine behind ``solve``).

A sudoku is an exact cover problem with four kinds of constraint, N*N of each: every cell
holds one value, and every row, column and box holds each value once. Each constraint is a
*field* of N candidate bits plus one guard bit, and the whole state is ONE Python int holding
all 4*N*N fields (3,240 bits for 9x9). A candidate (cell, value) appears once in each of the
four constraint layouts, so one AND mask per candidate places it everywhere at once: it
clears the candidate's peers in all four layouts and the guard bits of the four constraints
it satisfies (guard set = constraint still open).

Why: CPython spends ~30 ns per bytecode but a 3,240-bit AND costs about the same as a small
one, so SWAR arithmetic over the whole int finds every naked single (cell fields) and every
hidden single (row, column and box fields) in about a dozen big-int operations per round,
instead of a Python loop over units and values. Pointing and claiming are a few dozen shifts
over the row and column layouts. Search branches on the open constraint with the fewest
candidates, whatever its kind (a bivalue cell or a value with two places in a unit), like
Knuth's DLX column choice. See docs/solver.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import Protocol

from ..model import budget
from ..model.grid import Shape

MAX_COVER_SIZE = 25  # the state is 4*N*N*(N+1) bits: 65,000 at 25x25; larger grids use bitboards
_TABLE_MASKS = 9  # up to 9x9 every place mask is built up front (~10 ms); above, on first use
_CACHE_BITS = 1 << 27  # place masks kept per shape (16 MB); the cache is dropped when full
_CHECK_EVERY = 64  # nodes between clock reads


class IntTable(Protocol):
    """Anything indexed by an int that gives an int (a tuple, or a table computed on demand)."""

    def __getitem__(self, key: int, /) -> int: ...


@dataclass(frozen=True)
class CoverTables:
    """Constants and lookup tables of one shape; per-bit tables are indexed by bit_length."""

    size: int
    width: int  # bits per field: N candidates + 1 guard
    full: int  # every candidate bit and every guard bit: the empty grid
    guard: int  # the guard bit of every field
    low: int  # bit 0 of every field
    data: int  # the N candidate bits of every field
    place: IntTable  # bit_length of a candidate bit -> AND mask that places it
    cell_of: tuple[int, ...]  # bit_length -> the cell
    value_of: tuple[int, ...]  # bit_length -> the value (1..N)
    locked: Callable[[int], int] | None  # pointing and claiming: new state, or 0 if none


@dataclass(frozen=True)
class Locked:
    """Constants for pointing and claiming on 3x3 boxes, read off the row and column layouts.

    In the row layout a field is (row, value) with one bit per column, so the three columns
    of a box are three adjacent bits (a *minirow*), and the rows of a band are fields N*W
    bits apart; the column layout is the same picture transposed. Both layouts sit side by
    side in one int, so one pass of shifts and masks covers pointing and claiming for rows
    and for columns at once.
    """

    shift: int  # where the row layout starts in the state
    region: int  # the row and column layouts
    minis: int  # bit 0 of every minirow (bits 0, 3, 6 of every field)
    band: tuple[int, int, int]  # `minis` of the fields whose row (column) is 0, 1, 2 mod 3
    step: int  # bits between a field and the same value's field one row (column) on
    unplace: tuple[int, ...]  # bit_length in the row or column layout -> clears all 4 bits


def _repeat(count: int, stride: int) -> int:
    """``count`` one bits, ``stride`` apart, from bit 0 (a geometric series)."""
    return ((1 << (stride * count)) - 1) // ((1 << stride) - 1)


class _PlaceMasks(dict[int, int]):
    """Place masks built on first use from shifted patterns, in a cache of bounded size."""

    # Why on first use: a full table is N**3 masks of 4*N*N*(N+1) bits (127 MB at 25x25, or
    # seconds of start-up); a solve touches a small fraction of them.

    def __init__(self, shape: Shape, full: int) -> None:
        super().__init__()
        n, br, bc = shape.size, shape.box_rows, shape.box_cols
        w = n + 1
        nw = n * w
        block = n * nw
        self.shape, self.full, self.n, self.w, self.block = shape, full, n, w, block
        self.cap: int = 4 * max(n**3 // 4, _CACHE_BITS // (4 * block))
        field = (1 << w) - 1  # a whole field, guard included
        self.field: int = field
        values = _repeat(n, w)  # every value of one group: one bit per field
        self.all_values = (values << block, values << 2 * block, values << 3 * block)
        row0 = _repeat(n, w)
        col0 = _repeat(n, nw)
        box0 = sum(_repeat(bc, w) << (i * nw) for i in range(br))
        box1 = sum(((1 << bc) - 1) << (i * nw) for i in range(br)) << block
        box2 = sum(((1 << br) - 1) << (j * nw) for j in range(bc)) << 2 * block
        per_band = n // bc
        row3 = sum(((1 << bc) - 1) << (k * nw) for k in range(per_band)) << 3 * block
        col3 = sum(
            1 << (i * per_band * nw + i2 * bc) for i in range(n // br) for i2 in range(br)
        ) << 3 * block
        self.patterns = (row0, col0, box0, col0 << block, box1, col0 << 2 * block, box2, row3,
                         col3)

    def __missing__(self, b: int) -> int:
        if len(self) >= self.cap:
            self.clear()
        return self.build(b)

    def build(self, b: int) -> int:
        """The place mask of the candidate at bit ``b - 1``, stored under its four bits."""
        n, w, block, br, bc = self.n, self.w, self.block, self.shape.box_rows, self.shape.box_cols
        nw = n * w
        pos = b - 1
        layout, rest = divmod(pos, block)
        group, at = divmod(rest, w)
        # Back to (row, column, value) from whichever of the four layouts the bit is in.
        if layout == 0:
            r, c, d = group // n, group % n, at
        elif layout == 1:
            r, d, c = group // n, group % n, at
        elif layout == 2:
            c, d, r = group // n, group % n, at
        else:
            box, d = divmod(group, n)
            r = box // (n // bc) * br + at // bc
            c = box % (n // bc) * bc + at % bc
        r0, c0 = r - r % br, c - c % bc
        box = r // br * (n // bc) + c // bc
        ib = (r - r0) * bc + (c - c0)
        cell = r * n + c
        v1, v2, v3 = self.all_values
        row0, col0, box0, col1, box1, row2, box2, row3, col3 = self.patterns
        field = self.field
        gone = (
            # the cell: every value, in all four layouts, and the cell field's guard
            field << (cell * w)
            | v1 << (r * nw + c)
            | v2 << (c * nw + r)
            | v3 << (box * nw + ib)
            # value d in the cell's row, column and box, in all four layouts
            | (row0 << (r * nw) | col0 << (c * w) | box0 << ((r0 * n + c0) * w)) << d
            | field << (block + (r * n + d) * w)
            | col1 << (d * w + c)
            | box1 << (r0 * nw + d * w + c0)
            | field << (2 * block + (c * n + d) * w)
            | row2 << (d * w + r)
            | box2 << (c0 * nw + d * w + r0)
            | field << (3 * block + (box * n + d) * w)
            | row3 << (r // br * (n // bc) * nw + d * w + (r - r0) * bc)
            | col3 << (c // bc * nw + d * w + (c - c0))
        )
        mask = self.full ^ gone
        for p in (cell * w + d, block + (r * n + d) * w + c, 2 * block + (c * n + d) * w + r,
                  3 * block + (box * n + d) * w + ib):
            self[p + 1] = mask
        return mask


@cache
def tables(shape: Shape) -> CoverTables:
    """Constants and per-bit tables of the four field layouts of a shape."""
    n = shape.size
    geo = shape.geometry
    w = n + 1
    block = n * n * w  # bits per layout
    total = 4 * block
    guard = _repeat(4 * n * n, w) << n
    low = _repeat(4 * n * n, w)
    data = guard - low  # n ones under every guard bit
    full = guard | data
    cell_of = [0] * (total + 1)
    value_of = [0] * (total + 1)
    for cell in range(n * n):
        r, c, b = geo.row_of[cell], geo.col_of[cell], geo.box_of[cell]
        ib = geo.boxes[b].index(cell)
        for d in range(n):
            for p in (cell * w + d, block + (r * n + d) * w + c, 2 * block + (c * n + d) * w + r,
                      3 * block + (b * n + d) * w + ib):
                cell_of[p + 1] = cell
                value_of[p + 1] = d + 1
    masks = _PlaceMasks(shape, full)
    place: IntTable = masks
    if n <= _TABLE_MASKS:
        # A tuple index is a specialised bytecode; a dict subclass lookup is a generic call.
        for b in range(1, n * n * w + 1):
            if b % w:  # every candidate bit of the cell layout, not the guards
                masks.build(b)
        place = tuple(masks.get(b, 0) for b in range(total + 1))
    locked: Callable[[int], int]
    if (shape.box_rows, shape.box_cols) == (3, 3):
        locked = partial(_locked_3x3, lk=_locked_tables(shape, full, block))
    else:
        locked = partial(_locked_any, specs=_locked_specs(shape))
    return CoverTables(n, w, full, guard, low, data, place, tuple(cell_of), tuple(value_of),
                       locked)


def _locked_tables(shape: Shape, full: int, block: int) -> Locked:
    """Masks for pointing and claiming on a 9x9 grid."""
    n, w = 9, 10
    geo = shape.geometry
    minis = _repeat(2 * n * n, w) * 0b1001001
    band = tuple(
        sum(0b1001001 << ((r * n + d) * w) for r in range(n) if r % 3 == k for d in range(n))
        * ((1 << block) + 1)  # the same fields again in the column layout
        for k in range(3)
    )
    unplace = [0] * (4 * block + 1)
    for cell in range(n * n):
        r, c, b = geo.row_of[cell], geo.col_of[cell], geo.box_of[cell]
        ib = geo.boxes[b].index(cell)
        for d in range(n):
            bits = (cell * w + d, block + (r * n + d) * w + c, 2 * block + (c * n + d) * w + r,
                    3 * block + (b * n + d) * w + ib)
            mask = full ^ sum(1 << p for p in bits)
            unplace[bits[1] + 1] = unplace[bits[2] + 1] = mask
    return Locked(block, (1 << (2 * block)) - 1, minis, (band[0], band[1], band[2]), n * w,
                  tuple(unplace))


def _locked_eliminations(state: int, lk: Locked) -> int:
    """Candidates (row and column layout bits) removed by pointing and claiming, 3x3 boxes."""
    x = (state >> lk.shift) & lk.region
    minis, step = lk.minis, lk.step
    b0, b1, b2 = lk.band
    occ = (x | x >> 1 | x >> 2) & minis  # minirows holding the value
    # The other minirows of the same row / of the same box (the same band of 3 rows).
    in_row = (occ >> 3 | occ >> 6 | occ << 3 | occ << 6) & minis
    up1, up2, down1, down2 = occ >> step, occ >> 2 * step, occ << step, occ << 2 * step
    in_box = (up1 | up2) & b0 | (down1 | up1) & b1 | (down1 | down2) & b2
    # Claiming: the value's only minirow in its row, so the box's other rows lose it.
    claim = occ ^ (occ & in_row)
    c0, c1, c2 = claim & b0, claim & b1, claim & b2
    gone = (c0 << step | c0 << 2 * step | c1 >> step | c1 << step | c2 >> step
            | c2 >> 2 * step)
    # Pointing: the value's only minirow in its box, so the row's other boxes lose it.
    point = occ ^ (occ & in_box)
    gone |= (point >> 3 | point >> 6 | point << 3 | point << 6) & minis
    return x & gone * 7 & lk.region


# Pointing/claiming on the exact-cover int (not bitboards.locked_cuts): shifts, no loop a value.
def _locked_3x3(state: int, lk: Locked) -> int:
    """The state after pointing and claiming on a 9x9 grid, or 0 when they remove nothing."""
    gone = _locked_eliminations(state, lk)
    if not gone:
        return 0
    unplace, shift = lk.unplace, lk.shift
    while gone:
        m = unplace[gone.bit_length() + shift]
        state &= m
        gone &= m >> shift
    return state


@dataclass(frozen=True)
class LockedSpec:
    """One layout (rows or columns) seen as minirows for pointing and claiming, any box."""

    shift: int  # where the layout starts in the state
    region: int  # its bits
    width: int  # cells of a line inside one box (g)
    spread: int  # g one bits: a minirow flag times this covers the minirow
    in_line: tuple[int, ...]  # shifts between the minirows of one field: g, 2g, ...
    minis: int  # bit 0 of every minirow
    first: int  # `minis` of the fields whose line is the first of its box
    steps: tuple[int, ...]  # bits from a box's first line to its line j, for each j
    quads: tuple[tuple[int, int, int, int], ...]  # per cell: (row, col, box, index in box)
    n: int


def _locked_specs(shape: Shape) -> tuple[LockedSpec, ...]:
    """Row and column layouts as minirows: the generic pointing/claiming constants."""
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    geo = shape.geometry
    w = n + 1
    block = n * n * w
    quads = tuple((geo.row_of[c], geo.col_of[c], geo.box_of[c], geo.boxes[geo.box_of[c]].index(c))
                  for c in range(n * n))
    specs = []
    for layout, g, h in ((1, bc, br), (2, br, bc)):  # g: minirow width, h: lines per box
        flags = sum(1 << (j * g) for j in range(n // g))
        minis = _repeat(n * n, w) * flags
        first = sum(flags << ((line * n + d) * w) for line in range(0, n, h) for d in range(n))
        specs.append(LockedSpec(layout * block, (1 << block) - 1, g, (1 << g) - 1,
                                tuple(k * g for k in range(1, n // g)), minis, first,
                                tuple(j * n * w for j in range(h)), quads, n))
    return tuple(specs)


def _locked_any(state: int, specs: tuple[LockedSpec, ...]) -> int:
    """The state after pointing and claiming on any box shape, or 0 when they remove nothing."""
    found = []
    for sp in specs:  # both layouts read the same state: one pass, as people apply it
        x = (state >> sp.shift) & sp.region
        occ = x
        for k in range(1, sp.width):
            occ |= x >> k
        occ &= sp.minis
        in_line = 0
        for k in sp.in_line:
            in_line |= occ >> k | occ << k
        in_line &= sp.minis
        first, steps = sp.first, sp.steps
        # Count, per box and minirow position, the box's lines holding the value (0, 1, 2+),
        # seen at the box's first line; then copy the verdict back to every line of the box.
        one = two = 0
        for k in steps:
            y = (occ >> k) & first
            two |= one & y
            one |= y
        alone = one ^ two
        spread = 0
        for k in steps:
            spread |= alone << k
        point = occ & spread  # the value's only line in its box: the line's other boxes lose it
        claim = occ ^ (occ & in_line)  # the value's only box in its line: the box's other lines
        one = two = 0
        for k in steps:
            y = (claim >> k) & first
            two |= one & y
            one |= y
        some = several = 0
        for k in steps:
            some |= one << k
            several |= two << k
        # A line loses the minirow if another line of the box claims it: any claim for the
        # lines that do not claim, a second claim (a dead end, but exact) for those that do.
        gone = (some ^ (some & claim)) | (several & claim)
        for k in sp.in_line:
            gone |= (point >> k | point << k) & sp.minis
        gone = x & gone * sp.spread
        if gone:
            found.append((sp, gone))
    return _without_locked(state, found) if found else 0


def _without_locked(state: int, found: list[tuple[LockedSpec, int]]) -> int:
    """``state`` without the candidates pointing and claiming removed (per layout, in its
    own bits)."""
    for sp, gone in found:
        n, w = sp.n, sp.n + 1
        block = n * n * w
        while gone:
            b = gone.bit_length()
            gone ^= 1 << (b - 1)
            # Back to (line, value, position): the candidate's bits in all four layouts.
            line_value, at = divmod(b - 1, w)
            line, d = divmod(line_value, n)
            cell = line * n + at if sp.shift == block else at * n + line
            r, c, bx, ib = sp.quads[cell]
            # The row and the column pass may both remove it: clear, do not toggle.
            quad = (1 << (cell * w + d) | 1 << (block + (r * n + d) * w + c)
                    | 1 << (2 * block + (c * n + d) * w + r)
                    | 1 << (3 * block + (bx * n + d) * w + ib))
            state ^= state & quad
    return state


@dataclass
class SearchResult:
    """Raw search outcome: solutions found, the first one, nodes, and whether it gave up."""

    count: int
    first: list[int] | None
    nodes: int
    gave_up: bool
    invalid: bool


def _fewest(state: int, rest: int, t: CoverTables, rng: random.Random | None) -> list[int]:
    """Bit_lengths of the candidates of an open field with the fewest candidates, shuffled
    by ``rng`` when there is one.

    ``rest`` is ``state`` with the lowest candidate of every field removed, and no field of
    ``state`` has a single candidate: so the first pass looks for fields of exactly two.
    """
    guard, low, data, w = t.guard, t.low, t.data, t.width
    x = rest
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
            if rng is not None:
                rng.shuffle(out)
            return out
        x = rest


def out_of_budget(nodes: int, max_nodes: int | None) -> bool:
    """True once a search has spent its nodes or the call's time (``budget``)."""
    return (max_nodes is not None and nodes > max_nodes) or budget.expired()


def _givens_placed(t: CoverTables, givens: Sequence[int]) -> int | None:
    """The full state with the givens placed, None when two givens see each other."""
    state = t.full
    place, w = t.place, t.width
    placed = 0
    for cell, v in enumerate(givens):
        if v:
            state &= place[cell * w + v]  # bit_length of the candidate in the cell layout
            placed += 1
    # Each given closes its cell and its (row, column, box; value) constraints: four open
    # guards. Two givens that see each other share a constraint, so fewer guards close. One
    # count here is cheaper than a presence test per given (a shift of the whole state).
    if (state & t.guard).bit_count() != 4 * (len(givens) - placed):
        return None
    return state


# How search() works, node by node (kept out of its body, which is the hot loop):
# - Singles on the exact-cover int, not bitboards.singles: the whole grid in a dozen ops.
#   `y = (state | guard) - low` has a field's guard bit set where the field still has a
#   candidate; `state`'s guard bits mark the open constraints: an open field with no
#   candidate is a dead end. Placing a single's mask also drops the other copies of it (the
#   same candidate can be single in its cell, row, column and box fields) and any single that
#   clashes with it: the next round sees that clash as an open field with no candidates.
# - Pointing and claiming cost about half a node; they are tried once a node's singles run
#   dry, and a node where they found nothing switches them off for its subtree (on the
#   hardest 9x9 puzzles they rarely pay, on the rest they cut the nodes 3 to 5 times).
#   Counting on grids above 16x16 keeps them on everywhere: the whole tree is walked and
#   they cut it 3 times (25x25 proofs: -30% time); a first solution (a fill) goes straight
#   down, where they find nothing (25x25 fills: 5x slower with them kept on).
# - The clock costs about 0.1 us: every 64 nodes on 9x9 (a node is a few us), every node
#   above (a 25x25 node with pointing/claiming can take a millisecond).
def search(t: CoverTables, givens: Sequence[int], limit: int, max_nodes: int | None,
           rng: random.Random | None) -> SearchResult:
    """Count solutions of a grid (values in row-major order, 0 = empty) up to ``limit``,
    within ``max_nodes`` and the call's deadline (``budget``)."""
    n = t.size
    place, cell_of, value_of = t.place, t.cell_of, t.value_of
    guard, low, data = t.guard, t.low, t.data
    sol = list(givens)
    state = _givens_placed(t, givens)
    if state is None:
        return SearchResult(0, None, 0, False, True)
    count = 0
    nodes = 0
    first: list[int] | None = None
    locked = t.locked
    always_locked = n > 16 and limit > 1
    every = _CHECK_EVERY if n <= 9 else 1
    stack: list[tuple[int, int, bool]] = [(state, 0, locked is not None)]
    while stack:
        state, b, try_locked = stack.pop()
        if b:
            state &= place[b]
            sol[cell_of[b]] = value_of[b]
        nodes += 1
        if nodes % every == 0 and out_of_budget(nodes, max_nodes):
            return SearchResult(count, first, nodes, True, False)
        while True:  # singles
            y = (state | guard) - low
            nonzero = y & guard
            if state & guard != nonzero:
                break
            rest = state & y & data  # every field without its lowest candidate
            ones = nonzero ^ ((rest + data) & guard)  # fields where nothing was left
            if not ones:
                if not state:
                    count += 1
                    if first is None:
                        first = list(sol)
                    if count >= limit:
                        return SearchResult(count, first, nodes, False, False)
                    break
                if try_locked and locked is not None:
                    after = locked(state)
                    if after:
                        state = after
                        continue
                    try_locked = False
                options = _fewest(state, rest, t, rng)
                for b in reversed(options):  # reversed: the stack pops options[0] first
                    stack.append((state, b, try_locked or always_locked))
                break
            singles = state & (ones - (ones >> n))
            while singles:
                b = singles.bit_length()
                m = place[b]
                state &= m
                singles &= m  # its copies and the singles that clash with it go too
                sol[cell_of[b]] = value_of[b]
    return SearchResult(count, first, nodes, False, False)
