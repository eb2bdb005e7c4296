"""Entropic lines: any three neighbours hold one low, one middle and one high digit.

Low, middle and high are the thirds of 1 .. N (1-3, 4-6, 7-9 on 9x9; 1-2, 3-4, 5-6 on 6x6),
so the rule needs N divisible by 3 and is refused on other grids. Like a modular line it is
pairwise (see ``modular.class_tables``), with the thirds as classes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
from .base import Unit
from .modular import class_tables, windows
from .rule import PLACED_SECTION, Board, PlacedType, Propagator, Rule, only_fields, read_cells


@dataclass(frozen=True)
class EntropicLine(Rule):
    """A line on which any three neighbouring digits lie in different thirds of 1 .. N."""

    kind: ClassVar[str] = "entropic line"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        third = board.size // 3
        return class_tables(self.cells, board.size, lambda d: (d - 1) // third)

    def differ(self) -> tuple[Unit, ...]:
        return windows(self.cells)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> EntropicLine:
    only_fields(item, ("cells",), where)
    if size % 3:
        raise VariantError(f"{where}: an entropic line needs the digits 1 .. N in three equal "
                           f"thirds, and {size} is not divisible by 3")
    return EntropicLine(read_cells(item, "cells", size, where, least=3))


ENTROPIC_LINE = PlacedType(
    name="entropic-line", aliases=("entropic line", "entropic-lines", "entropic"),
    words="entropic line", json_key="entropic_lines", fpuzzles_keys=("entropicline",),
    text_section=PLACED_SECTION,
    rules_text="Any three neighbouring digits on an entropic line hold one low, one middle and "
               "one high digit (the thirds of 1 to N).",
    rule_class=EntropicLine, read_item=_read,
)
