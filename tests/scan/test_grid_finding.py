"""Black squares against bold digits: a digit whose blot fills a cell's middle (as bold
fonts did on the scan set) is no crossword's black square; a black square still is."""

from __future__ import annotations

from PIL import Image, ImageDraw

from sudoku_core.scan import refuse_solid_squares
from sudoku_core.scan.image import CELL_PX, Gray


def cell_with(draw_ink: str) -> Gray:
    im = Image.new("L", (CELL_PX, CELL_PX), 240)
    d = ImageDraw.Draw(im)
    if draw_ink == "disk":  # a bold digit's blot: the middle all ink, paper in the corners
        d.ellipse([5, 5, CELL_PX - 6, CELL_PX - 6], fill=20)
    elif draw_ink == "square":  # a crossword's black square, up to the lines
        d.rectangle([2, 2, CELL_PX - 3, CELL_PX - 3], fill=20)
    return Gray(CELL_PX, CELL_PX, im.tobytes())


def test_bold_digits_are_no_black_squares() -> None:
    cells = [cell_with("disk" if i % 2 else "") for i in range(16)]
    refuse_solid_squares(cells, 4)  # no ScanError


def test_a_black_square_is_refused() -> None:
    cells = [cell_with("square" if i == 5 else "disk" if i % 2 else "") for i in range(16)]
    try:
        refuse_solid_squares(cells, 4)
    except Exception as exc:  # noqa: BLE001 - the type is checked below
        assert type(exc).__name__ == "ScanError" and "1 of its cells" in str(exc)
    else:
        raise AssertionError("a black square was not refused")
