"""Soundness of the advanced techniques: no step ever removes the solution or places a wrong value.

Two sources of states beside the corpora (test_soundness.py walks those): random candidate
states of every box shape that keep one known solution (any sound deduction holds for every
solution, so uniqueness is not needed), and small dug puzzles with one solution (for the
uniqueness techniques), walked with the basic techniques while every advanced finder is asked
wherever they stall.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from conftest import SHAPES, broken_marks, check_step, dug_puzzle, random_state
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques.base import Step
from sudoku_core.logic.techniques.chains import iter_aic, iter_x_chain, iter_xy_chain
from sudoku_core.logic.techniques.colouring import iter_simple_colouring
from sudoku_core.logic.techniques.fish import iter_fish
from sudoku_core.logic.techniques.forcing import iter_forcing_chain
from sudoku_core.logic.techniques.intersections import iter_locked_candidates
from sudoku_core.logic.techniques.single_digit import (
    iter_empty_rectangle,
    iter_skyscraper,
    iter_two_string_kite,
)
from sudoku_core.logic.techniques.singles import (
    iter_full_house,
    iter_hidden_single,
    iter_naked_single,
)
from sudoku_core.logic.techniques.subsets import iter_hidden_subset, iter_naked_subset
from sudoku_core.logic.techniques.uniqueness import iter_bug_plus_one, iter_unique_rectangle
from sudoku_core.logic.techniques.wings import iter_w_wing, iter_xy_wing, iter_xyz_wing
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape

Finder = Callable[[Candidates], Iterator["Step"]]

BASIC: tuple[Finder, ...] = (
    iter_full_house, iter_hidden_single, iter_naked_single, iter_locked_candidates,
    iter_naked_subset, iter_hidden_subset, iter_fish,
)
# Seconds per solve: generous, as the solver's default 10 s can run out on a loaded machine
# (a 16x16 fill) and flip a test that has nothing to do with speed.
BUDGET = 120.0

# In the order a solver tries them; the uniqueness ones only on puzzles with one solution.
LOGIC: tuple[Finder, ...] = (
    iter_skyscraper, iter_two_string_kite, iter_xy_wing, iter_empty_rectangle, iter_xyz_wing,
    iter_w_wing, iter_simple_colouring, iter_x_chain, iter_xy_chain, iter_aic, iter_forcing_chain,
)
UNIQUE: tuple[Finder, ...] = (iter_unique_rectangle, iter_bug_plus_one)


def consistent(c: Candidates, solution: Sequence[int]) -> bool:
    """Every cell still holds, or may still take, its solution value."""
    return all(v == s if v else c.has(i, s) for i, (v, s) in enumerate(
        zip(c.values, solution, strict=True)))


def walk(grid: Grid, solution: Sequence[int], unique: bool, max_steps: int = 400) -> set[str]:
    """Solve with basic steps; where they stall, ask every advanced finder and check each."""
    c = Candidates.from_grid(grid)
    finders = LOGIC + (UNIQUE if unique else ())
    seen: set[str] = set()
    for _ in range(max_steps):
        if c.is_solved():
            break
        step = next((s for f in BASIC if (s := next(f(c), None)) is not None), None)
        if step is None:
            before = c.copy()
            found = []
            for f in finders:
                s = next(f(c), None)
                assert c == before, f"{f.__name__} changed the state"
                if s is not None:
                    check_step(s, c, solution, f.__name__)
                    seen.add(s.technique)
                    found.append(s)
            if not found:
                break
            step = found[0]
        c.apply(step)
        assert consistent(c, solution), f"lost the solution after {step.text}"
    return seen






@settings(max_examples=150, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    seed=st.integers(0, 10**6),
    blank=st.floats(0.4, 0.9),
    drop=st.floats(0.0, 0.6),
)
def test_random_states_every_shape(shape: Shape, seed: int, blank: float, drop: float) -> None:
    c, solution = random_state(shape, seed, blank, drop)
    before = c.copy()
    for f in LOGIC:
        step = next(f(c), None)
        assert c == before, f"{f.__name__} changed the state"
        if step is not None:
            check_step(step, c, solution.cells, f.__name__)


@settings(max_examples=60, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6), drop=st.floats(0.0, 0.7))
def test_any_pencil_marks_are_handled(shape: Shape, seed: int, drop: float) -> None:
    # Users' pencil marks may be wrong or even leave a cell empty: finders must cope quietly.
    c = broken_marks(shape, seed, drop)
    before = c.copy()
    for f in LOGIC + UNIQUE:
        step = next(f(c), None)
        assert c == before, f"{f.__name__} changed the state"
        if step is not None:
            assert all(c.has(x, v) for x, v in step.eliminations), step.text
            assert all(not c.values[x] for x, _ in step.placements), step.text


@settings(max_examples=25, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6))
def test_dug_puzzles_with_uniqueness(shape: Shape, seed: int) -> None:
    puzzle, solution = dug_puzzle(shape, seed)
    walk(puzzle, solution.cells, unique=True)
