"""Killer's own techniques: cage/unit intersections both ways, the rule of 45 on unit groups.

Hand-built states check what each finds; generated Killers check that every instance found
agrees with the solution, and that the walk reaches it without a guess.
"""

from __future__ import annotations

import random

import pytest
from helpers import has_step, remove_wrong, variant_puzzles
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.logic.explain import steps
from sudoku_core.logic.rate import rate
from sudoku_core.logic.techniques import TABLE
from sudoku_core.logic.techniques.cage_intersection import iter_cage_unit_intersection
from sudoku_core.logic.techniques.rule45 import equations, iter_innies_outies
from sudoku_core.make.cages import killer_shape, random_cages, unique_cages
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Cage, Variant
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)


def killer_state(cages: tuple[Cage, ...]) -> Candidates:
    return Candidates.from_grid(Grid.empty(Shape(3, 3, Variant(cages=cages))))


def test_a_cage_that_must_hold_digits_in_one_row_clears_them_from_it() -> None:
    c = killer_state((Cage((0, 1, 2), 24),))  # 24 in three cells: 7+8+9 only
    row_rest = {3, 4, 5, 6, 7, 8}
    box_rest = {9, 10, 11, 18, 19, 20}
    for units_rest in (row_rest, box_rest):
        has_step(iter_cage_unit_intersection(c), "Cage/Unit Intersection",
                 {(x, v) for v in (7, 8, 9) for x in units_rest})


def test_a_digit_locked_in_a_cage_within_a_unit_leaves_the_cage_elsewhere() -> None:
    # 12 in three cells holding 9 can only be 1+2+9; in row 1, 9 fits only r1c1 and r1c2.
    c = killer_state((Cage((0, 1, 10), 12),))
    for x in range(2, 9):
        c.eliminate(x, 9)
    found = [s for s in iter_cage_unit_intersection(c) if "fits only" in s.text]
    assert len(found) == 1
    expected = {(10, v) for v in range(3, 10)} | {(x, v) for x in (0, 1) for v in range(3, 9)}
    assert set(found[0].eliminations) == expected


def test_no_intersection_without_cages_or_when_nothing_is_locked() -> None:
    assert list(iter_cage_unit_intersection(Candidates.from_grid(Grid.empty(NINE)))) == []
    # 17 in two cells is 8+9, but the cells lie in no common unit with others to clear: the
    # row and box outside lose 8 and 9; once they have, nothing is left to find.
    c = killer_state((Cage((0, 1), 17),))
    for x in (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20):
        c.eliminate(x, 8)
        c.eliminate(x, 9)
    assert [s.text for s in iter_cage_unit_intersection(c) if "every digit set" in s.text] == []


def two_row_cages(sol: tuple[int, ...]) -> tuple[Cage, ...]:
    """Rows 1-2 cut by vertical dominoes (c, c+9) for columns 1-7, and r1c8+r1c9+r2c8;
    r2c9 is in no cage. Every cage crosses row 1 / row 2, so only the two rows together
    have a single innie."""
    cages = [Cage((c, c + 9), sol[c] + sol[c + 9]) for c in range(7)]
    cages.append(Cage((7, 8, 16), sol[7] + sol[8] + sol[16]))
    return tuple(cages)


def test_the_rule_of_45_on_two_rows_places_their_one_innie() -> None:
    sol = solve(Grid.empty(NINE), limit=1, rng=random.Random(3)).solution
    assert sol is not None
    c = killer_state(two_row_cages(sol.cells))
    found = [s for s in iter_innies_outies(c) if s.placements]
    assert [(s.placements, s.region) for s in found] == [(((17, sol.cells[17]),), "rows 1-2")]
    assert "innie of rows 1-2 (r2c9) adds up to" in found[0].text


def killer(seed: int) -> Grid:
    rng = random.Random(seed)
    sol = solve(Grid.empty(NINE), limit=1, rng=rng).solution
    assert sol is not None
    cages = unique_cages(sol, random_cages(sol, rng), (0,) * 81, rng)
    assert cages is not None
    return Grid.empty(killer_shape(NINE, cages))


def test_equations_hold_on_the_solution_and_mix_innies_with_outies() -> None:
    grid = killer(5)
    sol = solve(grid, time_limit=None).solution
    assert sol is not None
    eqs = equations(grid.shape)
    assert all(0 < len(e.innies) + len(e.outies) <= 6 for e in eqs)
    assert [e for e in eqs if e.innies and e.outies], "some group has innies and outies"
    assert {e.name for e in eqs} & {"rows 1-2", "columns 2-3", "rows 4-6"}
    for e in eqs:
        got = sum(sol.cells[x] for x in e.innies) - sum(sol.cells[x] for x in e.outies)
        assert got == e.total, e


@pytest.mark.parametrize("seed", [4, 12, 27])
def test_givenless_killers_that_once_needed_a_guess_are_walked_without_one(seed: int) -> None:
    grid = killer(seed)
    r = rate(grid, time_limit=60)
    assert r.status == "solved" and not r.trial, r.message()
    counts = dict(r.counts)
    assert counts.get("Innies and Outies", 0) > 0


@pytest.mark.parametrize("seed", range(3))
def test_every_instance_on_a_killer_walk_is_sound(seed: int) -> None:
    grid = killer(seed + 100)
    sol = solve(grid, time_limit=None).solution
    assert sol is not None
    c = Candidates.from_grid(grid)
    seen = 0
    for step in steps(grid, time_limit=60).steps:
        for finder in (iter_innies_outies, iter_cage_unit_intersection):
            for found in finder(c):
                seen += 1
                assert all(sol.cells[x] == v for x, v in found.placements), found.text
                assert all(sol.cells[x] != v for x, v in found.eliminations), found.text
        c.apply(step)
    assert seen > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_puzzles((2, 3)), st.integers(0, 2**32 - 1), st.floats(0.0, 0.6))
def test_instances_on_small_variants_are_sound(grid: Grid, seed: int, drop: float) -> None:
    r = solve(grid, limit=2, time_limit=None)
    if not r.unique or r.solution is None:
        return
    sol = r.solution.cells
    c = Candidates.from_grid(grid)
    remove_wrong(c, sol, random.Random(seed), drop)  # a state later in some walk
    for finder in (iter_innies_outies, iter_cage_unit_intersection):
        for found in finder(c):
            assert all(sol[x] == v for x, v in found.placements), found.text
            assert all(sol[x] != v for x, v in found.eliminations), found.text


def test_the_table_names_the_killer_techniques_as_the_community_does() -> None:
    rows = {t.name: t for t in TABLE}
    assert rows["Innies and Outies"].aliases == ("Rule of 45",)
    assert "Cage Intersection" in rows["Cage/Unit Intersection"].aliases
    names = [t.name for t in TABLE]
    assert names.index("Locked Candidates") < names.index("Cage/Unit Intersection") < (
        names.index("Naked Pair"))
