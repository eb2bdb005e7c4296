"""Grid geometry and the Grid value: the ground floor the rest of the package builds on.

Glossary (used everywhere in the package):

- *size* N: symbols per unit; the grid is N x N cells; boxes are ``box_rows x box_cols``
  with ``box_rows * box_cols == N``.
- *cell*: an index ``0 .. N*N-1`` in row-major order; people see it as ``r1c1``.
- *value*: ``0`` for an empty cell, else ``1 .. N``.
- *symbol*: the text of a value: ``1-9`` then ``A-Z`` (10..35); above 35, the number.
- *unit*: a row, column or box (each holds N cells); *peers*: the other cells sharing a unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from .constraints import JIGSAW, TABLE
from .constraints.base import moves_apart
from .errors import CellCountError, ShapeError, SymbolError, quoted
from .variants import Variant, check_variant

MIN_SIZE = 4  # the smallest grid: boxes of 2x2
MAX_SIZE = 64  # the largest grid the package reads, solves and writes
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SYMBOL_SIZE = len(SYMBOLS)  # 35: one-character symbols stop at Z; above, values are numbers
UNIT_KINDS = ("row", "column", "box")

Cell = int
Value = int


def _shown(value: object) -> str:
    """A value for a message; an int too long for str() (over 4,300 digits) by its size."""
    if isinstance(value, int) and value.bit_length() > 1000:
        return f"<a number of about {int(value.bit_length() * 0.30103):,} digits>"
    return str(value)


@dataclass(frozen=True, order=True)
class Shape:
    """Box shape ``box_rows x box_cols``; the grid is N x N with N = box_rows * box_cols.

    ``variant`` adds rules (X, Windoku, Jigsaw regions, Killer cages, anti-knight, anti-king):
    the shape's geometry then holds their units and peers. None is the classic puzzle.
    """

    box_rows: int
    box_cols: int
    variant: Variant | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        r, c = self.box_rows, self.box_cols
        if not isinstance(r, int) or not isinstance(c, int) or r < 2 or c < 2:
            raise ShapeError(f"box shape {_shown(r)}x{_shown(c)}: both sides must be whole "
                             f"numbers >= 2")
        if r * c > MAX_SIZE:
            n = _shown(r * c)
            raise ShapeError(
                f"box shape {_shown(r)}x{_shown(c)} makes a {n}x{n} grid; the largest "
                f"supported is {MAX_SIZE}x{MAX_SIZE}"
            )
        if self.variant is not None:
            if self.variant.is_classic:
                object.__setattr__(self, "variant", None)  # no rule on: one classic shape
            else:
                check_variant(self.variant, r, c)

    @property
    def classic(self) -> Shape:
        """The same box shape without variant rules."""
        return self if self.variant is None else Shape(self.box_rows, self.box_cols)

    def with_variant(self, variant: Variant | None) -> Shape:
        """The same box shape with ``variant``'s rules (checked)."""
        return Shape(self.box_rows, self.box_cols, variant)

    @property
    def size(self) -> int:
        """Symbols per unit (N)."""
        return self.box_rows * self.box_cols

    @property
    def cell_count(self) -> int:
        """Cells in the grid (N*N)."""
        return self.size * self.size

    @property
    def geometry(self) -> Geometry:
        """Precomputed units and peers for this shape."""
        return geometry(self)

    def __str__(self) -> str:
        return f"{self.box_rows}x{self.box_cols}"

    @classmethod
    def for_size(cls, size: int) -> Shape:
        """Pick the box shape for an N x N grid: r <= c, as close to square as possible."""
        if size < MIN_SIZE:
            raise ShapeError(
                f"a {size}x{size} grid is too small; the smallest supported is "
                f"{MIN_SIZE}x{MIN_SIZE}"
            )
        if size > MAX_SIZE:
            raise ShapeError(
                f"a {size}x{size} grid is too large; the largest supported is "
                f"{MAX_SIZE}x{MAX_SIZE}"
            )
        best = None
        for r in range(2, int(size**0.5) + 1):
            if size % r == 0 and size // r >= 2:
                best = r
        if best is None:
            why = "it is prime" if size > 3 and all(size % k for k in range(2, size)) else (
                "it cannot be split into boxes of at least 2x2"
            )
            raise ShapeError(f"no box shape fits a {size}x{size} grid: {why}")
        return cls(best, size // best)

    @classmethod
    def parse(cls, text: str, size: int | None = None) -> Shape:
        """Read ``"RxC"`` (also ``R*C`` or ``R,C``); check it against ``size`` when given."""
        cleaned = text.strip().lower().replace("*", "x").replace(",", "x").replace("×", "x")
        parts = cleaned.split("x")
        if len(cleaned) > 16 or len(parts) != 2 or not all(
            p.strip().isascii() and p.strip().isdigit() for p in parts
        ):
            raise ShapeError(f"box shape {quoted(text)}: expected ROWSxCOLS, such as 3x3 or 2x3")
        shape = cls(int(parts[0]), int(parts[1]))
        if size is not None and shape.size != size:
            raise ShapeError(
                f"box shape {shape} holds {shape.size} cells, but the grid is {size}x{size}"
            )
        return shape

    def symbol(self, value: Value) -> str:
        """Text of a value: '.' for empty, 1-9 A-Z up to 35, the number above."""
        if value == 0:
            return "."
        if self.size <= MAX_SYMBOL_SIZE:
            return SYMBOLS[value - 1]
        return str(value)

    def value_of(self, symbol: str) -> Value | None:
        """Value of a symbol (case-insensitive), 0 for an empty mark, None if not a symbol."""
        s = symbol.strip().upper()
        if s in (".", "0", "_", "") or s == "NULL":
            return 0
        if s.isascii() and s.isdigit():  # not '²' or Arabic-Indic digits
            v = int(s)
            # Single characters 1-9 always work; numbers above 9 only as tokens.
            return v if 1 <= v <= self.size else None
        if len(s) == 1 and s in SYMBOLS and self.size <= MAX_SYMBOL_SIZE:
            v = SYMBOLS.index(s) + 1
            return v if v <= self.size else None
        return None


@dataclass(frozen=True)
class Geometry:
    """Units and peers of a shape, as tuples of cell indices (computed once per shape)."""

    shape: Shape
    rows: tuple[tuple[Cell, ...], ...]
    cols: tuple[tuple[Cell, ...], ...]
    boxes: tuple[tuple[Cell, ...], ...]
    units: tuple[tuple[Cell, ...], ...]  # rows, then columns, then boxes
    peers: tuple[tuple[Cell, ...], ...]
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    box_of: tuple[int, ...]
    # Unit indices per cell: row, column, box, then (variants) the cell's extra units.
    units_of: tuple[tuple[int, ...], ...] = field(repr=False)
    box_first: tuple[int, ...] = field(repr=False, default=())  # units: boxes, rows, columns
    # Variants only: (kind, index) of every unit ('region', 'diagonal', 'window' beside the
    # classic kinds), and the cages (digits differ; sums) that are no unit.
    kinds: tuple[tuple[str, int], ...] = field(repr=False, default=())
    cages: tuple[tuple[int, ...], ...] = field(repr=False, default=())
    # Per cell: its peers through no unit (cage mates, knight or king moves), which the
    # candidates' unit masks do not see.
    loose: tuple[tuple[int, ...], ...] = field(repr=False, default=())

    def unit_kind(self, unit: int) -> tuple[str, int]:
        """('row'|'column'|'box', index within its kind) of a unit index."""
        if self.kinds:
            return self.kinds[unit]
        n = self.shape.size
        return UNIT_KINDS[unit // n], unit % n

    def to_json(self) -> dict[str, object]:
        """The page's only source of layout: the cells of every unit, the units of every cell."""
        shape = self.shape
        n = shape.size
        return {
            "box": [shape.box_rows, shape.box_cols],
            "size": n,
            "units": [list(u) for u in self.units],
            "units_of": [list(u) for u in self.units_of],
            "message": f"A {n}x{n} grid with {shape} boxes.",
        }


@cache
def geometry(shape: Shape) -> Geometry:
    """Build (once) the units and peers of a shape and of every rule its variant adds.

    One path for every puzzle: rows, columns and boxes (or Jigsaw regions), then each row of
    the constraint table adds its units, its differ groups (cages) and its moves; a classic
    shape simply has none of them.
    """
    variant = shape.variant or Variant()
    n = shape.size
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    box_of, boxes, kinds, extra = _regions_and_units(shape, variant)
    units = rows + cols + boxes + extra
    units_of_l: list[list[int]] = [[] for _ in range(n * n)]
    for u, unit in enumerate(units):
        for cell in unit:
            units_of_l[cell].append(u)
    cages = tuple(group for row in TABLE for group in row.groups(variant))
    moves = tuple(move for row in TABLE for move in row.moves(variant))
    peers, loose = _peers(n, units, cages, moves)
    # People scan boxes first (and most hidden singles are in boxes), then rows and columns.
    box_first = tuple(range(2 * n, 3 * n)) + tuple(range(2 * n)) + tuple(
        range(3 * n, len(units)))
    return Geometry(shape, rows, cols, boxes, units, peers, tuple(i // n for i in range(n * n)),
                    tuple(i % n for i in range(n * n)), box_of,
                    tuple(tuple(u) for u in units_of_l), box_first, kinds, cages, loose)


def _regions_and_units(shape: Shape, variant: Variant) -> tuple[
        tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[str, int], ...],
        tuple[tuple[int, ...], ...]]:
    """The box (or Jigsaw region) of each cell, the boxes, every unit's kind, and the units
    the rules add (the table's order: diagonals, then windows, then placed units)."""
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    box_of = variant.regions or tuple(
        (i // n) // br * (n // bc) + (i % n) // bc for i in range(n * n))
    boxes = tuple(tuple(i for i in range(n * n) if box_of[i] == b) for b in range(n))
    box_kind = JIGSAW.unit_kind if JIGSAW.present(variant) else "box"
    kinds = ([("row", i) for i in range(n)] + [("column", i) for i in range(n)]
             + [(box_kind, i) for i in range(n)])
    extra: list[tuple[int, ...]] = []
    for row in TABLE:
        found = row.units(variant, br, bc)
        extra += found
        kinds += [(row.unit_kind, i) for i in range(len(found))]
    return box_of, boxes, tuple(kinds), tuple(extra)


def _peers(n: int, units: tuple[tuple[int, ...], ...], cages: tuple[tuple[int, ...], ...],
           moves: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, ...], ...],
                                                    tuple[tuple[int, ...], ...]]:
    """Each cell's peers (unit and cage mates, cells a knight's or king's move away), and the
    peers of each cell it shares no unit with (cages and moves: the candidates' extra pass)."""
    in_units: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units:
        for cell in unit:
            in_units[cell].update(unit)
    others: list[set[int]] = [set() for _ in range(n * n)]
    for group in cages:
        for cell in group:
            others[cell].update(group)
    for a, b in moves_apart(n, moves):
        others[a].add(b)
        others[b].add(a)
    cells = range(n * n)
    peers = tuple(tuple(sorted((in_units[i] | others[i]) - {i})) for i in cells)
    loose = tuple(tuple(sorted(others[i] - in_units[i] - {i})) for i in cells
                  ) if cages or moves else ()
    return peers, loose


def cell_name(cell: Cell, size: int) -> str:
    """People's name of a cell: ``r3c5`` (1-based)."""
    return f"r{cell // size + 1}c{cell % size + 1}"


@dataclass(frozen=True)
class Grid:
    """An N x N grid of values (0 = empty), immutable; cells in row-major order."""

    shape: Shape
    cells: tuple[Value, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != self.shape.cell_count:
            raise CellCountError(
                f"{len(self.cells)} cells given, a {self.size}x{self.size} grid has "
                f"{self.shape.cell_count}"
            )
        n = self.size
        # min/max run in C: this check sits on the hot path of batch parsing.
        if self.cells and (min(self.cells) < 0 or max(self.cells) > n):
            bad = next(v for v in self.cells if not 0 <= v <= n)
            raise SymbolError(f"value {bad} is out of range for a {n}x{n} grid (0-{n})")

    @classmethod
    def empty(cls, shape: Shape) -> Grid:
        """An empty grid of the given shape."""
        return cls(shape, (0,) * shape.cell_count)

    @classmethod
    def from_rows(cls, rows: Sequence[Sequence[int]], shape: Shape | None = None) -> Grid:
        """Build from a list of rows of ints (0 = empty)."""
        shape = shape or Shape.for_size(len(rows))
        return cls(shape, tuple(v for row in rows for v in row))

    @property
    def size(self) -> int:
        """Symbols per unit (N)."""
        return self.shape.size

    def __getitem__(self, rc: tuple[int, int]) -> Value:
        r, c = rc
        return self.cells[r * self.size + c]

    def __iter__(self) -> Iterator[Value]:
        return iter(self.cells)

    def __str__(self) -> str:
        return self.line()

    def line(self) -> str:
        """One-line form: '.' for empty (numbers between spaces above 35 symbols)."""
        sym = self.shape.symbol
        if self.size > MAX_SYMBOL_SIZE:
            return " ".join(str(v) if v else "." for v in self.cells)
        return "".join(sym(v) for v in self.cells)

    def rows(self) -> list[list[Value]]:
        """The values as a list of rows."""
        n = self.size
        return [list(self.cells[r * n:(r + 1) * n]) for r in range(n)]

    def with_values(self, changes: Iterable[tuple[Cell, Value]]) -> Grid:
        """A copy with some cells set."""
        cells = list(self.cells)
        for i, v in changes:
            cells[i] = v
        return Grid(self.shape, tuple(cells))

    @property
    def empty_count(self) -> int:
        """Number of empty cells."""
        return self.cells.count(0)

    @property
    def given_count(self) -> int:
        """Number of filled cells."""
        return self.shape.cell_count - self.empty_count

    def is_complete(self) -> bool:
        """True when no cell is empty."""
        return 0 not in self.cells

    def to_json(self) -> dict[str, object]:
        """The grid as the page reads it: shape, values, one line (and text cells up to 35)."""
        n = self.size
        return {
            "box": [self.shape.box_rows, self.shape.box_cols],
            "size": n,
            "values": list(self.cells),
            "line": self.line(),
            # One-line text up to 35 symbols per unit, tokens above (numbers need separators).
            "cells": self.line() if n <= MAX_SYMBOL_SIZE else [str(v) if v else "."
                                                           for v in self.cells],
            "message": f"A {n}x{n} puzzle with {self.given_count} givens.",
        }
