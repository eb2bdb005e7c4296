"""Thermometers: digits rise from the bulb along the line (a slow one may also stay level)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .base import Unit
from .rule import (
    PLACED_SECTION,
    Board,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    pair_table,
    read_cells,
)


@dataclass(frozen=True)
class Thermometer(Rule):
    """Cells from the bulb to the tip; each digit is greater than the one before."""

    kind: ClassVar[str] = "thermometer"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return tuple(pair_table(a, b, board.size, lambda x, y: x < y)
                     for a, b in itertools.pairwise(self.cells))

    def differ(self) -> tuple[Unit, ...]:
        return (self.cells,) if len(self.cells) > 1 else ()

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


@dataclass(frozen=True)
class SlowThermometer(Rule):
    """Cells from the bulb to the tip; each digit is at least the one before."""

    kind: ClassVar[str] = "slow thermometer"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return tuple(pair_table(a, b, board.size, lambda x, y: x <= y)
                     for a, b in itertools.pairwise(self.cells))

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read_thermo(item: Mapping[str, object], size: int, where: str) -> Thermometer:
    only_fields(item, ("cells",), where)
    return Thermometer(read_cells(item, "cells", size, where, least=2))


def _read_slow(item: Mapping[str, object], size: int, where: str) -> SlowThermometer:
    only_fields(item, ("cells",), where)
    return SlowThermometer(read_cells(item, "cells", size, where, least=2))


THERMOMETER = PlacedType(
    name="thermometer", aliases=("thermo", "thermometers"), words="thermometer",
    json_key="thermometers", fpuzzles_keys=("thermometer",), text_section=PLACED_SECTION,
    rules_text="Digits on a thermometer increase from the bulb.",
    rule_class=Thermometer, read_item=_read_thermo,
)
SLOW_THERMOMETER = PlacedType(
    name="slow-thermometer", aliases=("slow thermo", "slowthermo"), words="slow thermometer",
    json_key="slow_thermometers", fpuzzles_keys=("slowthermometer",),
    text_section=PLACED_SECTION,
    rules_text="Digits on a slow thermometer never decrease from the bulb.",
    rule_class=SlowThermometer, read_item=_read_slow,
)
