"""Equal sums: the propagator arrows, double arrows, region sum and zipper lines share.

Each of those rules says that some groups of cells add up to one common total (an arrow's
circle and its line; a double arrow's two ends and the cells between; a region sum line's
stretches; a zipper's middle and each pair around it). A group's cells may carry weights (a
circle of two cells reads as ten times the first digit plus the second).

Pruning: the sums each group can make are a set of bits of an int (bit s: sum s), built
cell by cell by shifts (repeats allowed, which is exact for a sum alone); the total must be
one every group reaches, and a digit is kept only if an assignment reaching such a total
holds it (the same sets, built from the far end). A group whose cells are all peers (one
row, column or box) never repeats a digit there: two cells are checked pair by pair, more
are listed when few assignments are left. The steps repeat to a fixed point. Every cell
placed leaves each group one sum, so a broken rule is always caught.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from .rule import Board, Masks, Propagator

Group = tuple[tuple[int, int], ...]  # (index into cells, weight) per cell of the group


@dataclass(frozen=True, eq=False)
class EqualSums(Propagator):
    """Groups of weighted cells whose sums are all one total."""

    cells: tuple[int, ...]
    groups: tuple[Group, ...]
    distinct: tuple[bool, ...]  # per group: its cells are peers (their digits differ)
    _memo: dict[tuple[int, ...], tuple[int, ...] | None] = field(default_factory=dict,
                                                                    repr=False)
    _read: Callable[[Masks], tuple[int, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # The key read by an itemgetter (the search calls prune at most nodes)
        cells = self.cells
        read: Callable[[Masks], tuple[int, ...]] = (
            itemgetter(*cells) if len(cells) > 1 else lambda masks: (masks[cells[0]],))
        object.__setattr__(self, "_read", read)

    def prune(self, masks: Masks) -> bool:
        key = self._read(masks)
        memo = self._memo
        if key in memo:
            found = memo[key]
        else:
            found = self._narrow(list(key))
            if len(memo) > 50_000:
                memo.clear()
            memo[key] = found
            if found is not None:
                memo[found] = found  # a fixed point: the next run starts from it
        if found is None:
            return False
        if found != key:
            for c, m in zip(self.cells, found, strict=True):
                masks[c] = m
        return True

    def _narrow(self, m: list[int]) -> tuple[int, ...] | None:
        """Narrow ``m`` to a fixed point: the totals every group can reach (bit s: total s,
        repeats allowed), each cell's digits reaching one of them, and no repeats between
        peers; None when a cell keeps no digit."""
        while True:
            reach = -1
            aheads = []
            for group in self.groups:
                ahead = _ahead(group, m)
                reach &= ahead[-1]
                if not reach:
                    return None
                aheads.append(ahead)
            for group, ahead in zip(self.groups, aheads, strict=True):
                if not _keep_reaching(group, m, ahead, reach):
                    return None
            low, high = (reach & -reach).bit_length() - 1, reach.bit_length() - 1
            # The steps above are idempotent (a kept digit's assignment keeps every digit it
            # uses, so the totals stay): when the repeats below drop nothing, it is a fixed
            # point, with no second round to see it.
            reached = tuple(m)
            for group, distinct in zip(self.groups, self.distinct, strict=True):
                if distinct and len(group) == 2:  # peers: no digit twice
                    if not _pair_apart(group, m, reach):
                        return None
                elif distinct:  # peers: list the few assignments left, to drop repeats too
                    sums = _list_sums(group, True, m, low, high)
                    if sums is None:
                        continue
                    support = [0] * len(group)
                    for s, masks in sums.items():
                        if reach >> s & 1:
                            for j, mask in enumerate(masks):
                                support[j] |= mask
                    for (i, _), mask in zip(group, support, strict=True):
                        m[i] &= mask
                        if not m[i]:
                            return None
            if tuple(m) == reached:
                return reached


def _ahead(group: Group, m: list[int]) -> list[int]:
    """``ahead[k]``: the sums the group's first k cells can make, as bits (repeats allowed)."""
    ahead = [1]
    got = 1
    for i, w in group:
        prev = got
        got = 0
        mi = m[i]
        d = 1
        while mi:
            if mi & 1:
                got |= prev << (w * d)
            mi >>= 1
            d += 1
        ahead.append(got)
    return ahead


def _keep_reaching(group: Group, m: list[int], ahead: list[int], totals: int) -> bool:
    """Keep each digit of the group's cells that some assignment reaching one of ``totals``
    (bits) holds, repeats allowed; False when a cell keeps none."""
    behind = totals  # the partial sums of the cells before position k that can still end well
    for k in range(len(group) - 1, -1, -1):
        i, w = group[k]
        mi = m[i]
        prev = ahead[k]
        keep = back = 0
        d = 1
        bit = 1
        while bit <= mi:
            if mi & bit:
                shifted = behind >> (w * d)
                if prev & shifted:
                    keep |= bit
                    back |= shifted
            bit <<= 1
            d += 1
        if not keep:
            return False
        m[i] = keep
        behind = back
    return True


def _pair_apart(group: Group, m: list[int], totals: int) -> bool:
    """Two peers: keep each digit of one cell that a different digit of the other makes up
    one of ``totals`` (bits) with; False when a cell keeps none."""
    (a, wa), (b, wb) = group
    for _ in range(2):
        ma, mb = m[a], m[b]
        # The sums the other cell adds, as bits: sums_b >> (wa * d) tests digit d of a.
        keep = 0
        bit = 1
        d = 1
        while bit <= ma:
            if ma & bit:
                other = mb & ~bit
                x = 1
                while other:
                    if other & 1 and totals >> (wa * d + wb * x) & 1:
                        keep |= bit
                        break
                    other >>= 1
                    x += 1
            bit <<= 1
            d += 1
        if not keep:
            return False
        m[a] = keep
        (a, wa), (b, wb) = (b, wb), (a, wa)
    return True


_LIST_DISTINCT = 64  # assignments a group of peers may have left to be listed


def _list_sums(group: Group, distinct: bool, m: list[int], low: int,
               high: int) -> dict[int, list[int]] | None:
    """Each total in low .. high the group can reach, with the digits each cell holds in some
    assignment reaching it; None when the group has too many assignments to list."""
    options = []
    count = 1
    for i, w in group:
        digits = [d for d in range(1, m[i].bit_length() + 1) if m[i] >> (d - 1) & 1]
        options.append((w, digits))
        count *= len(digits)
        if count > _LIST_DISTINCT:
            return None
    found: dict[int, list[int]] = {}
    picked: list[int] = []
    n = len(options)
    # The least and greatest sums the cells after each one can add (repeats allowed).
    after_lo = [0] * (n + 1)
    after_hi = [0] * (n + 1)
    for j in range(n - 1, -1, -1):
        w, digits = options[j]
        after_lo[j] = after_lo[j + 1] + w * digits[0]
        after_hi[j] = after_hi[j + 1] + w * digits[-1]

    def walk(j: int, total: int) -> None:
        if j == n:
            masks = found.setdefault(total, [0] * n)
            for k, d in enumerate(picked):
                masks[k] |= 1 << (d - 1)
            return
        w, digits = options[j]
        for d in digits:
            t = total + w * d
            if t + after_hi[j + 1] < low:
                continue  # too small even with the greatest digits after
            if t + after_lo[j + 1] > high:
                break  # digits rise: the rest only overshoot
            if distinct and d in picked:
                continue
            picked.append(d)
            walk(j + 1, t)
            picked.pop()

    walk(0, 0)
    return found


def equal_sums(groups: Sequence[Sequence[tuple[int, int]]], board: Board) -> EqualSums:
    """The propagator of groups of (cell, weight) pairs that all add up to one total."""
    cells = tuple(c for group in groups for c, _ in group)
    assert len(set(cells)) == len(cells), "a cell in two groups"
    index = {c: i for i, c in enumerate(cells)}
    n = board.size

    def peers(a: int, b: int) -> bool:
        return (a // n == b // n or a % n == b % n or board.box_of[a] == board.box_of[b])

    return EqualSums(
        cells,
        tuple(tuple((index[c], w) for c, w in group) for group in groups),
        tuple(all(peers(a, b) for k, (a, _) in enumerate(group) for b, _ in group[k + 1:])
              for group in groups),
    )
