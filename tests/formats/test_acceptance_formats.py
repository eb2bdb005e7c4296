"""Acceptance: what people paste is read, and what `show` writes reads back as the same puzzle
(box shape included) for every shape; bad JSON says what is wrong in rows."""

from __future__ import annotations

import random

import pytest

from sudoku_core import format_grid, parse
from sudoku_core.model.errors import CellCountError, ShapeError
from sudoku_core.model.grid import Grid, Shape

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ROWS = [SUDOKU[r * 9:(r + 1) * 9] for r in range(9)]

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (2, 6),
          (6, 2), (3, 5), (5, 3), (4, 4), (2, 8), (8, 2), (4, 5), (5, 4), (5, 5), (4, 9), (6, 6),
          (8, 8), (2, 32), (16, 4)]


def random_grid(shape: Shape, seed: int) -> Grid:
    rnd = random.Random(seed)
    n = shape.size
    return Grid(shape, tuple(rnd.randint(1, n) if rnd.random() < 0.4 else 0
                             for _ in range(n * n)))


@pytest.mark.parametrize(("br", "bc"), SHAPES)
@pytest.mark.parametrize("to", ["pretty", "candidates", "ss", "json"])
def test_drawn_formats_read_back_with_their_box_shape(br: int, bc: int, to: str) -> None:
    grid = random_grid(Shape(br, bc), br * 64 + bc)
    assert parse(format_grid(grid, to)) == grid  # no shape given: the drawing tells it


@pytest.mark.parametrize(("br", "bc"), SHAPES)
@pytest.mark.parametrize("to", ["line", "tokens", "sdk"])
def test_plain_formats_read_back_with_the_shape_given(br: int, bc: int, to: str) -> None:
    grid = random_grid(Shape(br, bc), br * 64 + bc)
    assert parse(format_grid(grid, to), Shape(br, bc)) == grid


def test_a_3x2_pretty_grid_is_not_read_as_2x3() -> None:
    grid = parse(".......64...2...3...5...516.2..4....", Shape(3, 2))
    assert parse(format_grid(grid, "pretty")).shape == Shape(3, 2)
    assert parse(format_grid(grid, "ss")).shape == Shape(3, 2)
    # A box that is not the size's default is drawn with bars and rules in the plain
    # formats too (the audit's 3x2 came back 2x3); an explicit shape wins over a drawing.
    assert parse(format_grid(grid, "tokens")).shape == Shape(3, 2)
    assert parse(format_grid(grid, "pretty"), Shape(2, 3)).shape == Shape(2, 3)


@pytest.mark.parametrize(
    "text",
    [
        SUDOKU,
        SUDOKU.replace(".", "0"),
        SUDOKU.replace(".", "_"),
        SUDOKU.lower(),
        "\n".join(ROWS),
        "\r\n".join(ROWS) + "\r\n",
        "\n".join(" ".join(row) for row in ROWS),
        "\n".join(" ".join(row.replace(".", "_")) for row in ROWS),
        ",".join(SUDOKU.replace(".", "0")),
        "\n".join("\t".join("" if ch == "." else ch for ch in row) for row in ROWS),
        "# a comment\n" + "\n".join(
            " | ".join(" ".join(row[b:b + 3]) for b in (0, 3, 6))
            + ("\n------+-------+------" if r in (2, 5) else "")
            for r, row in enumerate(ROWS)
        ),
        "╔═══╤═══╤═══╗\n" + "\n".join(
            "║" + "│".join(row[b:b + 3] for b in (0, 3, 6)) + "║"
            + ("\n╟───┼───┼───╢" if r in (2, 5) else "")
            for r, row in enumerate(ROWS)
        ) + "\n╚═══╧═══╧═══╝",
        "[Puzzle]\n" + "\n".join(ROWS) + "\n[State]\n" + "\n".join(ROWS),
        '{"box": [3, 3], "cells": "' + SUDOKU + '"}',
        "[" + ",".join(
            "[" + ",".join("null" if ch == "." else ch for ch in row) + "]" for row in ROWS
        ) + "]",
        # coordinates without a frame, as copied from a web page
        "   1 2 3 4 5 6 7 8 9\n" + "\n".join(
            f"{'ABCDEFGHI'[r]}  " + " ".join(row) for r, row in enumerate(ROWS)),
        "   123 456 789\n" + "\n".join(f"{r + 1}  {row}" for r, row in enumerate(ROWS)),
        "\n".join(f"{r + 1}: {row}" for r, row in enumerate(ROWS)),
    ],
)
def test_what_people_paste(text: str) -> None:
    assert parse(text).line() == SUDOKU


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("[[1,2,3,4],[1,2,3,4],[0,0,0,0]]", CellCountError, "JSON: 3 rows found"),
        ("[[1,2,3,4,5,6,7]" + ",[1]" * 6 + "]", ShapeError, "7 rows found, but a 7x7 grid"),
        ("[" + ",".join(["[0]"] * 65) + "]", ShapeError, "65 rows found; the largest"),
    ],
)
def test_json_row_count_errors_speak_of_rows(text: str, error: type, message: str) -> None:
    with pytest.raises(error) as exc:
        parse(text)
    assert message in str(exc.value)


@pytest.mark.parametrize("symbol", ["²", "٣", "x", "10", "-1", "A"])
def test_value_of_refuses_what_is_not_a_symbol_of_9x9(symbol: str) -> None:
    assert Shape(3, 3).value_of(symbol) is None


def test_value_of_reads_symbols_and_empty_marks() -> None:
    assert [Shape(3, 3).value_of(s) for s in ("5", ".", "0", "_", " 9 ")] == [5, 0, 0, 0, 9]
    assert (Shape(4, 4).value_of("g"), Shape(6, 6).value_of("36")) == (16, 36)


def test_grid_refuses_bad_cells_with_named_errors() -> None:
    from sudoku_core.model.errors import SudokuError

    with pytest.raises(SudokuError, match="15 cells given"):
        Grid(Shape(2, 2), (0,) * 15)
    with pytest.raises(SudokuError, match="value 5 is out of range"):
        Grid(Shape(2, 2), (5,) + (0,) * 15)
