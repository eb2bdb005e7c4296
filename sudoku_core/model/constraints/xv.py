"""XV: digits joined by a V add up to 5, by an X to 10; with the negative rule, neighbours
with neither between them add up to neither."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ..errors import VariantError
from .base import RULES_SECTION
from .kropki import read_dot
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
    pair_parts,
    pair_table,
    read_int,
)

if TYPE_CHECKING:
    from ..variants import Variant

SUMS = (5, 10)  # V, X


@dataclass(frozen=True)
class XVPair(Rule):
    """Two cells that share an edge; their digits add up to ``sum`` (5 or 10)."""

    kind: ClassVar[str] = "XV pair"
    cells: tuple[int, int]
    sum: int

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        a, b = self.cells
        return (pair_table(a, b, board.size, lambda x, y: x + y == self.sum),)

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "sum": self.sum}


def unmarked(x: int, y: int) -> bool:
    """True when x and y add up to neither 5 nor 10 (no X or V between them)."""
    return x + y not in SUMS


@dataclass(frozen=True)
class XVNegative(Rule):
    """Every two cells that share an edge and no X or V hold :func:`unmarked` digits."""

    kind: ClassVar[str] = "XV negative"

    def scope(self) -> tuple[int, ...]:
        return ()  # every cell: the board names them (see parts)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        """Every neighbouring pair, as on a grid with no X or V (the variant's: below)."""
        return _unmarked_pairs(board, frozenset())

    def propagators_in(self, variant: Variant, board: Board) -> tuple[Propagator, ...]:
        return _unmarked_pairs(board, _marked(variant))

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return _unmarked_tables(board, _marked(variant))

    def to_json(self) -> dict[str, object]:
        return {}


def _marked(variant: Variant) -> frozenset[frozenset[int]]:
    """The pairs of cells with an X or a V between them, which the negative rule leaves alone."""
    return frozenset(frozenset(r.cells) for r in variant.constraints if isinstance(r, XVPair))


def _unmarked_pairs(board: Board, marked: frozenset[frozenset[int]]) -> tuple[Propagator, ...]:
    return neighbours((p for p in adjacent_pairs(board.size) if frozenset(p) not in marked),
                       board.size, unmarked)


@cache
def _unmarked_tables(board: Board, marked: frozenset[frozenset[int]]) -> tuple[Part, ...]:
    """A pair table per pair: a conflict names the two cells."""
    return pair_parts(pair_table(a, b, board.size, unmarked) for a, b in adjacent_pairs(board.size)
                      if frozenset((a, b)) not in marked)


def _read_xv(item: Mapping[str, object], size: int, where: str) -> XVPair:
    only_fields(item, ("cells", "sum"), where)
    cells = read_dot(item, size, where)
    total = read_int(item, "sum", where, 5, 10)
    if total not in SUMS:
        raise VariantError(f"{where}: 'sum' must be 5 (V) or 10 (X), not {total}")
    if total > 2 * size - 1:
        raise VariantError(f"{where}: no two digits 1 .. {size} add up to {total}")
    return XVPair(cells, total)


XV = PlacedType(
    name="xv", aliases=("xv-pair",), words="XV pair", json_key="xv", fpuzzles_keys=("xv",),
    text_section=PLACED_SECTION,
    rules_text="Digits joined by a V add up to 5, digits joined by an X add up to 10.",
    rule_class=XVPair, read_item=_read_xv,
)
# f-puzzles writes the negative rule as "negative": ["xv"]: the key is the list's entry.
XV_NEGATIVE = PlacedType(
    name="xv-negative", aliases=("negative-xv",), words="XV negative", json_key="xv_negative",
    fpuzzles_keys=("negative:xv",), text_section=RULES_SECTION,
    rules_text="Digits in cells that share an edge but no X or V add up to neither 5 nor 10.",
    rule_class=XVNegative, flag=True,
)
