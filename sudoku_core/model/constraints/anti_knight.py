"""Anti-knight: cells a chess knight's move apart hold different digits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .base import RULES_SECTION, Break, ConstraintType, Move, move_breaks

if TYPE_CHECKING:
    from ..variants import Variant

KNIGHT_MOVES = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


@dataclass(frozen=True)
class AntiKnight(ConstraintType):
    """The anti-knight rule (``Variant.anti_knight``)."""

    def present(self, variant: Variant) -> bool:
        return variant.anti_knight

    def taken(self, target: Variant, source: Variant) -> Variant:
        return replace(target, anti_knight=source.anti_knight)

    def switched_on(self, variant: Variant) -> Variant:
        return replace(variant, anti_knight=True)

    def breaks(self, variant: Variant, values: Sequence[int], box_of: Sequence[int]
               ) -> list[Break]:
        if not variant.anti_knight:
            return []
        return move_breaks("knight", KNIGHT_MOVES, values)

    def moves(self, variant: Variant) -> tuple[Move, ...]:
        return KNIGHT_MOVES if variant.anti_knight else ()


ANTI_KNIGHT = AntiKnight(
    name="antiknight", aliases=("anti-knight",), words="anti-knight", json_key="anti_knight",
    fpuzzles_keys=("antiknight",), text_section=RULES_SECTION,
    rules_text="Cells a chess knight's move apart may not hold the same digit.",
)
