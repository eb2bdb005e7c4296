"""Modular lines: any three neighbours on the line differ modulo 3.

Three neighbours take the three classes of a sorting of digits (here 1 4 7 / 2 5 8 / 3 6 9,
their remainders by 3) exactly when cells one and two steps apart are in different classes.
So the rule is pairwise: tables for one and two steps (different classes) and for three steps
(the same class, which follows but lets arc consistency see it at once).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
from .base import Unit
from .rule import (
    PLACED_SECTION,
    Board,
    PairTable,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    pair_table,
    read_cells,
)


def class_tables(cells: tuple[int, ...], size: int,
                 klass: Callable[[int], int]) -> tuple[PairTable, ...]:
    """Tables making any three neighbours on ``cells`` fall into three different classes."""
    def apart(x: int, y: int) -> bool:
        return klass(x) != klass(y)

    def alike(x: int, y: int) -> bool:
        return klass(x) == klass(y)

    return tuple(pair_table(cells[i], cells[i + step], size, alike if step == 3 else apart)
                 for step in (1, 2, 3) for i in range(len(cells) - step))


def windows(cells: tuple[int, ...]) -> tuple[Unit, ...]:
    """Every three neighbours on the line: their digits differ (their classes do)."""
    return tuple(cells[i:i + 3] for i in range(len(cells) - 2))


@dataclass(frozen=True)
class ModularLine(Rule):
    """A line on which any three neighbouring digits have different remainders by 3."""

    kind: ClassVar[str] = "modular line"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return class_tables(self.cells, board.size, lambda d: d % 3)

    def differ(self) -> tuple[Unit, ...]:
        return windows(self.cells)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> ModularLine:
    only_fields(item, ("cells",), where)
    if size < 3:
        raise VariantError(f"{where}: a modular line needs digits of three remainders by 3 "
                           f"(a grid of 3x3 or more)")
    return ModularLine(read_cells(item, "cells", size, where, least=3))


MODULAR_LINE = PlacedType(
    name="modular-line", aliases=("modular line", "modular-lines", "modular"),
    words="modular line", json_key="modular_lines", fpuzzles_keys=("modularline",),
    text_section=PLACED_SECTION,
    rules_text="Any three neighbouring digits on a modular line have different remainders "
               "when divided by 3.",
    rule_class=ModularLine, read_item=_read,
)
