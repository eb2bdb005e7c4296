"""Links that carry the digits themselves: SudokuWiki ``?bd=`` and sudoku.coach play links.

Each reader takes a Link already cut into parts and returns a PuzzleLink, or raises a
LinkError that names the site, the part of the link at fault and why.
"""

from __future__ import annotations

import re

from ...model.errors import LinkError
from ...model.grid import Grid, Shape
from .base import Link, Param, PuzzleLink, grid_of, symbol_cells

SUDOKUWIKI, COACH = "SudokuWiki", "sudoku.coach"


# --- SudokuWiki: sudoku.htm?bd=<81 digits> or bd=S9B<2 base-36 digits per cell> -------------

# Version B packs a cell into one number: 0 empty, 1-9 a given, 10-18 a placed value (+9),
# 19-529 candidates (a bit per digit, +18); two base-36 digits per cell.
_S9B = re.compile(r"^S9B(?P<cells>.*)$", re.IGNORECASE)
_PLACED, _CANDIDATES, _LARGEST = 9, 18, 18 + 511


def read_sudokuwiki(link: Link, shape: Shape | None) -> PuzzleLink:
    """A SudokuWiki board: 81 digits, or the 'S9B' candidate grid of its solver."""
    page = link.path.rstrip("/").rsplit("/", 1)[-1]
    if page and page.lower() not in ("sudoku.htm", "sudoku.html"):
        raise LinkError(
            f"this SudokuWiki link opens {page!r}, a variant solver; only classic sudoku "
            f"(sudoku.htm) is read"
        )
    bd = link.query.get("bd")
    if bd is None:
        raise LinkError("this SudokuWiki link carries no board: expected '?bd=' and its cells")
    m = _S9B.match(bd.value)
    if m is None:
        if len(bd.value) != 81:
            raise bd.error(SUDOKUWIKI, f"{len(bd.value)} characters; a SudokuWiki board is 81 "
                                       f"digits (0 for empty) or 'S9B' and 162 characters")
        return PuzzleLink(SUDOKUWIKI, grid_of(symbol_cells(bd, SUDOKUWIKI, 9), bd,
                                               SUDOKUWIKI, shape))
    cells = m.group("cells")
    if len(cells) != 162:
        raise bd.error(SUDOKUWIKI, f"'S9B' is followed by {len(cells)} characters; a board "
                                   f"holds 162 (2 per cell)")
    givens, entries = [], []
    for k in range(0, 162, 2):
        pair = cells[k:k + 2]
        v = int(pair, 36) if pair.isascii() and pair.isalnum() else -1
        if not 0 <= v <= _LARGEST:
            raise bd.error(SUDOKUWIKI, f"cell {k // 2 + 1}: {pair!r} is not a packed cell "
                                       f"(two base-36 digits, at most {_LARGEST})", k + 3)
        givens.append(v if v <= _PLACED else 0)
        entries.append(v - _PLACED if _PLACED < v <= _CANDIDATES else 0)
    g = grid_of(givens, bd, SUDOKUWIKI, shape)
    return PuzzleLink(SUDOKUWIKI, g, Grid(g.shape, tuple(entries)) if any(entries) else None)


# --- sudoku.coach: /<language>/play/<81 digits> or /<language>/solver/<81 digits> ----------

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
