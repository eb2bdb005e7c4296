"""Candidates: the bitmask pencil-mark state the techniques read."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques.base import Step
from sudoku_core.model.candidates import Candidates, bits
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(3, 3), Shape(3, 4), Shape(4, 4)]


def _partial(shape: Shape, seed: int, keep: float) -> Grid:
    """A random solution with some cells emptied (a valid, maybe non-unique, grid)."""
    rng = random.Random(seed)
    sol = solve(Grid.empty(shape), limit=1, rng=rng).solution
    assert sol is not None
    return Grid(shape, tuple(v if rng.random() < keep else 0 for v in sol.cells))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 10**6), st.floats(0.0, 1.0))
def test_from_grid_matches_the_peers(shape: Shape, seed: int, keep: float) -> None:
    grid = _partial(shape, seed, keep)
    c = Candidates.from_grid(grid)
    peers = shape.geometry.peers
    for cell in range(shape.cell_count):
        # The definition, written out: the values no filled peer holds (none for a filled cell).
        seen = {grid.cells[p] for p in peers[cell]}
        expected = set() if grid.cells[cell] else set(range(1, shape.size + 1)) - seen
        assert set(c.candidates_of(cell)) == expected
        assert c.values[cell] == grid.cells[cell]
    assert c.to_grid() == grid


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 10**6))
def test_place_equals_recomputing(shape: Shape, seed: int) -> None:
    grid = _partial(shape, seed, 0.3)
    sol = solve(grid, limit=1).solution
    assert sol is not None
    c = Candidates.from_grid(grid)
    empty = [i for i, v in enumerate(grid.cells) if not v]
    random.Random(seed).shuffle(empty)
    for cell in empty[: len(empty) // 2]:
        c.place(cell, sol.cells[cell])
    assert c == Candidates.from_grid(c.to_grid())


def test_eliminate_reports_change_and_has() -> None:
    c = Candidates.from_grid(Grid.empty(Shape(2, 2)))
    assert c.has(0, 3)
    assert c.eliminate(0, 3) is True
    assert not c.has(0, 3)
    assert c.eliminate(0, 3) is False
    assert c.candidates_of(0) == [1, 2, 4]


def test_cells_with_and_apply() -> None:
    shape = Shape(2, 2)
    c = Candidates.from_grid(Grid.empty(shape))
    step = Step("Test", ((0, 1),), ((5, 2),), "test")
    c2 = c.copy()
    c2.apply(step)
    assert c2.values[0] == 1 and c.values[0] == 0  # the copy is independent
    assert c2.cells_with(0, 1) == []  # row 1 has 1 placed: no other cell keeps it
    assert c2.cells_with(4, 1) == [] and not c2.has(5, 2)  # column 1 and the elimination
    assert c2.cells_with(1, 2) == [4, 6, 7]  # row 2 without r2c2, which lost 2


def test_from_pencil_intersects_with_computed() -> None:
    shape = Shape(2, 2)
    grid = Grid(shape, (1,) + (0,) * 15)
    c = Candidates.from_pencil(grid, {1: {1, 2}, 2: set()})
    assert c.candidates_of(1) == [2]  # 1 is ruled out by r1c1 even though marked
    assert c.candidates_of(2) == []  # an explicit empty set is kept as the user's marks
    assert c.candidates_of(3) == [2, 3, 4]  # no marks: computed


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6))
def test_from_marks_keeps_the_marks_as_written(shape: Shape, seed: int) -> None:
    grid = _partial(shape, seed, 0.5)
    rng = random.Random(seed)
    n = shape.size
    marks = {cell: set(rng.sample(range(1, n + 1), rng.randint(0, n)))
             for cell, v in enumerate(grid.cells) if not v}
    c = Candidates.from_marks(grid, marks)
    # Unlike from_pencil, a mark a filled peer rules out stays: the text said so.
    assert [set(c.candidates_of(cell)) for cell in range(len(grid.cells))] == [
        marks.get(cell, set()) for cell in range(len(grid.cells))]
    assert c.to_grid() == grid
    assert c.givens == sum(1 << cell for cell, v in enumerate(grid.cells) if v)


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6))
def test_stale_marks_are_the_marks_a_placed_peer_rules_out(shape: Shape, seed: int) -> None:
    grid = _partial(shape, seed, 0.5)
    rng = random.Random(seed)
    n = shape.size
    marks = {cell: set(rng.sample(range(1, n + 1), rng.randint(0, n)))
             for cell, v in enumerate(grid.cells) if not v}
    c = Candidates.from_marks(grid, marks)
    geo = shape.geometry
    expected = {(cell, v) for cell, vs in marks.items() for v in vs
                if any(grid.cells[p] == v for p in geo.peers[cell])}
    stale = c.stale_marks()
    assert {(m.cell, m.value) for m in stale} == expected
    for m in stale:  # each names every unit of the cell holding the value, and where
        assert m.units == tuple(u for u in geo.units_of[m.cell]
                                if any(grid.cells[x] == m.value for x in geo.units[u]))
        assert all(grid.cells[x] == m.value and x in geo.units[u]
                   for u, x in zip(m.units, m.at, strict=True))
    tidy = c.tidied()
    # The written marks, less the stale ones: the marks of a grid's own candidates.
    assert tidy.masks == [c.masks[cell] & m for cell, m in
                          enumerate(Candidates.from_grid(grid).masks)]
    assert tidy.values == c.values and tidy.givens == c.givens
    assert tidy.stale_marks() == [] and tidy.tidied() == tidy
    assert [set(c.candidates_of(cell)) for cell in range(len(grid.cells))] == [
        marks.get(cell, set()) for cell in range(len(grid.cells))]  # c itself is untouched


def test_tidied_clears_the_marks_of_filled_cells() -> None:
    # A state built by hand may set marks on a filled cell: no technique may read them.
    grid = Grid(Shape(2, 2), (1,) + (0,) * 15)
    c = Candidates(grid.shape, list(grid.cells), [0b1111] * 16)
    tidy = c.tidied()
    assert tidy.masks[0] == 0 and tidy.masks[1] == 0b1110 and tidy.masks[5] == 0b1110
    assert tidy.masks[15] == 0b1111


def test_is_broken() -> None:
    shape = Shape(2, 2)
    c = Candidates.from_grid(Grid.empty(shape))
    assert not c.is_broken()
    for v in (1, 2, 3, 4):
        c.eliminate(0, v)
    assert c.is_broken()


@pytest.mark.parametrize("mask, expected", [(0, []), (1, [1]), (0b1010, [2, 4])])
def test_bits(mask: int, expected: list[int]) -> None:
    assert bits(mask) == expected


@given(st.integers(0, 2**70))
def test_bits_lists_each_set_bit_once_lowest_first(mask: int) -> None:
    # Small masks come from a table, large ones from a loop: both must read the same.
    got = bits(mask)
    assert got == sorted(set(got))
    assert sum(1 << (v - 1) for v in got) == mask


def test_bits_hands_out_a_new_list() -> None:
    first = bits(0b101)
    first.append(9)
    assert bits(0b101) == [1, 3]
