"""parse(): one explicit example per input format, and the choices auto-detection makes."""

from __future__ import annotations

import pytest

from sudoku_core.formats.read import parse
from sudoku_core.model.grid import Grid, Shape

LINE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
GRID = parse(LINE)

SS = """\
53.|.7.|...
6..|195|...
.98|...|.6.
-----------
8..|.6.|..3
4..|8.3|..1
7..|.2.|..6
-----------
.6.|...|28.
...|419|..5
...|.8.|.79
"""

SDK = """\
#ASadMan Software
#DA sample puzzle
#BNovember 2026
[Puzzle]
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
"""

DOUBLE_FRAME = """\
╔═══════╦═══════╦═══════╗
║ 5 3 . ║ . 7 . ║ . . . ║
║ 6 . . ║ 1 9 5 ║ . . . ║
║ . 9 8 ║ . . . ║ . 6 . ║
╠═══════╬═══════╬═══════╣
║ 8 . . ║ . 6 . ║ . . 3 ║
║ 4 . . ║ 8 . 3 ║ . . 1 ║
║ 7 . . ║ . 2 . ║ . . 6 ║
╠═══════╬═══════╬═══════╣
║ . 6 . ║ . . . ║ 2 8 . ║
║ . . . ║ 4 1 9 ║ . . 5 ║
║ . . . ║ . 8 . ║ . 7 9 ║
╚═══════╩═══════╩═══════╝
"""

ASCII_FRAME_WITH_LABELS = """\
    a b c   d e f   g h i
  +-------+-------+-------+
1 | 5 3 0 | 0 7 0 | 0 0 0 |
2 | 6 0 0 | 1 9 5 | 0 0 0 |
3 | 0 9 8 | 0 0 0 | 0 6 0 |
  +-------+-------+-------+
4 | 8 0 0 | 0 6 0 | 0 0 3 |
5 | 4 0 0 | 8 0 3 | 0 0 1 |
6 | 7 0 0 | 0 2 0 | 0 0 6 |
  +-------+-------+-------+
7 | 0 6 0 | 0 0 0 | 2 8 0 |
8 | 0 0 0 | 4 1 9 | 0 0 5 |
9 | 0 0 0 | 0 8 0 | 0 7 9 |
  +-------+-------+-------+
"""

UNDERSCORES = """\
5 3 _ _ 7 _ _ _ _
6 _ _ 1 9 5 _ _ _
_ 9 8 _ _ _ _ 6 _

8 _ _ _ 6 _ _ _ 3
4 _ _ 8 _ 3 _ _ 1
7 _ _ _ 2 _ _ _ 6

_ 6 _ _ _ _ 2 8 _
_ _ _ 4 1 9 _ _ 5
_ _ _ _ 8 _ _ 7 9
"""

# A pencil-mark grid as HoDoKu prints it: cells with one candidate look like givens.
HODOKU = """\
.---------------------.------------------.--------------------.
| 5    3      124     | 26    7    2468  | 1489   1249   248   |
| 6    247    247     | 1     9    5     | 3478   234    2478  |
| 12   9      8       | 23    34   24    | 13457  6      247   |
:---------------------+------------------+--------------------:
| 8    125    1259    | 579   6    147   | 4579   2459   3     |
| 4    25     2569    | 8     5    3     | 579    259    1     |
| 7    15     1359    | 59    2    14    | 4589   459    6     |
:---------------------+------------------+--------------------:
| 139  6      134579  | 357   35   7     | 2      8      4     |
| 23   278    237     | 4     1    9     | 36     3      5     |
| 123  1245   12345   | 2356  8    26    | 1346   7      9     |
'---------------------'------------------'--------------------'
"""


@pytest.mark.parametrize(
    "text",
    [
        LINE,
        LINE.replace(".", "0"),
        LINE.replace(".", "_"),
        f"  {LINE}\n",
        "\n".join(LINE[i:i + 9] for i in range(0, 81, 9)),
        "\r\n".join(LINE[i:i + 9] for i in range(0, 81, 9)) + "\r\n",
        " ".join(LINE),
        ",".join(LINE.replace(".", "0")),
        SS,
        SDK,
        SDK.split("[Puzzle]\n")[1],
        DOUBLE_FRAME,
        ASCII_FRAME_WITH_LABELS,
        UNDERSCORES,
    ],
    ids=["line", "zeros", "underscores", "padded", "rows", "crlf", "spaced", "commas", "ss",
         "sdk", "sdk-bare", "double-frame", "ascii-frame-labels", "underscore-grid"],
)
def test_every_layout_of_the_same_puzzle(text: str) -> None:
    assert parse(text) == GRID


def test_frame_of_horizontal_rules_only() -> None:
    rows = [" ".join(LINE[i:i + 9]) for i in range(0, 81, 9)]
    rule = "+-----------------+"
    text = "\n".join([rule] + rows[:3] + [rule] + rows[3:6] + [rule] + rows[6:] + [rule])
    assert parse(text) == GRID


def test_spreadsheet_rows_with_empty_fields() -> None:
    rows = [LINE[i:i + 9] for i in range(0, 81, 9)]
    tsv = "\n".join("\t".join("" if ch == "." else ch for ch in row) for row in rows)
    assert parse(tsv) == GRID
    csv = "\r\n".join(",".join("" if ch == "." else ch for ch in row) + "," for row in rows)
    assert parse(csv) == GRID


def test_hodoku_pencil_marks_read_single_candidates_as_values() -> None:
    g = parse(HODOKU)
    assert g.shape == Shape(3, 3)
    assert g[0, 0] == 5 and g[0, 2] == 0 and g[4, 4] == 5 and g[6, 5] == 7 and g[7, 7] == 3


def test_sdk_keeps_only_the_puzzle_section() -> None:
    text = SDK + "[State]\n" + "1" * 81 + "\n"
    assert parse(text) == GRID


def test_box_drawing_light_frame_with_coordinates() -> None:
    text = """\
    1 2   3 4
  ┌─────┬─────┐
1 │ 1 . │ 3 . │
2 │ . 4 │ . 2 │
  ├─────┼─────┤
3 │ . 1 │ 4 . │
4 │ 4 . │ . 1 │
  └─────┴─────┘
"""
    assert parse(text).line() == "1.3..4.2.14.4..1"


def test_sixteen_by_sixteen_as_numbers_letters_and_lowercase() -> None:
    values = [(r * 4 + r // 4 + c) % 16 + 1 for r in range(16) for c in range(16)]
    g = Grid(Shape(4, 4), tuple(values))
    numbers = "\n".join(" ".join(str(v) for v in values[r * 16:(r + 1) * 16]) for r in range(16))
    assert parse(numbers) == g
    assert parse(",".join(str(v) for v in values)) == g
    assert parse(g.line()) == g
    assert parse(g.line().lower()) == g


def test_separated_numbers_with_every_empty_mark() -> None:
    g = parse("12 . 3 0 _ " + " ".join(["16"] * 251))
    assert g.size == 16 and g.cells[:5] == (12, 0, 3, 0, 0) and g.cells[5] == 16


def test_numbers_above_thirty_five() -> None:
    values = [(k * 7) % 37 for k in range(36 * 36)]
    text = " ".join(str(v) if v else "." for v in values)
    g = parse(text)
    assert g.shape == Shape(6, 6) and list(g.cells) == values


@pytest.mark.parametrize(
    ("cells", "shape"),
    [(16, Shape(2, 2)), (36, Shape(2, 3)), (64, Shape(2, 4)), (81, Shape(3, 3)),
     (144, Shape(3, 4)), (256, Shape(4, 4)), (400, Shape(4, 5)), (625, Shape(5, 5))],
)
def test_size_and_shape_come_from_the_cell_count(cells: int, shape: Shape) -> None:
    assert parse("." * cells).shape == shape


def test_an_explicit_shape_overrides_the_default() -> None:
    assert parse("." * 36, Shape(3, 2)).shape == Shape(3, 2)
    assert parse("1" + "." * 143, Shape(4, 3)).shape == Shape(4, 3)


@pytest.mark.parametrize(
    "text",
    [
        '{"box": [3, 3], "cells": ROWS}',
        "ROWS",
        '{"box": "3x3", "cells": ROWS}',
        '{"cells": ROWS}',
    ],
)
def test_json_objects_and_bare_lists(text: str) -> None:
    rows = str(GRID.rows())
    assert parse(text.replace("ROWS", rows)) == GRID


def test_json_null_strings_and_flat_lists() -> None:
    assert parse('[[1, null, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, "."]]').line() == (
        "1.3434122143432."
    )
    assert parse('{"box": [2, 2], "cells": ["1.34", "3412", "2143", "432_"]}').line() == (
        "1.3434122143432."
    )
    assert parse('{"cells": ["1 . 3 4", "3,4,1,2", "2 1 4 3", "4 3 2 0"]}').line() == (
        "1.3434122143432."
    )
    flat = [0] * 36
    flat[5] = 6
    g = parse(f'{{"box": [3, 2], "cells": {flat}}}')
    assert g.shape == Shape(3, 2) and g.cells[5] == 6
    assert parse(f'{{"cells": "{LINE}"}}') == GRID


def test_a_byte_order_mark_is_ignored() -> None:
    assert parse("\ufeff" + LINE) == GRID
    assert parse("\ufeff" + str(GRID.rows())) == GRID


def test_json_box_is_overridden_by_an_explicit_shape() -> None:
    text = '{"box": [2, 3], "cells": %s}' % ([[0] * 6] * 6)
    assert parse(text).shape == Shape(2, 3)
    assert parse(text, Shape(3, 2)).shape == Shape(3, 2)


def test_fast_path_and_slow_path_agree() -> None:
    assert parse(LINE) == parse(" " + " ".join(LINE)) == parse(LINE.lower())
    assert parse(LINE).cells == tuple(0 if ch == "." else int(ch) for ch in LINE)


def test_pretty_output_with_two_digit_sizes_parses_back() -> None:
    text = """\
                           1 1 1   1 1 1 1
     1 2 3 4   5 6 7 8   9 0 1 2   3 4 5 6
   ┌─────────┬─────────┬─────────┬─────────┐
 1 │ G . . . │ . . . . │ . . . . │ . . . . │
 2 │ . . . . │ . . . . │ . . . . │ . . . . │
 3 │ . . . . │ . . . . │ . . . . │ . . . . │
 4 │ . . . . │ . . . . │ . . . . │ . . . . │
   ├─────────┼─────────┼─────────┼─────────┤
 5 │ . . . . │ . . . . │ . . . . │ . . . . │
 6 │ . . . . │ . . . . │ . . . . │ . . . . │
 7 │ . . . . │ . . . . │ . . . . │ . . . . │
 8 │ . . . . │ . . . . │ . . . . │ . . . . │
   ├─────────┼─────────┼─────────┼─────────┤
 9 │ . . . . │ . . . . │ . . . . │ . . . . │
10 │ . . . . │ . . . . │ . . . . │ . . . . │
11 │ . . . . │ . . . . │ . . . . │ . . . . │
12 │ . . . . │ . . . . │ . . . . │ . . . . │
   ├─────────┼─────────┼─────────┼─────────┤
13 │ . . . . │ . . . . │ . . . . │ . . . . │
14 │ . . . . │ . . . . │ . . . . │ . . . . │
15 │ . . . . │ . . . . │ . . . . │ . . . . │
16 │ . . . . │ . . . . │ . . . . │ . . . 1 │
   └─────────┴─────────┴─────────┴─────────┘
"""
    g = parse(text)
    assert g.size == 16 and g.cells[0] == 16 and g.cells[-1] == 1 and g.given_count == 2
