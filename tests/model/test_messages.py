"""Every result's message, one by one: plain English, cells named r2c3 (CLI and page show it)."""

from __future__ import annotations

import pytest

from sudoku_core import Grid, Shape, hint, parse, rate, solve, steps, validate
from sudoku_core.model.conflicts import check
from sudoku_core.model.messages import duration

PUZZLE = "..3..4.221......"  # 4x4, one solution: 1234341221434321
SOLUTION = "1234341221434321"
TWICE = "11.............."  # 1 twice in row 1 and box 1
DEAD = "12.....3...4...."  # r1c4 sees 1, 2, 3, 4: no value fits
MEDIUM = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# Row 1 needs a 9 in r1c9 but column 9 has one: r1c9 is a dead cell.
STUCK = "12345678." + "." * 17 + "9" + "." * 54
KNOT = "...1.3.4..4..1.."  # no conflict, no dead cell, yet no solution
HARD = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
PLATINUM = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."


@pytest.mark.parametrize("line, message", [
    (TWICE, "Cannot solve: 1 appears twice in row 1: r1c1, r1c2; 1 appears twice in box 1: "
            "r1c1, r1c2."),
    (DEAD, "No solution: no value fits r1c4."),
    (STUCK, "No solution: no value fits r1c9."),
    (KNOT, "No solution: the filled cells cannot all be kept."),
])
def test_solve_messages(line: str, message: str) -> None:
    assert solve(parse(line)).message() == message
    assert solve(parse(line)).to_json()["message"] == message


def test_solve_messages_when_solved() -> None:
    assert solve(parse(PUZZLE)).message() == "Solved."  # no solver timings for players
    several = solve(Grid.empty(Shape(2, 2))).message()
    assert several.endswith(" The puzzle has several solutions; this is one of them.")
    assert solve(parse(PUZZLE), limit=1).message().endswith(" Uniqueness was not checked.")
    out = solve(parse(HARD), max_nodes=1, time_limit=60)
    assert out.status == "gave_up" and not out.timed_out
    assert out.message() == f"Gave up after {out.nodes:,} search nodes without finding a solution."


@pytest.mark.parametrize("grid, givens, message", [
    (TWICE, None, "Conflicts: 1 appears twice in row 1: r1c1, r1c2; 1 appears twice in box 1: "
                  "r1c1, r1c2."),
    (DEAD, None, "No solution: no value fits r1c4."),
    (PUZZLE, None, "Valid: exactly one solution."),
    (SOLUTION, None, "Solved: the grid is complete and correct."),
    ("." * 16, None, "Several solutions: the puzzle needs more givens."),
    ("..3..4.221..3...", PUZZLE, "r4c1 = 3 does not fit the solution."),
    ("4.3..4.221..3...", PUZZLE, "Conflicts: 4 appears twice in box 1: r1c1, r2c2."),
    ("1.3..4.221..3...", PUZZLE, "r4c1 = 3 does not fit the solution."),
    ("1.3..4.221......", PUZZLE, "Valid: exactly one solution, and every entry so far fits it."),
    (".....4.221......", PUZZLE, "The given 3 in r1c3 was removed: put it back."),
    ("..3..4.221......", TWICE, "Conflicts: 1 appears twice in row 1: r1c1, r1c2; 1 appears "
                                "twice in box 1: r1c1, r1c2."),
    (SOLUTION, PUZZLE, "Solved: the grid is complete and correct."),
    ("1234341221434312", PUZZLE, "The grid is full but breaks the rules: 1 appears twice in "
                                 "column 3: r2c3, r4c3; 2 appears twice in column 4: r2c4, r4c4"
                                 "."),
    (KNOT, None, "No solution: the filled cells cannot all be kept."),
    ("...1.3.4..4.....", KNOT, "No solution: the givens cannot all be kept."),
])
def test_validate_messages(grid: str, givens: str | None, message: str) -> None:
    report = validate(parse(grid), givens=parse(givens) if givens else None)
    assert report.message() == message


def test_validate_message_of_a_full_grid_that_differs_from_the_solution() -> None:
    # A full grid that breaks no rule can still contradict the givens' one solution.
    givens = parse("1...............")  # several solutions: the verdict is about the givens
    assert validate(parse(SOLUTION), givens=givens).message() == (
        "Several solutions: the puzzle needs more givens.")
    other = parse("1234341221434321".translate(str.maketrans("34", "43")))  # 3 and 4 swapped
    report = validate(other, givens=parse(PUZZLE))
    # The swap changes the givens 3 (r1c3) and 4 (r2c2): named as givens, then the entries.
    assert report.status == "wrong_entries"
    assert report.message().startswith("The grid is full, but r1c3 must hold the given 3")


@pytest.mark.parametrize("line, message", [
    (TWICE[:16], "No logical path: the givens conflict."),
    (STUCK, "No logical path: the puzzle has no solution."),
])
def test_steps_messages(line: str, message: str) -> None:
    assert steps(parse(line)).message() == message


def test_steps_message_of_a_puzzle_with_several_solutions() -> None:
    # The issue: "The time ran out" after 0.11 s on a puzzle with several solutions.
    path = steps(Grid.empty(Shape(2, 2)))
    assert path.status == "multiple"
    assert path.message() == ("The puzzle has several solutions: logic stops after 0 steps, "
                              "where it cannot choose between them.")


def test_steps_and_rate_messages_when_solved() -> None:
    path = steps(parse(PUZZLE))
    assert path.message() == (f"{len(path.steps)} steps to the solution: Easy, score 12, "
                              "hardest step Hidden Single.")
    assert rate(parse(MEDIUM)).message() == ("Medium: score 26, hardest step Locked Candidates "
                                             "(Pointing).")
    assert rate(parse(STUCK)).message() == "No solution, so no level."


def test_hint_messages() -> None:
    puzzle = parse(PUZZLE)
    assert hint(puzzle, parse(SOLUTION)).to_json()["message"] == "The puzzle is solved."
    assert hint(parse(TWICE)).to_json()["message"] == (
        "The givens conflict: 1 appears twice in row 1: r1c1, r1c2; 1 appears twice in box 1: "
        "r1c1, r1c2.")
    assert hint(parse(STUCK)).to_json()["message"] == "The givens have no solution."
    assert hint(Grid.empty(Shape(2, 2))).to_json()["message"] == (
        "The puzzle has several solutions: no logical step can choose between them.")
    wrong = hint(puzzle, parse("..3..4.221..3..."))
    assert wrong.to_json()["message"] == "r4c1 = 3 does not fit the solution. Clear it first."
    assert wrong.to_json("look")["message"] == "Look at r4c1."
    assert wrong.to_json("nudge")["message"] == "r4c1 is wrong."
    first = hint(puzzle)
    assert first.to_json("nudge")["message"] == "Look for a hidden single in box 1."
    assert first.to_json("step")["message"] == "Hidden single: in box 1, 2 fits only r1c2"


def test_check_messages() -> None:
    assert check(parse(PUZZLE)).message() == "No rule is broken so far."
    assert check(parse(SOLUTION)).message() == "The grid is complete and breaks no rule."
    assert check(parse(DEAD)).message() == "No value fits r1c4."
    assert check(parse(TWICE)).message() == ("1 appears twice in row 1: r1c1, r1c2. "
                                             "1 appears twice in box 1: r1c1, r1c2.")


@pytest.mark.parametrize("seconds, text", [
    (0.0004, "less than 1 ms"), (0.0032, "3.2 ms"), (0.041, "41 ms"), (2.5, "2.5 s")])
def test_durations(seconds: float, text: str) -> None:
    assert duration(seconds) == text
