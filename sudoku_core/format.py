"""Write puzzles: one line, separated numbers, JSON, a pretty drawing, a pencil-mark grid."""

from __future__ import annotations

from collections.abc import Callable

from .formats.drawing import candidate_masks, format_candidates, format_pretty
from .formats.jsonio import format_json
from .formats.sizes import MAX_SYMBOL_SIZE
from .grid import Grid

__all__ = [
    "FORMATS",
    "candidate_masks",
    "format_candidates",
    "format_grid",
    "format_json",
    "format_line",
    "format_pretty",
    "format_tokens",
]


def format_line(grid: Grid) -> str:
    """One line, '.' for empty: symbols 1-9 A-Z, or numbers between spaces above 35."""
    if grid.size > MAX_SYMBOL_SIZE:
        return " ".join(str(v) if v else "." for v in grid.cells)
    sym = grid.shape.symbol
    return "".join(sym(v) for v in grid.cells)


def format_tokens(grid: Grid) -> str:
    """Numbers separated by spaces, one row per line, '.' for empty."""
    w = len(str(grid.size))
    return "\n".join(
        " ".join(f"{v if v else '.':>{w}}" for v in row) for row in grid.rows()
    )


def _candidates(grid: Grid) -> str:
    return format_candidates(grid)


FORMATS: dict[str, Callable[[Grid], str]] = {
    "line": format_line,
    "pretty": format_pretty,
    "tokens": format_tokens,
    "json": format_json,
    "candidates": _candidates,
}


def format_grid(grid: Grid, to: str = "line") -> str:
    """Write ``grid`` in the format named ``to``: line, pretty, tokens, json or candidates."""
    try:
        writer = FORMATS[to]
    except KeyError:
        raise ValueError(f"unknown format {to!r}; expected one of {', '.join(FORMATS)}") from None
    return writer(grid)
