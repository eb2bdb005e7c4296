"""Arrows: the digits on an arrow's line add up to the number in its circle.

A circle of one cell holds the sum itself; a circle of several cells (a "pill") reads as a
number, its first cell the most significant digit, in base ten. Base ten needs digits below
ten, so on grids larger than 9x9 a circle has one cell: "12" in a pill would not tell 1|2
from 12, and no convention for it is shared among setters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
from .base import Unit
from .line_sums import equal_sums
from .rule import PLACED_SECTION, Board, PlacedType, Propagator, Rule, only_fields, read_cells


@dataclass(frozen=True)
class Arrow(Rule):
    """A circle (one or more cells, read as a number) and the line that adds up to it."""

    kind: ClassVar[str] = "arrow"
    circle: tuple[int, ...]
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.circle + self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        k = len(self.circle)
        number = [(c, 10 ** (k - 1 - j)) for j, c in enumerate(self.circle)]
        return (equal_sums((number, [(c, 1) for c in self.cells]), board),)

    def differ(self) -> tuple[Unit, ...]:
        # A one-cell circle exceeds each of two or more positive digits that add up to it.
        if len(self.circle) == 1 and len(self.cells) > 1:
            return tuple((self.circle[0], c) for c in self.cells)
        return ()

    def to_json(self) -> dict[str, object]:
        return {"circle": list(self.circle), "cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> Arrow:
    only_fields(item, ("circle", "cells"), where)
    circle = read_cells(item, "circle", size, where)
    cells = read_cells(item, "cells", size, where)
    if set(circle) & set(cells):
        raise VariantError(f"{where}: a cell is both in the circle and on the line")
    if len(circle) > 1 and size > 9:
        raise VariantError(f"{where}: a circle of several cells reads as a base-ten number, "
                           f"so it needs digits below 10 (grids up to 9x9)")
    return Arrow(circle, cells)


ARROW = PlacedType(
    name="arrow", aliases=("arrows",), words="arrow", json_key="arrows",
    fpuzzles_keys=("arrow",), text_section=PLACED_SECTION,
    rules_text="Digits on an arrow add up to the number in its circle.",
    rule_class=Arrow, read_item=_read,
)
