"""The Law of Leftovers on a Jigsaw layout: some region maps admit no grid, seen without search.

Take k rows (or columns) side by side and k regions. Each digit appears k times in the rows
and k times in the regions, so the cells of the rows outside the regions (the leftovers A)
and the cells of the regions outside the rows (the leftovers B) hold the same digits, as
often. A and B together then hold at most |A| different digits, and a row, column or region
that meets them in more than |A| cells would need more: no grid keeps the layout, whatever
the givens. The search alone can take minutes to exhaust such a layout (a SAT solver's clause
learning sees it at once); this check is one pass over the layout, kept per shape.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb

from ..model.grid import Shape

_MAX_SETS = 2_000  # region sets tried per band of lines; past it the band is skipped


def leftover_clash(shape: Shape) -> str | None:
    """Why no grid keeps the shape's regions, in words; None when this check finds no reason."""
    variant = shape.variant
    if variant is None or not variant.regions:
        return None
    return _clash(shape.size, variant.regions)


@cache
def _clash(n: int, layout: tuple[int, ...]) -> str | None:
    """The clash of a region map (kept per map: Killer cages on it make many shapes)."""
    rows = [frozenset(r * n + c for c in range(n)) for r in range(n)]
    cols = [frozenset(r * n + c for r in range(n)) for c in range(n)]
    regions = [frozenset(c for c in range(n * n) if layout[c] == k) for k in range(n)]
    units = [(f"row {i + 1}", u) for i, u in enumerate(rows)]
    units += [(f"column {i + 1}", u) for i, u in enumerate(cols)]
    units += [(f"region {i + 1}", u) for i, u in enumerate(regions)]
    for word, lines in (("rows", rows), ("columns", cols)):
        for top in range(n):
            for end in range(top + 1, n + 1 if top else n):
                why = _band_clash(lines[top:end], regions, units)
                if why is not None:
                    span = f"{word} {top + 1}-{end}" if end - top > 1 else f"{word[:-1]} {end}"
                    return f"no grid fits these regions: {span} and {why}"
    return None


def _band_clash(band: list[frozenset[int]], regions: list[frozenset[int]],
                units: list[tuple[str, frozenset[int]]]) -> str | None:
    """The leftover clash of ``band`` (k lines) with some k regions, in words, or None."""
    k = len(band)
    inside = frozenset().union(*band)
    touching = [g for g, cells in enumerate(regions) if cells & inside]
    if comb(len(touching), k) > _MAX_SETS:
        return None
    for chosen in combinations(touching, k):
        cells = frozenset().union(*(regions[g] for g in chosen))
        a, b = inside - cells, cells - inside
        if not a:
            continue
        both = a | b
        for name, unit in units:
            meet = len(unit & both)
            if meet > len(a):
                names = ", ".join(str(g + 1) for g in chosen)
                return (f"region{'s' if k > 1 else ''} {names} leave {len(a)} cells each, "
                        f"which hold the same digits, but {name} meets those cells in {meet}, "
                        f"so it would need {meet} different digits among {len(a)}")
    return None
