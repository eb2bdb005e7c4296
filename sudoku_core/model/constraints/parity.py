"""Odd and even cells: a circle holds an odd digit, a square an even one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

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
class Only(Propagator):
    """Cells whose digits lie in ``allowed`` (a mask): one AND each, no search."""

    cells: tuple[int, ...]
    allowed: int

    def prune(self, masks: Masks) -> bool:
        allowed = self.allowed
        for c in self.cells:
            m = masks[c] & allowed
            if not m:
                return False
            masks[c] = m
        return True


def parity_mask(size: int, rest: int) -> int:
    """The digits 1..size whose remainder mod 2 is ``rest`` (1: odd, 0: even)."""
    return sum(1 << (d - 1) for d in range(1, size + 1) if d % 2 == rest)


@dataclass(frozen=True)
class OddCells(Rule):
    """Cells that hold odd digits."""

    kind: ClassVar[str] = "odd cell"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (Only(self.cells, parity_mask(board.size, 1)),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


@dataclass(frozen=True)
class EvenCells(Rule):
    """Cells that hold even digits."""

    kind: ClassVar[str] = "even cell"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (Only(self.cells, parity_mask(board.size, 0)),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read_odd(item: Mapping[str, object], size: int, where: str) -> OddCells:
    only_fields(item, ("cells",), where)
    return OddCells(read_cells(item, "cells", size, where))


def _read_even(item: Mapping[str, object], size: int, where: str) -> EvenCells:
    only_fields(item, ("cells",), where)
    return EvenCells(read_cells(item, "cells", size, where))


ODD = PlacedType(
    name="odd", aliases=("odd-cells",), words="odd cell", json_key="odd",
    fpuzzles_keys=("odd",), text_section=PLACED_SECTION,
    rules_text="A cell with a grey circle holds an odd digit.",
    rule_class=OddCells, read_item=_read_odd,
)
EVEN = PlacedType(
    name="even", aliases=("even-cells",), words="even cell", json_key="even",
    fpuzzles_keys=("even",), text_section=PLACED_SECTION,
    rules_text="A cell with a grey square holds an even digit.",
    rule_class=EvenCells, read_item=_read_even,
)
