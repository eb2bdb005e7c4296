"""Human steps on variant puzzles: every step sound against the solution (no safety net).

``steps(verify=False)`` keeps a step that contradicts the solution, so a technique that
misreads the variant's units, peers or cages shows up here. Rate and hint run on each too.
"""

from __future__ import annotations

import random

import pytest
from helpers import variant_puzzles
from hypothesis import HealthCheck, given, settings

from sudoku_core.logic.explain import steps
from sudoku_core.logic.hint import hint
from sudoku_core.logic.rate import rate
from sudoku_core.make.cages import killer_shape, random_cages, unique_cages
from sudoku_core.make.regions import random_regions
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant, variant_from_json
from sudoku_core.solver.exact import count_solutions, solve


def check_sound(grid: Grid, time_limit: float = 30.0) -> int:
    """Walk ``grid``; assert each step agrees with its unique solution; the steps taken."""
    r = solve(grid, time_limit=None)
    assert r.unique and r.solution is not None
    sol = r.solution.cells
    path = steps(grid, verify=False, time_limit=time_limit)
    for step in path.steps:
        for cell, v in step.placements:
            assert sol[cell] == v, step.text
        for cell, v in step.eliminations:
            assert sol[cell] != v, step.text
    assert path.status in ("solved", "gave_up")
    return len(path.steps)


def dug(shape: Shape, seed: int) -> Grid:
    """A unique puzzle of ``shape``: a random fill, cells emptied while it stays unique."""
    rng = random.Random(seed)
    full = solve(Grid.empty(shape), limit=1, rng=rng).solution
    assert full is not None
    cells = list(full.cells)
    order = list(range(len(cells)))
    rng.shuffle(order)
    for i in order:
        keep = cells[i]
        cells[i] = 0
        if count_solutions(Grid(shape, tuple(cells)), 2, time_limit=None) != 1:
            cells[i] = keep
    return Grid(shape, tuple(cells))


def killer(seed: int, box: tuple[int, int] = (3, 3)) -> Grid:
    rng = random.Random(seed)
    sol = solve(Grid.empty(Shape(*box)), limit=1, rng=rng).solution
    assert sol is not None
    cages = unique_cages(sol, random_cages(sol, rng), (0,) * sol.shape.cell_count, rng)
    assert cages is not None
    return Grid.empty(killer_shape(Shape(*box), cages))


@pytest.mark.parametrize("seed", range(3))
def test_killer_without_givens_steps_are_sound(seed: int) -> None:
    grid = killer(seed)
    assert check_sound(grid) > 0
    path = steps(grid)
    assert any(s.technique in ("Cage Combination", "Innies and Outies") for s in path.steps)


@pytest.mark.parametrize(("name", "variant"), [
    ("x", Variant(diagonals=True)),
    ("windoku", Variant(windows=True)),
    ("jigsaw", Variant(regions=random_regions(Shape(3, 3), random.Random(7)))),
    ("antiknight", Variant(anti_knight=True)),
    ("antiking", Variant(anti_king=True)),
    ("x+antiking", Variant(diagonals=True, anti_king=True)),
])
def test_9x9_variant_steps_are_sound(name: str, variant: Variant) -> None:
    grid = dug(Shape(3, 3, variant), 11)
    assert check_sound(grid) > 0
    rating = rate(grid)
    assert rating.level is not None or rating.to_json()["status"] != "solved"
    h = hint(grid)
    assert h.to_json()["status"] != "error"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_puzzles((2, 3)))
def test_small_variant_steps_are_sound(grid: Grid) -> None:
    if count_solutions(grid, 2, time_limit=None) != 1:
        return
    check_sound(grid)


def test_a_variant_rating_says_why_it_has_no_se_figure() -> None:
    rules = {"thermometers": [{"cells": [0, 1, 2, 3]}]}
    grid = Grid(Shape(2, 2, variant_from_json(rules, 4)), (0,) * 4 + (4, 3) + (0,) * 10)
    reply = rate(grid).to_json()
    assert reply["se"] is None and "classic puzzles only" in reply["se_note"]
    assert "se_note" not in rate(Grid(Shape(2, 2), grid.cells)).to_json()
