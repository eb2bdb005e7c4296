"""Errors for malformed input: small ValueError subclasses that say where and why."""

from __future__ import annotations


class SudokuError(ValueError):
    """Base class of every error this package raises for bad input."""


class ShapeError(SudokuError):
    """A grid size or box shape that cannot exist (prime size, too big, r*c != N)."""


class ParseError(SudokuError):
    """Malformed puzzle text; carries the position at fault when there is one."""

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        char: str | None = None,
    ) -> None:
        self.reason = message
        self.line = line
        self.column = column
        self.char = char
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        prefix = ", ".join(where)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class CellCountError(ParseError):
    """The text holds the wrong number of cells for the puzzle's size."""


class SymbolError(ParseError):
    """A character or token that is not a symbol of the puzzle's size."""


class LinkError(ParseError):
    """A link that names no puzzle this package reads: says which site, part and why."""


class VariantError(SudokuError):
    """Variant rules that cannot hold on the grid: a broken region map, a cage off the grid."""
