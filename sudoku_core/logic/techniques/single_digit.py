"""Single-digit patterns: Skyscraper, 2-String Kite, Empty Rectangle (plus shared link helpers).

The helpers at the top (peer bitmasks, conjugate pairs, cell and removal text) are shared by the
wing, colouring, uniqueness and chain modules, which all reason about the same links.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from ...model.candidates import Candidates
from ...model.grid import Shape, cell_name
from ...model.step import ChainsOf
from ...solver.bitboards import cells_of, tables
from . import base
from .base import Step

# --- shared helpers -------------------------------------------------------------------------


def peer_masks(shape: Shape) -> tuple[int, ...]:
    """Per cell, a bitmask (bit = cell index) of its peers: the shape's one bitboard table."""
    return tables(shape).peers


# The last state asked and its answer, swapped as one reference (safe for threads).
_last_value_cells: tuple[tuple[int, ...], list[int]] = ((), [])


def value_cells(c: Candidates) -> list[int]:
    """Per value v (index v, index 0 unused), the bitmask of cells that still have v."""
    global _last_value_cells
    # The finders of one walk step all ask for the same state: keep the last answer (a copy is
    # handed out, so a caller may change its list).
    key = tuple(c.masks)
    last = _last_value_cells
    if last[0] == key and len(last[1]) == c.size + 1:
        return list(last[1])
    out = [0] * (c.size + 1)
    for cell, m in enumerate(c.masks):
        while m:
            low = m & -m
            out[low.bit_length()] |= 1 << cell
            m ^= low
    _last_value_cells = (key, out)
    return list(out)


def unit_masks(shape: Shape) -> tuple[int, ...]:
    """Per unit, a bitmask (bit = cell index) of its cells: the shape's one bitboard table."""
    return tables(shape).units


def conjugate_pairs(c: Candidates, value: int, units: Iterable[int],
                    vcells: list[int] | None = None) -> list[tuple[int, int, int]]:
    """(unit, a, b) for each given unit where ``value`` has exactly two cells a < b."""
    have = (vcells or value_cells(c))[value]
    um = unit_masks(c.shape)
    out = []
    for u in units:
        x = um[u] & have
        if x.bit_count() == 2:
            out.append((u, (x & -x).bit_length() - 1, x.bit_length() - 1))
    return out


def name(c: Candidates, cell: int) -> str:
    """``r3c5`` for a cell."""
    return cell_name(cell, c.size)


def names(c: Candidates, cells: Iterable[int]) -> str:
    """``r1c1, r2c2`` for several cells."""
    return ", ".join(cell_name(cell, c.size) for cell in cells)


def unit_name(c: Candidates, unit: int) -> str:
    """``row 3`` / ``column 5`` / ``box 2`` (1-based)."""
    return base.unit_name(c.shape, unit)


def digits(c: Candidates, mask: int) -> str:
    """``{1,2}`` for a candidate mask."""
    sym = c.shape.symbol
    return "{" + ",".join(sym(v) for v in range(1, c.size + 1) if mask >> (v - 1) & 1) + "}"


def removal_text(c: Candidates, elims: Iterable[tuple[int, int]]) -> str:
    """``remove 6 from r2c3, r3c3; remove 4 from r1c1`` grouped by value."""
    return base.removal_text(c.shape, elims)


def make_step(
    technique: str,
    text: str,
    *,
    eliminations: Iterable[tuple[int, int]] = (),
    placements: Iterable[tuple[int, int]] = (),
    cells: Iterable[tuple[int, str]] = (),
    units: Iterable[int] = (),
    candidates: Iterable[tuple[int, int, str]] = (),
    region: str = "",
    summary: str = "",
    chains: ChainsOf = (),
) -> Step:
    """A Step whose roles also list the eliminated cells and candidates."""
    elims = tuple(sorted(set(eliminations)))
    places = tuple(placements)
    cell_roles, cand_roles = base.elimination_roles(elims)
    cell_roles = list(cells) + [(x, "target") for x, _ in places] + cell_roles
    cand_roles = list(candidates) + [(x, v, "place") for x, v in places] + cand_roles
    return Step(
        technique=technique,
        placements=places,
        eliminations=elims,
        text=text,
        cells=tuple(cell_roles),
        units=tuple(dict.fromkeys(units)),
        candidates=tuple(cand_roles),
        region=region,
        summary=summary,
        chains=chains,
    )


def elims_for(value: int, mask: int) -> tuple[tuple[int, int], ...]:
    """Eliminations of ``value`` from every cell of a cell bitmask."""
    return tuple((cell, value) for cell in cells_of(mask))


def line_units(c: Candidates) -> tuple[range, range]:
    """Unit indices of the rows and of the columns."""
    n = c.size
    return range(n), range(n, 2 * n)


# --- Skyscraper ------------------------------------------------------------------------------


def iter_skyscraper(c: Candidates) -> Iterator[Step]:
    """Every skyscraper."""
    geo = c.geometry
    peers = peer_masks(c.shape)
    vcells = value_cells(c)
    for v in range(1, c.size + 1):
        if not vcells[v]:
            continue
        for lines, cross in zip(line_units(c), (geo.col_of, geo.row_of), strict=True):
            pairs = conjugate_pairs(c, v, lines, vcells)
            for i, (u1, a1, b1) in enumerate(pairs):
                for u2, a2, b2 in pairs[i + 1:]:
                    for base1, top1 in ((a1, b1), (b1, a1)):
                        for base2, top2 in ((a2, b2), (b2, a2)):
                            if cross[base1] != cross[base2] or cross[top1] == cross[top2]:
                                continue
                            hit = peers[top1] & peers[top2] & vcells[v]
                            if hit:
                                yield _skyscraper_step(c, v, (u1, u2), (base1, base2),
                                                       (top1, top2), hit)


def _skyscraper_step(c: Candidates, v: int, units: tuple[int, int], bases: tuple[int, int],
                     tops: tuple[int, int], hit: int) -> Step:
    elims = elims_for(v, hit)
    where = base.units_name(c.shape, units)
    sym = c.shape.symbol(v)
    return make_step(
        "Skyscraper",
        f"Skyscraper on {sym} in {where} (base {names(c, bases)}, tops {names(c, tops)}): "
        f"{removal_text(c, elims)}",
        eliminations=elims,
        cells=[(x, "base") for x in bases] + [(x, "roof") for x in tops],
        units=units,
        candidates=[(x, v, "key") for x in bases + tops],
        region=f"{sym} in {where}",
    )


# --- 2-String Kite ---------------------------------------------------------------------------


def iter_two_string_kite(c: Candidates) -> Iterator[Step]:
    """Every 2-string kite."""
    geo = c.geometry
    box = geo.box_of
    peers = peer_masks(c.shape)
    vcells = value_cells(c)
    rows, cols = line_units(c)
    for v in range(1, c.size + 1):
        if not vcells[v]:
            continue
        row_pairs = conjugate_pairs(c, v, rows, vcells)
        if not row_pairs:
            continue
        col_pairs = conjugate_pairs(c, v, cols, vcells)
        for ur, a, b in row_pairs:
            for uc, p, q in col_pairs:
                for x, x_end in ((a, b), (b, a)):
                    for y, y_end in ((p, q), (q, p)):
                        # x and y share a box (a weak link); both far ends lie outside it.
                        if x == y or box[x] != box[y] or x_end == y_end:
                            continue
                        if box[x_end] == box[x] or box[y_end] == box[x]:
                            continue
                        hit = peers[x_end] & peers[y_end] & vcells[v]
                        if hit:
                            yield _kite_step(c, v, (ur, uc, 2 * c.size + box[x]), (x, y),
                                             (x_end, y_end), hit)


def _kite_step(c: Candidates, v: int, units: tuple[int, int, int], links: tuple[int, int],
               ends: tuple[int, int], hit: int) -> Step:
    elims = elims_for(v, hit)
    sym = c.shape.symbol(v)
    row, col, bx = (unit_name(c, u) for u in units)
    return make_step(
        "2-String Kite",
        f"2-String Kite on {sym} in {row} and {col}, joined in {bx} at {names(c, links)}: "
        f"{removal_text(c, elims)}",
        eliminations=elims,
        cells=[(x, "link") for x in links] + [(x, "end") for x in ends],
        units=units,
        candidates=[(x, v, "key") for x in links + ends],
        region=f"{sym} in {row} and {col}",
    )


# --- Empty Rectangle -------------------------------------------------------------------------


def iter_empty_rectangle(c: Candidates) -> Iterator[Step]:
    """Every empty rectangle (box, hinge and conjugate pair)."""
    n = c.size
    vcells = value_cells(c)
    rows, cols = line_units(c)
    for v in range(1, n + 1):
        if not vcells[v]:
            continue
        row_pairs = conjugate_pairs(c, v, rows, vcells)
        col_pairs = conjugate_pairs(c, v, cols, vcells)
        if not row_pairs and not col_pairs:
            continue
        um = unit_masks(c.shape)
        for b in range(n):
            inside_mask = um[2 * n + b] & vcells[v]
            if inside_mask.bit_count() < 2:
                continue
            box_rows, box_cols = _box_lines(c.shape)[b]
            inside: list[int] = []
            for hr, hc in _hinges(um, n, inside_mask, box_rows, box_cols):
                inside = inside or list(cells_of(inside_mask))
                yield from _er_target(c, v, b, inside, hr, hc, box_rows, box_cols,
                                      row_pairs, col_pairs)


@cache
def _box_lines(shape: Shape) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per box, the rows and the columns it spans."""
    geo = shape.geometry
    return tuple((tuple(sorted({geo.row_of[x] for x in box})),
                  tuple(sorted({geo.col_of[x] for x in box}))) for box in geo.boxes)


def _hinges(um: tuple[int, ...], n: int, inside: int, box_rows: tuple[int, ...],
            box_cols: tuple[int, ...]) -> Iterator[tuple[int, int]]:
    """(row, column) crosses that hold every candidate of the box, needing both lines."""
    for hr in box_rows:
        row = um[hr]
        if not inside & ~row:
            return  # all on one row: locked candidates, not an empty rectangle
        for hc in box_cols:
            col = um[n + hc]
            if not inside & ~col:
                return
            if not inside & ~(row | col):
                yield hr, hc


def _er_target(c: Candidates, v: int, b: int, inside: list[int], hr: int, hc: int,
               box_rows: tuple[int, ...], box_cols: tuple[int, ...],
               row_pairs: list[tuple[int, int, int]],
               col_pairs: list[tuple[int, int, int]]) -> Iterator[Step]:
    geo = c.geometry
    n = c.size
    # A column pair off the box with one end on the hinge row: the other end's row meets the
    # hinge column at the target (v there would empty the box of v). Rows symmetrically.
    for u, p, q in col_pairs:
        if geo.col_of[p] in box_cols:
            continue
        for near, far in ((p, q), (q, p)):
            if geo.row_of[near] == hr and geo.row_of[far] not in box_rows:
                target = geo.row_of[far] * n + hc
                if c.has(target, v):
                    yield _er_step(c, v, b, inside, (hr, 2 * n + b, u), (near, far), target)
    for u, p, q in row_pairs:
        if geo.row_of[p] in box_rows:
            continue
        for near, far in ((p, q), (q, p)):
            if geo.col_of[near] == hc and geo.col_of[far] not in box_cols:
                target = hr * n + geo.col_of[far]
                if c.has(target, v):
                    yield _er_step(c, v, b, inside, (n + hc, 2 * n + b, u), (near, far), target)


def _er_step(c: Candidates, v: int, b: int, inside: list[int], units: tuple[int, int, int],
             pair: tuple[int, int], target: int) -> Step:
    sym = c.shape.symbol(v)
    elims = ((target, v),)
    return make_step(
        "Empty Rectangle",
        f"Empty Rectangle on {sym} in box {b + 1} with conjugate pair {names(c, pair)}: "
        f"{removal_text(c, elims)}",
        eliminations=elims,
        cells=[(x, "base") for x in inside] + [(x, "link") for x in pair],
        units=units,
        candidates=[(x, v, "key") for x in inside] + [(x, v, "key") for x in pair],
        region=f"{sym} in box {b + 1}",
    )
