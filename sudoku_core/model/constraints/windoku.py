"""Windoku (Hyper): boxes shifted one cell down and right, one cell apart, are units too."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..errors import VariantError
from .base import RULES_SECTION, ConstraintType, Unit

if TYPE_CHECKING:
    from ..variants import Variant


def windows(size: int, box_rows: int, box_cols: int) -> list[Unit]:
    """Windoku windows: boxes shifted one cell in, one cell apart, wholly inside the grid."""
    tops = range(1, size - box_rows, box_rows + 1)
    lefts = range(1, size - box_cols, box_cols + 1)
    return [
        tuple((top + r) * size + left + c for r in range(box_rows) for c in range(box_cols))
        for top in tops for left in lefts
    ]


@dataclass(frozen=True)
class Windoku(ConstraintType):
    """The Windoku windows (``Variant.windows``)."""

    def present(self, variant: Variant) -> bool:
        return variant.windows

    def taken(self, target: Variant, source: Variant) -> Variant:
        return replace(target, windows=source.windows)

    def switched_on(self, variant: Variant) -> Variant:
        return replace(variant, windows=True)

    def units(self, variant: Variant, box_rows: int, box_cols: int) -> tuple[Unit, ...]:
        n = box_rows * box_cols
        return tuple(windows(n, box_rows, box_cols)) if variant.windows else ()

    def check(self, variant: Variant, box_rows: int, box_cols: int) -> None:
        """Raise VariantError when no window fits the grid."""
        n = box_rows * box_cols
        if variant.windows and not windows(n, box_rows, box_cols):
            raise VariantError(f"no Windoku window fits a {n}x{n} grid with {box_rows}x"
                               f"{box_cols} boxes")


WINDOKU = Windoku(
    name="windoku", aliases=("hyper", "windows"), words="Windoku", json_key="windows",
    fpuzzles_keys=("extraregion",), text_section=RULES_SECTION,
    rules_text="Digits may not repeat in any of the shaded windows.", unit_kind="window",
)
