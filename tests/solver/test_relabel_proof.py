"""A count proved by relabelling holds only where no rule reads the digits.

With two values in no given, swapping them in one solution gives a second one: the solver
uses that to stop early on big grids. A thermometer (or a sum, a dot ...) tells the two values
apart, so the swap breaks it and the puzzle may well be unique.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.make.fill import pattern_solution
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json
from sudoku_core.solver.exact import solve


def _puzzle(seed: int, low: int, rule: str) -> tuple[Grid, Grid]:
    """A 16x16 solution with values ``low`` and ``low + 1`` blanked, and in each row a rule on
    the two cells that held them, which tells them apart (so the solution is unique)."""
    shape = Shape(4, 4)
    sol = pattern_solution(shape, random.Random(seed)).cells
    pairs = [[r * 16 + row.index(low), r * 16 + row.index(low + 1)]
             for r in range(16) for row in [sol[r * 16:(r + 1) * 16]]]
    cells = tuple(0 if v in (low, low + 1) else v for v in sol)
    variant = variant_from_json({rule: [{"cells": p} for p in pairs]}, 16)
    ruled = shape.with_variant(variant)
    return Grid(ruled, cells), Grid(ruled, sol)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 15))
def test_a_thermometer_tells_two_unused_values_apart(seed: int, low: int) -> None:
    puzzle, solution = _puzzle(seed, low, "thermometers")
    result = solve(puzzle, limit=2, time_limit=60)
    assert result.status == "solved" and result.unique is True, result.status
    assert result.solution == solution


def test_without_a_rule_the_swap_still_proves_several() -> None:
    puzzle, _ = _puzzle(3, 7, "thermometers")
    classic = Grid(Shape(4, 4), puzzle.cells)
    result = solve(classic, limit=2, time_limit=60)
    assert result.status == "solved" and result.unique is False and result.count == 2
