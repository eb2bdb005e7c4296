"""SudokuWiki links, read and written: ``sudoku.htm?bd=`` and 81 digits, or ``bd=S9B`` and
the candidate grid of its solver (givens, placed values and candidates)."""

from __future__ import annotations

import re

from ...model.errors import LinkError
from ...model.grid import Grid, Shape
from ..drawing import candidate_masks
from .about import About
from .base import Link, PuzzleLink, classic_nine, grid_of, symbol_cells

SUDOKUWIKI = "SudokuWiki"


# Version B packs a cell into one number: 0 empty, 1-9 a given, 10-18 a placed value (+9),
# 19-529 candidates (a bit per digit, +18); two base-36 digits per cell.
_S9B = re.compile(r"^S9B(?P<cells>.*)$", re.IGNORECASE)
_PLACED, _CANDIDATES, _LARGEST = 9, 18, 18 + 511
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"


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


def write_sudokuwiki(givens: Grid, placed: tuple[int, ...], about: About | None = None) -> str:
    """The link of a classic 9x9: its digits, or the 'S9B' grid when the player placed any
    (SudokuWiki's links hold no credits)."""
    classic_nine(givens, "sudokuwiki")
    if any(placed):
        return f"https://www.sudokuwiki.org/sudoku.htm?bd=S9B{_packed(givens, placed)}"
    digits = "".join(str(v) for v in givens.cells)
    return f"https://www.sudokuwiki.org/sudoku.htm?bd={digits}"


def _packed(givens: Grid, placed: tuple[int, ...]) -> str:
    """SudokuWiki's 'S9B' cells: a given, a placed value + 9, or the candidates + 18, each as
    two base-36 digits; an empty cell carries the candidates its filled peers leave."""
    both = Grid(givens.shape, tuple(g or p for g, p in zip(givens.cells, placed, strict=True)))
    out = []
    for g, p, mask in zip(givens.cells, placed, candidate_masks(both), strict=True):
        # A cell left with no candidate (the grid has a conflict) is written empty: 18 + 0
        # would read as a placed 9.
        v = g if g else p + _PLACED if p else mask + _CANDIDATES if mask else 0
        out.append(_BASE36[v // 36] + _BASE36[v % 36])
    return "".join(out)
