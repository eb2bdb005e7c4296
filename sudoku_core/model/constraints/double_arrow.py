"""Double arrows: a line with a circle at each end; the two ends add up to the cells between."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .line_sums import equal_sums
from .rule import PLACED_SECTION, Board, PlacedType, Propagator, Rule, only_fields, read_cells


@dataclass(frozen=True)
class DoubleArrow(Rule):
    """Cells from one end to the other; the ends' digits add up to the sum of the rest."""

    kind: ClassVar[str] = "double arrow"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        ends = [(self.cells[0], 1), (self.cells[-1], 1)]
        return (equal_sums((ends, [(c, 1) for c in self.cells[1:-1]]), board),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> DoubleArrow:
    only_fields(item, ("cells",), where)
    return DoubleArrow(read_cells(item, "cells", size, where, least=3))


DOUBLE_ARROW = PlacedType(
    name="double-arrow", aliases=("double arrow", "double-arrows"), words="double arrow",
    json_key="double_arrows", fpuzzles_keys=("doublearrow",), text_section=PLACED_SECTION,
    rules_text="The digits in the two circles of a double arrow add up to the sum of the "
               "digits between them.",
    rule_class=DoubleArrow, read_item=_read,
)
