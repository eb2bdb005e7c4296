"""Soundness of every instance the pattern families find, from any candidate state.

Every ``iter_`` finder lists all its instances; each is checked against the solution (no wrong
placement, no removal of the solution's value, only candidates that are there). States come from
random solutions with cells blanked and wrong candidates removed (any box shape, as a user's
marks or a pasted pencil-mark grid would leave them), and, for the uniqueness techniques, from
dug puzzles with one solution, some values placed and wrong candidates removed. The corpus
states are checked on the corpus walk of test_soundness.py (one walk per corpus puzzle).
"""

from __future__ import annotations

import random
from itertools import islice

from helpers import (
    NEW_FAMILIES,
    PER_FINDER,
    UNIQUENESS_ITERS,
    Iter,
    check_all,
    remove_wrong,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques import (
    als,
    colouring,
    fish,
    intersections,
    single_digit,
    singles,
    subsets,
    wings,
)
from sudoku_core.logic.walk import next_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Shape
from tests.conftest import SHAPES, broken_marks, dug_puzzle, random_state

# The existing families' iter_ forms: they must list only sound steps from any state too.
BASIC: tuple[Iter, ...] = (
    singles.iter_full_house, singles.iter_hidden_single, singles.iter_naked_single,
    intersections.iter_locked_candidates, subsets.iter_naked_subset, subsets.iter_hidden_subset,
    fish.iter_fish, fish.iter_finned_fish, single_digit.iter_skyscraper,
    single_digit.iter_two_string_kite, single_digit.iter_empty_rectangle, wings.iter_xy_wing,
    wings.iter_xyz_wing, wings.iter_w_wing, colouring.iter_simple_colouring,
)








@settings(max_examples=60, deadline=None)
@given(shape=st.sampled_from(SHAPES[:6]), seed=st.integers(0, 10**6),
       blank=st.floats(0.4, 0.9), drop=st.floats(0.0, 0.6))
def test_random_states_every_instance_is_sound(shape: Shape, seed: int, blank: float,
                                               drop: float) -> None:
    c, solution = random_state(shape, seed, blank, drop)
    check_all(c, solution.cells, BASIC + NEW_FAMILIES)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), drop=st.floats(0.2, 0.6))
def test_random_16x16_states_are_sound(seed: int, drop: float) -> None:
    # The cheap families on the largest shape the tests walk (the fish and ALS searches grow
    # with the number of units; their shapes are covered above).
    c, solution = random_state(Shape(4, 4), seed, 0.5, drop)
    check_all(c, solution.cells, BASIC + NEW_FAMILIES[:3] + (als.iter_als_xz,))


def perturbed(c: Candidates, solution: tuple[int, ...], rng: random.Random, placed: float,
              drop: float) -> Candidates:
    """A copy with some solution values placed (not givens) and wrong candidates removed."""
    d = c.copy()
    for cell in range(len(solution)):
        if not d.values[cell] and rng.random() < placed:
            d.place(cell, solution[cell])
    remove_wrong(d, solution, rng, drop)
    return d


@settings(max_examples=20, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6),
       placed=st.floats(0.0, 0.3), drop=st.floats(0.0, 0.5))
def test_uniqueness_from_any_state(shape: Shape, seed: int, placed: float, drop: float) -> None:
    # A puzzle with one solution, walked; at each state, and at a copy with some values placed
    # by "earlier steps" (not givens, so avoidable rectangles may use them) and wrong
    # candidates removed, every uniqueness instance must fit the solution.
    puzzle, solution = dug_puzzle(shape, seed)
    rng = random.Random(seed)
    c = Candidates.from_grid(puzzle)
    while not c.is_solved():
        step = next_step(c)
        assert step is not None
        check_all(c, solution.cells, UNIQUENESS_ITERS)
        check_all(perturbed(c, solution.cells, rng, placed, drop), solution.cells, UNIQUENESS_ITERS)
        c.apply(step)


@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6), drop=st.floats(0.0, 0.7))
def test_broken_marks_are_handled_quietly(shape: Shape, seed: int, drop: float) -> None:
    # A user's marks may be wrong, even leave a cell empty: no finder may fail or list a step
    # that removes a candidate that is not there.
    c = broken_marks(shape, seed, drop)
    before = c.copy()
    for f in BASIC + NEW_FAMILIES + UNIQUENESS_ITERS:
        for step in islice(f(c), PER_FINDER):
            assert all(c.has(x, v) for x, v in step.eliminations), step.text
            assert all(not c.values[x] for x, _ in step.placements), step.text
        assert c == before
