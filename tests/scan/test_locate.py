"""Finding the grid on drawn pictures: its corners within a few pixels, its size and box shape
from its lines, through rotation, perspective, scale, dark mode, uneven light and grain."""

from __future__ import annotations

import math

import pytest
from drawn import Drawn, draw, puzzle, template_reader, truth_reader
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from sudoku_core.model.errors import ScanError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.scan import ink_on_paper, locate_grid, scan_image
from sudoku_core.scan.cells import cut_cells
from sudoku_core.scan.image import CELL_PX
from sudoku_core.scan.result import SURE
from sudoku_core.scan.warp import square_to_quad, warp

CORNER_TOLERANCE = 0.006  # of the page's side: 6 pixels on a 1000-pixel picture


def corner_error(found: tuple[tuple[float, float], ...], drawn: Drawn) -> float:
    return max(math.dist(p, q) for p, q in zip(found, drawn.corners, strict=True))


CASES = [
    ((3, 3), {}),
    ((3, 3), {"angle": 15}),
    ((3, 3), {"angle": -15, "tilt": 0.1}),
    ((2, 2), {"fill": 0.3, "angle": 5}),
    ((2, 3), {"fill": 0.98, "thick": 6}),  # the border just inside the page
    ((3, 2), {"angle": -7}),
    ((2, 4), {"tilt": 0.12, "dark": True}),
    ((3, 4), {"cell": 40, "light": 0.6}),
    ((4, 4), {"cell": 40, "noise": 12, "angle": 4}),
    ((3, 3), {"dark": True, "light": 0.4, "noise": 8, "page": (800, 600), "shift": (60, 20)}),
]


@pytest.mark.parametrize(("box", "how"), CASES, ids=[f"{r}x{c}-{sorted(h)}" for (r, c), h in CASES])
def test_the_grid_is_found_with_its_shape(box: tuple[int, int], how: dict[str, object]) -> None:
    shape = Shape(*box)
    drawn = draw(puzzle(shape, 7), **how)  # type: ignore[arg-type]
    layout = locate_grid(ink_on_paper(drawn.gray))
    assert layout.shape == shape
    assert corner_error(layout.quad, drawn) < CORNER_TOLERANCE * max(drawn.image.size)


def test_the_whole_pipeline_reads_a_tilted_photo() -> None:
    # The stand-in reader matches digits drawn in the test's font: the cells must be cut on
    # the lines for it to read them all.
    grid = puzzle(Shape(3, 3), 11)
    drawn = draw(grid, angle=-9, tilt=0.08, noise=10, light=0.3)
    result = scan_image(drawn.gray, reader=template_reader)
    # (The stand-in's odds are rough: verified waits on any given it read below SURE.)
    assert result.grid == grid and result.verdict == "unique" and result.changed == []
    assert result.verified == (min(p for p, v in zip(result.confidence, grid.cells,
                                                     strict=True) if v) >= SURE)
    data = result.to_json()
    assert data["puzzle"] == grid.line() and data["verdict"] == "unique"
    assert max(math.dist(p, q) for p, q in zip(data["corners"], drawn.corners,
                                                   strict=True)) < 6


def test_cells_are_cut_from_line_centre_to_line_centre() -> None:
    # A cell's edges fall on the lines: the middle of each edge is dark, the cell's middle
    # light; shifting the quad by half a cell would turn that round.
    grid = puzzle(Shape(2, 2), 3)
    drawn = draw(grid.with_values((i, 0) for i in range(16)), thin=4, thick=4)
    cells = cut_cells(drawn.gray, tuple(drawn.corners), 4)  # type: ignore[arg-type]
    assert len(cells) == 16 and all(c.width == c.height == CELL_PX for c in cells)
    for cell in cells:
        px = cell.pixels
        assert px[CELL_PX // 2] < 128 and px[CELL_PX * (CELL_PX // 2)] < 128  # top, left
        assert px[CELL_PX * (CELL_PX // 2) + CELL_PX // 2] > 200  # the middle: paper


def test_warp_maps_the_quad_onto_the_square() -> None:
    empty = Grid.empty(Shape(2, 2))
    drawn = draw(empty.with_values([(5, 3)]), angle=10, tilt=0.1)
    quad = tuple(drawn.corners)
    hom = square_to_quad(quad)  # type: ignore[arg-type]
    for (u, v), corner in zip([(0, 0), (1, 0), (1, 1), (0, 1)], drawn.corners, strict=True):
        assert math.dist(hom(u, v), corner) < 1e-6
    square = warp(drawn.gray, quad, 64)  # type: ignore[arg-type]
    assert square.pixels[32 * 64 + 1] < 128  # the left border line, at mid-height
    assert square.pixels[8 * 64 + 8] > 200  # inside the top-left cell: paper
    assert min(square.pixels[16 * 64 + 16 + d] for d in range(-3, 4)) < 100  # r2c2's 3


def test_a_grid_the_size_of_the_page_or_a_third_of_it() -> None:
    for fill in (0.3, 1.0):
        drawn = draw(puzzle(Shape(3, 3), 2), fill=fill, page=(700, 700))
        result = scan_image(drawn.gray, reader=truth_reader(drawn.grid))
        assert result.verified and result.grid == drawn.grid


def test_size_and_box_given_by_the_caller_win() -> None:
    drawn = draw(puzzle(Shape(2, 3), 4))
    # Boxes of 3x2 are not what the lines say, but the caller knows better.
    assert locate_grid(drawn.gray, shape=Shape(3, 2)).shape == Shape(3, 2)
    assert locate_grid(drawn.gray, size=6).shape == Shape(2, 3)


def test_a_small_grid_is_not_found() -> None:
    drawn = draw(puzzle(Shape(2, 2), 1), fill=0.1, page=(600, 600))
    with pytest.raises(ScanError, match="no sudoku grid found in the image: nothing large"):
        locate_grid(drawn.gray)


# No shrinking: each example draws a page and scans it (a fraction of a second), and a
# failure's own numbers say enough.
@settings(max_examples=12, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(angle=st.floats(-15, 15), scale=st.floats(0.4, 1.0), tilt=st.floats(0, 0.12),
       box=st.sampled_from([(2, 2), (2, 3), (3, 3)]), dx=st.floats(-1, 1), dy=st.floats(-1, 1))
def test_turned_and_scaled_grids_are_found(angle: float, scale: float, tilt: float,
                                           box: tuple[int, int], dx: float, dy: float) -> None:
    page, cell, thick = (600, 600), 48, 8
    turn = abs(math.cos(math.radians(angle))) + abs(math.sin(math.radians(angle)))
    fill = scale * 0.94 / turn  # at scale 1 the turned grid just fits the page
    # Room to move: the turned grid stays on the page, its border's outer half too.
    border = thick / 2 * fill * page[0] / (box[0] * box[1] * cell)
    room = max(0.0, (1 - fill * turn) * page[0] / 2 - border * 1.5 - 2)
    drawn = draw(puzzle(Shape(*box), 5), page=page, fill=fill, angle=angle, tilt=tilt,
                 shift=(dx * room, dy * room), cell=cell, thick=thick)
    layout = locate_grid(drawn.gray)
    assert layout.shape == Shape(*box)
    assert corner_error(layout.quad, drawn) < CORNER_TOLERANCE * page[0]
