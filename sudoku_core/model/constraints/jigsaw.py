"""Jigsaw: the boxes are replaced by N connected regions of N cells (a region index per cell)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import VariantError
from .base import ConstraintType, Unit, is_whole_number

if TYPE_CHECKING:
    from ..variants import Variant


@dataclass(frozen=True)
class Jigsaw(ConstraintType):
    """The region map (``Variant.regions``); its regions stand where the boxes were."""

    fpuzzles_cell_key: str = "region"  # f-puzzles keeps the map in each cell object

    def present(self, variant: Variant) -> bool:
        return bool(variant.regions)

    def taken(self, target: Variant, source: Variant) -> Variant:
        return replace(target, regions=source.regions)

    def json_value(self, variant: Variant) -> object:
        return list(variant.regions)

    def read_json(self, obj: Mapping[object, object], variant: Variant, size: int) -> Variant:
        regions = obj.get(self.json_key, [])
        if regions is None:
            regions = []
        if not isinstance(regions, list) or not all(is_whole_number(r) for r in regions):
            raise VariantError("variant 'regions' must be a list of region indices, one per cell")
        return replace(variant, regions=tuple(regions))

    def cells(self, variant: Variant, box_rows: int, box_cols: int) -> Unit:
        return tuple(range(len(variant.regions)))

    def check(self, variant: Variant, box_rows: int, box_cols: int) -> None:
        """Raise VariantError unless the map holds N connected regions of N cells."""
        if variant.regions:
            _check_regions(variant.regions, box_rows * box_cols)


def _check_regions(regions: tuple[int, ...], n: int) -> None:
    if len(regions) != n * n:
        raise VariantError(f"the region map has {len(regions)} entries; a {n}x{n} grid has "
                           f"{n * n} cells")
    members: dict[int, list[int]] = {}
    for cell, r in enumerate(regions):
        if not 0 <= r < n:
            raise VariantError(f"region {r} of r{cell // n + 1}c{cell % n + 1} is out of range "
                               f"(0 .. {n - 1})")
        members.setdefault(r, []).append(cell)
    for r in range(n):
        got = members.get(r, [])
        if len(got) != n:
            raise VariantError(f"region {r + 1} has {len(got)} cells; each of the {n} regions "
                               f"needs {n}")
        seen = {got[0]}
        todo = [got[0]]
        inside = set(got)
        while todo:
            cell = todo.pop()
            row, col = divmod(cell, n)
            for rr, cc in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                other = rr * n + cc
                if 0 <= rr < n and 0 <= cc < n and other in inside and other not in seen:
                    seen.add(other)
                    todo.append(other)
        if len(seen) != n:
            raise VariantError(f"region {r + 1} is not connected: r{got[0] // n + 1}c"
                               f"{got[0] % n + 1} does not reach all its cells side by side")


JIGSAW = Jigsaw(
    name="jigsaw", aliases=(), words="Jigsaw", json_key="regions", fpuzzles_keys=(),
    text_section="regions",
    rules_text="Digits may not repeat in any of the outlined irregular regions, which replace "
               "the boxes.",
    unit_kind="region",
)
