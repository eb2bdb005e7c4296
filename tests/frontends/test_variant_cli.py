"""`sudoku solve|validate --variant ...`: rules from the command line and from the input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from sudoku_core.cli import main
from sudoku_core.formats.write import format_grid
from sudoku_core.make.cages import killer_shape, random_cages, unique_cages
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def killer(seed: int) -> tuple[Grid, Grid]:
    rng = random.Random(seed)
    sol = solve(Grid.empty(Shape(3, 3)), limit=1, rng=rng).solution
    assert sol is not None
    cages = unique_cages(sol, random_cages(sol, rng), (0,) * 81, rng)
    assert cages is not None
    return Grid.empty(killer_shape(Shape(3, 3), cages)), sol


def test_solve_killer_file_gives_the_rules_back(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    puzzle, sol = killer(3)
    path = tmp_path / "k.txt"
    path.write_text(format_grid(puzzle, "variant"))
    code, out, _ = run(capsys, "solve", "--variant", "killer", str(path), "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["status"], data["unique"], data["solution"]) == ("solved", True, sol.line())
    assert puzzle.shape.variant is not None
    assert data["variant"] == puzzle.shape.variant.to_json()


def test_flags_from_the_command_line_change_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    # The empty 4x4 has many solutions; X and anti-king together leave none on a 4x4.
    code, out, _ = run(capsys, "solve", "." * 16, "--json")
    assert json.loads(out)["count"] == 2
    code, out, _ = run(capsys, "solve", "." * 16, "--variant", "x,antiking", "--json")
    data = json.loads(out)
    assert data["status"] == "no_solution"
    assert data["variant"] == {"diagonals": True, "anti_king": True}


def test_validate_names_the_broken_cage(capsys: pytest.CaptureFixture[str]) -> None:
    text = "12..\n....\n....\n....\ncages:\n4: r1c1 r1c2\n"
    code, out, _ = run(capsys, "validate", text, "--json")
    data = json.loads(out)
    assert data["status"] == "invalid"
    assert [(c["unit"], c["reason"], c["sum"]) for c in data["conflicts"]] == [
        ("cage", "sum unreachable", 4)]


@pytest.mark.parametrize(("argv", "words"), [
    (("solve", "." * 81, "--variant", "killer"), "--variant killer: the puzzle has no cages"),
    (("solve", "." * 81, "--variant", "jigsaw"), "--variant jigsaw: the puzzle has no region"),
    (("solve", "." * 81, "--variant", "rellik"), "variant 'rellik' is not supported"),
    (("solve", "." * 81, "--variant", "sandwich"), "the puzzle has no sandwich; give it"),
])
def test_missing_or_unknown_rules_are_usage_errors(capsys: pytest.CaptureFixture[str],
                                                   argv: tuple[str, ...], words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err
