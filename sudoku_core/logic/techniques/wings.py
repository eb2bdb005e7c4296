"""Wings: XY-Wing, XYZ-Wing and W-Wing (short chains through bivalue cells)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model.budget import check
from ...model.candidates import Candidates
from .base import Step
from .single_digit import (
    conjugate_pairs,
    digits,
    elims_for,
    make_step,
    name,
    peer_masks,
    removal_text,
    value_cells,
)


def _bivalue_cells(c: Candidates) -> list[int]:
    return [cell for cell, m in enumerate(c.masks) if m.bit_count() == 2]


def _wing_step(c: Candidates, technique: str, pivot: int, pincers: tuple[int, int], z: int,
               hit: int) -> Step:
    elims = elims_for(z, hit)
    m = c.masks
    text = (f"{technique}: pivot {name(c, pivot)} {digits(c, m[pivot])}, pincers "
            f"{name(c, pincers[0])} {digits(c, m[pincers[0]])} and {name(c, pincers[1])} "
            f"{digits(c, m[pincers[1]])}: {removal_text(c, elims)}")
    return make_step(
        technique,
        text,
        eliminations=elims,
        cells=[(pivot, "pivot")] + [(x, "pincer") for x in pincers],
        candidates=[(x, v, "key") for x in (pivot, *pincers) for v in c.candidates_of(x)],
        region=f"{name(c, pivot)} and its peers",
    )


def iter_xy_wing(c: Candidates) -> Iterator[Step]:
    """Every XY-Wing."""
    masks = c.masks
    peers = c.geometry.peers
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    for pivot in _bivalue_cells(c):
        pmask = masks[pivot]
        # Bivalue peers sharing exactly one value with the pivot, grouped by that value.
        wings = [p for p in peers[pivot]
                 if masks[p].bit_count() == 2 and (masks[p] & pmask).bit_count() == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                if masks[a] & masks[b] & pmask:
                    continue  # both pincers share the same pivot value
                zbit = masks[a] & masks[b] & ~pmask
                if not zbit:
                    continue
                z = zbit.bit_length()
                hit = pm[a] & pm[b] & vcells[z]
                if hit:
                    yield _wing_step(c, "XY-Wing", pivot, (a, b), z, hit)


def iter_xyz_wing(c: Candidates) -> Iterator[Step]:
    """Every XYZ-Wing."""
    masks = c.masks
    peers = c.geometry.peers
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    for pivot, pmask in enumerate(masks):
        if pmask.bit_count() != 3:
            continue
        wings = [p for p in peers[pivot]
                 if masks[p].bit_count() == 2 and masks[p] & pmask == masks[p]]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                if masks[a] == masks[b] or masks[a] | masks[b] != pmask:
                    continue
                z = (masks[a] & masks[b]).bit_length()
                hit = pm[pivot] & pm[a] & pm[b] & vcells[z]
                if hit:
                    yield _wing_step(c, "XYZ-Wing", pivot, (a, b), z, hit)


def iter_w_wing(c: Candidates) -> Iterator[Step]:
    """Every W-Wing."""
    masks = c.masks
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    units = range(3 * c.size)
    pairs_of: dict[int, list[tuple[int, int, int]]] = {}
    by_mask: dict[int, list[int]] = {}
    for cell in _bivalue_cells(c):
        by_mask.setdefault(masks[cell], []).append(cell)
    for mask, cells in by_mask.items():
        values = c.candidates_of(cells[0])
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                if pm[a] >> b & 1:
                    continue  # peers: a naked pair, not a wing
                for x in values:
                    y = (mask & ~(1 << (x - 1))).bit_length()
                    hit = pm[a] & pm[b] & vcells[y]
                    if not hit:
                        continue
                    if x not in pairs_of:
                        pairs_of[x] = conjugate_pairs(c, x, units, vcells)
                    for u, p, q in pairs_of[x]:
                        for near, far in ((p, q), (q, p)):
                            if (near not in (a, b) and far not in (a, b)
                                    and pm[a] >> near & 1 and pm[b] >> far & 1):
                                yield _w_step(c, (a, b), (near, far), u, x, y, hit)


def _w_step(c: Candidates, ends: tuple[int, int], link: tuple[int, int], unit: int, x: int,
            y: int, hit: int) -> Step:
    elims = elims_for(y, hit)
    sym = c.shape.symbol
    a, b = ends
    text = (f"W-Wing: {name(c, a)} and {name(c, b)} {digits(c, c.masks[a])} joined by the "
            f"strong link on {sym(x)} {name(c, link[0])}={name(c, link[1])}: "
            f"{removal_text(c, elims)}")
    return make_step(
        "W-Wing",
        text,
        eliminations=elims,
        cells=[(a, "pincer"), (b, "pincer")] + [(p, "link") for p in link],
        units=(unit,),
        candidates=[(e, v, "key") for e in ends for v in (x, y)] + [(p, x, "key") for p in link],
        region=f"{name(c, a)} and {name(c, b)}",
    )


def iter_wxyz_wing(c: Candidates) -> Iterator[Step]:
    """A pivot and three peers of it holding four digits between them, every digit but one
    (z) only in cells that see each other: one cell is z, so z leaves the cells seeing them all."""
    masks = c.masks
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    seen: set[frozenset[int]] = set()
    for pivot, pmask in enumerate(masks):
        if not 2 <= pmask.bit_count() <= 4:
            continue
        check()  # many pivots and peers on a big grid
        near = [p for p in c.geometry.peers[pivot]
                if 2 <= masks[p].bit_count() <= 4 and (masks[p] | pmask).bit_count() <= 4]
        for i, a in enumerate(near):
            ua = pmask | masks[a]
            for j in range(i + 1, len(near)):
                b = near[j]
                ub = ua | masks[b]
                if ub.bit_count() > 4:
                    continue
                for d in near[j + 1:]:
                    union = ub | masks[d]
                    if union.bit_count() != 4:
                        continue
                    cells = (pivot, a, b, d)
                    key = frozenset(cells)
                    if key in seen:
                        continue
                    seen.add(key)
                    step = _wxyz(c, cells, pm, vcells)
                    if step is not None:
                        yield step


def _wxyz(c: Candidates, cells: tuple[int, ...], pm: tuple[int, ...],
          vcells: list[int]) -> Step | None:
    masks = c.masks
    # A digit is loose when two cells that do not see each other both hold it.
    loose = 0
    for i, x in enumerate(cells):
        for y in cells[i + 1:]:
            if not pm[x] >> y & 1:
                loose |= masks[x] & masks[y]
    if loose.bit_count() != 1:
        return None
    z = loose.bit_length()
    holders = [x for x in cells if masks[x] >> (z - 1) & 1]
    hit = vcells[z]
    for x in holders:
        hit &= pm[x]
    if not hit:
        return None
    elims = elims_for(z, hit)
    pivot, *pincers = cells
    text = (f"WXYZ-Wing: {', '.join(f'{name(c, x)} {digits(c, masks[x])}' for x in cells)} "
            f"hold four digits, and only {c.shape.symbol(z)} is not confined to cells that see "
            f"each other, so one of them is {c.shape.symbol(z)}: {removal_text(c, elims)}")
    return make_step(
        "WXYZ-Wing",
        text,
        eliminations=elims,
        cells=[(pivot, "pivot")] + [(x, "pincer") for x in pincers],
        candidates=[(x, v, "key") for x in cells for v in c.candidates_of(x)],
        region=f"{name(c, pivot)} and its peers",
    )
