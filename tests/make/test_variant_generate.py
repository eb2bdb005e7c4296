"""generate --variant: unique puzzles with the rules asked for, at the level asked for."""

from __future__ import annotations

import json

import pytest

from sudoku_core.cli import main
from sudoku_core.formats.read import parse
from sudoku_core.make.variant_generate import generate_puzzle
from sudoku_core.model.grid import Shape
from sudoku_core.solver.exact import solve


@pytest.mark.parametrize(("names", "givens"), [
    (("x",), True), (("windoku",), True), (("jigsaw",), True), (("antiking",), True),
    (("killer",), False), (("killer",), True), (("killer", "x"), False),
])
def test_generated_variant_is_unique_with_its_rules(names: tuple[str, ...], givens: bool) -> None:
    g = generate_puzzle(Shape(2, 3), names, "easy", seed=5, givens=givens, time_limit=30)
    assert g.shape.variant is not None
    assert set(g.shape.variant.names) == set(names)
    r = solve(g.grid, time_limit=None)
    assert r.unique and r.solution == g.solution
    if not givens:
        assert g.grid.given_count == 0
    assert g.level == "Easy" or not g.reached


def test_cli_generate_killer_without_givens(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["generate", "--variant", "killer", "--no-givens", "--box", "2x3", "--seed",
                 "2", "-d", "easy", "--json", "--time-limit", "30"])
    data = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    assert data["givens"] == 0 and data["variant"]["cages"]
    code = main(["generate", "--variant", "killer", "--no-givens", "--box", "2x3", "--seed",
                 "2", "-d", "easy", "--time-limit", "30"])
    text = capsys.readouterr().out
    puzzle = parse(text)
    assert puzzle.shape.variant is not None and solve(puzzle).unique


def test_no_givens_needs_killer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--variant", "x", "--no-givens"]) == 2
    assert "--no-givens needs --variant killer" in capsys.readouterr().err
