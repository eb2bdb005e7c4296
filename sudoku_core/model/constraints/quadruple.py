"""Quadruples: the digits in a circle on the corner of (up to) four cells appear in them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
from .base import is_whole_number
from .rule import (
    PLACED_SECTION,
    Board,
    Enumerated,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    read_cells,
)


@dataclass(frozen=True)
class Quadruple(Rule):
    """Cells (2 to 4) that hold every digit of ``digits``, a repeated digit that many times."""

    kind: ClassVar[str] = "quadruple"
    cells: tuple[int, ...]
    digits: tuple[int, ...]  # sorted

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        need = Counter(self.digits)
        n = len(self.cells)

        def missing(values: Sequence[int]) -> int:
            """How many of the required digits the values do not yet hold."""
            have = Counter(values)
            return sum(max(0, k - have[d]) for d, k in need.items())

        # A prefix fails as soon as the cells left cannot hold the digits still missing.
        return (Enumerated(self.cells, lambda v: missing(v) == 0,
                           lambda v: missing(v) <= n - len(v)),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "digits": list(self.digits)}


def _read_quad(item: Mapping[str, object], size: int, where: str) -> Quadruple:
    only_fields(item, ("cells", "digits"), where)
    cells = read_cells(item, "cells", size, where, least=2)
    if len(cells) > 4:
        raise VariantError(f"{where}: needs 2 to 4 cells, not {len(cells)}")
    digits = item.get("digits")
    if (not isinstance(digits, list) or not digits
            or not all(is_whole_number(d) and 1 <= d <= size for d in digits)):
        raise VariantError(f"{where}: 'digits' must be a list of 1 to {len(cells)} digits "
                           f"(1 .. {size})")
    if len(digits) > len(cells):
        raise VariantError(f"{where}: {len(digits)} digits do not fit in {len(cells)} cells")
    return Quadruple(cells, tuple(sorted(digits)))


QUADRUPLES = PlacedType(
    name="quadruple", aliases=("quadruples", "quad"), words="quadruple",
    json_key="quadruples", fpuzzles_keys=("quadruple",), text_section=PLACED_SECTION,
    rules_text="The digits in a circle appear in the cells around it (a repeated digit as "
               "many times).",
    rule_class=Quadruple, read_item=_read_quad,
)
