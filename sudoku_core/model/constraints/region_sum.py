"""Region sum lines: box borders cut the line into stretches that all add up to one sum."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .line_sums import equal_sums
from .rule import PLACED_SECTION, Board, PlacedType, Propagator, Rule, only_fields, read_cells


@dataclass(frozen=True)
class RegionSumLine(Rule):
    """A line; each run of its cells within one box (or Jigsaw region) has the same sum."""

    kind: ClassVar[str] = "region sum line"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def stretches(self, board: Board) -> list[list[int]]:
        """The line cut where it crosses a box border (a box entered twice gives two)."""
        found: list[list[int]] = []
        for c in self.cells:
            if found and board.box_of[found[-1][-1]] == board.box_of[c]:
                found[-1].append(c)
            else:
                found.append([c])
        return found

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        stretches = self.stretches(board)
        if len(stretches) < 2:  # one box: nothing to compare
            return ()
        return (equal_sums([[(c, 1) for c in s] for s in stretches], board),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> RegionSumLine:
    only_fields(item, ("cells",), where)
    return RegionSumLine(read_cells(item, "cells", size, where, least=2))


REGION_SUM_LINE = PlacedType(
    name="region-sum-line", aliases=("region sum line", "region-sum-lines", "rsl"),
    words="region sum line", json_key="region_sum_lines", fpuzzles_keys=("regionsumline",),
    text_section=PLACED_SECTION,
    rules_text="Box borders divide a region sum line into stretches that all have the same sum.",
    rule_class=RegionSumLine, read_item=_read,
)
