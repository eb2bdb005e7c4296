"""Kropki dots: a white dot joins digits that differ by its value (1 unless marked), a black
dot digits in ratio 1:value (1:2 unless marked); with the negative rule, neighbours with no
dot between them are neither consecutive nor in ratio 1:2."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ..errors import VariantError
from .base import RULES_SECTION
from .nonconsecutive import neighbours
from .rule import (
    PLACED_SECTION,
    Board,
    Part,
    PlacedType,
    Propagator,
    Rule,
    adjacent_pairs,
    only_fields,
    orthogonal,
    pair_parts,
    pair_table,
    read_cells,
    read_int,
)

if TYPE_CHECKING:
    from ..variants import Variant


@dataclass(frozen=True)
class WhiteDot(Rule):
    """Two cells that share an edge; their digits differ by ``value``."""

    kind: ClassVar[str] = "white dot"
    cells: tuple[int, int]
    value: int = 1

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        a, b = self.cells
        return (pair_table(a, b, board.size, lambda x, y: abs(x - y) == self.value),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "value": self.value}


@dataclass(frozen=True)
class BlackDot(Rule):
    """Two cells that share an edge; one digit is ``value`` times the other."""

    kind: ClassVar[str] = "black dot"
    cells: tuple[int, int]
    value: int = 2

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        a, b = self.cells
        k = self.value
        return (pair_table(a, b, board.size, lambda x, y: x == k * y or y == k * x),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "value": self.value}


def plain(x: int, y: int) -> bool:
    """True when x and y are neither consecutive nor in ratio 1:2 (no dot between them)."""
    return abs(x - y) != 1 and x != 2 * y and y != 2 * x


@dataclass(frozen=True)
class KropkiNegative(Rule):
    """Every two cells that share an edge and no dot hold :func:`plain` digits."""

    kind: ClassVar[str] = "kropki negative"

    def scope(self) -> tuple[int, ...]:
        return ()  # every cell: the board names them (see parts)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        """Every neighbouring pair, as on a grid with no dot (the variant's dots: below)."""
        return _plain_pairs(board, frozenset())

    def propagators_in(self, variant: Variant, board: Board) -> tuple[Propagator, ...]:
        return _plain_pairs(board, _dotted(variant))

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return _plain_tables(board, _dotted(variant))

    def to_json(self) -> dict[str, object]:
        return {}


def _dotted(variant: Variant) -> frozenset[frozenset[int]]:
    """The pairs of cells with a dot between them, which the negative rule leaves alone."""
    return frozenset(frozenset(r.cells) for r in variant.constraints
                     if isinstance(r, WhiteDot | BlackDot))


def _plain_pairs(board: Board, dotted: frozenset[frozenset[int]]) -> tuple[Propagator, ...]:
    return neighbours((p for p in adjacent_pairs(board.size) if frozenset(p) not in dotted),
                       board.size, plain)


@cache
def _plain_tables(board: Board, dotted: frozenset[frozenset[int]]) -> tuple[Part, ...]:
    """A pair table per pair: a conflict names the two cells."""
    return pair_parts(pair_table(a, b, board.size, plain) for a, b in adjacent_pairs(board.size)
                      if frozenset((a, b)) not in dotted)


def read_dot(item: Mapping[str, object], size: int, where: str) -> tuple[int, int]:
    """The two cells of a dot (or of an XV pair), checked to share an edge."""
    cells = read_cells(item, "cells", size, where, least=2)
    if len(cells) != 2:
        raise VariantError(f"{where}: needs exactly 2 cells, not {len(cells)}")
    a, b = cells
    if not orthogonal(a, b, size):
        raise VariantError(f"{where}: cells {a} and {b} do not share an edge")
    return a, b


def _read_white(item: Mapping[str, object], size: int, where: str) -> WhiteDot:
    only_fields(item, ("cells", "value"), where)
    cells = read_dot(item, size, where)
    return WhiteDot(cells, read_int(item, "value", where, 1, size - 1, default=1))


def _read_black(item: Mapping[str, object], size: int, where: str) -> BlackDot:
    only_fields(item, ("cells", "value"), where)
    cells = read_dot(item, size, where)
    return BlackDot(cells, read_int(item, "value", where, 2, size, default=2))


WHITE_DOTS = PlacedType(
    name="kropki-white", aliases=("white-dot", "white-dots"), words="white dot",
    json_key="white_dots", fpuzzles_keys=("difference",), text_section=PLACED_SECTION,
    rules_text="Digits joined by a white dot differ by its value (1 unless marked).",
    rule_class=WhiteDot, read_item=_read_white,
)
BLACK_DOTS = PlacedType(
    name="kropki-black", aliases=("black-dot", "black-dots"), words="black dot",
    json_key="black_dots", fpuzzles_keys=("ratio",), text_section=PLACED_SECTION,
    rules_text="Of two digits joined by a black dot, one is its value (2 unless marked) times "
               "the other.",
    rule_class=BlackDot, read_item=_read_black,
)
# f-puzzles writes the negative rule as "negative": ["ratio"] (it covers both colours of dot);
# the key is the list's entry, which the f-puzzles reader looks up.
KROPKI_NEGATIVE = PlacedType(
    name="kropki-negative", aliases=("negative-kropki",), words="Kropki negative",
    json_key="kropki_negative", fpuzzles_keys=("negative:ratio",), text_section=RULES_SECTION,
    rules_text="Digits in cells that share an edge but no dot are neither consecutive nor one "
               "twice the other.",
    rule_class=KropkiNegative, flag=True,
)
