"""Round trips of the record formats for every box shape: batches one per line, CSV with a
solutions column, and a single CSV row (STYLE principle 2: every parser has its formatter)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.csv_row import format_csv_row
from sudoku_core.formats.read import parse, read_parts, read_puzzles
from sudoku_core.model.grid import Grid, Shape

SHAPES = [Shape(r, c) for r, c in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5),
                                    (3, 4), (4, 3), (2, 7), (3, 5), (4, 4), (5, 5), (6, 6),
                                    (5, 8), (8, 8)]]


def puzzle_and_solution(shape: Shape, seed: int) -> tuple[Grid, Grid]:
    """A full grid of random values and a puzzle made by blanking some of its cells."""
    rng = random.Random(seed)
    full = tuple(rng.randint(1, shape.size) for _ in range(shape.cell_count))
    kept = tuple(v if rng.random() < 0.4 else 0 for v in full)
    return Grid(shape, kept), Grid(shape, full)


def explicit(shape: Shape) -> Shape | None:
    """The shape to pass to the readers: only when the cell count alone does not give it."""
    return None if Shape.for_size(shape.size) == shape else shape


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), seeds=st.lists(st.integers(0, 2**32), min_size=1,
                                                      max_size=5))
def test_one_puzzle_per_line_for_every_shape(shape: Shape, seeds: list[int]) -> None:
    grids = [puzzle_and_solution(shape, s)[0] for s in seeds]
    text = "# puzzles\n" + "\n".join(g.line() for g in grids) + "\n"
    records = list(read_puzzles(text, explicit(shape)))
    assert [r.grid for r in records] == grids
    assert [r.line for r in records] == list(range(2, 2 + len(grids)))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), seeds=st.lists(st.integers(0, 2**32), min_size=1,
                                                      max_size=5))
def test_csv_with_solutions_for_every_shape(shape: Shape, seeds: list[int]) -> None:
    pairs = [puzzle_and_solution(shape, s) for s in seeds]
    text = "quizzes,solutions\n" + "\n".join(format_csv_row(p, s) for p, s in pairs) + "\n"
    records = list(read_puzzles(text, explicit(shape)))
    assert [(r.grid, r.solution) for r in records] == pairs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_one_csv_row_for_every_shape(shape: Shape, seed: int) -> None:
    puzzle, solution = puzzle_and_solution(shape, seed)
    row = format_csv_row(puzzle, solution)
    got = read_parts(row, explicit(shape))
    assert (got.site, got.givens, got.solution) == ("csv", puzzle, solution)
    assert parse(row, explicit(shape)) == puzzle
    assert parse(format_csv_row(puzzle), explicit(shape)) == puzzle
