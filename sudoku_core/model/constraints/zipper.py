"""Zipper lines: cells the same distance from the middle add up to the middle's value.

On a line of odd length the value is the digit in the middle cell; on one of even length it
is the sum of the middle pair, so every pair folded about the middle has one sum.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .base import Unit
from .line_sums import equal_sums
from .rule import PLACED_SECTION, Board, PlacedType, Propagator, Rule, only_fields, read_cells


@dataclass(frozen=True)
class ZipperLine(Rule):
    """A line folded at its middle: each folded pair adds up to the middle's value."""

    kind: ClassVar[str] = "zipper line"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        cells = self.cells
        n = len(cells)
        half = n // 2
        pairs = [[(cells[i], 1), (cells[n - 1 - i], 1)] for i in range(half)]
        if n % 2:
            groups = [[(cells[half], 1)], *pairs]
        else:  # the middle pair is one more pair: all pairs share a sum
            groups = pairs
        return (equal_sums(groups, board),)

    def differ(self) -> tuple[Unit, ...]:
        # An odd line's middle digit is the sum of two positive digits: greater than each.
        n = len(self.cells)
        if n % 2 == 0:
            return ()
        middle = self.cells[n // 2]
        return tuple((middle, c) for c in self.cells if c != middle)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> ZipperLine:
    only_fields(item, ("cells",), where)
    return ZipperLine(read_cells(item, "cells", size, where, least=3))


ZIPPER_LINE = PlacedType(
    name="zipper-line", aliases=("zipper line", "zipper", "zipper-lines"), words="zipper line",
    json_key="zipper_lines", fpuzzles_keys=("zipperline",), text_section=PLACED_SECTION,
    rules_text="Digits the same distance from the middle of a zipper line add up to the digit "
               "in the middle (or, on a line of even length, to the sum of the middle pair).",
    rule_class=ZipperLine, read_item=_read,
)
