"""Minimums and maximums: a cell less (greater) than each of the cells it shares an edge with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..errors import VariantError
from .rule import (
    PLACED_SECTION,
    Board,
    Part,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    pair_table,
    read_cells,
)

if TYPE_CHECKING:
    from ..variants import Variant


def neighbours(cell: int, size: int) -> tuple[int, ...]:
    """The cells that share an edge with ``cell``: up, left, right, down."""
    r, c = divmod(cell, size)
    steps = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
    return tuple(rr * size + cc for rr, cc in steps if 0 <= rr < size and 0 <= cc < size)


@dataclass(frozen=True)
class Minimum(Rule):
    """One cell whose digit is less than each of its neighbours'."""

    kind: ClassVar[str] = "minimum"
    cell: int

    def scope(self) -> tuple[int, ...]:
        return (self.cell,)  # the neighbours too, on a board: see parts

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return tuple(pair_table(self.cell, b, board.size, lambda x, y: x < y)
                     for b in neighbours(self.cell, board.size))

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return (((self.cell, *neighbours(self.cell, board.size)), self.propagators(board)),)

    def to_json(self) -> dict[str, object]:
        return {"cells": [self.cell]}


@dataclass(frozen=True)
class Maximum(Rule):
    """One cell whose digit is greater than each of its neighbours'."""

    kind: ClassVar[str] = "maximum"
    cell: int

    def scope(self) -> tuple[int, ...]:
        return (self.cell,)  # the neighbours too, on a board: see parts

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return tuple(pair_table(self.cell, b, board.size, lambda x, y: x > y)
                     for b in neighbours(self.cell, board.size))

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return (((self.cell, *neighbours(self.cell, board.size)), self.propagators(board)),)

    def to_json(self) -> dict[str, object]:
        return {"cells": [self.cell]}


def _one_cell(item: Mapping[str, object], size: int, where: str) -> int:
    only_fields(item, ("cells",), where)
    cells = read_cells(item, "cells", size, where)
    if len(cells) != 1:
        raise VariantError(f"{where}: needs exactly 1 cell, not {len(cells)}")
    return cells[0]


def _read_min(item: Mapping[str, object], size: int, where: str) -> Minimum:
    return Minimum(_one_cell(item, size, where))


def _read_max(item: Mapping[str, object], size: int, where: str) -> Maximum:
    return Maximum(_one_cell(item, size, where))


MINIMUMS = PlacedType(
    name="minimum", aliases=("minimums", "min"), words="minimum", json_key="minimums",
    fpuzzles_keys=("minimum",), text_section=PLACED_SECTION,
    rules_text="A cell marked as a minimum is less than each cell it shares an edge with.",
    rule_class=Minimum, read_item=_read_min,
)
MAXIMUMS = PlacedType(
    name="maximum", aliases=("maximums", "max"), words="maximum", json_key="maximums",
    fpuzzles_keys=("maximum",), text_section=PLACED_SECTION,
    rules_text="A cell marked as a maximum is greater than each cell it shares an edge with.",
    rule_class=Maximum, read_item=_read_max,
)
