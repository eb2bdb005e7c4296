"""Isomorphisms: the image of a puzzle is a puzzle with as many solutions and the same rating."""

from __future__ import annotations

import json
import random

import pytest
from conftest import dug_puzzle, read_corpus
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.logic.rate import rate
from sudoku_core.make.fill import random_solution
from sudoku_core.make.isomorph import isomorph, random_isomorphism
from sudoku_core.make.symmetry import SymmetryError
from sudoku_core.model.conflicts import find_conflicts
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import count_solutions
from sudoku_core.web_api import handle

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(3, 3), Shape(3, 4),
          Shape(4, 3), Shape(4, 4), Shape(2, 5)]
shapes = st.sampled_from(SHAPES)
seeds = st.integers(0, 2**32 - 1)


def is_valid_solution(grid: Grid) -> bool:
    """Every unit holds every value once (checked from the geometry, not the solver)."""
    full = set(range(1, grid.size + 1))
    return all({grid.cells[c] for c in unit} == full for unit in grid.shape.geometry.units)


def holed(solution: Grid, rng: random.Random, keep: float) -> Grid:
    """The solution with about ``1 - keep`` of its cells emptied at random."""
    return Grid(solution.shape, tuple(v if rng.random() < keep else 0 for v in solution.cells))


@settings(max_examples=60, deadline=None)
@given(shape=shapes, seed=seeds, iso_seed=seeds)
def test_the_image_of_a_solution_is_a_solution(shape: Shape, seed: int, iso_seed: int) -> None:
    solution = random_solution(shape, random.Random(seed))
    iso = random_isomorphism(shape, random.Random(iso_seed))
    image = iso.apply(solution)
    assert image.shape == shape
    assert is_valid_solution(image)
    # A bijection of cells and of symbols: the same multiset of values, every cell used once.
    assert sorted(iso.source) == list(range(shape.cell_count))
    assert sorted(iso.symbols) == list(range(shape.size + 1))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=shapes, seed=seeds, iso_seed=seeds, keep=st.floats(0.3, 0.9))
def test_solution_count_and_conflicts_are_kept(shape: Shape, seed: int, iso_seed: int,
                                               keep: float) -> None:
    rng = random.Random(seed)
    solution = random_solution(shape, rng)
    puzzle = holed(solution, rng, keep)
    # A changed value too, now and then (often a clash): the image is broken the same way.
    altered = rng.random() < 0.3
    if altered:
        cell = rng.randrange(shape.cell_count)
        puzzle = puzzle.with_values([(cell, rng.randint(1, shape.size))])
    iso = random_isomorphism(shape, random.Random(iso_seed))
    image = iso.apply(puzzle)
    assert image.given_count == puzzle.given_count
    assert len(find_conflicts(image)) == len(find_conflicts(puzzle))
    assert count_solutions(image, 5, time_limit=30) == count_solutions(puzzle, 5, time_limit=30)
    mapped = iso.apply(solution)
    if not altered:
        # The solution maps the same way: it agrees with every given of the image.
        assert all(v in (0, s) for v, s in zip(image.cells, mapped.cells, strict=True))


@settings(max_examples=30, deadline=None)
@given(shape=shapes, seed=seeds)
def test_the_draws_reach_every_kind_of_move(shape: Shape, seed: int) -> None:
    # Not a trivial map: some draw among a few moves cells or symbols, and a transposition is
    # drawn only where the boxes are square (it would turn r x c boxes into c x r).
    rng = random.Random(seed)
    isos = [random_isomorphism(shape, rng) for _ in range(8)]
    assert any(iso.source != tuple(range(shape.cell_count)) for iso in isos)
    assert any(iso.symbols != tuple(range(shape.size + 1)) for iso in isos)
    n = shape.size

    def transposed(iso: object) -> bool:  # image row 0 comes from a column of the source
        source = iso.source  # type: ignore[attr-defined]
        return len({source[j] % n for j in range(n)}) == 1

    if shape.box_rows != shape.box_cols:
        assert not any(transposed(iso) for iso in isos)
    else:
        more = [random_isomorphism(shape, rng) for _ in range(24)]
        assert any(transposed(iso) for iso in more)
        assert not all(transposed(iso) for iso in more)


def test_a_grid_of_another_shape_is_refused() -> None:
    iso = random_isomorphism(Shape(2, 3), random.Random(1))
    with pytest.raises(SymmetryError, match="2x3"):
        iso.apply(Grid.empty(Shape(3, 2)))


def test_the_same_seed_gives_the_same_image() -> None:
    puzzle, _ = dug_puzzle(Shape(3, 3), 5)
    assert isomorph(puzzle, 7) == isomorph(puzzle, 7)
    assert len({isomorph(puzzle, s).line() for s in range(20)}) == 20


def rating_of(grid: Grid) -> tuple[str | None, int, str]:
    r = rate(grid, time_limit=60)
    return r.level, r.score, r.hardest


@settings(max_examples=12, deadline=None)
@given(shape=st.sampled_from([Shape(2, 3), Shape(2, 4), Shape(3, 3), Shape(3, 4)]),
       seed=st.integers(0, 10_000), iso_seed=seeds)
def test_the_rating_is_kept_on_dug_puzzles(shape: Shape, seed: int, iso_seed: int) -> None:
    puzzle, _ = dug_puzzle(shape, seed)
    image = isomorph(puzzle, iso_seed)
    assert rating_of(image)[:2] == rating_of(puzzle)[:2]


def test_the_rating_is_kept_on_hard_corpus_puzzles(corpora_dir) -> None:  # type: ignore[no-untyped-def]
    from sudoku_core.formats.read import parse

    for i, line in enumerate(read_corpus(corpora_dir / "sudoku-top95.txt", 6)):
        puzzle = parse(line)
        image = isomorph(puzzle, i)
        assert image != puzzle
        assert rating_of(image)[:2] == rating_of(puzzle)[:2]


def test_the_web_request_maps_puzzle_and_solution() -> None:
    puzzle, solution = dug_puzzle(Shape(2, 3), 3)
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "isomorph", "args": {
        "cells": list(puzzle.cells), "box": [2, 3], "seed": 9,
        "solution": list(solution.cells)}})))["result"]
    image = Grid(Shape(2, 3), tuple(reply["values"]))
    mapped = Grid(Shape(2, 3), tuple(reply["solution_values"]))
    assert reply["box"] == [2, 3] and reply["puzzle"] == image.line()
    assert count_solutions(image, 2, time_limit=10) == 1
    assert is_valid_solution(mapped)
    assert all(v in (0, s) for v, s in zip(image.cells, mapped.cells, strict=True))
    assert image == isomorph(puzzle, 9)


@pytest.mark.parametrize(("args", "words"), [
    ({"cells": [0] * 16, "seed": -1}, "seed"),
    ({"cells": [0] * 16, "seed": "x"}, "seed"),
    ({"cells": [0] * 16, "solution": [1] * 15}, "solution has 15 values"),
    ({"cells": [0] * 15}, "square grid"),
])
def test_the_web_request_refuses_bad_arguments(args: dict[str, object], words: str) -> None:
    reply = json.loads(handle(json.dumps({"id": 2, "cmd": "isomorph", "args": args})))
    assert reply["error"]["type"] == "BadRequest"
    assert words in reply["error"]["message"]
