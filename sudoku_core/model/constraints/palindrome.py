"""Palindromes: the line reads the same from both ends."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

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
class Palindrome(Rule):
    """A line whose cells the same distance from either end hold the same digit."""

    kind: ClassVar[str] = "palindrome"
    cells: tuple[int, ...]

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        n = len(self.cells)
        return tuple(pair_table(self.cells[i], self.cells[n - 1 - i], board.size,
                                lambda x, y: x == y) for i in range(n // 2))

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


def _read(item: Mapping[str, object], size: int, where: str) -> Palindrome:
    only_fields(item, ("cells",), where)
    return Palindrome(read_cells(item, "cells", size, where, least=2))


PALINDROME = PlacedType(
    name="palindrome", aliases=("palindromes",), words="palindrome", json_key="palindromes",
    fpuzzles_keys=("palindrome",), text_section=PLACED_SECTION,
    rules_text="A palindrome line reads the same from either end.",
    rule_class=Palindrome, read_item=_read,
)
