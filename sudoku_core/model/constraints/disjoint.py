"""Disjoint groups: cells in the same place of their boxes (every top-left cell, ...) differ."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from .base import RULES_SECTION, Unit
from .rule import Board, Part, PlacedType, Propagator, Rule

if TYPE_CHECKING:
    from ..variants import Variant


def disjoint_groups(box_rows: int, box_cols: int) -> tuple[Unit, ...]:
    """N units, one per place in a box: group k holds the k-th cell (row by row) of each box."""
    n = box_rows * box_cols
    groups: list[list[int]] = [[] for _ in range(n)]
    for cell in range(n * n):
        r, c = divmod(cell, n)
        groups[(r % box_rows) * box_cols + c % box_cols].append(cell)
    return tuple(tuple(g) for g in groups)


@dataclass(frozen=True)
class DisjointGroups(Rule):
    """The whole grid: its units need the box shape, so the row gives them (below)."""

    kind: ClassVar[str] = "disjoint groups"

    def scope(self) -> tuple[int, ...]:
        return ()  # every cell: the units name them

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return ()  # units: the grid's peers and hidden singles hold them

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return ()  # a repeat is the unit's conflict

    def to_json(self) -> dict[str, object]:
        return {}


@dataclass(frozen=True)
class DisjointType(PlacedType):
    """The row: a rule's units come from the box shape, which :class:`Rule` does not see.

    On a Jigsaw the groups still follow the regular boxes of the shape."""

    def units(self, variant: Variant, box_rows: int, box_cols: int) -> tuple[Unit, ...]:
        return disjoint_groups(box_rows, box_cols) if self.present(variant) else ()


DISJOINT_GROUPS = DisjointType(
    name="disjoint-groups", aliases=("disjoint",), words="disjoint groups",
    json_key="disjoint_groups", fpuzzles_keys=("disjointgroups",), text_section=RULES_SECTION,
    rules_text="Cells in the same position of their boxes may not hold the same digit.",
    unit_kind="disjoint group", rule_class=DisjointGroups, flag=True, is_unit=True,
)
