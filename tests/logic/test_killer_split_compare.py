"""Cage Splitting and Cage Comparison: hand-built states where each finds what the older
Killer techniques do not, soundness on generated Killers and small variants, the table rows."""

from __future__ import annotations

import random

import pytest
from helpers import remove_wrong, set_cands, variant_puzzles
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.logic.explain import steps
from sudoku_core.logic.techniques import TABLE, TECHNIQUES, weight_of
from sudoku_core.logic.techniques.cage_comparison import comparisons, iter_cage_comparison
from sudoku_core.logic.techniques.cage_intersection import iter_cage_unit_intersection
from sudoku_core.logic.techniques.cage_splitting import iter_cage_splitting, splits
from sudoku_core.logic.techniques.killer import iter_cage_combination
from sudoku_core.logic.techniques.rule45 import iter_innies_outies
from sudoku_core.logic.walk import Walk, changes
from sudoku_core.make import cages as cage_maker
from sudoku_core.make.cages import killer_shape, random_cages, unique_cages
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step
from sudoku_core.model.variants import Cage, Variant
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)
OLDER = (iter_cage_combination, iter_innies_outies, iter_cage_unit_intersection)


def state(cages: tuple[Cage, ...]) -> Candidates:
    return Candidates.from_grid(Grid.empty(Shape(3, 3, Variant(cages=cages))))


def older_steps(c: Candidates) -> list[Step]:
    return [s for finder in OLDER for s in finder(c)]


def exhaust_older(c: Candidates) -> None:
    """Apply the older Killer techniques until none changes anything."""
    while True:
        step = next((s for s in older_steps(c) if changes(c, s)), None)
        if step is None:
            return
        c.apply(step)


def test_a_split_cage_keeps_its_parts_apart_in_one_step() -> None:
    # Cage 20 over r3c2, r3c3 (box 1) and r4c2, r4c3 (box 4); the rest of box 1 is one cage
    # of 35, so the innies of box 1 (r3c2, r3c3) add up to 10 and the cage splits into 10 and
    # 10. r4c2 and r4c3 can only be 1+9, so r3c2 and r3c3 (1, 2, 8, 9) cannot hold 1 or 9.
    # The older techniques get there in three steps (the cage holds 2 and 8 in box 1, so the
    # cage of 35 holds 1 and 9 outside them); the split sees it at once.
    box1_rest = (0, 1, 2, 9, 10, 11, 18)
    c = state((Cage((19, 20, 28, 29), 20), Cage(box1_rest, 35)))
    for name in ("r3c2", "r3c3"):
        set_cands(c, name, (1, 2, 8, 9))
    for name in ("r4c2", "r4c3"):
        set_cands(c, name, (1, 9))
    assert not [s for s in older_steps(c) if {x for x, _ in s.eliminations} & {19, 20}]
    # Read from inside (the innies) and from outside (the outies, r4c2 and r4c3): one step
    # each, the same removals.
    found = list(iter_cage_splitting(c))
    assert found and all(set(s.eliminations) == {(x, v) for x in (19, 20) for v in (1, 9)}
                         for s in found)
    assert "cage 20 at r3c2 splits into r3c2+r3c3 = 10 and r4c2+r4c3 = 10" in found[0].text
    assert found[0].region == "box 1"


def test_a_split_makes_progress_where_the_older_techniques_are_stuck(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A big-cage Killer walked with every technique up to Cage/Unit Intersection (singles,
    # locked candidates, the three older Killer techniques) until none changes anything.
    grid, sol = big_killer(0, monkeypatch)
    c = Candidates.from_grid(grid)
    w = Walk(c, techniques=tuple(t for t in TECHNIQUES if t.weight <= 28), trials=False)
    assert w.run() == "stuck"
    found = [s for s in iter_cage_splitting(c) if changes(c, s)]
    assert found
    assert all(sol[x] != v for s in found for x, v in s.eliminations)


def test_two_cages_share_the_innies_sum_between_them() -> None:
    # The innies of box 1 are r3c2 (cage 3 with r4c2) and r3c3 (cage 11 with r4c3); the rest
    # of box 1 is one cage of 36, so they add up to 9. Cage 3 is 1+2, so r3c2 is 1 or 2,
    # r3c3 is 8 or 7 and r4c3, 11 less r3c3, is 3 or 4.
    c = state((Cage((19, 28), 3), Cage((20, 29), 11), Cage((0, 1, 2, 9, 10, 11, 18), 36)))
    assert [len(s.pieces) for s in splits(c.shape) if s.source.innies == (19, 20)] == [2]
    found = [s for s in iter_cage_splitting(c) if s.region == "box 1"]
    assert found
    gone = set(found[0].eliminations)
    kept = {x: {v for v in c.candidates_of(x) if (x, v) not in gone} for x in (20, 29)}
    assert kept == {20: {7, 8}, 29: {3, 4}}
    assert "r3c3 = 7 or 8 and r4c3 = 3 or 4" in found[0].text


def test_two_overlapping_sums_fix_the_cell_only_one_of_them_holds() -> None:
    sol = solve(Grid.empty(NINE), limit=1, rng=random.Random(7)).solution
    assert sol is not None
    s = sol.cells
    top = (0, 1, 2, 9, 10, 11)  # rows 1-2 of box 1: the innies of box 1 are r3c1-r3c3
    right = (22, 23, 24, 25, 26)  # r3c5-r3c9: the innies of row 3 are r3c1-r3c4
    c = state((Cage(top, sum(s[x] for x in top)), Cage(right, sum(s[x] for x in right))))
    exhaust_older(c)
    assert not c.values[21] and len(c.candidates_of(21)) > 1
    found = [st for st in iter_cage_comparison(c) if st.placements]
    assert [st.placements for st in found] == [((21, s[21]),)]
    assert "both hold r3c1, r3c2, r3c3, so r3c4 is" in found[0].text


def test_classic_grids_have_no_splits_or_comparisons() -> None:
    assert splits(NINE) == () and comparisons(NINE) == ()
    c = Candidates.from_grid(Grid.empty(NINE))
    assert list(iter_cage_splitting(c)) == [] and list(iter_cage_comparison(c)) == []


def big_killer(seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[Grid, tuple[int, ...]]:
    monkeypatch.setattr(cage_maker, "_SIZES", (3, 4, 4, 5, 5, 6))
    rng = random.Random(seed)
    sol = solve(Grid.empty(NINE), limit=1, rng=rng).solution
    assert sol is not None
    cages = unique_cages(sol, random_cages(sol, rng), (0,) * 81, rng)
    assert cages is not None
    return Grid.empty(killer_shape(NINE, cages)), sol.cells


@pytest.mark.parametrize("seed", [0, 8])
def test_walks_of_big_cage_killers_split_and_compare_soundly(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    grid, sol = big_killer(seed, monkeypatch)
    path = steps(grid, verify=False, time_limit=60)
    assert path.status == "solved" and not path.trial
    used = {s.technique for s in path.steps}
    assert {"Cage Splitting", "Cage Comparison"} & used
    c = Candidates.from_grid(grid)
    for step in path.steps:
        # Every instance of the new techniques on the way, not only the ones taken.
        for finder in (iter_cage_splitting, iter_cage_comparison):
            for found in finder(c):
                assert all(sol[x] == v for x, v in found.placements), found.text
                assert all(sol[x] != v for x, v in found.eliminations), found.text
        c.apply(step)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_puzzles((2, 3)), st.integers(0, 2**32 - 1), st.floats(0.0, 0.6))
def test_instances_on_small_variants_are_sound(grid: Grid, seed: int, drop: float) -> None:
    r = solve(grid, limit=2, time_limit=None)
    if not r.unique or r.solution is None:
        return
    sol = r.solution.cells
    c = Candidates.from_grid(grid)
    remove_wrong(c, sol, random.Random(seed), drop)  # a state later in some walk
    for finder in (iter_cage_splitting, iter_cage_comparison):
        for found in finder(c):
            assert all(sol[x] == v for x, v in found.placements), found.text
            assert all(sol[x] != v for x, v in found.eliminations), found.text


def test_the_table_rows_follow_the_older_killer_techniques() -> None:
    names = [t.name for t in TABLE]
    assert names.index("Cage/Unit Intersection") < names.index("Cage Splitting") < (
        names.index("Naked Pair"))
    assert names.index("Hidden Pair") < names.index("Cage Comparison") < (
        names.index("Naked Triple"))
    assert weight_of("Cage Splitting") == 29 and weight_of("Cage Comparison") == 34
