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
from collections.abc import Callable, Iterator
from functools import partial
from itertools import islice

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques import (
    als,
    chains,
    colouring,
    fish,
    franken,
    grouped_chains,
    intersections,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    uniqueness,
    wings,
)
from sudoku_core.logic.walk import next_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Shape
from sudoku_core.model.step import Step
from tests.conftest import SHAPES, broken_marks, check_step, dug_puzzle, random_state

Iter = Callable[[Candidates], Iterator[Step]]

# The existing families' iter_ forms: they must list only sound steps from any state too.
BASIC: tuple[Iter, ...] = (
    singles.iter_full_house, singles.iter_hidden_single, singles.iter_naked_single,
    intersections.iter_locked_candidates, subsets.iter_naked_subset, subsets.iter_hidden_subset,
    fish.iter_fish, fish.iter_finned_fish, single_digit.iter_skyscraper,
    single_digit.iter_two_string_kite, single_digit.iter_empty_rectangle, wings.iter_xy_wing,
    wings.iter_xyz_wing, wings.iter_w_wing, colouring.iter_simple_colouring,
)
NEW: tuple[Iter, ...] = (
    wings.iter_wxyz_wing, colouring.iter_multi_colours, sue_de_coq.iter_sue_de_coq,
    als.iter_als_xz, als.iter_als_xy_wing, partial(als.iter_als_chain, max_sets=4),
    als.iter_death_blossom, partial(franken.iter_franken_fish, sizes=(2, 3)),
    partial(franken.iter_mutant_fish, sizes=(2,)), partial(franken.iter_siamese_fish, sizes=(2, 3)),
    partial(chains.iter_x_chain, max_nodes=20), partial(chains.iter_xy_chain, max_nodes=24),
    partial(chains.iter_aic, max_nodes=20), partial(grouped_chains.iter_grouped_aic, max_nodes=16),
    partial(als.iter_als_xz, max_cells=8), partial(als.iter_als_xy_wing, max_cells=8),
    partial(als.iter_death_blossom, max_cells=8, max_stem=4),
    partial(franken.iter_mutant_fish, sizes=(4,)),
)
UNIQUE: tuple[Iter, ...] = (
    uniqueness.iter_unique_rectangle, uniqueness.iter_hidden_rectangle,
    uniqueness.iter_avoidable_rectangle, uniqueness.iter_bug_plus_one,
    uniqueness.iter_bug_plus_n,
)
PER_FINDER = 25  # instances checked per finder and state: enough to meet every variant


def name_of(f: Iter) -> str:
    return str(getattr(getattr(f, "func", f), "__name__", f))


def check_all(c: Candidates, solution: tuple[int, ...], finders: tuple[Iter, ...]) -> set[str]:
    """Check every listed instance (up to PER_FINDER per finder); the techniques seen."""
    before = c.copy()
    seen = set()
    for f in finders:
        for step in islice(f(c), PER_FINDER):
            check_step(step, c, solution, name_of(f))
            seen.add(step.technique)
        assert c == before, f"{name_of(f)} changed the state"
    return seen


def remove_wrong(c: Candidates, solution: tuple[int, ...], rng: random.Random,
                 drop: float) -> None:
    """Remove random candidates that are not the solution's (earlier steps, a user's marks)."""
    for cell, right in enumerate(solution):
        for v in c.candidates_of(cell):
            if v != right and rng.random() < drop:
                c.eliminate(cell, v)


@settings(max_examples=60, deadline=None)
@given(shape=st.sampled_from(SHAPES[:6]), seed=st.integers(0, 10**6),
       blank=st.floats(0.4, 0.9), drop=st.floats(0.0, 0.6))
def test_random_states_every_instance_is_sound(shape: Shape, seed: int, blank: float,
                                               drop: float) -> None:
    c, solution = random_state(shape, seed, blank, drop)
    check_all(c, solution.cells, BASIC + NEW)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), drop=st.floats(0.2, 0.6))
def test_random_16x16_states_are_sound(seed: int, drop: float) -> None:
    # The cheap families on the largest shape the tests walk (the fish and ALS searches grow
    # with the number of units; their shapes are covered above).
    c, solution = random_state(Shape(4, 4), seed, 0.5, drop)
    check_all(c, solution.cells, BASIC + NEW[:3] + (als.iter_als_xz,))


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
        check_all(c, solution.cells, UNIQUE)
        check_all(perturbed(c, solution.cells, rng, placed, drop), solution.cells, UNIQUE)
        c.apply(step)


@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6), drop=st.floats(0.0, 0.7))
def test_broken_marks_are_handled_quietly(shape: Shape, seed: int, drop: float) -> None:
    # A user's marks may be wrong, even leave a cell empty: no finder may fail or list a step
    # that removes a candidate that is not there.
    c = broken_marks(shape, seed, drop)
    before = c.copy()
    for f in BASIC + NEW + UNIQUE:
        for step in islice(f(c), PER_FINDER):
            assert all(c.has(x, v) for x, v in step.eliminations), step.text
            assert all(not c.values[x] for x, _ in step.placements), step.text
        assert c == before
