"""sudoku.coach links, read and written: ``/<language>/play/<81 digits>`` (and the solver's
``/<language>/solver/<81 digits>``, read)."""

from __future__ import annotations

from ...model.errors import LinkError
from ...model.grid import Grid, Shape
from .about import About
from .base import Link, Param, PuzzleLink, classic_nine, grid_of, symbol_cells

COACH = "sudoku.coach"


def read_coach(link: Link, shape: Shape | None) -> PuzzleLink:
    """A sudoku.coach play or solver link."""
    parts = [p for p in link.path.split("/") if p]
    kind = next((k for k, p in enumerate(parts) if p in ("play", "solver")), None)
    if kind is None or kind + 1 >= len(parts):
        if len(parts) >= 2 and parts[-2] == "s":
            raise LinkError(
                f"this sudoku.coach link is a short link ({parts[-1]!r}) to a puzzle stored on "
                f"sudoku.coach; only the site can look it up: open it there and copy its "
                f"play link (…/play/ and 81 digits)"
            )
        raise LinkError("this sudoku.coach link holds no puzzle: expected …/play/ or "
                        "…/solver/ followed by 81 digits")
    cells = parts[kind + 1]
    start = link.path_start + link.path.find(cells, link.path.find(parts[kind]))
    param = Param(parts[kind], cells, start, True)
    if len(cells) != 81:
        raise param.error(COACH, f"{len(cells)} characters; a sudoku.coach puzzle is 81 "
                                 f"digits (0 for empty)")
    return PuzzleLink(COACH, grid_of(symbol_cells(param, COACH, 9), param, COACH, shape))


def write_coach(givens: Grid, placed: tuple[int, ...], about: About | None = None) -> str:
    """The play link of a classic 9x9 (sudoku.coach keeps no player's values or credits in
    it)."""
    classic_nine(givens, COACH)
    return f"https://sudoku.coach/en/play/{''.join(str(v) for v in givens.cells)}"
