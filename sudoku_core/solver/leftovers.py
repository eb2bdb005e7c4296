"""The Law of Leftovers on a Jigsaw layout: some region maps admit no grid, seen without search.

Take k rows (or columns) side by side and k regions. Each digit appears k times in the rows
and k times in the regions, so the cells of the rows outside the regions (the leftovers A)
and the cells of the regions outside the rows (the leftovers B) hold the same digits, as
often. A and B together then hold at most |A| different digits, and a row, column or region
that meets them in more than |A| cells would need more: no grid keeps the layout, whatever
the givens. When no single equality shows it, ``leftover_chains`` pairs the leftovers off
cell by cell across all of them. The search alone can take minutes to exhaust such a layout
(a SAT solver's clause learning sees it at once); these checks are one pass over the layout,
kept per region map.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations
from math import comb

from ..model.grid import Shape
from .leftover_chains import Equality, chain_clash

_MAX_SETS = 2_000  # region sets tried per band of lines; past it the band is skipped
_MAX_WORK = 60_000  # region sets tried per layout in all (bounds the check at large sizes)
_MAX_CHAINED = 12  # leftovers per side that are paired off; larger ones rarely force a join


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
    for why, a, b in _leftovers(n, layout, units):
        both = a | b
        size = a.bit_count()
        for name, unit in units:
            meet = (unit & both).bit_count()
            if meet > size:
                return (f"no grid fits these regions: {why} leave {size} cells each, "
                        f"which hold the same "
                        f"digits, but {name} meets those cells in {meet}, so it would need "
                        f"{meet} different digits among {size}")
        if size <= _MAX_CHAINED:
            equalities.append(Equality(why, _cells(a), _cells(b)))
    equalities.sort(key=lambda eq: len(eq.a))  # small ones first: short proofs, early joins
    why_not = chain_clash(n, layout, equalities)
    return None if why_not is None else f"no grid fits these regions: {why_not}"


def _units(n: int, layout: tuple[int, ...]) -> list[tuple[str, int]]:
    """Rows, columns and regions, named, as cell masks."""
    regions = [0] * n
    for c, g in enumerate(layout):
        regions[g] |= 1 << c
    units = [(f"row {r + 1}", sum(1 << (r * n + c) for c in range(n))) for r in range(n)]
    units += [(f"column {c + 1}", sum(1 << (r * n + c) for r in range(n))) for c in range(n)]
    units += [(f"region {g + 1}", m) for g, m in enumerate(regions)]
    return units


def _leftovers(n: int, layout: tuple[int, ...],
               units: list[tuple[str, int]]) -> Iterator[tuple[str, int, int]]:
    """(which units, leftovers A, leftovers B) for each band of k lines and k regions."""
    regions = [m for _, m in units[2 * n:]]
    work = 0
    for word, lines in (("rows", units[:n]), ("columns", units[n:2 * n])):
        for top in range(n):
            for end in range(top + 1, n + 1 if top else n):
                inside = 0
                for _, m in lines[top:end]:
                    inside |= m
                k = end - top
                touching = [g for g, m in enumerate(regions) if m & inside]
                if comb(len(touching), k) > _MAX_SETS:
                    continue
                work += comb(len(touching), k)
                if work > _MAX_WORK:
                    return
                span = f"{word} {top + 1}-{end}" if k > 1 else f"{word[:-1]} {end}"
                for chosen in combinations(touching, k):
                    cells = 0
                    for g in chosen:
                        cells |= regions[g]
                    a = inside & ~cells
                    if a:
                        names = ", ".join(str(g + 1) for g in chosen)
                        yield (f"{span} and region{'s' if k > 1 else ''} {names}", a,
                               cells & ~inside)


def _cells(mask: int) -> tuple[int, ...]:
    """The cells of a mask, in order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)
