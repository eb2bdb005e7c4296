"""`sudoku hint`, `sudoku steps`, `sudoku rate`: JSON contracts, human text, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import PLATINUM, before_first_trial

from sudoku_core import parse
from sudoku_core.cli import main
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

POINTING = "...9.457...6...3...8.35.4.....4..2....2.3....67...1...9..5..12..18.47....65......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
PUZZLE_4 = "..3..4.221......"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_steps_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "steps", "--json", POINTING)
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "solved" and data["level"] == "Hard" and data["score"] == 46
    first = data["steps"][0]
    assert first["technique"] == "Locked Candidates (Pointing)" and first["trial"] is False
    assert first["eliminations"] == [{"cell": [1, 0], "index": 9, "symbol": "7", "value": 7}]
    assert first["placements"] == []
    assert first["text"].startswith("Locked candidates (pointing): in box 2")


def test_steps_human(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "steps", EASY)
    lines = out.rstrip().splitlines()
    assert code == 0
    assert lines[0].startswith("  1. ") and "single" in lines[0].lower()
    assert lines[-1].startswith("Easy: score ")
    code, out, _ = run(capsys, "steps", "--no-singles", POINTING)
    assert code == 0 and "Locked candidates (pointing)" in out
    assert "single:" not in out and "Full house" not in out


def test_rate_json_and_batch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "rate", "--json", EASY)
    assert code == 0
    data = json.loads(out)
    assert data["level"] == "Easy" and data["hardest"] and isinstance(data["score"], int)
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{EASY}\n{POINTING}\n")
    code, out, err = run(capsys, "rate", "--json", "-f", str(batch))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["level"] for r in rows] == ["Easy", "Hard"]
    assert [r["line"] for r in rows] == [1, 2]
    assert "rated 2/2" in err


def test_rate_human_and_problem_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", "--box", "2x2", PUZZLE_4)
    assert code == 0 and out.startswith("Easy: score") and "SE" not in out  # SE rates 9x9 only
    code, data, _ = run(capsys, "rate", "--json", POINTING)
    se = json.loads(data)["se"]
    assert code == 0
    code, out, _ = run(capsys, "rate", POINTING)
    assert code == 0 and out.startswith("Hard: score 46, hardest step ")
    assert out.rstrip().endswith(f"; SE ER/EP/ED {se['er']:.1f}/{se['ep']:.1f}/{se['ed']:.1f}")
    code, out, _ = run(capsys, "rate", "11" + "." * 79)
    assert code == 1 and "invalid" in out
    code, _, err = run(capsys, "rate", "12x")
    assert code == 2 and "error" in err and "Traceback" not in err


def test_hint_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", "--json", POINTING)
    data = json.loads(out)
    assert code == 0 and data["status"] == "step" and data["level"] == "step"
    assert data["technique"] == "Locked Candidates (Pointing)"
    # No pencil marks: the elimination comes with the placement it unlocks only when that is
    # the very next step (here it is not: the elimination alone, no step applied unseen).
    assert data["eliminations"][0] == {"cell": [1, 0], "index": 9, "symbol": "7", "value": 7}
    assert data["text"].startswith("Locked candidates (pointing)")
    assert "; then" not in data["text"]
    code, out, _ = run(capsys, "hint", "--level", "nudge", POINTING)
    assert out.strip() == "Look for locked candidates in box 2."
    code, out, _ = run(capsys, "hint", "--level", "apply", POINTING)
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Locked candidates (pointing)")
    r2c1 = lines[4].split("│")[1].split()[0]
    assert r2c1 == "1245"  # r2c1 shown without the 7
    code, out, _ = run(capsys, "hint", "--level", "apply", "--json", EASY)
    data = json.loads(out)
    assert len(data["result"]) == 81 and data["result"] != EASY.replace("0", ".")


def test_hint_with_givens_points_at_a_wrong_entry(capsys: pytest.CaptureFixture[str]) -> None:
    grid = Grid(Shape(3, 3), tuple(0 if ch == "." else int(ch) for ch in POINTING))
    sol = solve(grid).solution
    assert sol is not None
    cell = POINTING.index(".")
    wrong = sol.cells[cell] % 9 + 1
    current = POINTING[:cell] + str(wrong) + POINTING[cell + 1:]
    code, out, _ = run(capsys, "hint", current, "--givens", POINTING, "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "wrong_entries"
    assert data["wrong_cells"] == [[cell // 9, cell % 9]]
    # The right value is no part of it until asked (--level reveal).
    assert data["placements"] == []
    code, out, _ = run(capsys, "hint", current, "--givens", POINTING)
    assert out.startswith(f"r{cell // 9 + 1}c{cell % 9 + 1} = {wrong} does not fit")
    # Applied, the wrong entry is cleared and the grid drawn.
    code, out, _ = run(capsys, "hint", current, "--givens", POINTING, "--level", "apply")
    assert out.splitlines()[0] == f"Cleared r{cell // 9 + 1}c{cell % 9 + 1}: it was wrong."
    assert parse(out.split("\n", 1)[1]).cells[cell] == 0
    # Revealed, the correction is made and the grid drawn.
    code, out, _ = run(capsys, "hint", current, "--givens", POINTING, "--level", "reveal")
    assert "Corrected:" in out.splitlines()[0]
    assert parse(out.split("\n", 1)[1]).cells[cell] == sol.cells[cell]
    right = POINTING[:cell] + str(sol.cells[cell]) + POINTING[cell + 1:]
    code, out, _ = run(capsys, "hint", right, "--givens", POINTING, "--json")
    assert code == 0 and json.loads(out)["status"] == "step"


def test_hint_givens_as_a_long_one_line_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    # 256 characters: too long for a file name, so Path.is_file() would raise OSError.
    import random

    from sudoku_core.make.fill import pattern_solution

    sol = pattern_solution(Shape(4, 4), random.Random(7))
    # Every fifth cell empty: one solution (every third leaves several, said at once).
    puzzle = sol.with_values([(cell, 0) for cell in range(0, 256, 5)]).line()
    assert len(puzzle) > 255
    code, out, err = run(capsys, "hint", puzzle, "--givens", puzzle, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["status"] == "step"


@pytest.mark.parametrize("command", ["steps", "rate"])
@pytest.mark.parametrize(("puzzle", "why"), [
    ("11" + "." * 79, "the givens conflict"),
    ("12345678." + "." * 17 + "9" + "." * 54, "no solution"),
    ("." * 16, "several solutions"),
])
def test_bad_puzzles_have_no_level(
    capsys: pytest.CaptureFixture[str], command: str, puzzle: str, why: str
) -> None:
    code, out, _ = run(capsys, command, "--json", puzzle)
    data = json.loads(out)
    assert code == 1 and data["level"] is None
    code, out, _ = run(capsys, command, puzzle)
    assert code == 1 and why in out and "no level" in out


@pytest.mark.usefixtures("ticking_clock")
@pytest.mark.parametrize("command", ["steps", "rate"])
def test_time_limit_bounds_the_call(capsys: pytest.CaptureFixture[str], command: str) -> None:
    platinum = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."
    code, out, _ = run(capsys, command, "--json", "--time-limit", "0.01", platinum)
    data = json.loads(out)
    assert code == 1
    assert (data["status"], data["timed_out"], data["level"]) == ("gave_up", True, None)
    code, out, _ = run(capsys, command, "--time-limit", "0.01", platinum)
    assert code == 1 and "gave up" in out and "time limit" in out


@pytest.mark.usefixtures("ticking_clock", "no_forcing_chains")
def test_hint_time_limit_bounds_the_call(capsys: pytest.CaptureFixture[str]) -> None:
    current = before_first_trial(parse(PLATINUM)).line()
    code, out, _ = run(capsys, "hint", "--json", "--time-limit", "10000", "--givens", PLATINUM,
                       current)
    assert code == 0 and json.loads(out)["trial"] is True
    code, out, _ = run(capsys, "hint", "--json", "--time-limit", "0.0001", "--givens", PLATINUM,
                       current)
    data = json.loads(out)
    assert code == 1 and (data["status"], data["timed_out"]) == ("gave_up", True)


MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_hint_reads_the_users_pencil_marks(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    from sudoku_core.formats.write import format_candidates
    from sudoku_core.logic.explain import steps as walk
    from sudoku_core.model.candidates import Candidates

    puzzle = parse(MEDIUM)
    path = walk(puzzle).steps
    lead = next(s for s in path if not s.placements)  # the first elimination-only step
    grid = puzzle.with_values(p for s in path[:path.index(lead)] for p in s.placements)
    marks = Candidates.from_grid(grid)
    drawn = tmp_path / "marks.txt"
    drawn.write_text(format_candidates(grid, marks.masks))
    # Marks kept: the elimination alone, as it changes what the user sees.
    code, out, _ = run(capsys, "hint", "--json", str(drawn), "--givens", MEDIUM)
    data = json.loads(out)
    assert code == 0 and data["text"] == lead.text and data["placements"] == []
    # No marks (a plain grid): the same elimination (the placement it unlocks is not the
    # very next step, so it comes alone rather than with steps the player never sees).
    code, out, _ = run(capsys, "hint", "--json", grid.line(), "--givens", MEDIUM)
    data = json.loads(out)
    assert code == 0 and data["text"].startswith(lead.text) and "; then" not in data["text"]
    # A needed mark the user removed is pointed out.
    sol = solve(puzzle).solution
    assert sol is not None
    cell = next(i for i, m in enumerate(marks.masks) if m.bit_count() > 2)
    marks.eliminate(cell, sol.cells[cell])
    drawn.write_text(format_candidates(grid, marks.masks))
    code, out, _ = run(capsys, "hint", "--json", str(drawn), "--givens", MEDIUM)
    data = json.loads(out)
    assert (code, data["status"]) == (1, "missing_marks")
    assert data["missing_marks"][0]["index"] == cell
    # Applied, the mark is back: in the JSON marks and in the drawn grid, which hints on.
    code, out, _ = run(capsys, "hint", "--json", "--level", "apply", str(drawn),
                       "--givens", MEDIUM)
    back = {m["index"]: m["values"] for m in json.loads(out)["marks"]}
    assert sol.cells[cell] in back[cell] and len(back) == grid.empty_count
    code, out, _ = run(capsys, "hint", "--level", "apply", str(drawn), "--givens", MEDIUM)
    said, _, drawn_back = out.partition("\n")
    assert said == f"Put back: {sol.cells[cell]} in r{cell // 9 + 1}c{cell % 9 + 1}."
    drawn.write_text(drawn_back)
    code, out, _ = run(capsys, "hint", "--json", str(drawn), "--givens", MEDIUM)
    assert (code, json.loads(out)["text"]) == (0, lead.text)


def test_hint_names_a_removed_given(capsys: pytest.CaptureFixture[str]) -> None:
    # D8: r1c3 is empty because its given was deleted, not because an entry is wrong.
    code, out, _ = run(capsys, "hint", ".....4.221......", "--givens", "..3..4.221......")
    assert code == 1 and out.strip() == "The given 3 in r1c3 was removed: put it back."


def test_validate_with_givens_names_wrong_entries(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "--json", "--givens", "..3..4.221......",
                       "..3..4.221..3...")
    data = json.loads(out)
    assert (code, data["status"]) == (1, "wrong_entries")
    assert (data["wrong_cells"], data["wrong_indices"]) == ([[3, 0]], [12])
    assert data["message"] == "r4c1 = 3 does not fit the solution."
    code, out, _ = run(capsys, "validate", "--givens", "..3..4.221......", "1234341221434321")
    assert code == 0 and "complete and correct" in out
    code, out, _ = run(capsys, "validate", "--givens", "..3..4.221......", "2134341221434312")
    assert code == 1 and "The grid is full" in out
