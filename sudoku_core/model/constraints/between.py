"""Between lines: the digits between the two ends lie strictly between the ends' digits.

The propagator tries each pair of end digits: it is possible when every cell between has a
candidate strictly inside; the ends keep the digits of possible pairs, the cells between the
digits inside some possible pair's range.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .base import Unit
from .rule import (
    PLACED_SECTION,
    Board,
    Masks,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    read_cells,
)


def _digits(m: int) -> list[int]:
    return [d for d in range(1, m.bit_length() + 1) if m >> (d - 1) & 1]


@dataclass(frozen=True, eq=False)
class Between(Propagator):
    """Cells from one end to the other; the inner cells lie strictly between the ends."""

    cells: tuple[int, ...]

    def prune(self, masks: Masks) -> bool:
        a, b = self.cells[0], self.cells[-1]
        inner_cells = self.cells[1:-1]
        held = [masks[c] for c in inner_cells]
        keep_a = keep_b = inside = 0
        for x in _digits(masks[a]):
            for y in _digits(masks[b]):
                lo, hi = min(x, y), max(x, y)
                if hi - lo < 2:
                    continue
                window = ((1 << (hi - 1)) - 1) ^ ((1 << lo) - 1)  # digits lo+1 .. hi-1
                if all(m & window for m in held):
                    keep_a |= 1 << (x - 1)
                    keep_b |= 1 << (y - 1)
                    inside |= window
        if not keep_a:
            return False
        masks[a] = keep_a
        masks[b] = keep_b
        for c, m in zip(inner_cells, held, strict=True):
            masks[c] = m & inside
        return True


@dataclass(frozen=True)
class BetweenLine(Rule):
    """A line with a circle at each end; each digit between lies strictly between the ends."""

    kind: ClassVar[str] = "between line"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (Between(self.cells),)

    def differ(self) -> tuple[Unit, ...]:
        a, b = self.cells[0], self.cells[-1]
        return tuple((a, c, b) for c in self.cells[1:-1])

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> BetweenLine:
    only_fields(item, ("cells",), where)
    return BetweenLine(read_cells(item, "cells", size, where, least=3))


BETWEEN_LINE = PlacedType(
    name="between-line", aliases=("between line", "between-lines", "between"),
    words="between line", json_key="between_lines", fpuzzles_keys=("betweenline",),
    text_section=PLACED_SECTION,
    rules_text="Digits on a between line lie strictly between the digits in its two circles.",
    rule_class=BetweenLine, read_item=_read,
)
