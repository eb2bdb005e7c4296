"""The Law of Leftovers on a Jigsaw layout: some region maps admit no grid, seen without search.

Take k lines (a band of rows, a band of columns, or one of each) and k regions. Each digit
appears k times in the lines and k times in the regions, so the cells of the lines outside
the regions (the leftovers A; a cell where a row and a column of the lines cross counts
twice) and the cells of the regions outside the lines (the leftovers B) hold the same
digits, as often. A and B together then hold at most |A| different digits, and a row,
column or region that meets them in more than |A| cells would need more: no grid keeps the
layout, whatever the givens. When no single equality shows it, ``leftover_chains`` pairs
the leftovers off cell by cell across all of them. The search alone can take minutes to
exhaust such a layout (a SAT solver's clause learning sees it at once); these checks are one
pass over the layout, kept per region map.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..model.grid import Shape, cell_name
from .leftover_chains import Equality, chain_clash

_MAX_WORK = 100_000  # line sets (n each) and region choices (1 each) tried per layout


def leftover_clash(shape: Shape) -> str | None:
    """Why no grid keeps the shape's regions, in words; None when these checks find no reason."""
    variant = shape.variant
    if variant is None or not variant.regions:
        return None
    return _clash(shape.size, variant.regions)


@cache
def _clash(n: int, layout: tuple[int, ...]) -> str | None:
    """The clash of a region map (kept per map: Killer cages on it make many shapes)."""
    units = _units(n, layout)
    equalities: list[Equality] = []
    known: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    for eq in _leftovers(n, layout, units):
        if (eq.a, eq.b) in known or (eq.b, eq.a) in known:
            continue  # a band and the bands beside it give the same equality swapped
        known.add((eq.a, eq.b))
        both = _mask(eq.a) | _mask(eq.b)
        size = len(set(eq.a))  # different digits A can hold (a cell counted twice holds one)
        for name, unit in units:
            meet = (unit & both).bit_count()
            if meet > size:
                return (f"no grid fits these regions: {eq.why} leave {_count(eq, n)}, which "
                        f"hold the same digits, but {name} meets those cells in {meet}, so it "
                        f"would need {meet} different digits among {size}")
        equalities.append(eq)
    equalities.sort(key=lambda eq: len(eq.a))  # small ones first: short proofs, early joins
    why_not = chain_clash(n, layout, equalities)
    return None if why_not is None else f"no grid fits these regions: {why_not}"


def _count(eq: Equality, n: int) -> str:
    """'7 cells each', '7 cells each (r8c8 counted twice)'."""
    twice = sorted({c for c in eq.a if eq.a.count(c) > 1})
    if not twice:
        return f"{len(eq.a)} cells each"
    return f"{len(eq.a)} cells each ({', '.join(cell_name(c, n) for c in twice)} counted twice)"


def _units(n: int, layout: tuple[int, ...]) -> list[tuple[str, int]]:
    """Rows, columns and regions, named, as cell masks."""
    regions = [0] * n
    for c, g in enumerate(layout):
        regions[g] |= 1 << c
    units = [(f"row {r + 1}", sum(1 << (r * n + c) for c in range(n))) for r in range(n)]
    units += [(f"column {c + 1}", sum(1 << (r * n + c) for r in range(n))) for c in range(n)]
    units += [(f"region {g + 1}", m) for g, m in enumerate(regions)]
    return units


def _line_sets(n: int) -> Iterator[tuple[str, list[int], list[int]]]:
    """(name, rows, columns): each band of rows, each band of columns, then each pair of a
    row band and a column band, fewest lines first (the ones most likely to clash)."""
    bands = [(top, end) for top in range(n) for end in range(top + 1, n + 1 if top else n)]
    for word, on_rows in (("row", True), ("column", False)):
        for top, end in bands:
            name = _band(word, top, end)
            lines = list(range(top, end))
            yield (name, lines, []) if on_rows else (name, [], lines)
    for total in range(2, n):  # built as needed: the work cap stops it at large sizes
        for height in range(1, total):
            for rt in range(n - height + 1):
                for ct in range(n - total + height + 1):
                    re, ce = rt + height, ct + total - height
                    yield (f"{_band('row', rt, re)}, {_band('column', ct, ce)}",
                           list(range(rt, re)), list(range(ct, ce)))


def _band(word: str, top: int, end: int) -> str:
    """'rows 1-3' or 'row 4'."""
    return f"{word}s {top + 1}-{end}" if end - top > 1 else f"{word} {end}"


def _leftovers(n: int, layout: tuple[int, ...],
               units: list[tuple[str, int]]) -> Iterator[Equality]:
    """An equality for each set of k lines and k regions that leave fewer than n different
    cells (more could never clash with a unit, and rarely help a chain)."""
    regions = [m for _, m in units[2 * n:]]
    work = 0
    for name, rows, cols in _line_sets(n):
        work += n  # the overlaps below cost a pass over the regions
        across = down = 0
        for r in rows:
            across |= units[r][1]
        for c in cols:
            down |= units[n + c][1]
        inside, twice = across | down, across & down
        k = len(rows) + len(cols)
        # A holds the cells of the lines outside the chosen regions, and once more each
        # cell where a row and a column cross: keep the different ones under n.
        overlaps = sorted(((g, (m & inside).bit_count()) for g, m in enumerate(regions)),
                          key=lambda p: -p[1])
        for chosen in _choices(overlaps, k, inside.bit_count() - n + 1):
            work += 1
            if work > _MAX_WORK:
                return
            cover = 0
            for g in chosen:
                cover |= regions[g]
            if ((inside & ~cover) | twice).bit_count() < n:
                names = ", ".join(str(g + 1) for g in sorted(chosen))
                yield Equality(f"{name} and region{'s' if k > 1 else ''} {names}",
                               tuple(sorted(_cells(inside & ~cover) + _cells(twice))),
                               _cells(cover & ~inside))


def _choices(overlaps: list[tuple[int, int]], k: int, least: int) -> Iterator[list[int]]:
    """Sets of k regions (from ``overlaps``, largest first) whose overlaps add up to ``least``."""
    def grow(start: int, chosen: list[int], total: int) -> Iterator[list[int]]:
        need = k - len(chosen)
        if not need:
            yield list(chosen)
            return
        for i in range(start, len(overlaps) - need + 1):
            best = total + sum(ov for _, ov in overlaps[i:i + need])
            if best < least:
                return  # the overlaps only shrink from here
            chosen.append(overlaps[i][0])
            yield from grow(i + 1, chosen, total + overlaps[i][1])
            chosen.pop()

    yield from grow(0, [], 0)


def _mask(cells: tuple[int, ...]) -> int:
    """The mask of some cells."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def _cells(mask: int) -> tuple[int, ...]:
    """The cells of a mask, in order."""
    return tuple(c for c in range(mask.bit_length()) if mask >> c & 1)
