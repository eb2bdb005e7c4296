"""read_puzzles(): files of many puzzles, CSV with solutions, and a lone multi-line puzzle."""

from __future__ import annotations

from sudoku_core.formats.read import PuzzleRecord, parse, read_puzzles
from sudoku_core.model.grid import Shape

A = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
A_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
B = "..7........1....3..5..4.6...4....7...6...3........1..2.....7.......6..8...2.....1"


def test_one_per_line_with_comments_and_blank_lines() -> None:
    text = f"# first\n{A}\n\n   \n# second\n{B}\n"
    assert list(read_puzzles(text)) == [
        PuzzleRecord(2, parse(A), None), PuzzleRecord(6, parse(B), None)
    ]


def test_kaggle_csv_quizzes_solutions() -> None:
    text = f"quizzes,solutions\n{A.replace('.', '0')},{A_SOLVED}\n{B.replace('.', '0')},\n"
    records = list(read_puzzles(text))
    assert [r.line for r in records] == [2, 3]
    assert records[0].grid == parse(A) and records[0].solution == parse(A_SOLVED)
    assert records[1].grid == parse(B) and records[1].solution is None


def test_csv_puzzle_solution_and_extra_columns() -> None:
    text = f"id,puzzle,solution,clues,difficulty\r\n1,{A},{A_SOLVED},30,1.5\r\n2,\"{B}\",,25,0\r\n"
    records = list(read_puzzles(text))
    assert [(r.line, r.grid.line(), r.solution) for r in records] == [
        (2, A, parse(A_SOLVED)), (3, B, None)
    ]


def test_csv_without_a_solution_column() -> None:
    records = list(read_puzzles(f"puzzle\n{A}\n{B}\n"))
    assert [r.grid.line() for r in records] == [A, B]


def test_a_file_holding_one_multi_line_puzzle() -> None:
    rows = [A[i:i + 9] for i in range(0, 81, 9)]
    framed = "\n".join(rows[:3] + ["---+---+---"] + rows[3:6] + ["---+---+---"] + rows[6:])
    for text in ("\n".join(rows), "# title\n\n" + "\n".join(rows), framed):
        records = list(read_puzzles(text))
        assert len(records) == 1 and records[0].grid == parse(A)


def test_sixteen_rows_of_sixteen_are_one_grid() -> None:
    rows = ["1..4" + "." * 12] * 16
    records = list(read_puzzles("\n".join(rows)))
    assert len(records) == 1 and records[0].grid.size == 16


def test_sdk_file() -> None:
    text = "#Aauthor\n[Puzzle]\n" + "\n".join(A[i:i + 9] for i in range(0, 81, 9)) + "\n"
    records = list(read_puzzles(text))
    assert [r.grid for r in records] == [parse(A)] and records[0].line == 3


def test_pretty_output_read_as_a_file() -> None:
    from sudoku_core.formats.write import format_grid

    records = list(read_puzzles(format_grid(parse(A), "pretty")))
    assert [r.grid for r in records] == [parse(A)]


def test_shape_applies_to_every_line() -> None:
    six = "1....." + "." * 30
    records = list(read_puzzles(f"{six}\n{six}\n", Shape(3, 2)))
    assert [r.grid.shape for r in records] == [Shape(3, 2)] * 2


def test_old_mac_line_ends() -> None:
    assert [r.line for r in read_puzzles(f"{A}\r{B}\r")] == [1, 2]


def test_csv_with_an_empty_puzzle_field() -> None:
    import pytest

    from sudoku_core.model.errors import ParseError

    with pytest.raises(ParseError, match="line 3: the puzzle field"):
        list(read_puzzles(f"puzzle,solution\n{A},\n,{A_SOLVED}\n"))


def test_titled_blocks_as_in_project_euler() -> None:
    rows = [A[i:i + 9] for i in range(0, 81, 9)]
    other = [B[i:i + 9] for i in range(0, 81, 9)]
    text = "Grid 01\n" + "\n".join(rows) + "\nGrid 02\n" + "\n".join(other) + "\n"
    records = list(read_puzzles(text.replace(".", "0")))
    assert [(r.line, r.grid) for r in records] == [(2, parse(A)), (12, parse(B))]


def test_titled_block_errors_carry_the_file_line() -> None:
    import pytest

    from sudoku_core.model.errors import CellCountError, SymbolError

    rows = [A[i:i + 9] for i in range(0, 81, 9)]
    bad = rows[:4] + [rows[4][:3] + "x" + rows[4][4:]] + rows[5:]
    text = "Puzzle 1:\n" + "\n".join(rows) + "\nPuzzle 2:\n" + "\n".join(bad) + "\n"
    with pytest.raises(SymbolError) as caught:
        list(read_puzzles(text))
    assert (caught.value.line, caught.value.column) == (16, 4)
    with pytest.raises(CellCountError, match="^line 1: 72 cells found"):
        list(read_puzzles("Grid 1\n" + "\n".join(rows[:8])))


def test_notes_after_a_one_line_puzzle() -> None:
    text = f"{A}  Easter Monster\n{B}\t# hard\n{A}:1:{A_SOLVED}\n{B};x\n"
    records = list(read_puzzles(text))
    assert [r.grid for r in records] == [parse(A), parse(B), parse(A), parse(B)]
    assert [r.solution for r in records] == [None, None, parse(A_SOLVED), None]


def test_a_note_does_not_hide_a_bad_puzzle() -> None:
    import pytest

    from sudoku_core.model.errors import CellCountError

    with pytest.raises(CellCountError, match="^line 2: 80 cells found, a 9x9 puzzle has 81"):
        list(read_puzzles(f"{A}\n{A[:-1]}  note\n"))
    with pytest.raises(CellCountError, match="^line 1: 80 cells found, a 9x9 puzzle has 81"):
        list(read_puzzles(f"{A[:-1]}  # hard\n{A}\n"))
