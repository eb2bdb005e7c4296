"""Non-consecutive: digits in cells that share an edge never differ by one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from .base import RULES_SECTION
from .rule import Board, Part, PlacedType, Propagator, Rule, adjacent_pairs, pair_parts, pair_table

if TYPE_CHECKING:
    from ..variants import Variant


def apart(x: int, y: int) -> bool:
    """True when x and y are not consecutive."""
    return abs(x - y) != 1


@dataclass(frozen=True)
class Nonconsecutive(Rule):
    """The whole grid: a pair table for every two cells that share an edge."""

    kind: ClassVar[str] = "nonconsecutive"

    def scope(self) -> tuple[int, ...]:
        return ()  # every cell: the board names them (see parts)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return tuple(pair_table(a, b, board.size, apart) for a, b in adjacent_pairs(board.size))

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return pair_parts(self.propagators(board))

    def to_json(self) -> dict[str, object]:
        return {}


NONCONSECUTIVE = PlacedType(
    name="nonconsecutive", aliases=("non-consecutive", "nonconsec"), words="non-consecutive",
    json_key="nonconsecutive", fpuzzles_keys=("nonconsecutive",), text_section=RULES_SECTION,
    rules_text="Digits in cells that share an edge may not be consecutive.",
    rule_class=Nonconsecutive, flag=True,
)
