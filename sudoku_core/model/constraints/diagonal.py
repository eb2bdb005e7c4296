"""X-Sudoku: the two long diagonals are units too."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .base import RULES_SECTION, ConstraintType, Unit

if TYPE_CHECKING:
    from ..variants import Variant


def diagonals(size: int) -> list[Unit]:
    """The main diagonal (r1c1 to the far corner), then the anti-diagonal."""
    return [tuple(i * size + i for i in range(size)),
            tuple(i * size + size - 1 - i for i in range(size))]


@dataclass(frozen=True)
class Diagonal(ConstraintType):
    """Both long diagonals (``Variant.diagonals``)."""

    def present(self, variant: Variant) -> bool:
        return variant.diagonals

    def taken(self, target: Variant, source: Variant) -> Variant:
        return replace(target, diagonals=source.diagonals)

    def switched_on(self, variant: Variant) -> Variant:
        return replace(variant, diagonals=True)

    def units(self, variant: Variant, box_rows: int, box_cols: int) -> tuple[Unit, ...]:
        return tuple(diagonals(box_rows * box_cols)) if variant.diagonals else ()


DIAGONAL = Diagonal(
    name="x", aliases=("diagonal", "diagonals"), words="X", json_key="diagonals",
    fpuzzles_keys=("diagonal+", "diagonal-"), text_section=RULES_SECTION,
    rules_text="Digits may not repeat on either long diagonal.", unit_kind="diagonal",
)
