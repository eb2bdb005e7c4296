"""The user's pencil marks read from a pencil-mark grid (as ``sudoku show --to candidates``
draws it): an empty cell written as its candidates, ``2479``, ``(5)`` or ``3/17/40`` above 35.

``parse`` reads such a grid as its values alone; this module keeps the marks too.
"""

from __future__ import annotations

from ..formats.read import parse
from ..formats.scan import scan
from ..formats.text import token_value
from ..model.grid import MAX_SYMBOL_SIZE, Grid, Shape

Pencil = dict[int, set[int]]


def read_pencil(text: str, shape: Shape | None = None) -> tuple[Grid, Pencil]:
    """The grid and, when the text is a pencil-mark grid, the marks of its empty cells."""
    grid = parse(text, shape)
    n = grid.size
    tokens = scan(text).tokens
    if len(tokens) != grid.shape.cell_count:
        return grid, {}  # one line, JSON...: a format without marks
    marks: Pencil = {}
    for cell, token in enumerate(tokens):
        if grid.cells[cell]:
            continue
        values = _marks(token.text, n)
        if values:
            marks[cell] = values
    return grid, marks


def _marks(text: str, n: int) -> set[int]:
    """The candidates a token writes, or an empty set (an empty-cell mark such as '.')."""
    boxed = text.startswith("(") and text.endswith(")")
    body = text[1:-1] if boxed else text
    parts = body.split("/") if n > MAX_SYMBOL_SIZE else list(body)
    if not boxed and len(parts) < 2:
        return set()
    values = {token_value(p, n) for p in parts}
    return {v for v in values if v} if None not in values else set()
