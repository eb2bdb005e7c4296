"""Clones: two regions of the same shape hold the same digits, cell by cell."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
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


def same(x: int, y: int) -> bool:
    return x == y


@dataclass(frozen=True)
class Clone(Rule):
    """``cells[i]`` and ``copy[i]`` hold the same digit, for every i."""

    kind: ClassVar[str] = "clone"
    cells: tuple[int, ...]
    copy: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells + tuple(c for c in self.copy if c not in self.cells)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return tuple(pair_table(a, b, board.size, same)
                     for a, b in zip(self.cells, self.copy, strict=True))

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "copy": list(self.copy)}


def _read_clone(item: Mapping[str, object], size: int, where: str) -> Clone:
    only_fields(item, ("cells", "copy"), where)
    cells = read_cells(item, "cells", size, where)
    copy = read_cells(item, "copy", size, where)
    if len(cells) != len(copy):
        raise VariantError(f"{where}: 'cells' has {len(cells)} cells but 'copy' has "
                           f"{len(copy)}")
    for a, b in zip(cells, copy, strict=True):
        if a == b:
            raise VariantError(f"{where}: cell {a} is its own copy")
    return Clone(cells, copy)


CLONES = PlacedType(
    name="clone", aliases=("clones",), words="clone", json_key="clones",
    fpuzzles_keys=("clone",), text_section=PLACED_SECTION,
    rules_text="Cloned regions hold the same digits in the same places.",
    rule_class=Clone, read_item=_read_clone,
)
