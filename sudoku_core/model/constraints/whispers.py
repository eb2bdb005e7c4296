"""Whispers lines: neighbours on the line differ by at least the line's difference.

German whispers (difference 5) are the common kind, Dutch whispers (4) the next; any
difference from 1 to N - 1 is read. Each step is a pair of cells, so the pairs' tables are
exact and the forbidden pairs are the weak links chains read.
"""

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
    read_int,
)

GERMAN = 5  # the difference when none is given
DUTCH = 4


@dataclass(frozen=True)
class Whispers(Rule):
    """A line whose neighbouring digits differ by ``difference`` or more."""

    kind: ClassVar[str] = "whispers line"
    cells: tuple[int, ...]
    difference: int = GERMAN

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        d = self.difference
        return tuple(pair_table(a, b, board.size, lambda x, y: abs(x - y) >= d)
                     for a, b in itertools.pairwise(self.cells))

    def differ(self) -> tuple[Unit, ...]:
        return tuple(itertools.pairwise(self.cells))

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "difference": self.difference}


def _read(item: Mapping[str, object], size: int, where: str) -> Whispers:
    only_fields(item, ("cells", "difference"), where)
    cells = read_cells(item, "cells", size, where, least=2)
    return Whispers(cells, read_int(item, "difference", where, 1, size - 1, default=GERMAN))


WHISPERS = PlacedType(
    name="whispers", aliases=("whisper", "german-whispers", "dutch-whispers"),
    words="whispers line", json_key="whispers", fpuzzles_keys=("whispers",),
    text_section=PLACED_SECTION,
    rules_text="Neighbouring digits on a whispers line differ by at least its difference "
               "(5 on German whispers, 4 on Dutch whispers).",
    rule_class=Whispers, read_item=_read,
)
