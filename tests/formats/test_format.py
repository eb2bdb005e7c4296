"""The writers: exact layouts that people and other tools rely on."""

from __future__ import annotations

import json

import pytest

from sudoku_core.formats.read import parse
from sudoku_core.formats.write import (
    FORMATS,
    candidate_masks,
    format_candidates,
    format_grid,
    format_json,
    format_line,
    format_pretty,
    format_tokens,
)
from sudoku_core.model.grid import Grid, Shape

SMALL = parse("1.3..4.2.14.4..1")


def test_line() -> None:
    assert format_line(SMALL) == "1.3..4.2.14.4..1"
    assert format_grid(SMALL) == format_line(SMALL)


def test_line_above_thirty_five_uses_numbers() -> None:
    g = Grid(Shape(6, 6), (36,) + (0,) * (36 * 36 - 2) + (7,))
    text = format_line(g)
    assert text.startswith("36 . . ") and text.endswith(" . 7") and "\n" not in text


def test_pretty_pins_the_layout() -> None:
    assert format_pretty(SMALL) == (
        "    1 2   3 4\n"
        "  ┌─────┬─────┐\n"
        "1 │ 1 . │ 3 . │\n"
        "2 │ . 4 │ . 2 │\n"
        "  ├─────┼─────┤\n"
        "3 │ . 1 │ 4 . │\n"
        "4 │ 4 . │ . 1 │\n"
        "  └─────┴─────┘"
    )


def test_pretty_draws_boxes_of_the_shape() -> None:
    lines = format_pretty(Grid.empty(Shape(3, 2))).splitlines()
    assert lines[1] == "  ┌─────┬─────┬─────┐"
    assert lines[5] == "  ├─────┼─────┼─────┤"
    assert len(lines) == 1 + 6 + 3
    lines = format_pretty(Grid.empty(Shape(2, 3))).splitlines()
    assert lines[1] == "  ┌───────┬───────┐" and lines[4] == "  ├───────┼───────┤"


def test_pretty_stacks_two_digit_column_numbers_over_single_symbols() -> None:
    lines = format_pretty(Grid.empty(Shape(3, 4))).splitlines()
    assert lines[0].split() == ["1", "1", "1"]
    assert lines[1].split() == [str(k % 10) for k in range(1, 13)]
    assert lines[3].startswith(" 1 │ . . . . │")
    assert lines[-2].startswith("12 │")


def test_pretty_above_thirty_five_uses_two_character_cells() -> None:
    g = Grid(Shape(6, 6), (36, 5) + (0,) * (36 * 36 - 2))
    lines = format_pretty(g).splitlines()
    assert lines[0].split()[:3] == ["1", "2", "3"]
    assert lines[2].startswith(" 1 │ 36  5  .")


def test_tokens_align_numbers() -> None:
    assert format_tokens(SMALL) == "1 . 3 .\n. 4 . 2\n. 1 4 .\n4 . . 1"
    g = Grid(Shape(4, 4), (16, 0, 9) + (0,) * 253)
    assert format_tokens(g).splitlines()[0].startswith("16  .  9  .")


def test_json_layout_and_content() -> None:
    text = format_json(Grid(Shape(3, 2), (6,) + (0,) * 35))
    assert text.splitlines()[0] == '{"box": [3, 2], "cells": ['
    assert text.splitlines()[1] == "  [6, 0, 0, 0, 0, 0],"
    data = json.loads(text)
    assert data["box"] == [3, 2] and data["cells"][0][0] == 6 and len(data["cells"]) == 6


def test_candidates_show_values_and_pencil_marks() -> None:
    text = format_candidates(SMALL)
    rows = text.splitlines()
    # r1c2 sees 1, 3, 4 in its units: only 2 is left, marked so it does not read as a value.
    assert rows[2].split("│")[1].split() == ["1", "(2)"]
    assert format_grid(SMALL, "candidates") == text


def test_candidates_zero_and_many() -> None:
    g = Grid(Shape(2, 2), (0, 1, 2, 0) + (3,) + (0,) * 11)
    marks = candidate_masks(g)
    assert marks[0] == 0b1000 and marks[1] == 0
    text = format_candidates(g, [0b0000, 0, 0, 0b1111] + [0] * 12)
    row = text.splitlines()[2]
    assert row.split()[2] == "." and row.split()[6] == "1234"


def test_candidates_above_thirty_five_separate_numbers() -> None:
    g = Grid(Shape(6, 6), (0,) * (36 * 36))
    masks = [(1 << 35) | 1 | (1 << 11)] + [0] * (36 * 36 - 1)
    assert "1/12/36" in format_candidates(g, masks)


def test_candidates_masks_must_fit_the_grid() -> None:
    with pytest.raises(ValueError, match="3 candidate masks given"):
        format_candidates(SMALL, [0, 0, 0])


def test_unknown_format_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown format 'xml'"):
        format_grid(SMALL, "xml")


def test_format_names_are_the_contract() -> None:
    assert set(FORMATS) == {"line", "grid", "pretty", "tokens", "json", "candidates", "ss", "sdk",
                            "link", "variant", "fpuzzles", "sudokupad"}


def test_ss_and_sdk_layouts() -> None:
    g = parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    ss = format_grid(g, "ss").splitlines()
    assert ss[:4] == ["53.|.7.|...", "6..|195|...", ".98|...|.6.", "-----------"]
    assert len(ss) == 11
    sdk = format_grid(g, "sdk").splitlines()
    assert sdk[0] == "[Puzzle]" and sdk[1] == "53..7...." and len(sdk) == 10
    assert format_grid(SMALL, "ss") == "1.|3.\n.4|.2\n-----\n.1|4.\n4.|.1"
