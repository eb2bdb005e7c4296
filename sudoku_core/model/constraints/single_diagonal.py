"""One long diagonal as a unit: diagonal+ rises from r{N}c1 to r1c{N}, diagonal- falls from
r1c1 to r{N}c{N} (X-Sudoku, ``diagonal.py``, has both)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from .base import RULES_SECTION, Unit
from .rule import Board, Part, PlacedType, Propagator, Rule

if TYPE_CHECKING:
    from ..variants import Variant


@dataclass(frozen=True)
class DiagonalPlus(Rule):
    """The rising diagonal, a unit: the grid's units and peers hold it, no propagator."""

    kind: ClassVar[str] = "diagonal+"

    def units(self, size: int) -> tuple[Unit, ...]:
        return (tuple((size - 1 - i) * size + i for i in range(size)),)

    def scope(self) -> tuple[int, ...]:
        return ()  # its cells depend on the size: see units

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return ()

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return ()  # a repeat is the unit's conflict

    def to_json(self) -> dict[str, object]:
        return {}


@dataclass(frozen=True)
class DiagonalMinus(Rule):
    """The falling diagonal, a unit: the grid's units and peers hold it, no propagator."""

    kind: ClassVar[str] = "diagonal-"

    def units(self, size: int) -> tuple[Unit, ...]:
        return (tuple(i * size + i for i in range(size)),)

    def scope(self) -> tuple[int, ...]:
        return ()  # its cells depend on the size: see units

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return ()

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return ()  # a repeat is the unit's conflict

    def to_json(self) -> dict[str, object]:
        return {}


# No f-puzzles keys: "diagonal+" and "diagonal-" belong to the X row (both diagonals); the
# f-puzzles reader maps a puzzle with only one of them to these rows.
# The CLI names cannot be "diagonal-": names are compared without hyphens, and "diagonal" is
# already the X row's alias.
DIAGONAL_PLUS = PlacedType(
    name="diagonal-plus", aliases=("diagonal+", "anti-diagonal"), words="diagonal+",
    json_key="diagonal_plus", fpuzzles_keys=(), text_section=RULES_SECTION,
    rules_text="Digits may not repeat on the diagonal from the bottom left to the top right.",
    unit_kind="anti-diagonal", rule_class=DiagonalPlus, flag=True, is_unit=True,
)
DIAGONAL_MINUS = PlacedType(
    name="diagonal-minus", aliases=("main-diagonal",), words="diagonal-",
    json_key="diagonal_minus", fpuzzles_keys=(), text_section=RULES_SECTION,
    rules_text="Digits may not repeat on the diagonal from the top left to the bottom right.",
    unit_kind="main diagonal", rule_class=DiagonalMinus, flag=True, is_unit=True,
)
