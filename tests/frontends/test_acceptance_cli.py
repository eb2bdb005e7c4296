"""Acceptance: the `sudoku` command as a demanding user and the issue's grader use it.

Solutions are checked by an independent brute-force checker (no package code), every size
from 4x4 to 64x64; exit codes and one-line errors for hostile input; batches that keep going
past a bad line; the JSON contracts of docs/protocol.md.
"""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from sudoku_core.cli import main
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import count_solutions

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PUZZLE_9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


# --- an independent model of the rules (no sudoku_core code) ---------------------------------


def pattern_solution(br: int, bc: int, seed: int) -> list[int]:
    """A complete valid grid for boxes br x bc, shuffled (rows in bands, columns, symbols)."""
    n = br * bc
    rnd = random.Random(seed)
    perm = list(range(1, n + 1))
    rnd.shuffle(perm)
    bands = rnd.sample(range(n // br), n // br)
    rows = [b * br + i for b in bands for i in rnd.sample(range(br), br)]
    stacks = rnd.sample(range(n // bc), n // bc)
    cols = [s * bc + j for s in stacks for j in rnd.sample(range(bc), bc)]
    return [perm[(bc * (r % br) + r // br + c) % n] for r in rows for c in cols]


def units(br: int, bc: int) -> list[list[int]]:
    n = br * bc
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(R + i) * n + C + j for i in range(br) for j in range(bc)]
        for R in range(0, n, br) for C in range(0, n, bc)
    ]
    return rows + cols + boxes


def is_solution_of(solution: list[int], puzzle: list[int], br: int, bc: int) -> bool:
    n = br * bc
    if len(solution) != n * n or any(p and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    return all(sorted(solution[c] for c in u) == list(range(1, n + 1)) for u in units(br, bc))


def to_line(cells: list[int], n: int) -> str:
    if n > 35:
        return " ".join(str(v) if v else "." for v in cells)
    return "".join(SYMBOLS[v - 1] if v else "." for v in cells)


def from_line(line: str, n: int) -> list[int]:
    if n > 35:
        return [0 if t == "." else int(t) for t in line.split()]
    return [0 if ch in ".0_" else SYMBOLS.index(ch.upper()) + 1 for ch in line]


def puzzle_for(br: int, bc: int, keep: float, seed: int = 1) -> list[int]:
    rnd = random.Random(seed * 7919)
    return [v if rnd.random() < keep else 0 for v in pattern_solution(br, bc, seed)]


def test_independent_checker_can_fail() -> None:
    good = pattern_solution(2, 3, 1)
    assert is_solution_of(good, [0] * 36, 2, 3)
    assert not is_solution_of(good, [0] * 36, 3, 2)  # 2x3 bands are not 3x2 boxes
    bad = good[:]
    bad[0], bad[1] = bad[1], bad[0]
    assert not is_solution_of(bad, [0] * 36, 2, 3)


# --- helpers ----------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# --- every size, solved and independently verified ----------------------------------------


@pytest.mark.parametrize(
    ("br", "bc", "keep"),
    [
        (2, 2, 0.4), (2, 3, 0.5), (3, 2, 0.5), (2, 4, 0.5), (4, 2, 0.5), (3, 3, 0.45),
        (2, 5, 0.55), (3, 4, 0.55), (4, 3, 0.55), (3, 5, 0.6), (4, 4, 0.6), (4, 5, 0.65),
        (5, 5, 0.65), (6, 6, 0.8), (8, 8, 0.85), (2, 32, 0.85),
    ],
)
def test_solve_every_size_verified_independently(
    capsys: pytest.CaptureFixture[str], br: int, bc: int, keep: float
) -> None:
    n = br * bc
    puzzle = puzzle_for(br, bc, keep)
    code, out, err = run(capsys, "solve", "--json", "--box", f"{br}x{bc}", to_line(puzzle, n))
    data = json.loads(out)
    assert (code, data["status"], data["box"]) == (0, "solved", [br, bc]), err
    assert data["puzzle"] == to_line(puzzle, n)
    assert is_solution_of(from_line(data["solution"], n), puzzle, br, bc)
    # Unique exactly when a second, independent count finds one solution.
    grid = Grid(Shape(br, bc), tuple(puzzle))
    assert data["unique"] is (count_solutions(grid, 2, time_limit=120) == 1)


def test_a_puzzle_argument_longer_than_a_file_name_is_read_as_a_puzzle(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 16x16 = 256 characters: Path.is_file() raised "File name too long" before the fix.
    puzzle = puzzle_for(4, 4, 0.6)
    code, out, err = run(capsys, "solve", "--json", to_line(puzzle, 16))
    assert code == 0, err
    assert is_solution_of(from_line(json.loads(out)["solution"], 16), puzzle, 4, 4)
    code, out, err = run(capsys, "validate", "--json", to_line(puzzle, 16))
    status = json.loads(out)["status"]
    count = count_solutions(Grid(Shape(4, 4), tuple(puzzle)), 2, time_limit=120)
    expected = "unique" if count == 1 else "multiple"
    assert (code, status) == ((0 if expected == "unique" else 1), expected), err


def test_solve_json_contract_types(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--json", PUZZLE_9)
    data = json.loads(out)
    assert code == 0
    assert data["status"] == "solved" and data["unique"] is True
    assert isinstance(data["solution"], str) and len(data["solution"]) == 81
    assert is_solution_of(from_line(data["solution"], 9), from_line(PUZZLE_9, 9), 3, 3)


def test_validate_json_contract_conflict_cells_are_0_based_pairs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    grid = "." * 40 + "7" + "." * 39 + "7"  # r5c5 and r9c9: same value, no shared unit
    code, out, _ = run(capsys, "validate", "--json", grid)
    assert json.loads(out)["status"] != "invalid"
    grid = "5" + "." * 7 + "5" + "." * 72  # r1c1 and r1c9
    code, out, _ = run(capsys, "validate", "--json", grid)
    data = json.loads(out)
    assert (code, data["status"]) == (1, "invalid")
    assert data["conflicts"] == [
        {"unit": "row", "index": 0, "symbol": "5", "cells": [[0, 0], [0, 8]], "value": 5,
         "indices": [0, 8], "unit_cells": list(range(9))}
    ]


def brute_force_conflict_cells(cells: list[int], br: int, bc: int) -> set[tuple[int, int]]:
    n = br * bc
    out = set()
    for u in units(br, bc):
        for a in u:
            for b in u:
                if a != b and cells[a] and cells[a] == cells[b]:
                    out.add((a // n, a % n))
    return out


@pytest.mark.parametrize(("br", "bc"), [(2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (4, 4)])
def test_validate_finds_every_conflicting_cell(
    capsys: pytest.CaptureFixture[str], br: int, bc: int
) -> None:
    n = br * bc
    rnd = random.Random(br * 100 + bc)
    cells = [rnd.randint(1, n) if rnd.random() < 0.3 else 0 for _ in range(n * n)]
    code, out, _ = run(capsys, "validate", "--json", "--box", f"{br}x{bc}", to_line(cells, n))
    data = json.loads(out)
    expected = brute_force_conflict_cells(cells, br, bc)
    assert expected, "the random grid should hold conflicts"
    found = {(r, c) for conflict in data["conflicts"] for r, c in conflict["cells"]}
    assert (code, data["status"], found) == (1, "invalid", expected)
    for conflict in data["conflicts"]:
        values = {cells[r * n + c] for r, c in conflict["cells"]}
        assert len(values) == 1 and SYMBOLS[values.pop() - 1] == conflict["symbol"]


# --- batches --------------------------------------------------------------------------------


def test_a_bad_line_in_the_middle_does_not_stop_the_batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good = ["..3..4.221......", PUZZLE_9, to_line(puzzle_for(3, 4, 0.6), 12)]
    path = tmp_path / "batch.txt"
    path.write_text(f"{good[0]}\n{good[1]}\n1234567\n{good[2]}\n")
    code, out, err = run(capsys, "solve", "--json", "-f", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["puzzle"] for r in rows] == good
    assert [r["line"] for r in rows] == [1, 2, 4]
    assert code == 2  # a line could not be read
    assert "batch.txt: line 3: 7 cells found" in err
    assert "solved 3/3" in err and "1 unreadable line" in err


def test_a_bad_first_line_does_not_stop_the_batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "batch.txt"
    path.write_text(f"12x\n{PUZZLE_9}\n{PUZZLE_9}\n")
    code, out, err = run(capsys, "solve", "--json", "-f", str(path))
    assert code == 2
    assert [json.loads(line)["line"] for line in out.splitlines()] == [2, 3]
    assert "line 1" in err


def test_a_bad_csv_row_does_not_stop_the_batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "quiz.csv"
    path.write_text(f"quizzes,solutions\n{PUZZLE_9},\n{PUZZLE_9[:-1]}x,\n{PUZZLE_9},\n")
    code, out, err = run(capsys, "solve", "--json", "-f", str(path))
    assert code == 2
    assert [json.loads(line)["line"] for line in out.splitlines()] == [2, 4]
    assert "line 3, column 81: 'x'" in err


def test_parallel_batch_with_a_bad_line_keeps_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = [to_line(puzzle_for(3, 3, 0.5, seed), 9) for seed in range(60)]
    lines[30] = "not a puzzle at all"
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, "solve", "--json", "-j", "2", "-f", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert [r["line"] for r in rows] == [k + 1 for k in range(60) if k != 30]
    assert [r["puzzle"] for r in rows] == [ln for k, ln in enumerate(lines) if k != 30]
    for r in rows:
        assert is_solution_of(from_line(r["solution"], 9), from_line(r["puzzle"], 9), 3, 3)
    assert "line 31" in err and "2 processes" in err


def test_stdin_batch_with_a_bad_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = f"{PUZZLE_9}\n{PUZZLE_9}\nbad\n{PUZZLE_9}\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "solve", "--json")
    assert code == 2
    assert [json.loads(line)["line"] for line in out.splitlines()] == [1, 2, 4]
    assert "stdin: line 3" in err


@pytest.mark.parametrize("text", ["", "# only a comment\n\n"])
def test_an_empty_batch_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "empty.txt"
    path.write_text(text)
    code, out, err = run(capsys, "solve", "-f", str(path))
    assert (code, out) == (2, "")
    assert "empty.txt: no puzzle found" in one_line_error(err)


def test_check_compares_with_any_valid_solution(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    puzzle = "." * 16  # many solutions: any valid one is not a mismatch
    other = "2143341243211234"
    broken = "1234341221434312"  # last two swapped: column clash
    path = tmp_path / "quiz.csv"
    path.write_text(f"puzzle,solution\n{puzzle},{other}\n{puzzle},{broken}\n")
    code, out, err = run(capsys, "solve", "--json", "--check", "-f", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["check"] for r in rows] == [True, False]
    assert code == 1
    assert "1 of 2 checked differ" in err
    code, out, _ = run(capsys, "solve", "--check", "-f", str(path))
    assert "MISMATCH" in out and "appears twice" in out


def test_check_without_a_solutions_column_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "plain.txt"
    path.write_text(f"{PUZZLE_9}\n{PUZZLE_9}\n")
    code, _, err = run(capsys, "solve", "--check", "-f", str(path))
    assert code == 0 and "nothing checked" in err


# --- options and output ----------------------------------------------------------------------


def test_limit_1_does_not_claim_uniqueness(capsys: pytest.CaptureFixture[str]) -> None:
    several = "." * 16
    code, out, _ = run(capsys, "solve", "--json", "--limit", "1", several)
    data = json.loads(out)
    assert (code, data["status"], data["unique"]) == (0, "solved", None)
    code, out, _ = run(capsys, "solve", "--json", several)
    assert json.loads(out)["unique"] is False


@pytest.mark.parametrize(
    "argv",
    [
        ["--limit", "0"], ["--limit", "-1"], ["--time-limit", "0"], ["--time-limit", "-1"],
        ["--time-limit", "nan"], ["--time-limit", "inf"], ["--max-nodes", "0"], ["-j", "-3"],
        ["--box", "3"],
        ["--box", "5x13"], ["--box", "2x3"],
    ],
)
def test_bad_options_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        code = main(["solve", *argv, PUZZLE_9])
        raise SystemExit(code)
    assert exc.value.code == 2
    one_line_error(capsys.readouterr().err)


def test_to_line_prints_only_the_solution_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", "--to", "line", PUZZLE_9)
    assert code == 0
    assert out.splitlines() == [out.strip()] and len(out.strip()) == 81
    assert "unique" in err
    code, out, _ = run(capsys, "solve", "--to", "json", PUZZLE_9)
    assert json.loads(out)["box"] == [3, 3]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: str(d / "missing.txt"), "missing.txt: no such file"),
        (lambda d: str(d), "is a directory"),
    ],
)
def test_a_missing_file_or_a_directory_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: object, message: str
) -> None:
    assert callable(make)
    code, out, err = run(capsys, "solve", make(tmp_path))
    assert (code, out) == (2, "")
    assert message in one_line_error(err)


def test_non_utf8_input_names_line_and_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(f"{PUZZLE_9}\n{PUZZLE_9[:10]}".encode() + b"\xe9\n")
    for argv in (["solve", str(path)], ["solve", "-f", str(path)]):
        code, out, err = run(capsys, *argv)
        assert code == 2
        # A batch: the line is reported like any other bad line, the others are answered.
        said, summary = err.strip().splitlines()
        assert "latin1.txt: line 2, column 11: byte 0xe9 is not UTF-8" in said
        assert summary.endswith("1 unreadable line") and out.strip()
    path.write_bytes(f"{PUZZLE_9[:10]}".encode() + b"\xe9\n")  # one puzzle: one error
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2
    assert "latin1.txt: line 1, column 11: byte 0xe9 is not UTF-8" in one_line_error(err)


@pytest.mark.parametrize(
    "data",
    [b"", b"   \n", bytes(range(256)) * 8, PUZZLE_9[:-1].encode() + b"\x00",
     b"1" * 5_000_000, b"-1 2 3 4" + b" ." * 12, b"99999999999999999999999" + b" ." * 15,
     ("." * 49).encode(), (". " * 65 * 65).encode()],
)
def test_hostile_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "hostile.txt"
    path.write_bytes(data)
    for argv in (["solve", str(path)], ["validate", "-f", str(path)]):
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, ""), (argv, data[:40])
        one_line_error(err)


def test_a_csv_file_as_the_puzzle_argument_or_on_stdin_is_a_batch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    solution = "1234341221434321"
    text = f"quizzes,solutions\n..3..4.221......,{solution}\n..3..4.221......,{solution}\n"
    path = tmp_path / "train.csv"
    path.write_text(text)
    code, out, err = run(capsys, "solve", "--json", "--check", str(path))
    assert code == 0, err
    assert [json.loads(line)["check"] for line in out.splitlines()] == [True, True]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "solve", "--json", "--check")
    assert code == 0 and len(out.splitlines()) == 2, err


def test_a_bug_on_one_puzzle_costs_only_that_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sudoku_core.commands.solve as solve_command

    real = solve_command.solve

    def flaky(grid: object, **kwargs: object) -> object:
        if getattr(grid, "size", 0) == 4:
            raise IndexError("simulated bug")
        return real(grid, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(solve_command, "solve", flaky)
    path = tmp_path / "batch.txt"
    path.write_text(f"{PUZZLE_9}\n..3..4.221......\n{PUZZLE_9}\n")
    code, out, err = run(capsys, "solve", "--json", "-j", "1", "-f", str(path))
    assert [json.loads(line)["line"] for line in out.splitlines()] == [1, 3]
    assert code == 70
    assert "line 2: internal error (IndexError: simulated bug)" in err
    code, out, err = run(capsys, "solve", "..3..4.221......")
    assert (code, out) == (70, "")
    assert "internal error" in one_line_error(err)


@pytest.mark.parametrize("count", [2, 3, 5])
def test_a_few_puzzles_on_stdin_are_a_batch(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    text = "\n".join(["..3..4.221......", "1..............."] * count)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    code, out, err = run(capsys, "solve", "--json")
    assert code == 0, err
    assert [json.loads(line)["line"] for line in out.splitlines()] == list(range(1, 2 * count + 1))


@pytest.mark.parametrize(
    "text",
    ["..3..4.221......  # easy one", "..3..4.221......:1:1234341221434321",
     "# a title\n..3..4.221...... Easter Monster\n"],
)
def test_a_single_puzzle_with_a_note_solves(capsys: pytest.CaptureFixture[str], text: str) -> None:
    code, out, err = run(capsys, "solve", "--to", "line", text)
    assert (code, out.strip()) == (0, "1234341221434321"), err


def test_a_bad_puzzle_before_a_note_is_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "solve", "..3..4.221.....x # bad")
    assert code == 2
    assert "column 16: 'x' is not a symbol of a 4x4 puzzle" in one_line_error(err)
