"""Naked and hidden subsets (pairs, triples, quads) in one function each."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...model.budget import check
from ...model.candidates import Candidates, bits
from .base import (
    Step,
    and_list,
    cells_text,
    elimination_roles,
    removal_text,
    unit_name,
    values_text,
)

_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def spanning_combinations(items: Sequence[int], masks: Sequence[int], k: int,
                          most: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """The k-combinations of ``items`` (in the order of itertools.combinations) whose masks
    (``masks[item]``) join into at most ``most`` bits, each with that union; the union only
    grows, so a partial choice past ``most`` is dropped with all its completions."""
    chosen: list[int] = []

    def grow(start: int, union: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if len(chosen) == k:
            yield tuple(chosen), union
            return
        for x in range(start, len(items) - (k - len(chosen)) + 1):
            item = items[x]
            u = union | masks[item]
            if u.bit_count() <= most:
                chosen.append(item)
                yield from grow(x + 1, u)
                chosen.pop()

    yield from grow(0, 0)


def _combos(items: Sequence[tuple[int, int]], k: int) -> list[tuple[list[int], int]]:
    """k-subsets of (key, mask) items whose masks' union has exactly k bits, in order.

    A pruned depth-first search (a union past k bits is never extended); plain recursion with
    a result list, as generators cost more than the search itself here.
    """
    out: list[tuple[list[int], int]] = []
    count = len(items)
    if k == 2:
        # Two masks of at least two bits with a two-bit union are the same mask.
        for a in range(count):
            key, mask = items[a]
            for b in range(a + 1, count):
                if items[b][1] == mask:
                    out.append(([key, items[b][0]], mask))
        return out

    def rec(start: int, depth: int, union: int, chosen: list[int]) -> None:
        last = depth + 1 == k
        for i in range(start, count - (k - depth) + 1):
            key, mask = items[i]
            u = union | mask
            bc = u.bit_count()
            if bc > k:
                continue
            if last:
                if bc == k:
                    out.append((chosen + [key], u))
            else:
                rec(i + 1, depth + 1, u, chosen + [key])

    rec(0, 0, 0, [])
    return out


def iter_naked_subset(c: Candidates, sizes: Sequence[int] = (2, 3, 4)) -> Iterator[Step]:
    """Every naked subset of the given sizes (a locked one once, from its first unit)."""
    seen: set[tuple[int, ...]] = set()
    geo = c.geometry
    masks = c.masks
    for k in sizes:
        for u, unit in enumerate(geo.units):
            check()
            items = [(cell, masks[cell]) for cell in unit if 2 <= masks[cell].bit_count() <= k]
            if len(items) < k:
                continue
            empty = sum(1 for cell in unit if masks[cell])
            if empty <= k:
                continue  # the subset would be the whole rest of the unit: nothing to remove
            for cells, union in _combos(items, k):
                if union.bit_count() != k or tuple(cells) in seen:
                    continue
                seen.add(tuple(cells))
                used, elims = _naked_eliminations(c, u, cells, union)
                if elims:
                    yield _naked_step(c, used, cells, union, elims)


def _naked_eliminations(c: Candidates, u: int, cells: list[int],
                        union: int) -> tuple[list[int], list[tuple[int, int]]]:
    """The units a naked subset found in unit ``u`` clears, and what it removes there."""
    geo = c.geometry
    masks = c.masks
    # Every unit holding all k cells loses the values (a locked pair/triple).
    shared = set(geo.units_of[cells[0]])
    for cell in cells[1:]:
        shared &= set(geo.units_of[cell])
    elims: list[tuple[int, int]] = []
    used = []
    for s in sorted(shared, key=lambda x: (x != u, x)):
        before = len(elims)
        for cell in geo.units[s]:
            if cell not in cells and masks[cell] & union:
                elims.extend((cell, v) for v in bits(masks[cell] & union)
                             if (cell, v) not in elims)
        if len(elims) > before or s == u:
            used.append(s)
    return used, elims


def _naked_step(c: Candidates, units: list[int], cells: list[int], union: int,
                elims: list[tuple[int, int]]) -> Step:
    shape = c.shape
    name = f"Naked {_NAMES.get(len(cells), str(len(cells)))}"
    eliminations = tuple(elims)
    ecells, ecands = elimination_roles(eliminations)
    values = bits(union)
    where = and_list([unit_name(shape, u) for u in units])
    text = (
        f"{name}: in {where}, {cells_text(shape, cells)} hold only {values_text(shape, values)}, "
        f"so {removal_text(shape, eliminations)}"
    )
    return Step(
        name,
        (),
        eliminations,
        text,
        cells=tuple((cell, "base") for cell in cells) + tuple(ecells),
        units=tuple(units),
        candidates=tuple((cell, v, "key") for cell in cells for v in bits(c.masks[cell]))
        + tuple(ecands),
        region=unit_name(shape, units[0]),
    )


def iter_hidden_subset(c: Candidates, sizes: Sequence[int] = (2, 3, 4)) -> Iterator[Step]:
    """Every hidden subset of the given sizes."""
    for k in sizes:
        for u, (cells, values, elims) in hidden_subsets(c, k):
            yield _hidden_step(c, u, cells, values, elims)


def hidden_subsets(c: Candidates, k: int) -> Iterator[tuple[int, Hidden]]:
    """Every hidden subset of size k as (unit, (cells, values, eliminations)), no text made."""
    masks = c.masks
    for u, unit in enumerate(c.geometry.units):
        check()  # 192 units of 64 cells on 64x64: 0.2 s of CPU a size without it
        for found in _hidden_in(c.size, k, unit, tuple(masks[cell] for cell in unit)):
            yield u, found


Hidden = tuple[list[int], list[int], list[tuple[int, int]]]  # cells, values, eliminations

# A unit's hidden subsets depend only on its cells' candidates, and a walk's step changes few
# units: the answers of the others are taken from the states before (same subsets, no search).
_hidden_known: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], list[Hidden]] = {}
_HIDDEN_KNOWN_SIZE = 8192


def _hidden_in(n: int, k: int, unit: tuple[int, ...], masks: tuple[int, ...]) -> list[Hidden]:
    """The hidden subsets of size k of a unit whose cells have ``masks``, with eliminations."""
    key = (n, k, unit, masks)
    found = _hidden_known.get(key)
    if found is not None:
        return found
    found = []
    # Position mask (bit i = i-th cell of the unit) per value still open in the unit.
    pos = [0] * n
    for i, m in enumerate(masks):
        while m:
            low = m & -m
            pos[low.bit_length() - 1] |= 1 << i
            m ^= low
    open_count = sum(1 for p in pos if p)
    items = [(v + 1, p) for v, p in enumerate(pos) if 2 <= p.bit_count() <= k]
    if open_count > k and len(items) >= k:
        for values, where in _combos(items, k):
            if where.bit_count() != k:
                continue
            vmask = sum(1 << (v - 1) for v in values)
            places = [i - 1 for i in bits(where)]
            elims = [(unit[i], v) for i in places for v in bits(masks[i] & ~vmask)]
            if elims:
                found.append(([unit[i] for i in places], values, elims))
    if len(_hidden_known) >= _HIDDEN_KNOWN_SIZE:
        _hidden_known.clear()
    _hidden_known[key] = found
    return found


def _hidden_step(c: Candidates, unit: int, cells: list[int], values: list[int],
                 elims: list[tuple[int, int]]) -> Step:
    shape = c.shape
    name = f"Hidden {_NAMES.get(len(cells), str(len(cells)))}"
    eliminations = tuple(elims)
    _, ecands = elimination_roles(eliminations)
    where = unit_name(shape, unit)
    text = (
        f"{name}: in {where}, {values_text(shape, values)} fit only in "
        f"{cells_text(shape, cells)}, so {removal_text(shape, eliminations)}"
    )
    return Step(
        name,
        (),
        eliminations,
        text,
        cells=tuple((cell, "base") for cell in cells),
        units=(unit,),
        candidates=tuple((cell, v, "key") for cell in cells for v in values if c.has(cell, v))
        + tuple(ecands),
        region=where,
    )
