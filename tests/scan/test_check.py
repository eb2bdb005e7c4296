"""The solver's check of a reading: it repairs a misread cell from the reader's second choice,
and never calls verified a grid the solver did not find unique."""

from __future__ import annotations

import random
import time

import pytest
from drawn import puzzle

from sudoku_core.model.grid import Grid, Shape
from sudoku_core.scan.check import (
    MAX_ATTEMPTS,
    MIN_ALTERNATIVE,
    UNSURE,
    Ranking,
    check_readings,
    clean,
)
from sudoku_core.solver.exact import solve

SHAPE = Shape(3, 3)


def sure(grid: Grid, p: float = 0.98) -> list[Ranking]:
    """What a good reader says of each cell: the truth first, something else second."""
    n = grid.size
    return [[(v, p), ((v % n) + 1, 1 - p)] for v in grid.cells]


def test_a_clean_reading_is_verified_unchanged() -> None:
    grid = puzzle(SHAPE, 1)
    checked = check_readings(SHAPE, sure(grid), 5.0)
    assert (checked.verdict, checked.values, checked.changed) == ("unique", list(grid.cells), [])
    assert checked.unsure == [] and all(c == 0.98 for c in checked.confidence)


@pytest.mark.parametrize("seed", range(4))
def test_one_misread_digit_is_repaired_from_the_second_choice(seed: int) -> None:
    grid = puzzle(SHAPE, seed)
    rng = random.Random(seed)
    cell = rng.choice([i for i, v in enumerate(grid.cells) if v])
    # A misreading the solver can catch (another digit may make another unique puzzle: that
    # one no check can see, and the cell is only named as unsure).
    wrong = next(v for v in rng.sample(range(1, 10), 9) if v != grid.cells[cell]
                 and not solve(grid.with_values([(cell, v)])).unique)
    rankings = sure(grid)
    rankings[cell] = [(wrong, 0.55), (grid.cells[cell], 0.4), (0, 0.05)]
    checked = check_readings(SHAPE, rankings, 5.0)
    assert checked.read[cell] == wrong
    assert checked.values == list(grid.cells) and checked.verdict == "unique"
    assert checked.changed == [cell] and cell in checked.unsure
    assert checked.confidence[cell] == 0.4


def test_a_given_read_as_empty_is_put_back() -> None:
    grid = puzzle(SHAPE, 5)
    cell = next(i for i, v in enumerate(grid.cells) if v)
    rankings = sure(grid)
    rankings[cell] = [(0, 0.6), (grid.cells[cell], 0.35), (1, 0.05)]
    checked = check_readings(SHAPE, rankings, 5.0)
    # Without it the puzzle may have several solutions; either way the offer is verified only
    # as the one grid the solver finds unique.
    assert checked.verdict == "unique"
    assert checked.values == list(grid.cells) or checked.values == checked.read


def test_a_grid_with_several_solutions_is_never_verified() -> None:
    grid = puzzle(SHAPE, 3)
    # Empty a third of the givens, surely: no reading to try makes it unique again.
    kept = [v if i % 3 else 0 for i, v in enumerate(grid.cells)]
    rankings = [[(v, 0.99), (0, 0.01)] for v in kept]
    checked = check_readings(SHAPE, rankings, 5.0)
    assert checked.verdict == "several" and checked.changed == []
    assert checked.values == kept


def test_an_unlikely_reading_is_not_tried() -> None:
    # The truth is there, but below MIN_ALTERNATIVE: the check does not guess it.
    grid = puzzle(SHAPE, 2)
    cell = next(i for i, v in enumerate(grid.cells) if v)
    wrong = grid.cells[cell] % 9 + 1
    rankings = sure(grid)
    rankings[cell] = [(wrong, 0.8), (0, 0.2 - MIN_ALTERNATIVE / 2),
                      (grid.cells[cell], MIN_ALTERNATIVE / 2)]
    checked = check_readings(SHAPE, rankings, 5.0)
    assert checked.verdict != "unique" and checked.values[cell] == wrong
    assert cell in checked.unsure and UNSURE > 0.8


def test_conflicting_sure_cells_are_suspects_too() -> None:
    grid = puzzle(SHAPE, 4)
    cell = next(i for i, v in enumerate(grid.cells) if v)
    row = cell // 9
    other = next(v for i, v in enumerate(grid.cells) if i // 9 == row and v and i != cell)
    rankings = sure(grid)
    rankings[cell] = [(other, 0.95), (grid.cells[cell], 0.05)]  # sure, and wrong: a conflict
    checked = check_readings(SHAPE, rankings, 5.0)
    assert checked.values == list(grid.cells) and checked.changed == [cell]


def test_out_of_range_readings_are_dropped() -> None:
    assert clean([(10, 0.7), (3, 0.2), (-1, 0.1)], 9) == [(3, 0.2)]
    assert clean([(4, float("nan"))], 4) == [(0, 1.0)]
    assert clean([(7, 0.5)], 6) == [(0, 1.0)]


def test_the_time_limit_ends_the_search() -> None:
    grid = puzzle(SHAPE, 1)
    rng = random.Random(0)
    rankings: list[Ranking] = []
    for v in grid.cells:  # a bad reader: every cell unsure, often wrong
        others = [x for x in range(10) if x != v]
        rankings.append([(rng.choice(others), 0.5), (v, 0.45), (0, 0.05)])
    start = time.perf_counter()
    checked = check_readings(SHAPE, rankings, 0.02)
    assert time.perf_counter() - start < 1.0  # the limit, a solve and the bookkeeping
    assert checked.attempts < MAX_ATTEMPTS and checked.verdict != "unique"
