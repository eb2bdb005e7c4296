"""One CSV row that holds a puzzle: ``puzzle,solution``, ``id,puzzle,solution,clues``; a field
may be a link (read as any link is). Files of many rows are records.py's."""

from __future__ import annotations

from ..model.errors import ParseError, SudokuError
from ..model.grid import Grid, Shape
from .links import is_link, read_link
from .links.base import PuzzleLink
from .text import read_cells, read_text

CSV_FIELD = 16  # a CSV field this long holds a whole puzzle; shorter ones are notes


def is_csv_row(text: str) -> bool:
    """True for one line of comma-separated fields, one of which is long enough to be a puzzle."""
    line = text.strip()
    if "," not in line or "\n" in line or "\r" in line or line[:1] in ("{", "["):
        return False  # JSON is never a CSV row
    return any(len(_field(f)) >= CSV_FIELD for f in line.split(","))


def _field(text: str) -> str:
    return text.strip().strip("\"'").strip()


def read_csv_row(text: str, shape: Shape | None) -> PuzzleLink:
    """A CSV row such as 'puzzle,solution' or 'id,puzzle,solution,clues': the first long field
    is the puzzle, the next (when there is one) its solution; short fields are notes. A line
    that is a grid's rows joined by commas ('53..7....,6..195...,...') is that grid."""
    try:
        return PuzzleLink("text", read_text(text, shape))
    except SudokuError:
        pass  # no grid: a row of fields, whose own error says which field is wrong
    line = text.strip()
    lead = len(text) - len(text.lstrip())
    grids: list[Grid] = []
    at = lead
    for number, raw in enumerate(line.split(","), 1):
        value = _field(raw)
        if len(value) >= CSV_FIELD:
            if len(grids) == 2:
                raise ParseError(f"CSV row: field {number} is a third puzzle; a row holds a "
                                 f"puzzle and at most its solution", column=at + 1)
            try:
                grids.append(_read_field(value, grids[0].shape if grids else shape))
            except SudokuError as err:
                offset = at + len(raw) - len(raw.lstrip().lstrip("\"'"))
                column = getattr(err, "column", None)
                reason = getattr(err, "reason", str(err))
                raise type(err)(
                    f"CSV row, field {number}: {reason}",
                    **({"column": offset + column} if isinstance(err, ParseError) and column
                       else {}),
                ) from None
        at += len(raw) + 1
    if not grids:
        raise ParseError("CSV row: no field holds a whole puzzle")
    solution = grids[1] if len(grids) > 1 else None
    if solution is not None:
        _check_solution(grids[0], solution)
    return PuzzleLink("csv", grids[0], solution=solution)


def _read_field(value: str, shape: Shape | None) -> Grid:
    """A CSV field that holds a puzzle: a link (as any link is read), else grid text."""
    return read_link(value, shape).givens if is_link(value) else read_cells(value, shape)


def format_csv_row(puzzle: Grid, solution: Grid | None = None) -> str:
    """One CSV row: 'puzzle,solution' in the one-line form (the puzzle alone without one)."""
    if solution is None:
        return puzzle.line()
    if solution.shape != puzzle.shape:
        raise ValueError(f"the solution is {solution.shape}, the puzzle {puzzle.shape}")
    return f"{puzzle.line()},{solution.line()}"


def _check_solution(puzzle: Grid, solution: Grid) -> None:
    """The solution column must be full and keep every given."""
    n = puzzle.size
    for cell, (g, s) in enumerate(zip(puzzle.cells, solution.cells, strict=True)):
        if not s or (g and g != s):
            why = "is empty" if not s else f"holds {s}, the puzzle's given is {g}"
            raise ParseError(f"CSV row: the solution's r{cell // n + 1}c{cell % n + 1} {why}")
