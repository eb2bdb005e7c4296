"""Renban lines: the line's digits are distinct and consecutive, in any order.

A renban of k cells holds one run of k digits (1-3, 2-4, ...). A run is still possible when
each cell has a candidate in it and each of its digits is a candidate of some cell; the cells
keep the digits of the runs still possible. Distinctness itself is a differ group, so every
solver and technique sees the line's cells as peers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
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


@dataclass(frozen=True, eq=False)
class Runs(Propagator):
    """The cells' digits form one run of consecutive digits (``size`` the grid's N)."""

    cells: tuple[int, ...]
    size: int

    def prune(self, masks: Masks) -> bool:
        k = len(self.cells)
        held = [masks[c] for c in self.cells]
        union = 0
        for m in held:
            union |= m
        allowed = 0
        run = (1 << k) - 1
        for shift in range(self.size - k + 1):
            window = run << shift
            if union & window == window and all(m & window for m in held):
                allowed |= window
        if not allowed:
            return False
        for c in self.cells:
            masks[c] &= allowed
        return True


@dataclass(frozen=True)
class Renban(Rule):
    """A line of distinct, consecutive digits in any order."""

    kind: ClassVar[str] = "renban"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (Runs(self.cells, board.size),)

    def differ(self) -> tuple[Unit, ...]:
        return (self.cells,)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> Renban:
    only_fields(item, ("cells",), where)
    cells = read_cells(item, "cells", size, where, least=2)
    if len(cells) > size:
        raise VariantError(f"{where}: {len(cells)} cells cannot hold distinct digits "
                           f"1 .. {size}")
    return Renban(cells)


RENBAN = PlacedType(
    name="renban", aliases=("renban-line", "renbans"), words="renban line", json_key="renban",
    fpuzzles_keys=("renban",), text_section=PLACED_SECTION,
    rules_text="A renban line holds distinct, consecutive digits in any order.",
    rule_class=Renban, read_item=_read,
)
