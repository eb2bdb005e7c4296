"""scan_image end to end with a reader that errs: the check's repair shows in the result, its
JSON and its message; a grid the solver cannot settle is never called verified."""

from __future__ import annotations

import random

import pytest
from drawn import draw, puzzle
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.model.errors import ScanError
from sudoku_core.model.grid import Grid, Shape, cell_name
from sudoku_core.scan import Reader, scan_image
from sudoku_core.scan.image import Gray
from sudoku_core.solver.exact import solve


def erring_reader(grid: Grid, wrong: dict[int, list[tuple[int, float]]]) -> Reader:
    """Reads ``grid`` cell by cell, surely, except the cells in ``wrong``."""
    cells = iter(enumerate(grid.cells))

    def read(cell: Gray, size: int) -> list[tuple[int, float]]:
        i, v = next(cells)
        return wrong.get(i, [(v, 0.97), (0, 0.03)])

    return read


def test_a_misread_digit_is_changed_and_named() -> None:
    grid = puzzle(Shape(3, 3), 8)
    drawn = draw(grid, angle=3, page=(600, 600))
    cell = next(i for i, v in enumerate(grid.cells) if v and not solve(
        grid.with_values([(i, v % 9 + 1)])).unique)
    misread = grid.cells[cell] % 9 + 1
    result = scan_image(drawn.gray, reader=erring_reader(
        grid, {cell: [(misread, 0.6), (grid.cells[cell], 0.35), (0, 0.05)]}))
    # The mended grid has one solution, but the changed cell waits for the player: a misread
    # can leave another puzzle with one solution, which no solver can tell apart.
    assert result.verdict == "unique" and result.grid == grid and not result.verified
    data = result.to_json()
    assert data["changed"] == [cell] and data["read"][cell] == misread
    assert data["verified"] is False and cell in data["unsure"]
    assert "Not verified until" in result.message()
    assert data["values"][cell] == grid.cells[cell] and data["confidence"][cell] == 0.35
    assert cell_name(cell, 9) in result.message() and "changed to fit" in result.message()


def test_an_unsure_cell_is_named_and_a_bad_grid_is_not_verified() -> None:
    grid = puzzle(Shape(2, 2), 9)
    drawn = draw(grid, page=(400, 400))
    # Every given read as empty, unsure: several solutions, no single change mends it.
    wrong = {i: [(0, 0.7), (v, 0.3)] for i, v in enumerate(grid.cells) if v}
    result = scan_image(drawn.gray, reader=erring_reader(grid, wrong))
    assert not result.verified and result.verdict == "several"
    assert result.to_json()["verified"] is False
    assert "several solutions" in result.message() and "Check r" in result.message()


def test_a_size_a_scan_cannot_read_is_refused() -> None:
    drawn = draw(puzzle(Shape(2, 2), 1), page=(300, 300))
    with pytest.raises(ScanError, match="not 7"):
        scan_image(drawn.gray, size=7, reader=erring_reader(drawn.grid, {}))


@settings(max_examples=40)
@given(width=st.integers(16, 90), height=st.integers(16, 90), seed=st.integers(0, 2**32),
       style=st.sampled_from(["noise", "bars", "boxes", "flat"]))
def test_any_picture_gives_a_result_or_words(width: int, height: int, seed: int,
                                             style: str) -> None:
    rng = random.Random(seed)
    if style == "noise":
        pixels = rng.randbytes(width * height)
    elif style == "flat":
        pixels = bytes([rng.randrange(256)]) * (width * height)
    else:  # dark bars or boxes on paper, at random steps: grid-like and not
        sx, sy = rng.randint(2, 12), rng.randint(2, 12)
        pixels = bytes(20 if (x % sx == 0 or (style == "boxes" and y % sy == 0)) else 235
                       for y in range(height) for x in range(width))
    try:
        result = scan_image(Gray(width, height, pixels), time_limit=2,
                            reader=lambda cell, size: [(0, 0.9), (1, 0.1)])
    except ScanError as exc:
        assert str(exc).startswith("no sudoku grid found in the image: ")
    else:
        assert not result.verified  # an empty reading never is
