"""Little killers: a clue outside the grid gives the sum of the diagonal it points along.

The diagonal is whole: it enters the grid beside the clue and runs on to the far edge, so
its cells are listed from the clue's end. Digits may repeat on it (only its cells that share
a row, a column or a box differ, as they always do).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import ClassVar

from ..errors import VariantError
from .rule import (
    PLACED_SECTION,
    Board,
    Masks,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    read_cells,
    read_int,
)
from .sandwich import LineClue

# The way the diagonal runs from the clue into the grid: (row step, column step)
STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
_NAMES = {step: name for name, step in STEPS.items()}


class DiagonalSum(LineClue):
    """The diagonal in stretches of one box each (a diagonal meets no row or column twice, so
    only a box's cells on it differ): each stretch's sums are a set of bits (bit s: sum s),
    the sums before and after it meet as bit sets, and a stretch keeps the digits of its ways
    of making the sums that fit between them.

    Why bits: a stretch's ways are listed for all but its last cell only (at most 72 on a
    9x9 grid), the last cell's digits shifted as one mask; listing whole stretches as digit
    tuples made this propagator half the search time on a little killer puzzle."""

    def __init__(self, cells: tuple[int, ...], size: int, total: int,
                 box_of: Sequence[int], peers: Sequence[Sequence[int]] = ()) -> None:
        super().__init__(cells, size)
        self.total = total
        stretches: list[list[int]] = []
        for i, c in enumerate(cells):
            if (stretches and box_of[cells[stretches[-1][0]]] == box_of[c]
                    and len(stretches[-1]) < _LONGEST):
                stretches[-1].append(i)
            else:
                stretches.append([i])
        self.stretches = tuple(tuple(run) for run in stretches)
        self.bounds = tuple((run[0], run[-1] + 1) for run in stretches)
        # Peers in different stretches (a disjoint group, a king's move...), which the
        # stretches do not see: when there are, few assignments left are listed (exact).
        index = {c: i for i, c in enumerate(cells)}
        self.apart = tuple(tuple(sorted(index[p] for p in peers[c] if p in index))
                           for c in cells) if peers else ()
        self._read = _reader(cells)
        runs = {i: j for j, run in enumerate(self.stretches) for i in run}
        self.across = any(runs[i] != runs[k] for i, near in enumerate(self.apart) for k in near)

    def prune(self, masks: Masks) -> bool:
        # LineClue's, with the key read by an itemgetter and the answer kept as a key too
        # (the search runs the rule again from that fixed point); a hot loop.
        key = self._read(masks)
        memo = self._memo
        found = memo.get(key, _UNSEEN)
        if found is _UNSEEN:
            found = self.supports(key)
            if len(memo) > self._MEMO_CAP:
                memo.clear()
            memo[key] = found
            if found is not None:
                memo[found] = found
        if found is None:
            return False
        if found != key:
            for c, m in zip(self.cells, found, strict=True):
                masks[c] = m
        return True

    def supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        if self.across and _count(key) <= _LIST_CAP:  # exact: the stretches add nothing
            return listed_supports(key, self.total, self.apart)
        found = self._by_stretches(key)
        if found is None or not self.across or _count(found) > _LIST_CAP:
            return found
        return listed_supports(found, self.total, self.apart)

    def _by_stretches(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        """The digits of each cell some assignment holds with each stretch's digits distinct;
        None if none does. (Stretches are runs of the diagonal in order: slices of ``key``.)"""
        parts = [key[a:b] for a, b in self.bounds]
        ways = [_stretch_sums(part) for part in parts]
        reach = [1, ways[0]]  # reach[j]: the sums the stretches before j can make
        for sums in ways[1:-1]:
            now, after = reach[-1], 0
            while sums:
                low = sums & -sums
                sums ^= low
                after |= now << (low.bit_length() - 1)
            reach.append(after)
        need = 1 << self.total  # the sums the stretches up to j must make
        out: tuple[int, ...] = ()
        for j in range(len(ways) - 1, 0, -1):
            now, sums, fits, before = reach[j], ways[j], 0, 0
            while sums:
                low = sums & -sums
                sums ^= low
                t = low.bit_length() - 1
                if (now << t) & need:
                    fits |= low
                    before |= need >> t
            if not fits:
                return None
            out = _stretch_keeps(parts[j], fits) + out
            need = before
        fits = ways[0] & need  # the first stretch starts from the sum 0
        if not fits:
            return None
        return _stretch_keeps(parts[0], fits) + out


_UNSEEN: tuple[int, ...] = (-1,)


def _reader(cells: tuple[int, ...]) -> Callable[[Masks], tuple[int, ...]]:
    """A function reading the masks of ``cells`` as a tuple (itemgetter, for speed)."""
    if len(cells) == 1:
        only = cells[0]
        return lambda masks: (masks[only],)
    return itemgetter(*cells)


_LONGEST = 4  # cells of a stretch listed together (a longer run of a region is split: sound)
_LIST_CAP = 5000  # assignments a diagonal may have left to be listed with all its peers


def _count(key: tuple[int, ...]) -> int:
    """The number of assignments of the masks (digits may repeat)."""
    count = 1
    for m in key:
        count *= m.bit_count()
    return count


def listed_supports(key: tuple[int, ...], total: int, apart: tuple[tuple[int, ...], ...]
            ) -> tuple[int, ...] | None:
    """Exact: every assignment of the cells adding up to ``total`` with peers differing is
    listed (``key`` has few; the most constrained cells first, the sums bounded), each digit
    kept if one holds it; None if none does."""
    n = len(key)
    order = sorted(range(n), key=lambda j: key[j].bit_count())
    lo_after = [0] * (n + 1)  # least and greatest sums of the cells after a position
    hi_after = [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        m = key[order[k]]
        lo_after[k] = lo_after[k + 1] + (m & -m).bit_length()
        hi_after[k] = hi_after[k + 1] + m.bit_length()
    chosen = [0] * n
    support = [0] * n
    want = list(key)

    def walk(k: int, rest: int) -> bool:
        """Extend the assignment from position k; True once every support is full."""
        if k == n:
            if rest:
                return False
            for j in range(n):
                support[j] |= chosen[j]
            return support == want
        j = order[k]
        forbid = 0
        for q in apart[j]:
            forbid |= chosen[q]
        low, high = max(rest - hi_after[k + 1], 1), rest - lo_after[k + 1]
        if high < low:
            return False
        m = key[j] & ~forbid & ((1 << high) - 1) & ~((1 << (low - 1)) - 1)
        while m:
            bit = m & -m
            m ^= bit
            chosen[j] = bit
            if walk(k + 1, rest - bit.bit_length()):
                return True
        chosen[j] = 0
        return False

    walk(0, total)
    if not all(support):
        return None
    return tuple(support)


@lru_cache(maxsize=1 << 14)
def _heads(masks: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """The ways distinct digits of ``masks`` can be chosen: (each cell's digit as a bit, the
    digits used, their sum)."""
    ways: list[tuple[tuple[int, ...], int, int]] = [((), 0, 0)]
    for m in masks:
        longer = []
        for picked, used, total in ways:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                longer.append(((*picked, bit), used | bit, total + bit.bit_length()))
        ways = longer
    return tuple(ways)


@lru_cache(maxsize=1 << 16)
def _stretch_sums(masks: tuple[int, ...]) -> int:
    """The sums distinct digits of the masks can make, as bits (bit s: sum s)."""
    last = masks[-1]
    sums = 0
    for _, used, total in _heads(masks[:-1]):
        sums |= (last & ~used) << (total + 1)  # digit d (bit d - 1) makes total + d
    return sums


@lru_cache(maxsize=1 << 16)
def _stretch_keeps(masks: tuple[int, ...], fits: int) -> tuple[int, ...]:
    """Each cell's digits in some way of making one of the sums ``fits`` (bits) with distinct
    digits of the masks."""
    last = masks[-1]
    out = [0] * len(masks)
    for picked, used, total in _heads(masks[:-1]):
        hit = (fits >> (total + 1)) & last & ~used
        if hit:
            out[-1] |= hit
            for k, bit in enumerate(picked):
                out[k] |= bit
    return tuple(out)


@dataclass(frozen=True)
class LittleKiller(Rule):
    """``cells``: a whole diagonal listed from the clue's end; they add up to ``total``."""

    kind: ClassVar[str] = "little killer"
    size: int
    cells: tuple[int, ...]
    total: int

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (DiagonalSum(self.cells, board.size, self.total, board.box_of, board.peers),)

    def direction(self) -> str:
        """The way the diagonal runs from the clue: "UL", "UR", "DL" or "DR"."""
        return _NAMES[_step(self.size, self.cells)]

    def clue_cell(self) -> tuple[int, int]:
        """The clue's place outside the grid (0-based row and column, -1 or N off it)."""
        dr, dc = _step(self.size, self.cells)
        r, c = divmod(self.cells[0], self.size)
        return r - dr, c - dc

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "sum": self.total}


def _step(size: int, cells: tuple[int, ...]) -> tuple[int, int]:
    """The step from each cell to the next (checked when read); a lone corner cell enters
    from above or below the grid."""
    r, c = divmod(cells[0], size)
    if len(cells) > 1:
        r2, c2 = divmod(cells[1], size)
        return r2 - r, c2 - c
    return (1 if r == 0 else -1), (-1 if c == 0 else 1)


def _off(size: int, r: int, c: int) -> bool:
    return not (0 <= r < size and 0 <= c < size)


def check_diagonal(size: int, cells: tuple[int, ...], where: str) -> None:
    """Refuse cells that are not one whole diagonal, from an edge to the far edge."""
    def name(cell: int) -> str:
        r, c = divmod(cell, size)
        return f"r{r + 1}c{c + 1}"

    dr, dc = _step(size, cells)
    for a, b in zip(cells, cells[1:], strict=False):
        (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
        if abs(rb - ra) != 1 or abs(cb - ca) != 1:
            raise VariantError(f"{where}: {name(a)} and {name(b)} are not diagonal neighbours")
        if (rb - ra, cb - ca) != (dr, dc):
            raise VariantError(f"{where}: the diagonal turns at {name(a)}; it must run one way")
    r, c = divmod(cells[0], size)
    if not _off(size, r - dr, c - dc):
        raise VariantError(f"{where}: the diagonal must start at the grid's edge beside its "
                           f"clue, not at {name(cells[0])}")
    r, c = divmod(cells[-1], size)
    if not _off(size, r + dr, c + dc):
        raise VariantError(f"{where}: the diagonal must run on to the grid's edge, not stop at "
                           f"{name(cells[-1])}")


def little_killer_from_clue(size: int, row: int, col: int, direction: str,
                            total: int) -> LittleKiller:
    """The little killer of a clue at (row, col) outside the grid pointing ``direction``
    (an f-puzzles reader's helper); refuses a clue whose diagonal misses the grid."""
    if direction not in STEPS:
        raise VariantError(f"little killer: direction {direction!r} is not one of "
                           f"{', '.join(STEPS)}")
    dr, dc = STEPS[direction]
    r, c = row + dr, col + dc
    cells = []
    while not _off(size, r, c):
        cells.append(r * size + c)
        r, c = r + dr, c + dc
    where = f"little killer at r{row + 1}c{col + 1}"
    if not cells or not _off(size, row, col):
        raise VariantError(f"{where}: its diagonal {direction} misses the grid")
    # A lone corner cell has two clue places; it keeps the one above or below the grid.
    return LittleKiller(size, tuple(cells), total)


def _read(item: Mapping[str, object], size: int, where: str) -> LittleKiller:
    only_fields(item, ("cells", "sum"), where)
    cells = read_cells(item, "cells", size, where)
    check_diagonal(size, cells, where)
    total = read_int(item, "sum", where, len(cells), size * len(cells))
    return LittleKiller(size, cells, total)


LITTLE_KILLER = PlacedType(
    name="little-killer", aliases=("little killer", "little killers", "littlekillers"),
    words="little killer", json_key="little_killers", fpuzzles_keys=("littlekillersum",),
    text_section=PLACED_SECTION,
    rules_text="A clue outside the grid gives the sum of the digits along the diagonal it "
               "points to; digits may repeat on it.",
    rule_class=LittleKiller, read_item=_read,
)
