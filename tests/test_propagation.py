"""Every singles propagation against one plain reference, on random partial grids.

The package keeps one singles propagation per purpose: ``bitboards.singles`` for the chains'
branches, ``propagate.propagate`` for the human state (it tallies what it places; trial and
error asks it too), and the exact solver's hot loop ``exact._propagate``. Each must reach the
closure of the state under naked and hidden singles that the reference below reaches one
placement at a time on plain sets. The bitboard ones may miss one kind of contradiction, a
value with no free cell left that some unit lacks; the search finds it by branching, and the
chains' recorded steps rest on it, so the tests pin exactly that gap.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.trial import trial_step
from sudoku_core.make.fill import pattern_solution
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver import exact
from sudoku_core.solver.bitboards import assume, singles, state_of, tables
from sudoku_core.solver.propagate import propagate

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(3, 3), Shape(2, 4), Shape(4, 4)]


def reference(c: Candidates) -> list[set[int]] | None:
    """Singles to a fixed point on candidate sets, one placement at a time; None when a cell
    has no candidate or a unit has no place for a value."""
    geo = c.geometry
    cands = [{v} if v else set(c.candidates_of(x)) for x, v in enumerate(c.values)]
    solved = {x for x, v in enumerate(c.values) if v}
    while True:
        if any(not s for s in cands):
            return None
        todo = [(x, min(s)) for x, s in enumerate(cands) if x not in solved and len(s) == 1]
        for unit in geo.units:
            for v in range(1, c.size + 1):
                where = [x for x in unit if v in cands[x]]
                if not where:
                    return None
                if len(where) == 1 and where[0] not in solved:
                    todo.append((where[0], v))
        if not todo:
            return cands
        x, v = todo[0]
        cands[x] = {v}
        solved.add(x)
        for p in geo.peers[x]:
            if p in solved and v in cands[p]:
                return None  # two cells of one unit hold v
            cands[p].discard(v)


def partial(shape_index: int, seed: int, keep: float, cuts: int) -> Candidates:
    """Some values of a valid grid, then ``cuts`` random candidates removed (true ones too, so
    that some states are broken)."""
    rng = random.Random(seed)
    shape = SHAPES[shape_index]
    solution = pattern_solution(shape, rng)
    grid = Grid(shape, tuple(v if rng.random() < keep else 0 for v in solution.cells))
    c = Candidates.from_grid(grid)
    for _ in range(cuts):
        x = rng.randrange(len(c.masks))
        if c.masks[x]:
            c.eliminate(x, rng.choice(c.candidates_of(x)))
    return c


def boards_of(cands: list[set[int]], n: int) -> list[int]:
    return [sum(1 << x for x, s in enumerate(cands) if d + 1 in s) for d in range(n)]


def lacks_a_value(boards: list[int], unsolved: int) -> bool:
    """A value with no free cell left, placed fewer than N times: some unit lacks it."""
    return any(not b & unsolved and b.bit_count() != len(boards) for b in boards)


grids = st.builds(partial, st.integers(0, len(SHAPES) - 1), st.integers(0, 2**32),
                  st.floats(0.0, 0.7), st.integers(0, 16))


@settings(max_examples=150, deadline=None)
@given(grids)
def test_bitboard_singles_reach_the_reference_closure(c: Candidates) -> None:
    expected = reference(c)
    boards, unsolved = state_of(c)
    left = singles(boards, unsolved, tables(c.shape))
    if expected is None:
        assert left is None or lacks_a_value(boards, left)
        return
    assert left is not None
    assert boards == boards_of(expected, c.size)
    assert left == sum(1 << x for x, s in enumerate(expected) if len(s) > 1)


@settings(max_examples=150, deadline=None)
@given(grids)
def test_the_human_propagation_reaches_the_reference_closure(c: Candidates) -> None:
    expected = reference(c)
    names: list[str] = []
    out = c.copy()
    ok = propagate(out, names.append)
    assert ok == (expected is not None)
    if expected is not None:
        got = [{v} if v else set(out.candidates_of(x)) for x, v in enumerate(out.values)]
        assert got == expected
        assert len(names) == c.values.count(0) - out.values.count(0)


@settings(max_examples=150, deadline=None)
@given(grids)
def test_the_exact_hot_loop_is_sound_against_the_reference(c: Candidates) -> None:
    # The search's loop may leave a broken state for the branching to find (it checks less
    # per round); what it does conclude must be the reference's.
    expected = reference(c)
    boards, unsolved = state_of(c)
    left = exact._propagate(boards, unsolved, tables(c.shape), None, None)
    if left == -1:
        assert expected is None
    elif expected is None:
        assert lacks_a_value(boards, left)
    else:
        assert boards == boards_of(expected, c.size)
        assert left == sum(1 << x for x, s in enumerate(expected) if len(s) > 1)


@settings(max_examples=60, deadline=None)
@given(grids, st.integers(0, 2**32))
def test_branch_contradictions_are_the_reference_ones(c: Candidates, seed: int) -> None:
    if reference(c) is None or 0 not in c.values:
        return
    rng = random.Random(seed)
    cell = rng.choice([x for x, v in enumerate(c.values) if not v])
    value = rng.choice(c.candidates_of(cell))
    branch = c.copy()
    branch.place(cell, value)
    boards, unsolved = state_of(c)
    unsolved = assume(boards, unsolved, cell, value - 1, tables(c.shape).keep)
    left = singles(boards, unsolved, tables(c.shape), 10**6)
    if reference(branch) is None:
        assert left is None or lacks_a_value(boards, left)
    else:
        assert left is not None


@settings(max_examples=40, deadline=None)
@given(grids)
def test_trial_refutes_the_first_branch_the_reference_breaks(c: Candidates) -> None:
    if reference(c) is None or 0 not in c.values:
        return
    empty = sorted((x for x, v in enumerate(c.values) if not v),
                   key=lambda x: (c.masks[x].bit_count(), x))
    first = None
    for x in empty[:60]:  # the cells trial and error tries by singles
        for v in c.candidates_of(x):
            branch = c.copy()
            branch.place(x, v)
            if reference(branch) is None:
                first = (x, v)
                break
        if first is not None:
            break
    step = trial_step(c.copy(), None)
    by_singles = step is not None and "by singles" in step.text
    assert by_singles == (first is not None)
    if step is not None and by_singles:
        assert step.eliminations == (first,)
