"""The setter's report and why a puzzle has no solution: every given or rule said to be
removable is checked again without it, the others are needed, and the logic never claims a
contradiction in a grid that has a solution."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import parse
from sudoku_core.cli import main
from sudoku_core.logic.why_not import why_no_solution
from sudoku_core.make.generate import generate
from sudoku_core.make.setter import setter_report
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json
from sudoku_core.solver.exact import count_solutions, solve
from sudoku_core.web_api import handle

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def with_cell(grid: Grid, cell: int, value: int) -> Grid:
    return Grid(grid.shape, grid.cells[:cell] + (value,) + grid.cells[cell + 1:])


def test_a_conflict_is_the_first_contradiction() -> None:
    why = why_no_solution(parse("11" + "." * 79))
    assert why.found and why.text == "1 appears twice in row 1: r1c1, r1c2."
    assert why.cells == (0, 1) and why.steps == ()


def test_a_cell_left_without_candidates_is_named() -> None:
    why = why_no_solution(parse("12345678." + "........9" + "." * 63))
    assert why.found and why.text == "No candidate is left in r1c9." and why.cells == (8,)


def test_a_wrong_given_is_found_after_steps_of_logic() -> None:
    grid = parse(PUZZLE)
    solution = solve(grid).solution
    assert solution is not None
    rng = random.Random(3)
    found = 0
    for cell in rng.sample([i for i, v in enumerate(grid.cells) if not v], 20):
        wrong = next(v for v in range(1, 10) if v != solution.cells[cell])
        bad = with_cell(grid, cell, wrong)
        if count_solutions(bad, 1) != 0:
            continue
        why = why_no_solution(bad)
        if why.found and why.steps:
            found += 1
            assert why.text.startswith("After ") and ("no candidate" in why.text
                                                      or "no place" in why.text)
    assert found >= 5


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.0, 0.8))
def test_the_logic_never_breaks_a_grid_that_has_a_solution(seed: int, keep: float) -> None:
    made = generate(Shape(3, 3), "hard", seed=seed % 50, max_attempts=4, time_limit=30)
    rng = random.Random(seed)
    # Givens removed (several solutions) or solution values added: a solution remains.
    cells = tuple(v if rng.random() < keep or not v else 0 for v in made.grid.cells)
    cells = tuple(s if not v and rng.random() < 0.1 else v
                  for v, s in zip(cells, made.solution.cells, strict=True))
    why = why_no_solution(Grid(made.shape, cells))
    assert not why.found, why.text


def test_a_unique_puzzle_lists_exactly_the_givens_that_can_go() -> None:
    made = generate(Shape(2, 2), "easy", seed=5)
    extra = next(i for i, v in enumerate(made.grid.cells) if not v)
    grid = with_cell(made.grid, extra, made.solution.cells[extra])
    report = setter_report(grid)
    assert report.solutions == "one" and report.checked
    assert extra in report.removable_givens
    for cell, v in enumerate(grid.cells):
        if v:  # checked again, independently
            unique = count_solutions(with_cell(grid, cell, 0), 2) == 1
            assert unique == (cell in report.removable_givens), cell
    assert report.level == "Easy" and report.solved


def test_a_rule_the_puzzle_does_not_need_can_go() -> None:
    # A unique classic puzzle with a cage its solution keeps: the cage can go, the puzzle
    # without it is the unique classic one.
    made = generate(Shape(3, 3), "easy", seed=11)
    total = made.solution.cells[0] + made.solution.cells[1]
    shape = Shape(3, 3).with_variant(
        variant_from_json({"cages": [{"cells": [0, 1], "sum": total}]}, 9))
    report = setter_report(Grid(shape, made.grid.cells))
    assert [(r.key, r.index, r.words) for r in report.removable_rules] == [
        ("cages", 0, f"cage {total} at r1c1")]


def test_several_solutions_give_the_level_so_far_and_nothing_to_remove() -> None:
    report = setter_report(parse("..3..4.2........"))
    assert report.solutions == "several"
    assert report.removable_givens == () and report.why is None
    assert not report.solved and report.message(4).startswith("Several solutions")


def test_no_solution_says_why_and_the_facade_prints_the_same() -> None:
    grid = parse("12345678." + "........9" + "." * 63)
    report = setter_report(grid)
    assert report.solutions == "none" and report.why is not None and report.why.found
    reply = json.loads(handle(json.dumps({"cmd": "setter", "args": {
        "cells": list(grid.cells), "box": [3, 3]}})))["result"]
    assert reply == json.loads(json.dumps(report.to_json()))
    assert reply["message"] == "No solution; no candidate is left in r1c9."


def test_the_cli_prints_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    line = "12345678." + "........9" + "." * 63
    assert main(["setter", "--json", line]) == 1  # no solution: a problem, as validate says
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads(json.dumps(setter_report(parse(line)).to_json()))
    assert main(["setter", "..3..4.221......"]) == 0
    assert capsys.readouterr().out.strip() == (
        "One solution; no given or rule can go; level Easy (Hidden Single).")
