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


# Python's own errors that input past anything a puzzle holds can raise deep in a reader:
# 1e999 turned into an integer, nesting thousands deep, a count that asks for gigabytes. The
# readers check their input first; each format's entry also maps these to its own error, so a
# check that was missed still says what is wrong with the input, never "internal error".
BEYOND_INPUT = (ArithmeticError, RecursionError, MemoryError, ValueError)


def beyond_input(exc: BaseException) -> str:
    """Why input that raised one of BEYOND_INPUT cannot be read, in the user's words."""
    if isinstance(exc, RecursionError):
        return "the data is nested too deeply for a puzzle"
    if isinstance(exc, MemoryError):
        return "the data asks for more memory than any puzzle needs"
    # Python's own words ("Exceeds the limit (4300 digits) for integer string conversion")
    # name its internals, not the input's fault: left out.
    return "the data holds a number no puzzle holds (too large, or not finite)"


def quoted(text: str, limit: int = 24) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters (with its length) when
    longer: a pasted megabyte is never echoed back whole."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


class VariantError(SudokuError):
    """Variant rules that cannot hold on the grid: a broken region map, a cage off the grid."""


class ScanError(SudokuError):
    """An image that cannot be read as a puzzle: not an image, too big, truncated, no grid."""
