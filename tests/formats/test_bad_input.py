"""Malformed text raises a named ValueError subclass that says where and why, quickly."""

from __future__ import annotations

import pytest

from sudoku_core.formats.read import MAX_TEXT, parse, read_puzzles
from sudoku_core.model.errors import (
    CellCountError,
    ParseError,
    ShapeError,
    SudokuError,
    SymbolError,
)
from sudoku_core.model.grid import Shape

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ROWS = [LINE[i:i + 9] for i in range(0, 81, 9)]


def _with(at: int, ch: str, line: str = LINE) -> str:
    return line[:at] + ch + line[at + 1:]


@pytest.mark.parametrize(
    ("text", "shape", "error", "fragments"),
    [
        (LINE[:-1], None, CellCountError, ["80 cells found, a 9x9 puzzle has 81"]),
        (LINE + "1", None, CellCountError, ["82 cells found, a 9x9 puzzle has 81"]),
        (LINE[:-1], Shape(3, 3), CellCountError, ["80 cells found, a 9x9 puzzle has 81"]),
        (LINE, Shape(2, 2), CellCountError, ["81 cells found, a 4x4 puzzle has 16"]),
        ("." * 60, None, CellCountError, ["60 cells found, an 8x8 puzzle has 64 and a 6x6"]),
        (_with(40, "x"), None, SymbolError,
         ["line 1, column 41: 'x' is not a symbol of a 9x9 puzzle"]),
        (_with(40, "A"), None, SymbolError,
         ["'A' is not a symbol of a 9x9 puzzle (symbols are 1-9)"]),
        (_with(3, "5", LINE[:36]), Shape(2, 3), SymbolError, []),
        (_with(3, "7", "." * 36), None, SymbolError,
         ["column 4: '7' is not a symbol of a 6x6 puzzle (symbols are 1-6)"]),
        (_with(3, "H", "." * 256), None, SymbolError, ["(symbols are 1-9 and A-G)"]),
        (_with(5, "\x00"), None, SymbolError, ["column 6", "'\\x00' is not a symbol"]),
        ("." * 49, None, ShapeError, ["a 7x7 grid has no box shape: 7 is prime"]),
        ("." * 121, None, ShapeError, ["11x11", "11 is prime"]),
        (" ".join(["."] * (65 * 65)), None, ShapeError, ["65x65", "largest supported is 64x64"]),
        ("." * 9, None, CellCountError, ["9 cells found", "too small"]),
        ("", None, ParseError, ["no puzzle found: the input is empty"]),
        ("  \n\t\n ", None, ParseError, ["no puzzle found: the input is empty"]),
        ("# only a comment\n+---+---+\n", None, ParseError, ["no puzzle found"]),
        ('{"box": [3, 3], "cells": [[1 2]]}', None, ParseError,
         ["JSON: Expecting ',' delimiter at line 1, column 30"]),
        ('{"box": [3, 3]}', None, ParseError, ['"cells"']),
        ('{"box": [3, 4], "cells": [[0]]}', None, CellCountError, ["1 rows found", "has 12"]),
        ('{"box": [7, 1], "cells": [[0]]}', None, ShapeError, ["7x1"]),
        ('{"box": "²x3", "cells": [[0]]}', None, ShapeError, ["expected ROWSxCOLS"]),
        ('{"box": "%sx3", "cells": [[0]]}' % ("1" * 5000), None, ShapeError, ["ROWSxCOLS"]),
        ('{"box": [2, 2], "cells": [[1, 2, 3, 4], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 5, 0]]}',
         None, SymbolError, ["cells[3][2]: 5 is not a value of a 4x4 puzzle"]),
        ('[[1, 2, 3, 4], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]', None, CellCountError,
         ["row 2 has 3 cells"]),
        ('[[true, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]', None, SymbolError,
         ["cells[0][0]: true"]),
        ("[" * 100_000, None, ParseError, ["JSON"]),
        ("12 . 3 0 40" + " ." * 251, None, SymbolError,
         ["column 10: '40' is not a symbol of a 16x16 puzzle"]),
        ("hello world", None, ParseError, ["not a puzzle: no grid, link or puzzle line"]),
        ("\x00\x01\x02\x03 junk \x7f\x1b[0m", None, SymbolError, ["line 1, column 1"]),
        ("\ufffd" * 81, None, SymbolError, ["column 1"]),
        ("1" * 36 * 36, None, ParseError, ["36x36", "separated"]),
    ],
)
def test_bad_text(
    text: str, shape: Shape | None, error: type[SudokuError], fragments: list[str]
) -> None:
    with pytest.raises(error) as caught:
        parse(text, shape)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_errors_are_value_errors_with_position() -> None:
    with pytest.raises(ValueError) as caught:
        parse("\n".join(ROWS[:2] + [_with(6, "x", ROWS[2])] + ROWS[3:]))
    err = caught.value
    assert isinstance(err, SymbolError)
    assert (err.line, err.column, err.char) == (3, 7, "x")
    assert str(err).startswith("line 3, column 7: 'x' is not a symbol of a 9x9 puzzle")


def test_column_counts_characters_of_the_original_line() -> None:
    text = "\n".join(["53.|.7.|...", "6..|195|...", ".98|..x|.6."] + ["...|...|..."] * 6)
    with pytest.raises(SymbolError) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == (3, 7)


def test_count_error_names_the_rows_when_they_are_regular() -> None:
    with pytest.raises(CellCountError, match=r"72 cells found.*\(8 lines of 9 cells\)"):
        parse("\n".join(ROWS[:8]))


def test_json_error_carries_its_position() -> None:
    with pytest.raises(ParseError) as caught:
        parse('{"cells": [[1, 2]\n  [3, 4]]}')
    assert caught.value.line == 2 and caught.value.column == 3
    assert str(caught.value) == "JSON: Expecting ',' delimiter at line 2, column 3"


def test_a_five_megabyte_line_is_refused_by_its_size() -> None:
    text = "1" * (5 * 1024 * 1024)
    with pytest.raises(ParseError, match="too long"):
        parse(text)
    with pytest.raises(ParseError, match="line 2: .*too long"):
        list(read_puzzles(LINE + "\n" + text + "\n"))


@pytest.mark.parametrize("text", ["1 " * (MAX_TEXT // 2), "1\n" * (MAX_TEXT // 2),
                                  "x" * MAX_TEXT, "[" * MAX_TEXT, "1," * (MAX_TEXT // 2)])
def test_the_largest_accepted_junk_still_fails_cleanly(text: str) -> None:
    with pytest.raises(SudokuError):
        parse(text)


def test_read_puzzles_errors_carry_the_file_line() -> None:
    text = "# puzzles\n" + LINE + "\n\n" + _with(20, "?") + "\n"
    records = read_puzzles(text)
    assert next(records).line == 2
    with pytest.raises(SymbolError) as caught:
        next(records)
    assert (caught.value.line, caught.value.column) == (4, 21)


def test_read_puzzles_short_line_error_carries_the_file_line() -> None:
    with pytest.raises(CellCountError, match=r"^line 3: 80 cells found, a 9x9 puzzle has 81"):
        list(read_puzzles(LINE + "\n" + LINE + "\n" + LINE[:-1] + "\n"))
    with pytest.raises(CellCountError, match=r"^line 1: 80 cells found"):
        list(read_puzzles(LINE[:-1] + "\n" + LINE + "\n"))


def test_read_puzzles_csv_error_points_into_the_field() -> None:
    text = "quizzes,solutions\n" + LINE + "," + LINE.replace(".", "1") + "\n"
    text += LINE + "," + _with(4, "x", LINE.replace(".", "1")) + "\n"
    with pytest.raises(SymbolError) as caught:
        list(read_puzzles(text))
    assert (caught.value.line, caught.value.column) == (3, 82 + 5)


def test_read_puzzles_shape_error_names_the_line() -> None:
    with pytest.raises(ShapeError, match="^line 2: "):
        list(read_puzzles(LINE + "\n" + "." * 49 + "\n"))


CLASSIC_ROWS = ["53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6",
                ".6....28.", "...419..5", "....8..79"]


@pytest.mark.parametrize("rows, line", [
    # One cell moved from row 9 to row 5: 81 cells in all, but read as a run they would place
    # cells in other columns and answer another puzzle.
    (CLASSIC_ROWS[:4] + [CLASSIC_ROWS[4] + "."] + CLASSIC_ROWS[5:8] + [CLASSIC_ROWS[8][1:]], 5),
    # The same in a drawing with bars: the bars do not excuse a long row.
    ([" ".join(r) for r in CLASSIC_ROWS[:5]] + [" ".join(CLASSIC_ROWS[5]) + " ."]
     + [" ".join(r) for r in CLASSIC_ROWS[6:8]] + [" ".join(CLASSIC_ROWS[8][1:])], 6),
    # Spaces typed for empty cells: 9 lines of at most 9 cells, 64 characters in all.
    ([r.replace(".", " ", 2) for r in CLASSIC_ROWS], 1),
])
def test_rows_of_unequal_length_are_refused_with_their_line(rows: list[str], line: int) -> None:
    with pytest.raises(CellCountError) as err:
        parse("\n".join(rows))
    assert err.value.line == line
    assert "each row of a 9x9 puzzle has 9" in str(err.value)


def test_even_rows_and_a_wrapped_line_still_read() -> None:
    assert parse("\n".join(CLASSIC_ROWS)).line() == "".join(CLASSIC_ROWS)
    line = "".join(CLASSIC_ROWS)
    assert parse(line[:40] + "\n" + line[40:]).line() == line  # one puzzle line wrapped


NOT_A_PUZZLE = "not a puzzle: no grid, link or puzzle line found"


@pytest.mark.parametrize("text", ["hello", "hello world", "hi", "what is this thing",
                                  "the quick brown fox jumps over the lazy dog",
                                  "Hello,\nworld!", "abcdefghijklmnop"])
def test_words_that_are_no_puzzle_say_what_was_expected(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert str(caught.value).startswith(NOT_A_PUZZLE), str(caught.value)
    assert "cells found" not in str(caught.value)


@pytest.mark.parametrize(("text", "words"), [
    ("53..7....6..195...", "18 cells found"),
    ("123", "3 cells found"),
    ("5 3 . . 7", "5 cells found"),
])
def test_text_that_looks_like_a_grid_keeps_the_cell_count(text: str, words: str) -> None:
    with pytest.raises(ParseError, match=words):
        parse(text)


def test_the_page_import_says_it_too() -> None:
    import json

    from sudoku_core.web_api import handle

    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "parse",
                                          "args": {"text": "hello world"}})))
    assert reply["error"]["message"].startswith(NOT_A_PUZZLE), reply
