"""Uniqueness techniques (only sound when the puzzle has one solution): Unique Rectangles
(types 1 to 6), Hidden Rectangle, Avoidable Rectangles (types 1 and 2), BUG+1 and BUG+n.
Which variant rules each argument holds under is the table's ``holds_under`` column.

A deadly pattern is four cells on two rows, two columns and two boxes holding x, y, y, x: the
two digits could swap and the puzzle would have two solutions. Each technique removes the
candidates that would complete one. Rectangles are read from the candidate state as it is (the
user's marks or earlier steps may have removed any candidate): four empty cells, one of them
holding the two digits and nothing else, the others one or both of them, placed so that the
deadly pattern could still fall (x, y, y, x or y, x, x, y). A corner that lost one digit is
still one of the four cells whose values must not swap: since the puzzle's givens are outside
the rectangle, the solution holding the pattern there would have a twin. Every deduction below
reasons only "if these cells held only the two digits, they would hold the pattern", which
does not care which candidates earlier steps removed. A corner holding only the digits (one
or both) is a floor; one with other digits is a roof.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from ...model.budget import check
from ...model.candidates import Candidates, bits
from ...solver.bitboards import cells_of
from .base import Step
from .single_digit import (
    digits,
    elims_for,
    make_step,
    name,
    names,
    peer_masks,
    removal_text,
    unit_masks,
    unit_name,
    value_cells,
)

# Corners r1c1, r1c2, r2c1, r2c2 (r1 < r2, c1 < c2) and the mask of the two digits.
Rect = tuple[tuple[int, int, int, int], int]
_LINES = ((0, 1), (2, 3), (0, 2), (1, 3))  # corner pairs sharing a row or a column
_DIAGONALS = ((0, 3), (1, 2))


def _rectangles(c: Candidates) -> list[Rect]:
    """Every rectangle of empty cells over two boxes, anchored on a bivalue corner, where the
    deadly pattern of its two digits can still fall."""
    geo = c.geometry
    n = c.size
    masks = c.masks
    box = geo.box_of
    seen: set[Rect] = set()
    out = []
    for a, pair in enumerate(masks):
        if pair.bit_count() != 2:
            continue
        check()  # every bivalue cell of a big grid
        ra, ca = divmod(a, n)
        in_row = [x for x in geo.units[ra] if x != a and masks[x] & pair]
        if not in_row:
            continue
        in_col = [x for x in geo.units[n + ca] if x != a and masks[x] & pair]
        for b in in_row:
            cb = b % n
            for cc in in_col:
                rc = cc // n
                d = rc * n + cb
                if not masks[d] & pair or len({box[a], box[b], box[cc], box[d]}) != 2:
                    continue
                r1, r2 = sorted((ra, rc))
                c1, c2 = sorted((ca, cb))
                rect = ((r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2), pair)
                if rect not in seen and _can_be_deadly(masks, rect):
                    seen.add(rect)
                    out.append(rect)
    return out


def _can_be_deadly(masks: list[int], rect: Rect) -> bool:
    """Whether one diagonal can still hold one digit and the other diagonal the other."""
    (w, x, y, z), pair = rect
    low = pair & -pair
    high = pair ^ low
    return any(masks[w] & masks[z] & p and masks[x] & masks[y] & q
               for p, q in ((low, high), (high, low)))


def iter_unique_rectangle(c: Candidates, joined: bool = False) -> Iterator[Step]:
    """Every Unique Rectangle of types 1, 2, 5, 4, 3 and 6 (in that order); ``joined`` adds
    each Type 3 whose line and box subsets both remove something as one step (listing)."""
    rects = _rectangles(c)
    for finder in (_type1, _type2, _type5, _type4, _type3, _type6):
        for rect in rects:
            yield from finder(c, rect)
    if joined:
        for rect in rects:
            yield from _type3_joined(c, rect)


def _extra(c: Candidates, rect: Rect) -> list[int]:
    """Corner indices (0..3) whose cell holds more than the two digits."""
    corners, pair = rect
    return [i for i, x in enumerate(corners) if c.masks[x] & ~pair]


def _type1(c: Candidates, rect: Rect) -> Iterator[Step]:
    corners, pair = rect
    roofs = _extra(c, rect)
    if len(roofs) == 1:
        roof = corners[roofs[0]]
        elims = tuple((roof, v) for v in bits(pair & c.masks[roof]))
        yield _ur_step(c, "Unique Rectangle Type 1", rect, (roof,), elims,
                       f"{name(c, roof)} is the only cell with extra candidates")


def _single_extra(c: Candidates, rect: Rect, roofs: list[int]) -> int:
    """The one extra digit every roof holds, else 0."""
    corners, pair = rect
    extras = {c.masks[corners[i]] & ~pair for i in roofs}
    z = extras.pop()
    return z.bit_length() if not extras and z.bit_count() == 1 else 0


def _type2(c: Candidates, rect: Rect) -> Iterator[Step]:
    corners, pair = rect
    roofs = _extra(c, rect)
    if len(roofs) != 2 or tuple(roofs) not in _LINES:
        return
    yield from _roofs_hold_z(c, rect, roofs, "Unique Rectangle Type 2")


def _type5(c: Candidates, rect: Rect) -> Iterator[Step]:
    roofs = _extra(c, rect)
    if (len(roofs) == 2 and tuple(roofs) in _DIAGONALS) or len(roofs) == 3:
        yield from _roofs_hold_z(c, rect, roofs, "Unique Rectangle Type 5")


def _roofs_hold_z(c: Candidates, rect: Rect, roofs: list[int], technique: str) -> Iterator[Step]:
    """Types 2 and 5: every roof has the same one extra digit z, so one of them is z."""
    z = _single_extra(c, rect, roofs)
    if not z:
        return
    cells = tuple(rect[0][i] for i in roofs)
    pm = peer_masks(c.shape)
    hit = value_cells(c)[z]
    for x in cells:
        hit &= pm[x]
    if hit:
        yield _ur_step(c, technique, rect, cells, elims_for(z, hit),
                       f"one of {names(c, cells)} holds {c.shape.symbol(z)}")


def _shared_units(c: Candidates, a: int, b: int) -> list[int]:
    units_b = c.geometry.units_of[b]
    return [u for u in c.geometry.units_of[a] if u in units_b]


def _type3(c: Candidates, rect: Rect) -> Iterator[Step]:
    """The two roofs act as one cell holding their extra digits: a naked subset with it."""
    for part in _type3_parts(c, rect):
        yield _type3_step(c, rect, (part,))


# One naked subset of a Type 3: the roofs, the unit, the other cells and the subset's digits.
Part = tuple[tuple[int, int], int, tuple[int, ...], int, tuple[tuple[int, int], ...]]


def _type3_parts(c: Candidates, rect: Rect) -> Iterator[Part]:
    corners, pair = rect
    roofs = _extra(c, rect)
    if len(roofs) != 2 or tuple(roofs) not in _LINES:
        return
    a, b = (corners[i] for i in roofs)
    masks = c.masks
    extra = (masks[a] | masks[b]) & ~pair
    for u in _shared_units(c, a, b):
        others = [x for x in c.geometry.units[u] if masks[x] and x not in (a, b)]
        for k in range(1, min(3, len(others) - 1) + 1):
            for subset in combinations(others, k):
                union = extra
                for x in subset:
                    union |= masks[x]
                if union.bit_count() != k + 1:
                    continue
                elims = [(x, v) for x in others if x not in subset for v in bits(masks[x] & union)]
                if elims:
                    yield (a, b), u, subset, union, tuple(elims)


def _type3_joined(c: Candidates, rect: Rect) -> Iterator[Step]:
    """Roofs in one line and one box: a subset in the line and one in the box, as one step
    (the two parts' eliminations together, as the expert tools report them)."""
    n = c.size
    parts = list(_type3_parts(c, rect))
    lines = [p for p in parts if p[1] < 2 * n]
    boxes = [p for p in parts if p[1] >= 2 * n]
    for line in lines:
        for box in boxes:
            if set(box[4]) - set(line[4]) and set(line[4]) - set(box[4]):
                yield _type3_step(c, rect, (line, box))


def _type3_step(c: Candidates, rect: Rect, parts: tuple[Part, ...]) -> Step:
    roofs = parts[0][0]
    extra = (c.masks[roofs[0]] | c.masks[roofs[1]]) & ~rect[1]
    whys = [f"with {names(c, subset)} they form a naked subset {digits(c, union)} in "
            f"{unit_name(c, u)}" for _, u, subset, union, _ in parts]
    elims = tuple(dict.fromkeys(e for part in parts for e in part[4]))
    subsets = tuple(dict.fromkeys(x for part in parts for x in part[2]))
    return _ur_step(
        c, "Unique Rectangle Type 3", rect, roofs, elims,
        f"{names(c, roofs)} hold one of {digits(c, extra)}, so {' and '.join(whys)}",
        units=tuple(part[1] for part in parts), extra_cells=subsets)


def _type4(c: Candidates, rect: Rect) -> Iterator[Step]:
    """One digit of the pair is locked in the two roofs: the other digit leaves them (one roof
    holds the locked digit; the other one holding the other digit would be deadly)."""
    corners, pair = rect
    roofs = _extra(c, rect)
    if len(roofs) != 2 or tuple(roofs) not in _LINES:
        return
    a, b = (corners[i] for i in roofs)
    um = unit_masks(c.shape)
    vcells = value_cells(c)
    both = 1 << a | 1 << b
    x, y = bits(pair)
    for u in _shared_units(c, a, b):
        for keep, drop in ((x, y), (y, x)):
            locked = um[u] & vcells[keep]
            elims = tuple((r, drop) for r in (a, b) if c.has(r, drop))
            # A roof that lost the locked digit leaves it to the other: still locked there.
            if locked and not locked & ~both and elims:
                sym = c.shape.symbol
                yield _ur_step(c, "Unique Rectangle Type 4", rect, (a, b), elims,
                               f"{sym(keep)} must sit in {names(c, (a, b))} "
                               f"(only places in {unit_name(c, u)})", unit=u)


def _type6(c: Candidates, rect: Rect) -> Iterator[Step]:
    """Diagonal roofs, and one digit of the pair only in the rectangle on both rows (or both
    columns): that digit leaves the roofs."""
    corners, pair = rect
    roofs = _extra(c, rect)
    if len(roofs) != 2 or tuple(roofs) not in _DIAGONALS:
        return
    n = c.size
    um = unit_masks(c.shape)
    vcells = value_cells(c)
    a, b, cc, d = corners
    r1, r2, c1, c2 = a // n, d // n, a % n, d % n
    cells = tuple(corners[i] for i in roofs)
    for x in bits(pair):
        have = vcells[x]
        rows = _only_in(um[r1] & have, a, b) and _only_in(um[r2] & have, cc, d)
        cols = _only_in(um[n + c1] & have, a, cc) and _only_in(um[n + c2] & have, b, d)
        elims = tuple((r, x) for r in cells if c.has(r, x))
        if (rows or cols) and elims:
            units = (r1, r2) if rows else (n + c1, n + c2)
            yield _ur_step(c, "Unique Rectangle Type 6", rect, cells, elims,
                           f"{c.shape.symbol(x)} lies only in the rectangle in "
                           f"{unit_name(c, units[0])} and {unit_name(c, units[1])}",
                           units=units)


def _only_in(have: int, p: int, q: int) -> bool:
    """Whether a unit's cells holding a digit are some of p and q (a corner that lost the
    digit leaves it to the other)."""
    return bool(have) and not have & ~(1 << p | 1 << q)


def _ur_step(c: Candidates, technique: str, rect: Rect, roofs: tuple[int, ...],
             elims: tuple[tuple[int, int], ...], why: str, unit: int | None = None,
             units: tuple[int, ...] = (), extra_cells: tuple[int, ...] = ()) -> Step:
    corners, pair = rect
    cells = sorted(corners)
    text = (f"{technique} on {digits(c, pair)} in {names(c, cells)}: {why}, else the puzzle "
            f"would have two solutions: {removal_text(c, elims)}")
    roles = [(x, "roof" if x in roofs else "floor") for x in cells]
    roles += [(x, "link") for x in extra_cells]
    return make_step(
        technique,
        text,
        eliminations=elims,
        cells=roles,
        units=units if unit is None else (unit,),
        candidates=[(x, v, "key") for x in cells for v in bits(pair & c.masks[x])]
        + [(x, v, "key") for x in extra_cells for v in c.candidates_of(x)],
        region=names(c, cells),
    )


def iter_hidden_rectangle(c: Candidates) -> Iterator[Step]:
    """A floor corner, and one digit only in the rectangle on the row and the column of the
    opposite corner: the other digit leaves that corner (else the four cells are deadly)."""
    n = c.size
    um = unit_masks(c.shape)
    vcells = value_cells(c)
    masks = c.masks
    for rect in _rectangles(c):
        corners, pair = rect
        for k, o in ((0, 3), (3, 0), (1, 2), (2, 1)):
            if masks[corners[k]] & ~pair:
                continue
            far = corners[o]
            row_mate = corners[o ^ 1]  # corners 0/1 and 2/3 share rows
            col_mate = corners[o ^ 2]  # corners 0/2 and 1/3 share columns
            r, col = divmod(far, n)
            for x, y in (bits(pair), bits(pair)[::-1]):
                have = vcells[x]
                if (c.has(far, y) and _only_in(um[r] & have, far, row_mate)
                        and _only_in(um[n + col] & have, far, col_mate)):
                    sym = c.shape.symbol
                    yield _ur_step(
                        c, "Hidden Rectangle", rect, (far,), ((far, y),),
                        f"{sym(x)} lies only in the rectangle in {unit_name(c, r)} and "
                        f"{unit_name(c, n + col)}, so {sym(y)} at {name(c, far)} would force "
                        f"the other corners", units=(r, n + col))


def iter_avoidable_rectangle(c: Candidates) -> Iterator[Step]:
    """Two placed cells (not givens) x, y in a line; across, the cells that would complete
    y, x: type 1 when one of them is placed too (the other loses the value), type 2 when both
    are {y,z} and {x,z} (one of them is z). Then type 2 with the placed cells on a diagonal."""
    geo = c.geometry
    n = c.size
    values = c.values
    givens = c.givens
    pm, vcells = peer_masks(c.shape), value_cells(c)  # once per state, not per rectangle
    for line in range(2 * n):
        check()
        placed = [x for x in geo.units[line] if values[x] and not givens >> x & 1]
        for p1, p2 in combinations(placed, 2):
            for k in range(n):
                if k == line % n:
                    continue
                # q1 across from p1 must be y, q2 across from p2 must be x.
                q1, q2 = ((k * n + p1 % n, k * n + p2 % n) if line < n else
                          (p1 // n * n + k, p2 // n * n + k))
                yield from _avoidable_rectangle_at(c, (p1, p2, q1, q2), pm, vcells)
    yield from _diagonal_type2(c)


def _avoidable_rectangle_at(c: Candidates, rect_cells: tuple[int, int, int, int],
                            pm: tuple[int, ...], vcells: list[int]) -> Iterator[Step]:
    """Types 1 and 2 on the rectangle p1, p2 (placed, not givens) and q1, q2 across."""
    p1, p2, q1, q2 = rect_cells
    box = c.geometry.box_of
    if len({box[p1], box[p2], box[q1], box[q2]}) != 2:
        return
    values, masks, givens = c.values, c.masks, c.givens
    x, y = values[p1], values[p2]
    for qa, want_a, qb, want_b in ((q1, y, q2, x), (q2, x, q1, y)):
        if (values[qa] == want_a and not givens >> qa & 1 and not values[qb]
                and c.has(qb, want_b)):
            yield _ar_step(c, 1, rect_cells, ((qb, want_b),),
                           f"{name(c, qb)} cannot be {c.shape.symbol(want_b)}")
    if values[q1] or values[q2]:
        return
    z1, z2 = masks[q1] & ~(1 << (y - 1)), masks[q2] & ~(1 << (x - 1))
    if (c.has(q1, y) and c.has(q2, x) and z1 == z2 and z1.bit_count() == 1
            and masks[q1].bit_count() == 2 == masks[q2].bit_count()):
        z = z1.bit_length()
        hit = pm[q1] & pm[q2] & vcells[z]
        if hit:
            yield _ar_step(c, 2, rect_cells, tuple(elims_for(z, hit)),
                           f"one of {names(c, (q1, q2))} holds {c.shape.symbol(z)}")


def _diagonal_type2(c: Candidates) -> Iterator[Step]:
    """Two placed cells (not givens) holding x on a diagonal, the other two both {y,z}: both
    y (or both z) would complete a swappable x/y (x/z) rectangle, so one of them is z (and
    the other y): z leaves the cells that see both (and so does y, a step of its own)."""
    n = c.size
    values, masks = c.values, c.masks
    box = c.geometry.box_of
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    by_value: dict[int, list[int]] = {}
    for x in range(n * n):
        if values[x] and not c.givens >> x & 1:
            by_value.setdefault(values[x], []).append(x)
    for p1, p2 in (pair for cells in by_value.values() for pair in combinations(cells, 2)):
        check()
        (r1, c1), (r2, c2) = divmod(p1, n), divmod(p2, n)
        if r1 == r2 or c1 == c2:
            continue  # a contradictory state (the same value twice in a line)
        q1, q2 = r1 * n + c2, r2 * n + c1
        pair = masks[q1]
        if (pair != masks[q2] or pair.bit_count() != 2
                or len({box[p1], box[p2], box[q1], box[q2]}) != 2):
            continue
        for z in bits(pair):
            hit = pm[q1] & pm[q2] & vcells[z]
            if hit:
                yield _ar_step(c, 2, (p1, p2, q1, q2), tuple(elims_for(z, hit)),
                               f"{names(c, (q1, q2))} cannot both hold the same digit, so one "
                               f"of them holds {c.shape.symbol(z)}")


def _ar_step(c: Candidates, kind: int, rect_cells: tuple[int, ...],
             elims: tuple[tuple[int, int], ...], why: str) -> Step:
    technique = f"Avoidable Rectangle Type {kind}"
    cells = sorted(rect_cells)
    text = (f"{technique} in {names(c, cells)}: the placed values there are not givens, so "
            f"{why}, else they could swap and the puzzle would have two solutions: "
            f"{removal_text(c, elims)}")
    return make_step(
        technique,
        text,
        eliminations=elims,
        cells=[(x, "base") for x in cells],
        candidates=[(x, v, "key") for x in cells if not c.values[x] for v in c.candidates_of(x)],
        region=names(c, cells),
    )


def iter_bug_plus_one(c: Candidates) -> Iterator[Step]:
    """The BUG+1 placement, if the state is one candidate away from a BUG."""
    masks = c.masks
    extra = -1
    for cell, m in enumerate(masks):
        k = m.bit_count()
        if k == 3 and extra < 0:
            extra = cell
        elif k and k != 2:
            return
    if extra < 0:
        return
    geo = c.geometry
    units = geo.units_of[extra]
    target = 0
    for v in c.candidates_of(extra):
        if len(c.cells_with(units[0], v)) == 3:
            target = v
    if not target:
        return
    # Check the whole BUG condition: each candidate twice per unit, target thrice around extra.
    # Every unit of the shape (diagonals, windows too): the second grid must keep them all.
    for u in range(len(geo.units)):
        for v in range(1, c.size + 1):
            count = len(c.cells_with(u, v))
            want = 3 if (u in units and v == target) else 2
            if count and count != want:
                return
            if not count and u in units and v == target:
                return
    sym = c.shape.symbol(target)
    text = (f"BUG+1: every empty cell but {name(c, extra)} has two candidates, and only "
            f"{sym} there appears three times in its units: place {sym} at {name(c, extra)}")
    yield make_step(
        "BUG+1",
        text,
        placements=((extra, target),),
        candidates=[(extra, v, "key") for v in c.candidates_of(extra)],
        units=units,
        region=name(c, extra),
    )


_BUG_CHOICES = 512  # ways to pick the extra candidates tried before giving up (a cheap bound)


def iter_bug_plus_n(c: Candidates) -> Iterator[Step]:
    """Some candidates are extra to a BUG (every cell bivalue, every digit twice per unit,
    which has no unique solution): one extra is true, so whatever every extra rules out goes."""
    masks = c.masks
    multi = [cell for cell, m in enumerate(masks) if m.bit_count() > 2]
    if not multi or any(m.bit_count() == 1 for m in masks):
        return
    options = []
    total = 1
    for cell in multi:
        keep = [1 << (p - 1) | 1 << (q - 1) for p, q in combinations(bits(masks[cell]), 2)]
        options.append([masks[cell] & ~k for k in keep])
        total *= len(keep)
        if total > _BUG_CHOICES:
            return
    n = c.size
    um = unit_masks(c.shape)
    vcells = value_cells(c)
    for choice in product(*options):
        check()
        rest = vcells[:]
        extras = []
        for cell, ex in zip(multi, choice, strict=True):
            for v in bits(ex):
                rest[v] &= ~(1 << cell)
                extras.append((cell, v))
        if len(extras) < 2:
            continue  # BUG+1 places its value
        if all((um[u] & rest[v]).bit_count() in (0, 2) for v in range(1, n + 1)
               for u in range(len(um))):
            elims = _ruled_out_by_all(c, extras, vcells)
            if elims:
                yield _bug_step(c, extras, elims)


def _ruled_out_by_all(c: Candidates, extras: list[tuple[int, int]],
                      vcells: list[int]) -> list[tuple[int, int]]:
    """Candidates that every one of the extras, if true, would remove."""
    pm = peer_masks(c.shape)
    common: set[tuple[int, int]] | None = None
    for cell, v in extras:
        killed = {(cell, w) for w in c.candidates_of(cell) if w != v}
        killed |= {(x, v) for x in cells_of(pm[cell] & vcells[v])}
        common = killed if common is None else common & killed
    return sorted(common or ())


def _bug_step(c: Candidates, extras: list[tuple[int, int]],
              elims: list[tuple[int, int]]) -> Step:
    sym = c.shape.symbol
    shown = ", ".join(f"{sym(v)} at {name(c, x)}" for x, v in extras)
    text = (f"BUG+{len(extras)}: without {shown}, every empty cell would have two candidates "
            f"and every digit two places per unit (a deadly pattern), so one of them is true: "
            f"{removal_text(c, elims)}")
    cells = sorted({x for x, _ in extras})
    return make_step("BUG+n", text, eliminations=elims, cells=[(x, "fin") for x in cells],
                     candidates=[(x, v, "fin") for x, v in extras], region=names(c, cells))
