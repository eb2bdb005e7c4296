"""Write a puzzle as another site's link (SudokuWiki, sudoku.coach, f-puzzles, SudokuPad): the
formatters of the readers in sites.py, fpuzzles.py and sudokupad.py."""

from __future__ import annotations

import json

from ...model.errors import ShapeError, VariantError
from ...model.grid import Grid, Shape
from ..drawing import candidate_masks
from ..sizes import shape_for_size, sized
from .base import kept_entries
from .codecs.lzstring import compress_to_base64
from .fpuzzles.variants import write_variant

SITE_LINKS = ("sudokuwiki", "sudoku.coach", "f-puzzles", "sudokupad")
_BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_FPUZZLES_SIZES = range(4, 17)  # the sizes f-puzzles draws with boxes


def format_site_link(givens: Grid, site: str, entries: Grid | None = None) -> str:
    """A link that opens ``givens`` (and the player's ``entries`` where the site keeps them:
    SudokuWiki and f-puzzles/SudokuPad) on ``site``, one of SITE_LINKS."""
    if site not in SITE_LINKS:
        raise ValueError(f"unknown site {site!r}; expected one of {', '.join(SITE_LINKS)}")
    placed = list(kept_entries(givens, entries) if entries else (0,) * givens.shape.cell_count)
    if site in ("sudokuwiki", "sudoku.coach") and givens.shape.variant is not None:
        raise VariantError(f"{site} links hold classic puzzles, not "
                         f"{givens.shape.variant.describe()} rules; use an f-puzzles link")
    if site in ("sudokuwiki", "sudoku.coach"):
        if givens.size != 9:
            raise ShapeError(f"{site} links hold 9x9 puzzles, not {sized(givens.size)} one")
        digits = "".join(str(v) for v in givens.cells)
        if site == "sudoku.coach":
            return f"https://sudoku.coach/en/play/{digits}"
        if any(placed):
            return f"https://www.sudokuwiki.org/sudoku.htm?bd=S9B{_packed(givens, placed)}"
        return f"https://www.sudokuwiki.org/sudoku.htm?bd={digits}"
    if givens.size not in _FPUZZLES_SIZES:
        raise ShapeError(f"f-puzzles draws grids from 4x4 up to 16x16, not {sized(givens.size)} "
                         f"one; use the page's link or the variant text")
    if givens.shape.classic != shape_for_size(givens.size):
        raise ShapeError(f"f-puzzles draws {sized(givens.size)} grid only with boxes of "
                         f"{shape_for_size(givens.size)}, not {givens.shape.classic}; use the "
                         f"page's link or the variant text")
    data = compress_to_base64(json.dumps(_fpuzzles(givens, placed), separators=(",", ":")))
    if site == "f-puzzles":
        return f"https://www.f-puzzles.com/?load={data}"
    return f"https://sudokupad.app/fpuzzles{data}"


def share_links(grid: Grid) -> dict[str, str | None]:
    """``{"fpuzzles": ..., "sudokupad": ...}``: links that open the puzzle and its rules on
    those sites (docs/protocol.md), None for a shape f-puzzles cannot draw or a rule it cannot
    say as this package means it (fpuzzles_rules_write.py)."""
    if not fpuzzles_draws(grid.shape):
        return {"fpuzzles": None, "sudokupad": None}
    try:
        return {"fpuzzles": format_site_link(grid, "f-puzzles"),
                "sudokupad": format_site_link(grid, "sudokupad")}
    except VariantError:
        return {"fpuzzles": None, "sudokupad": None}


def fpuzzles_draws(shape: Shape) -> bool:
    """True when f-puzzles (and SudokuPad, which opens its data) can draw the grid: the default
    boxes of 4x4 to 16x16."""
    return shape.size in _FPUZZLES_SIZES and shape.classic == shape_for_size(shape.size)


def _packed(givens: Grid, placed: list[int]) -> str:
    """SudokuWiki's 'S9B' cells: a given, a placed value + 9, or the candidates + 18, each as
    two base-36 digits; an empty cell carries the candidates its filled peers leave."""
    both = Grid(givens.shape, tuple(g or p for g, p in zip(givens.cells, placed, strict=True)))
    out = []
    for g, p, mask in zip(givens.cells, placed, candidate_masks(both), strict=True):
        # A cell left with no candidate (the grid has a conflict) is written empty: 18 + 0
        # would read as a placed 9.
        v = g if g else p + 9 if p else mask + 18 if mask else 0
        out.append(_BASE36[v // 36] + _BASE36[v % 36])
    return "".join(out)


def _fpuzzles(givens: Grid, placed: list[int]) -> dict[str, object]:
    """The f-puzzles puzzle object: rows of cells, {"value": v, "given": true} for a given."""
    n = givens.size
    rows = []
    for r in range(n):
        row: list[dict[str, object]] = []
        for c in range(n):
            g, p = givens.cells[r * n + c], placed[r * n + c]
            row.append({"value": g, "given": True} if g else {"value": p} if p else {})
        rows.append(row)
    rules = write_variant(givens, rows)
    return {"size": n, "grid": rows, **rules}
