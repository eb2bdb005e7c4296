"""Uniqueness techniques (only sound when the puzzle has one solution): Unique Rectangle, BUG+1."""

from __future__ import annotations

from ..candidates import Candidates
from .base import Step
from .single_digit import (
    digits,
    elims_for,
    make_step,
    name,
    names,
    peer_masks,
    removal_text,
    unit_name,
    value_cells,
)

Rect = tuple[int, int, int, int]  # floor a, floor b (bivalue), roof c (in line with a), roof d


def _rectangles(c: Candidates) -> list[Rect]:
    """Rectangles over two rows, two columns and two boxes, with a bivalue floor pair in a line."""
    geo = c.geometry
    n = c.size
    masks = c.masks
    seen: set[frozenset[int]] = set()
    out = []
    for a, ma in enumerate(masks):
        if ma.bit_count() != 2:
            continue
        ra, ca = geo.row_of[a], geo.col_of[a]
        # Partner b further along a's row (then roofs in another row) or a's column.
        partners = [(ra * n + col, True) for col in range(ca + 1, n)]
        partners += [(row * n + ca, False) for row in range(ra + 1, n)]
        for b, same_row in partners:
            if masks[b] != ma:
                continue
            for k in range(n):
                if same_row:
                    if k == ra:
                        continue
                    rc, rd = k * n + ca, k * n + geo.col_of[b]
                else:
                    if k == ca:
                        continue
                    rc, rd = ra * n + k, geo.row_of[b] * n + k
                if masks[rc] & ma != ma or masks[rd] & ma != ma:
                    continue
                if len({geo.box_of[x] for x in (a, b, rc, rd)}) != 2:
                    continue
                key = frozenset((a, b, rc, rd))
                if key not in seen:
                    seen.add(key)
                    out.append((a, b, rc, rd))
    return out


def find_unique_rectangle(c: Candidates) -> Step | None:
    """Unique Rectangle types 1, 2 and 4 (simplest type first)."""
    rects = _rectangles(c)
    for finder in (_type1, _type2, _type4):
        for rect in rects:
            step = finder(c, rect)
            if step is not None:
                return step
    return None


def _type1(c: Candidates, rect: Rect) -> Step | None:
    a, b, rc, rd = rect
    masks = c.masks
    pair = masks[a]
    for roof, other in ((rc, rd), (rd, rc)):
        if masks[other] == pair and masks[roof] != pair:
            elims = tuple((roof, v) for v in c.candidates_of(a))
            return _ur_step(c, 1, rect, (roof,), elims,
                            f"{name(c, roof)} is the only cell with extra candidates")
    return None


def _type2(c: Candidates, rect: Rect) -> Step | None:
    a, b, rc, rd = rect
    masks = c.masks
    pair = masks[a]
    extra = masks[rc] & ~pair
    if masks[rc] != masks[rd] or extra.bit_count() != 1:
        return None
    x = extra.bit_length()
    pm = peer_masks(c.shape)
    hit = pm[rc] & pm[rd] & value_cells(c)[x]
    if not hit:
        return None
    return _ur_step(c, 2, rect, (rc, rd), elims_for(x, hit),
                    f"one of {names(c, (rc, rd))} holds {c.shape.symbol(x)}")


def _type4(c: Candidates, rect: Rect) -> Step | None:
    a, b, rc, rd = rect
    masks = c.masks
    pair = masks[a]
    if masks[rc] == pair or masks[rd] == pair:
        return None
    geo = c.geometry
    shared = [u for u in geo.units_of[rc] if u in geo.units_of[rd]]
    values = c.candidates_of(a)
    for u in shared:
        for keep, drop in ((values[0], values[1]), (values[1], values[0])):
            if c.cells_with(u, keep) == sorted((rc, rd)):
                sym = c.shape.symbol
                return _ur_step(c, 4, rect, (rc, rd), ((rc, drop), (rd, drop)),
                                f"{sym(keep)} must sit in {names(c, (rc, rd))} "
                                f"(only places in {unit_name(c, u)})", unit=u)
    return None


def _ur_step(c: Candidates, kind: int, rect: Rect, roofs: tuple[int, ...],
             elims: tuple[tuple[int, int], ...], why: str, unit: int | None = None) -> Step:
    a, b, rc, rd = rect
    pair = c.masks[a]
    technique = f"Unique Rectangle Type {kind}"
    cells = sorted(rect)
    text = (f"{technique} on {digits(c, pair)} in {names(c, cells)}: {why}, else the puzzle "
            f"would have two solutions: {removal_text(c, elims)}")
    roles = [(x, "roof" if x in roofs else "floor") for x in cells]
    return make_step(
        technique,
        text,
        eliminations=elims,
        cells=roles,
        units=() if unit is None else (unit,),
        candidates=[(x, v, "key") for x in cells for v in c.candidates_of(a)],
        region=f"{names(c, cells)}",
    )


def find_bug_plus_one(c: Candidates) -> Step | None:
    """Every empty cell bivalue but one trivalue cell: its value seen three times is the answer."""
    masks = c.masks
    extra = -1
    for cell, m in enumerate(masks):
        k = m.bit_count()
        if k == 3 and extra < 0:
            extra = cell
        elif k and k != 2:
            return None
    if extra < 0:
        return None
    geo = c.geometry
    units = geo.units_of[extra]
    target = 0
    for v in c.candidates_of(extra):
        if len(c.cells_with(units[0], v)) == 3:
            target = v
    if not target:
        return None
    # Check the whole BUG condition: each candidate twice per unit, target thrice around extra.
    for u in range(3 * c.size):
        for v in range(1, c.size + 1):
            count = len(c.cells_with(u, v))
            want = 3 if (u in units and v == target) else 2
            if count and count != want:
                return None
            if not count and u in units and v == target:
                return None
    sym = c.shape.symbol(target)
    text = (f"BUG+1: every empty cell but {name(c, extra)} has two candidates, and only "
            f"{sym} there appears three times in its units: place {sym} at {name(c, extra)}")
    return make_step(
        "BUG+1",
        text,
        placements=((extra, target),),
        candidates=[(extra, v, "key") for v in c.candidates_of(extra)],
        units=units,
        region=name(c, extra),
    )
