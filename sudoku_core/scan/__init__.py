"""Scan a puzzle: a photo or screenshot of a grid becomes a puzzle, checked by the solver.

Pure Python on a grey image (`Gray`), so that the same pipeline runs in the CLI (Pillow
decodes the file) and in the page (the browser's canvas decodes it): find the grid, warp it
square, cut the cells, read each one, then let the exact solver settle the unsure cells.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable

from ..model import budget
from ..model.budget import DEFAULT_TIME_LIMIT, check_time_limit
from ..model.errors import ScanError
from ..model.grid import Grid, Shape
from .cells import cut_cells
from .check import Ranking, check_readings
from .image import Gray
from .lines import SIZES, Layout, find_layout
from .locate import (
    Blob,
    Mask,
    candidates,
    check_not_blank,
    is_dark_mode,
    to_image,
    working_mask,
    zoom,
)
from .result import ScanResult
from .warp import Quad

__all__ = ["Gray", "Reader", "ScanResult", "scan_image"]

Reader = Callable[[Gray, int], Ranking]  # read_cell(cell, size): (value, probability) best first
SOLID = 0.45  # a cell this dark (a share of the paper's brightness) is a black square
PAPER_SHARE = 0.1  # ... even in its brightest tenth
# how each shape's lines are looked at, in turn (lines.find_size): ridges on the whole
# shape, ink alone, then ridges inset in it (last: inner lines can pass for a smaller grid)
LOOKS = ((False, False), (True, False), (False, True))
ZOOM_BELOW = 0.5  # a shape under this share of the working copy's side is looked at closer


def scan_image(gray: Gray, *, time_limit: float = DEFAULT_TIME_LIMIT,
               reader: Reader | None = None, size: int | None = None,
               shape: Shape | None = None) -> ScanResult:
    """Read the puzzle in ``gray`` and check it with the exact solver, within ``time_limit``
    seconds (the solver's check gets what the reading leaves).

    ``reader`` reads one cell (default: :func:`sudoku_core.scan.digits.read_cell`); ``size``
    or ``shape`` set the grid's size or box shape when the lines cannot tell. ScanError
    (with the reason in words) when no grid is found.
    """
    start = time.perf_counter()
    time_limit = check_time_limit(time_limit)
    if size is not None and size not in SIZES:
        raise ScanError(f"a scan reads grids of {', '.join(map(str, SIZES))} cells a side, "
                        f"not {size}")
    gray = ink_on_paper(gray)
    with budget.deadline(time_limit):
        layout = locate_grid(gray, size, shape)
        n = layout.shape.size
        cells = cut_cells(gray, layout.quad, n)
        refuse_solid_squares(cells, n)
        if reader is None:
            # The reader's module (and its weights) loads when a grid is there to read.
            reader = importlib.import_module(".digits", __package__).read_cell
        rankings = [reader(cell, n) for cell in cells]
        checked = check_readings(layout.shape, rankings)
    return ScanResult(Grid(layout.shape, tuple(checked.values)), checked.read,
                      checked.confidence, checked.unsure, checked.changed, checked.verdict,
                      layout.quad, time.perf_counter() - start)


def ink_on_paper(gray: Gray) -> Gray:
    """``gray`` as dark ink on light paper (a dark-mode picture inverted); ScanError when it
    is blank."""
    check_not_blank(gray)
    return gray.inverted() if is_dark_mode(gray) else gray


def locate_grid(gray: Gray, size: int | None = None, shape: Shape | None = None) -> Layout:
    """The grid's layout in ``gray`` (dark ink on light paper): the largest shape whose
    lines make a grid (ScanError if none). Every shape is tried on its lines' ridges
    before any on its ink alone, which a frame around the grid may pass with a wrong size;
    a grid inset in a shape (a sheet's edge joined to it) is looked for last. A shape under
    ZOOM_BELOW of the working copy is looked at on a finer copy of its own part first."""
    mask = working_mask(gray)
    found, why = candidates(mask)
    views = [(blob, view) for blob in found for view in _views(gray, blob, mask)]
    for ink, inset in LOOKS:
        for blob, (look, quad) in views:
            try:
                return find_layout(gray, to_image(blob.quad, mask.scale), look, quad,
                                   size, shape, ink, inset)
            except ScanError as exc:
                why = str(exc).split(": ", 1)[-1]
    raise ScanError(f"no sudoku grid found in the image: {why}")


def _views(gray: Gray, blob: Blob, mask: Mask) -> list[tuple[Mask, Quad]]:
    """The copies to look at ``blob`` on, with its quad on each: a finer one first when
    the shape is small (the working copy's own after it: grain shows more on the finer)."""
    views = [(mask, blob.quad)]
    if max(blob.x1 - blob.x0, blob.y1 - blob.y0) < ZOOM_BELOW * max(mask.width, mask.height):
        closer = zoom(gray, blob, mask)
        if closer:
            views.insert(0, closer)
    return views


def refuse_solid_squares(cells: list[Gray], n: int) -> None:
    """ScanError when some cell is a solid black square: a crossword, not a sudoku.

    A black square fills its cell, a digit never does: even a bold digit leaves paper
    around and inside its strokes. So a cell is solid when the brightest tenth of its inner
    part (PAPER_SHARE) is still dark, less than SOLID of the lightest of its neighbours'
    (the paper near it, so that a page in shadow on one side is no crossword)."""
    papers = [_paper_level(cell) for cell in cells]
    solid = 0
    for i, m in enumerate(papers):
        r, c = divmod(i, n)
        paper = max(papers[rr * n + cc] for rr in range(max(0, r - 1), min(n, r + 2))
                    for cc in range(max(0, c - 1), min(n, c + 2)))
        solid += m < SOLID * paper
    if solid:
        raise ScanError(f"no sudoku grid found in the image: {solid} of its cells are solid "
                        f"black squares (a crossword?)")


def _paper_level(cell: Gray) -> int:
    """The brightness that PAPER_SHARE of the cell's inner part (a sixth in from each side,
    away from the grid lines) reaches."""
    w = cell.width
    q = w // 6
    inner = b"".join(cell.pixels[y * w + q:y * w + w - q] for y in range(q, cell.height - q))
    return sorted(inner)[int(len(inner) * (1 - PAPER_SHARE))]
