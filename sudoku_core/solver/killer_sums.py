"""Sum groups for the variant search: Killer cages and the sums the law of 45 derives.

A :class:`SumGroup` is a few cells whose digits add up to a total; digits differ between
cells that are peers (a cage's cells all are; an innie of two rows need not be). It keeps a
digit of a cell when the other cells can make up the rest of the total (the sums a run of
cells can make are the bits of an int, built by shifts: exact for the sum alone); then, when
few assignments are left, it lists them (exact, peers differing), else, for cells that all
differ, it keeps the digits of the digit sets that still fit. It also names the digits every
fitting set holds (a cage of 9 and 8 in two cells...), which the search removes from the
cells that see all their places. Results are memoised on the cells' masks, as the search
meets the same masks again and again.

:func:`derived_sums` adds what solvers call innies and outies. Every row, column and box
adds up to N(N+1)/2, so in any union of k such units, the cells not covered by the cages
lying wholly inside it add up to k * N(N+1)/2 minus those cages' sums (the innies); when
every cell of the union lies in a cage with a sum, the cells of the cages sticking out that
lie outside it add up to the stuck-out cages' sums plus the inside cages' sums minus k *
N(N+1)/2 (the outies). Unions: runs of rows, of columns, and rectangles of boxes; groups
up to ``_MAX_DERIVED`` cells.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from ..model.constraints.little_killer import listed_supports
from ..model.constraints.rule import Masks, Propagator
from ..model.grid import Shape

_MAX_DERIVED = 9  # cells of the largest derived group kept
_LIST_CAP = 600  # assignments a group may have left for them to be listed (exact)
_MEMO_MAX = 50_000


@dataclass(frozen=True, eq=False)
class SumGroup(Propagator):
    """``cells`` add up to ``total``; ``apart[j]`` lists the earlier-or-later cells (indices
    into ``cells``) that are peers of cell j, whose digits therefore differ from its digit."""

    cells: tuple[int, ...]
    total: int
    apart: tuple[tuple[int, ...], ...]
    differ: bool = False  # some two cells are peers
    all_differ: bool = False  # every two cells are peers (a cage, an innie of one unit)
    _memo: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = field(
        default_factory=dict, repr=False)

    def prune(self, masks: Masks) -> bool:
        key = tuple([masks[c] for c in self.cells])
        found = self.supports(key)
        if found is None:
            return False
        for c, m in zip(self.cells, found, strict=True):
            masks[c] = m
        return True

    def supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        """The digits of each cell some assignment reaching the total holds (the masks
        themselves when there are too many to list); None when no assignment does."""
        found = self.narrow(key)
        return None if found is None else found[0]

    def narrow(self, key: tuple[int, ...]) -> tuple[tuple[int, ...], int] | None:
        """:meth:`supports`, and the digits every assignment holds (cells that all differ;
        else 0): the search removes such a digit from the cells that see all its places."""
        memo = self._memo
        found = memo.get(key, _MISSING)
        if found is _MISSING:
            masks = self._walk(key)
            found = None
            if masks is not None:
                found = (masks, 0)
                if self.all_differ:
                    forced = _forced(masks, self.total)
                    found = None if forced is None else (masks, forced)
            if len(memo) > _MEMO_MAX:
                memo.clear()
            memo[key] = found
        return found

    def _walk(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        """Reachable sums first (as bit sets, repeats allowed: exact for the sum alone), then
        the digits' differences: by listing the assignments when few are left, else, for
        cells that all differ, by the digit sets that still fit."""
        masks = _reach(key, self.total)
        if masks is None:
            return None
        if not self.differ:
            return masks
        count = 1
        for m in masks:
            count *= m.bit_count()
        if count <= _LIST_CAP:
            return listed_supports(masks, self.total, self.apart)
        if self.all_differ:
            return _fitting_sets(masks, self.total)
        return masks


def _reach(key: tuple[int, ...], total: int) -> tuple[int, ...] | None:
    """Each digit kept when the other cells can make up the rest of ``total`` (repeats
    allowed); None when no assignment adds up. Sets of sums are bits of an int."""
    n = len(key)
    if total < 0:
        return None
    ahead = [1] * (n + 1)  # sums the cells before position k can make
    got = 1
    listed = _DIGITS.get  # a look-up each, not a call: this loop is the Killers' hot spot
    for k, m in enumerate(key):
        prev = got
        got = 0
        for d, _ in listed(m) or _digits(m):
            got |= prev << d
        ahead[k + 1] = got
    if not got >> total & 1:
        return None
    behind = 1 << total  # partial sums the cells from position k on can complete
    out = [0] * n
    for k in range(n - 1, -1, -1):
        m = key[k]
        keep = back = 0
        prev = ahead[k]
        for d, bit in listed(m) or _digits(m):
            shifted = behind >> d
            if prev & shifted:
                keep |= bit
                back |= shifted
        out[k] = keep
        behind = back
    return tuple(out)


_DIGITS: dict[int, tuple[tuple[int, int], ...]] = {}


def _digits(m: int) -> tuple[tuple[int, int], ...]:
    """The digits of mask ``m``, rising, each with its bit (kept: the search asks for the
    same masks)."""
    found = _DIGITS.get(m)
    if found is None:
        found = tuple((d, 1 << (d - 1)) for d in range(1, m.bit_length() + 1)
                      if m >> (d - 1) & 1)
        _DIGITS[m] = found
    return found


def _fitting_sets(key: tuple[int, ...], total: int) -> tuple[int, ...] | None:
    """Cells whose digits all differ: each keeps the digits of the digit sets adding up to
    ``total`` that every cell meets and the cells together cover."""
    union = 0
    for m in key:
        union |= m
    allowed = 0
    for combo in _digit_sets(union, len(key), total):
        if combo & ~allowed:
            cover = 0
            for m in key:
                if not m & combo:
                    break
                cover |= m & combo
            else:
                if cover == combo:
                    allowed |= combo
    if not allowed:
        return None
    return tuple(m & allowed for m in key)


def _forced(key: tuple[int, ...], total: int) -> int | None:
    """Cells whose digits all differ: the digits of every digit set adding up to ``total``
    that every cell meets and the cells together cover (None: no set fits)."""
    union = 0
    for m in key:
        union |= m
    forced = -1
    for combo in _digit_sets(union, len(key), total):
        if forced & combo != forced:
            cover = 0
            for m in key:
                if not m & combo:
                    break
                cover |= m & combo
            else:
                if cover == combo:
                    forced &= combo
    return None if forced == -1 else forced


_MISSING: tuple[tuple[int, ...], int] = ((), 0)


@cache
def _digit_sets(union: int, k: int, total: int) -> tuple[int, ...]:
    """Masks of the k-digit sets from ``union`` adding up to ``total``."""
    digits = [d for d in range(1, union.bit_length() + 1) if union >> (d - 1) & 1]
    return tuple(sum(1 << (d - 1) for d in combo) for combo in combinations(digits, k)
                 if sum(combo) == total)


def sum_group(cells: Sequence[int], total: int,
              peers: Sequence[Iterable[int]]) -> SumGroup:
    """The :class:`SumGroup` of ``cells`` adding up to ``total`` under the grid's peers."""
    index = {c: j for j, c in enumerate(cells)}
    apart = tuple(tuple(sorted(index[p] for p in peers[c] if p in index)) for c in cells)
    n = len(cells)
    return SumGroup(tuple(cells), total, apart, any(apart),
                    all(len(a) == n - 1 for a in apart))


def derived_sums(shape: Shape, cages: Sequence[tuple[tuple[int, ...], int]]
                 ) -> list[tuple[tuple[int, ...], int]]:
    """Innies and outies (cells, sum) of runs of rows, columns and boxes (see the module)."""
    if not cages:
        return []
    n = shape.size
    unit_sum = n * (n + 1) // 2
    cage_of: dict[int, int] = {}
    for k, (cells, _) in enumerate(cages):
        for c in cells:
            cage_of[c] = k
    found: dict[tuple[int, ...], int] = {}
    have = {tuple(sorted(cells)) for cells, _ in cages}
    for units in _regions(shape):
        _region_sums(units, cages, cage_of, unit_sum, found, have)
    return list(found.items())


def _region_sums(units: tuple[tuple[int, ...], ...],
                 cages: Sequence[tuple[tuple[int, ...], int]], cage_of: dict[int, int],
                 unit_sum: int, found: dict[tuple[int, ...], int],
                 have: set[tuple[int, ...]]) -> None:
    """The innie and the outie of one region (a union of units), kept in ``found``."""
    region = {c for u in units for c in u}
    inside: list[int] = []
    partial: list[int] = []
    for k in sorted({cage_of[c] for c in region if c in cage_of}):
        cells = cages[k][0]
        (inside if all(c in region for c in cells) else partial).append(k)
    covered = {c for k in inside for c in cages[k][0]}
    total = len(units) * unit_sum
    innie = tuple(sorted(region - covered))
    inside_sum = sum(cages[k][1] for k in inside)
    if inside:  # else it is the whole region, which the units already say
        _keep(found, have, innie, total - inside_sum)
    if all(c in cage_of for c in region):
        outie = tuple(sorted(c for k in partial for c in cages[k][0] if c not in region))
        _keep(found, have, outie, sum(cages[k][1] for k in partial) + inside_sum - total)


def _keep(found: dict[tuple[int, ...], int], have: set[tuple[int, ...]],
          cells: tuple[int, ...], total: int) -> None:
    """Keep a derived group: a small one, or an empty one whose sum is not 0 (no grid)."""
    if cells in have or cells in found:
        return
    if len(cells) <= _MAX_DERIVED and (cells or total != 0):
        found[cells] = total


def _regions(shape: Shape) -> list[tuple[tuple[int, ...], ...]]:
    """Unions of units that hold each digit once per unit: runs of one or more rows or
    columns; each box; rectangles of boxes (plain boxes only)."""
    geo = shape.geometry
    n = shape.size
    out: list[tuple[tuple[int, ...], ...]] = []
    for lines in (geo.rows, geo.cols):
        for k in range(1, n):
            out += [tuple(lines[i:i + k]) for i in range(n - k + 1)]
    boxes = list(geo.boxes)
    if _has_regions(shape):
        return out + [(b,) for b in boxes]
    across = n // shape.box_cols  # boxes in a band
    down = n // shape.box_rows  # boxes in a stack
    for h in range(1, down + 1):
        for w in range(1, across + 1):
            if h * w == down * across:
                continue
            for top in range(down - h + 1):
                for left in range(across - w + 1):
                    out.append(tuple(boxes[(top + i) * across + left + j]
                                     for i in range(h) for j in range(w)))
    return out


def _has_regions(shape: Shape) -> bool:
    """True when the boxes are a Jigsaw's regions, not the plain boxes."""
    geo = shape.geometry
    br, bc = shape.box_rows, shape.box_cols
    n = shape.size
    return any(geo.box_of[c] != (c // n // br) * (n // bc) + (c % n) // bc for c in range(n * n))
