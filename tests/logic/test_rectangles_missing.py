"""Unique and Hidden Rectangles whose corners lost one of the two digits to earlier steps.

A corner that lost a digit is still one of the four non-given cells that must not hold the
deadly pattern, so every deduction of the form "these cells holding only the two digits would
hold the pattern" still stands. Hand-built states (worked out in the comments), then a walk of
dug puzzles with wrong candidates removed: every such instance must fit the solution.
"""

from __future__ import annotations

import random

from helpers import COL5, ROW2, cell, digit_elims, every_candidate, has_step, only_in, rectangle

from sudoku_core.logic.techniques.uniqueness import iter_hidden_rectangle, iter_unique_rectangle
from sudoku_core.logic.walk import next_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Shape
from tests.conftest import check_step, dug_puzzle


def test_type_1_roof_lost_one_digit() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r1c4": {1, 2}, "r2c1": {1, 2}, "r2c4": {1, 5, 7}})
    # r2c4 = 1 makes the four cells 1/2 only: r1c4 = 2, r1c1 = 1, r2c1 = 2, deadly.
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 1", digit_elims(1, ["r2c4"]))


def test_type_1_floor_lost_one_digit() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r1c4": {1}, "r2c1": {1, 2}, "r2c4": {1, 2, 5}})
    # r1c4 can only be 1, so r1c1 = 2, r2c1 = 1: r2c4 = 2 would complete the pattern (and
    # r2c4 = 1 clashes with r1c4): both leave r2c4.
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 1",
             digit_elims(1, ["r2c4"]) | digit_elims(2, ["r2c4"]))


def test_type_2_roof_lost_one_digit() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c1": {1, 2}, "r1c5": {1, 7}, "r2c5": {1, 2, 7}})
    # Neither roof 7 puts only 1 and 2 in the four cells (1 at r1c5, 2 at r2c5): deadly.
    seeing = [f"r{r}c5" for r in range(3, 10)] + ["r1c4", "r1c6", "r2c4", "r2c6", "r3c4",
                                                  "r3c6"]
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 2", digit_elims(7, seeing))


def test_type_4_roof_lost_the_other_digit() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c1": {1, 2}, "r1c5": {1, 3}, "r2c5": {1, 2, 4}})
    only_in(c, 1, COL5, ["r1c5", "r2c5"])
    # One roof is 1; r2c5 = 2 then needs r1c5 = 1: the four cells 1/2 only, deadly.
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 4", digit_elims(2, ["r2c5"]))


def test_type_6_roof_lost_the_locked_digit() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c5": {1, 2}, "r1c5": {2, 3}, "r2c1": {1, 2, 4}})
    only_in(c, 1, 0, ["r1c1", "r1c5"])
    only_in(c, 1, ROW2, ["r2c1", "r2c5"])
    # r2c1 = 1 puts 1 at r1c5 (column 1 holds one 1), which lost it: no 1 in row 1, so
    # r2c1 is not 1 (the pattern's reasoning: 2 at both floors, deadly, or a clash).
    has_step(iter_unique_rectangle(c), "Unique Rectangle Type 6", digit_elims(1, ["r2c1"]))


def test_hidden_rectangle_mate_lost_the_other_digit() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r1c5": {1, 3}, "r2c1": {1, 2, 4}, "r2c5": {1, 2, 5, 6}})
    only_in(c, 1, ROW2, ["r2c1", "r2c5"])
    only_in(c, 1, COL5, ["r1c5", "r2c5"])
    # r2c5 = 2 puts 1 in r2c1 and r1c5, so 2 in r1c1: deadly.
    has_step(iter_hidden_rectangle(c), "Hidden Rectangle", digit_elims(2, ["r2c5"]))


def test_no_rectangle_where_the_pattern_cannot_fall() -> None:
    c = every_candidate()
    rectangle(c, {"r1c1": {1, 2}, "r2c1": {1, 2}, "r1c5": {1, 7}, "r2c5": {1, 7}})
    # Both roofs lost 2, and one of them would need it in either pattern: no deadly pattern
    # is left to avoid (that one of them is 7 is a plain pair argument, not a rectangle).
    assert not [s for s in iter_unique_rectangle(c) if (cell("r1c5"), "roof") in s.cells]


def test_dug_puzzles_with_lost_digits_are_sound() -> None:
    # Walks of dug 9x9 puzzles (one solution); at each state, wrong candidates are removed at
    # random. Every Unique/Hidden Rectangle must fit the solution, and some of them must use a
    # corner that lost one of the digits (else this test checks nothing new).
    shape = Shape(3, 3)
    lost = 0
    for seed in range(12):
        puzzle, solution = dug_puzzle(shape, seed)
        rng = random.Random(seed)
        c = Candidates.from_grid(puzzle)
        while not c.is_solved():
            d = c.copy()
            for x, right in enumerate(solution.cells):
                for v in d.candidates_of(x):
                    if v != right and rng.random() < 0.3:
                        d.eliminate(x, v)
            for finder in (iter_unique_rectangle, iter_hidden_rectangle):
                for step in finder(d):
                    check_step(step, d, solution.cells, step.technique)
                    # The corners' key candidates are the two digits they still hold.
                    corners = [x for x, role in step.cells if role in ("roof", "floor")]
                    held = [{v for y, v, _ in step.candidates if y == x} for x in corners]
                    lost += len(set().union(*held)) == 2 and any(len(h) == 1 for h in held)
            step = next_step(c)
            assert step is not None
            c.apply(step)
    assert lost
