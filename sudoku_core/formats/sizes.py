"""Which grid a number of cells makes, and the error that says why none fits."""

from __future__ import annotations

from functools import cache
from math import isqrt

from ..model.errors import CellCountError, ShapeError, SudokuError
from ..model.grid import MAX_SIZE, MAX_SYMBOL_SIZE, MIN_SIZE, Shape

MAX_CELLS = MAX_SIZE * MAX_SIZE


def article(n: int) -> str:
    """'a' or 'an' before a spoken size such as 'an 8x8'."""
    return "an" if n in (8, 11, 18) or 80 <= n <= 89 else "a"


def sized(n: int) -> str:
    """'a 9x9' / 'an 8x8'."""
    return f"{article(n)} {n}x{n}"


def is_supported(n: int) -> bool:
    """True for sizes that have a box shape: composite numbers from 4 to 64."""
    return MIN_SIZE <= n <= MAX_SIZE and any(n % k == 0 for k in range(2, isqrt(n) + 1))


@cache
def shape_for_size(n: int) -> Shape:
    """Shape.for_size, cached (it sits on the hot path of batch parsing)."""
    return Shape.for_size(n)


def shape_for_count(count: int, shape: Shape | None) -> Shape | None:
    """The shape ``count`` cells make (``shape`` when given), or None when none fits."""
    if shape is not None:
        return shape if count == shape.cell_count else None
    n = isqrt(count)
    if n * n != count or not is_supported(n):
        return None
    return shape_for_size(n)


def symbols_hint(n: int) -> str:
    """What the symbols of an N x N puzzle are, for error messages."""
    if n <= 9:
        return f"symbols are 1-{n}"
    if n <= MAX_SYMBOL_SIZE:
        last = chr(ord("A") + n - 10)
        return "symbols are 1-9 and A" if n == 10 else f"symbols are 1-9 and A-{last}"
    return f"values are the numbers 1-{n}"


def count_error(count: int, shape: Shape | None) -> SudokuError:
    """The error for ``count`` cells that make no puzzle (of ``shape`` when given)."""
    if shape is not None:
        n = shape.size
        return CellCountError(f"{count} cells found, {sized(n)} puzzle has {n * n}")
    n = isqrt(count)
    if n * n == count:
        if n > MAX_SIZE:
            return ShapeError(
                f"{count} cells found: {sized(n)} grid is too large; the largest supported is "
                f"{MAX_SIZE}x{MAX_SIZE} ({MAX_CELLS} cells)"
            )
        if n < MIN_SIZE:
            return CellCountError(
                f"{count} cells found: {sized(n)} grid is too small; the smallest puzzle is "
                f"4x4 (16 cells)"
            )
        return ShapeError(
            f"{count} cells found, but {sized(n)} grid has no box shape: {n} is prime "
            f"(the nearest sizes are {' and '.join(f'{k}x{k}' for k in near_sizes(count))})"
        )
    fits = " and ".join(f"{sized(k)} puzzle has {k * k}" for k in near_sizes(count))
    return CellCountError(f"{count} cells found, {fits}")


def near_sizes(count: int) -> list[int]:
    """The supported sizes just below and above ``count`` cells, closest first."""
    below = [n for n in range(MIN_SIZE, MAX_SIZE + 1) if is_supported(n) and n * n < count]
    above = [n for n in range(MIN_SIZE, MAX_SIZE + 1) if is_supported(n) and n * n > count]
    options = ([below[-1]] if below else []) + ([above[0]] if above else [])
    return sorted(options, key=lambda n: abs(n * n - count))
