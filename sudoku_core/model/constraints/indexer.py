"""Indexing cells (159 sudoku and its kin): an indexing cell's digit says where, along its row,
column or box, a digit given by the cell's own place goes.

As f-puzzles (and SudokuSolver, which reads its keys) mean them, with rows, columns and
places in a box counted from 1 and a box's places in reading order:

- column indexer at row r, column c holding X: the digit c stands in column X of row r
  (159 sudoku: the indexing cells fill columns 1, 5 and 9);
- row indexer at row r, column c holding X: the digit r stands in row X of column c;
- box indexer at place p of its box holding X: the digit p stands at place X of that box
  (on a Jigsaw, of that region, its cells in reading order).

A cell that points at itself (X = c in a column) says nothing more than that it holds X.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from .rule import (
    PLACED_SECTION,
    Board,
    Masks,
    PairTable,
    Part,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    pair_parts,
    pair_table,
    read_cells,
)

if TYPE_CHECKING:
    from ..variants import Variant


def row_of(cell: int, board: Board) -> tuple[int, ...]:
    """The cells of the cell's row, column 1 first: what a column indexer points into."""
    start = cell - cell % board.size
    return tuple(range(start, start + board.size))


def column_of(cell: int, board: Board) -> tuple[int, ...]:
    """The cells of the cell's column, row 1 first: what a row indexer points into."""
    return tuple(range(cell % board.size, board.size * board.size, board.size))


def box_of(cell: int, board: Board) -> tuple[int, ...]:
    """The cells of the cell's box (region) in reading order: what a box indexer points into."""
    box = board.box_of[cell]
    return tuple(c for c, b in enumerate(board.box_of) if b == box)


@dataclass(frozen=True, eq=False)
class Pointer(Propagator):
    """One indexing cell (``cells[0]``) and the line it points into (``cells[1:]``, in index
    order): holding X, the line's X-th cell holds the indexing cell's own index.

    It prunes what a pair table from the indexing cell to each cell of its line would (an X
    whose target cannot hold the index goes; a placed X places the index), in one pass."""

    cells: tuple[int, ...]
    index: int  # the indexing cell's own place in its line, from 1

    def prune(self, masks: Masks) -> bool:
        cells = self.cells
        me = cells[0]
        own = 1 << (self.index - 1)
        m = masks[me]
        keep = 0
        x = 1
        rest = m
        while rest:
            if rest & 1:
                target = cells[x]
                if target == me or masks[target] & own:
                    keep |= 1 << (x - 1)
            rest >>= 1
            x += 1
        if not keep:
            return False
        masks[me] = keep
        if not keep & (keep - 1):
            target = cells[keep.bit_length()]
            if target != me:
                masks[target] &= own  # not empty: the loop kept X for that
        return True


def _points(x: int, own: int) -> Callable[[int, int], bool]:
    """The test of an indexing cell of index ``own`` and the X-th cell of its line."""
    return lambda a, b: a != x or b == own


@dataclass(frozen=True)
class _Indexers(Rule):
    """Indexing cells; a subclass says which line each points into."""

    cells: tuple[int, ...]

    def line(self, cell: int, board: Board) -> tuple[int, ...]:
        """The cells ``cell`` points into, in index order."""
        raise NotImplementedError

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        found = []
        for cell in self.cells:
            line = self.line(cell, board)
            found.append(Pointer((cell, *line), line.index(cell) + 1))
        return tuple(found)

    def pairs(self, board: Board) -> tuple[PairTable, ...]:
        """The rule as pair tables, from each indexing cell to each other cell of its line:
        what :class:`Pointer` prunes, and the parts the conflict check names."""
        found = []
        for cell in self.cells:
            line = self.line(cell, board)
            own = line.index(cell) + 1
            for x, target in enumerate(line, 1):
                if target != cell:
                    found.append(pair_table(cell, target, board.size, _points(x, own)))
        return tuple(found)

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        """A part per indexing cell and cell it may point at: a conflict names the two."""
        return pair_parts(self.pairs(board))

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells)}


@dataclass(frozen=True)
class ColumnIndexers(_Indexers):
    """Cells whose digit X says: the digit of my column stands in column X of my row."""

    kind: ClassVar[str] = "column indexer"

    def line(self, cell: int, board: Board) -> tuple[int, ...]:
        return row_of(cell, board)


@dataclass(frozen=True)
class RowIndexers(_Indexers):
    """Cells whose digit X says: the digit of my row stands in row X of my column."""

    kind: ClassVar[str] = "row indexer"

    def line(self, cell: int, board: Board) -> tuple[int, ...]:
        return column_of(cell, board)


@dataclass(frozen=True)
class BoxIndexers(_Indexers):
    """Cells whose digit X says: the digit of my place in my box stands at place X of it."""

    kind: ClassVar[str] = "box indexer"

    def line(self, cell: int, board: Board) -> tuple[int, ...]:
        return box_of(cell, board)


def _reader(cls: type[_Indexers]) -> Callable[[Mapping[str, object], int, str], Rule]:
    def read(item: Mapping[str, object], size: int, where: str) -> Rule:
        only_fields(item, ("cells",), where)
        return cls(read_cells(item, "cells", size, where))
    return read


COLUMN_INDEXERS = PlacedType(
    name="column-indexer", aliases=("column-indexers", "column-indexing"),
    words="column indexer", json_key="column_indexers", fpuzzles_keys=("columnindexer",),
    text_section=PLACED_SECTION,
    rules_text="A digit X in a column-indexing cell in column C says that the digit C stands "
               "in column X of that row.",
    rule_class=ColumnIndexers, read_item=_reader(ColumnIndexers),
)
ROW_INDEXERS = PlacedType(
    name="row-indexer", aliases=("row-indexers", "row-indexing"),
    words="row indexer", json_key="row_indexers", fpuzzles_keys=("rowindexer",),
    text_section=PLACED_SECTION,
    rules_text="A digit X in a row-indexing cell in row R says that the digit R stands in "
               "row X of that column.",
    rule_class=RowIndexers, read_item=_reader(RowIndexers),
)
BOX_INDEXERS = PlacedType(
    name="box-indexer", aliases=("box-indexers", "box-indexing"),
    words="box indexer", json_key="box_indexers", fpuzzles_keys=("boxindexer",),
    text_section=PLACED_SECTION,
    rules_text="A digit X in a box-indexing cell at place P of its box (in reading order) "
               "says that the digit P stands at place X of that box.",
    rule_class=BoxIndexers, read_item=_reader(BoxIndexers),
)
