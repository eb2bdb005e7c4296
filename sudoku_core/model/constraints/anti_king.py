"""Anti-king: cells a chess king's move apart hold different digits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .base import RULES_SECTION, Break, ConstraintType, Move, move_breaks

if TYPE_CHECKING:
    from ..variants import Variant

KING_MOVES = ((-1, -1), (-1, 1), (1, -1), (1, 1))  # the orthogonal ones already share a unit


@dataclass(frozen=True)
class AntiKing(ConstraintType):
    """The anti-king rule (``Variant.anti_king``)."""

    def present(self, variant: Variant) -> bool:
        return variant.anti_king

    def taken(self, target: Variant, source: Variant) -> Variant:
        return replace(target, anti_king=source.anti_king)

    def switched_on(self, variant: Variant) -> Variant:
        return replace(variant, anti_king=True)

    def breaks(self, variant: Variant, values: Sequence[int], box_of: Sequence[int]
               ) -> list[Break]:
        if not variant.anti_king:
            return []
        return move_breaks("king", KING_MOVES, values)

    def moves(self, variant: Variant) -> tuple[Move, ...]:
        return KING_MOVES if variant.anti_king else ()


ANTI_KING = AntiKing(
    name="antiking", aliases=("anti-king",), words="anti-king", json_key="anti_king",
    fpuzzles_keys=("antiking",), text_section=RULES_SECTION,
    rules_text="Cells a chess king's move apart may not hold the same digit.",
)
