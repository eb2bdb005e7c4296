"""Grids drawn as text: one line, plain rows, and with box-drawing characters and coordinates
(the pretty and pencil-mark views)."""

from __future__ import annotations

from collections.abc import Sequence

from ..model.candidates import Candidates
from ..model.grid import MAX_SYMBOL_SIZE, Grid, Shape


def format_line(grid: Grid) -> str:
    """One line, '.' for empty: symbols 1-9 A-Z, or numbers between spaces above 35."""
    return grid.line()


def format_tokens(grid: Grid) -> str:
    """Numbers separated by spaces, one row per line, '.' for empty (with bars and rules
    between the boxes when they are not the size's default, so the box shape reads back)."""
    w = len(str(grid.size))
    cells = [f"{v if v else '.':>{w}}" for v in grid.cells]
    if grid.shape.classic == Shape.for_size(grid.size):
        return _rows(grid.shape, cells, " ", None)
    return _rows(grid.shape, cells, " ", " | ")


def format_rows(grid: Grid) -> str:
    """A plain grid: one row of symbols per line, '.' for empty (numbers between spaces above
    35, where one symbol per cell runs out); a box shape that is not the size's default is
    drawn with '|' and a rule of dashes, as in format_boxed, so that it reads back."""
    n = grid.size
    if n > MAX_SYMBOL_SIZE:
        return format_tokens(grid)
    if grid.shape.classic != Shape.for_size(n):
        return format_boxed(grid)
    line = format_line(grid)
    return "\n".join(line[r * n:(r + 1) * n] for r in range(n))


def format_boxed(grid: Grid) -> str:
    """Rows such as '..3|.1.|...' with a line of dashes between bands of boxes (SimpleSudoku's
    .ss); numbers between spaces and ' | ' above 35."""
    shape = grid.shape
    if shape.size > MAX_SYMBOL_SIZE:
        return _rows(shape, [str(v) if v else "." for v in grid.cells], " ", " | ")
    return _rows(shape, [shape.symbol(v) for v in grid.cells], "", "|")


def _rows(shape: Shape, cells: Sequence[str], join: str, bar: str | None) -> str:
    """The cells one row a line; with ``bar`` between boxes and a rule between bands."""
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    rows = []
    for r in range(n):
        values = cells[r * n:(r + 1) * n]
        if bar is None:
            rows.append(join.join(values))
        else:
            rows.append(bar.join(join.join(values[b:b + bc]) for b in range(0, n, bc)))
    if bar is None:
        return "\n".join(rows)
    rule = "-" * max(len(row) for row in rows)
    out: list[str] = []
    for r, row in enumerate(rows):
        if r and r % br == 0:
            out.append(rule)
        out.append(row)
    return "\n".join(out)


def _symbol(shape: Shape, value: int) -> str:
    """A value as written in a drawing: '.', a symbol, or a number above 35."""
    if value == 0:
        return "."
    return shape.symbol(value) if shape.size <= MAX_SYMBOL_SIZE else str(value)


def draw(shape: Shape, texts: Sequence[str], widths: Sequence[int], align: str = ">") -> str:
    """Draw cell texts in a frame, column numbers on top and row numbers on the left."""
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    lw = len(str(n))
    seg = [sum(widths[b * bc:(b + 1) * bc]) + bc + 1 for b in range(n // bc)]
    pad = " " * (lw + 1)

    def rule(left: str, mid: str, right: str) -> str:
        return pad + left + mid.join("─" * w for w in seg) + right

    rows: list[str] = []
    starts: list[int] = []
    for r in range(n):
        if r % br == 0:
            rows.append(rule("┌", "┬", "┐") if r == 0 else rule("├", "┼", "┤"))
        line = f"{r + 1:>{lw}} │"
        for c in range(n):
            if r == 0:
                starts.append(len(line) + 1)
            line += " " + f"{texts[r * n + c]:{align}{widths[c]}}"
            if c % bc == bc - 1:
                line += " │"
        rows.append(line)
    rows.append(rule("└", "┴", "┘"))
    return "\n".join(_column_labels(n, starts, widths, align) + rows)


def _column_labels(n: int, starts: list[int], widths: Sequence[int], align: str) -> list[str]:
    """Column numbers over the cells; stacked digit by digit when a number is wider than a cell."""
    labels = [str(c + 1) for c in range(n)]
    if all(len(lb) <= w for lb, w in zip(labels, widths, strict=True)):
        out = [" "] * (starts[-1] + widths[-1])
        for c, lb in enumerate(labels):
            at = starts[c] + (widths[c] - len(lb) if align == ">" else 0)
            out[at:at + len(lb)] = lb
        return ["".join(out).rstrip()]
    depth = max(len(lb) for lb in labels)
    lines = []
    for k in range(depth):
        out = [" "] * (starts[-1] + widths[-1])
        for c, lb in enumerate(labels):
            digit = lb.rjust(depth)[k]
            out[starts[c] + widths[c] - 1] = digit
        lines.append("".join(out).rstrip())
    return lines


def format_pretty(grid: Grid) -> str:
    """The grid in a box-drawing frame with row and column numbers (it parses back)."""
    shape = grid.shape
    texts = [_symbol(shape, v) for v in grid.cells]
    width = 1 if shape.size <= MAX_SYMBOL_SIZE else 2
    return draw(shape, texts, [width] * shape.size)


def candidate_masks(grid: Grid) -> list[int]:
    """Per cell, the bitmask of values its filled peers leave open (0 for filled cells)."""
    return Candidates.from_grid(grid).masks  # the one candidates computation


def _marks(shape: Shape, mask: int) -> str:
    """An empty cell's candidates: '2479', '(5)' for one, '.' for none; '/' between numbers."""
    values = [v for v in range(1, shape.size + 1) if mask >> (v - 1) & 1]
    if not values:
        return "."
    if len(values) == 1:
        return f"({_symbol(shape, values[0])})"
    sep = "" if shape.size <= MAX_SYMBOL_SIZE else "/"
    return sep.join(_symbol(shape, v) for v in values)


def format_candidates(grid: Grid, masks: Sequence[int] | None = None) -> str:
    """A pencil-mark grid: filled cells show their value, empty ones their candidates."""
    shape = grid.shape
    n = shape.size
    if masks is None:
        masks = candidate_masks(grid)
    elif len(masks) != shape.cell_count:
        raise ValueError(
            f"{len(masks)} candidate masks given, the grid has {shape.cell_count} cells"
        )
    texts = [
        _symbol(shape, v) if v else _marks(shape, m)
        for v, m in zip(grid.cells, masks, strict=True)
    ]
    widths = [max(len(str(n)), *(len(texts[r * n + c]) for r in range(n))) for c in range(n)]
    return draw(shape, texts, widths, align="<")
