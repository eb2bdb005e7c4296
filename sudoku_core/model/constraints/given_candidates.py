"""Given candidates (pencil-mark sudoku): the setter's pencil marks in a cell are a clue, the
cell holds one of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
from .base import is_whole_number
from .parity import Only
from .rule import (
    PLACED_SECTION,
    Board,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    read_cells,
)


@dataclass(frozen=True)
class GivenCandidates(Rule):
    """One cell whose digit is one of ``digits``."""

    kind: ClassVar[str] = "given candidates"
    cell: int
    digits: tuple[int, ...]  # sorted, distinct

    def scope(self) -> tuple[int, ...]:
        return (self.cell,)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (Only((self.cell,), sum(1 << (d - 1) for d in self.digits)),)

    def to_json(self) -> dict[str, object]:
        return {"cells": [self.cell], "digits": list(self.digits)}


def _read(item: Mapping[str, object], size: int, where: str) -> GivenCandidates:
    only_fields(item, ("cells", "digits"), where)
    cells = read_cells(item, "cells", size, where)
    if len(cells) != 1:
        raise VariantError(f"{where}: needs exactly 1 cell, not {len(cells)}")
    digits = item.get("digits")
    if (not isinstance(digits, list) or not digits
            or not all(is_whole_number(d) and 1 <= d <= size for d in digits)):
        raise VariantError(f"{where}: 'digits' must be a list of 1 to {size} digits "
                           f"(1 .. {size})")
    if len(set(digits)) != len(digits):
        raise VariantError(f"{where}: a digit is listed twice")
    return GivenCandidates(cells[0], tuple(sorted(digits)))


GIVEN_CANDIDATES = PlacedType(
    name="given-candidates", aliases=("pencilmark", "pencil-marks", "given-pencil-marks"),
    words="given candidates", json_key="given_candidates",
    fpuzzles_keys=(), text_section=PLACED_SECTION,
    rules_text="A cell with given pencil marks holds one of those digits.",
    rule_class=GivenCandidates, read_item=_read,
)
