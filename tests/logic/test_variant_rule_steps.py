"""The Variant Rule technique: one placed rule read alone never removes a true candidate.

On 4x4 grids every solution is known (``brute4``), so each step's removals are checked against
every grid that keeps the rules and the givens; rules are read off one random grid, so each
puzzle has at least one solution.
"""

from __future__ import annotations

import random

from brute4 import all_grids
from hypothesis import given, settings
from hypothesis import strategies as st
from rules4 import keeps as _keeps
from rules4 import rules_of_grid as _rules

from sudoku_core.logic.techniques.placed import TECHNIQUE, iter_variant_rule
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 287), st.integers(0, 10**6))
def test_no_step_removes_a_true_candidate(index: int, seed: int) -> None:
    rng = random.Random(seed)
    solution = all_grids()[index]
    rules = _rules(solution, rng)
    if not rules:
        return
    variant = variant_from_json(rules, 4)
    givens = tuple(v if rng.random() < 0.2 else 0 for v in solution)
    grid = Grid(Shape(2, 2, variant), givens)
    keeps = [g for g in all_grids() if _keeps(g, rules)
             and all(not v or g[i] == v for i, v in enumerate(givens))]
    assert solution in keeps
    c = Candidates.from_grid(grid)
    for _ in range(6):  # a few rounds: each reads the candidates the last one left
        steps = list(iter_variant_rule(c))
        if not steps:
            break
        for step in steps:
            assert step.technique == TECHNIQUE and step.text
            for x, v in step.eliminations:
                assert all(g[x] != v for g in keeps), (step.text, x, v)
        c.apply(steps[0])


def test_a_thermometer_step_says_the_rule_in_words() -> None:
    variant = variant_from_json({"thermometers": [{"cells": [0, 1, 2]}]}, 4)
    c = Candidates.from_grid(Grid.empty(Shape(2, 2, variant)))
    (step,) = list(iter_variant_rule(c))
    assert step.text.startswith("Thermometer at r1c1: digits on a thermometer increase")
    assert set(step.eliminations) == {(0, 3), (0, 4), (1, 1), (1, 4), (2, 1), (2, 2)}
    # What is left, in a player's words: bounds where the removals were above or below.
    assert step.text.endswith("r1c1 is at most 2; r1c2 is 2 to 3; r1c3 is at least 3")


def test_a_rule_that_leaves_gaps_lists_the_digits_left() -> None:
    variant = variant_from_json({"black_dots": [{"cells": [0, 1]}]}, 9)
    c = Candidates.from_grid(Grid.empty(Shape(3, 3, variant)))
    (step,) = list(iter_variant_rule(c))
    assert step.text.endswith("r1c1, r1c2 can only be 1, 2, 3, 4, 6 or 8")
