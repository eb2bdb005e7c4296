"""Every writer's output parses back for every box shape from 2x2 to 8x8, not only a sample of
sizes (STYLE principle 2); entries kept apart by JSON and links come back apart as well."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.read import parse, read_parts
from sudoku_core.formats.write import FORMATS, WITH_ENTRIES, format_grid, writes
from sudoku_core.model.grid import MAX_SIZE, Grid, Shape

ALL_SHAPES = [Shape(r, c) for r in range(2, MAX_SIZE // 2 + 1)
              for c in range(2, MAX_SIZE // 2 + 1) if r * c <= MAX_SIZE]


def random_grid(shape: Shape, seed: int, density: float) -> Grid:
    """A partly filled grid of random values (not necessarily a valid sudoku)."""
    rng = random.Random(seed)
    return Grid(shape, tuple(rng.randint(1, shape.size) if rng.random() < density else 0
                             for _ in range(shape.cell_count)))


def explicit(shape: Shape) -> Shape | None:
    """The shape to pass to parse: only when it is not the default for its size."""
    return None if Shape.for_size(shape.size) == shape else shape


def test_every_shape_is_listed() -> None:
    assert len(ALL_SHAPES) == len(set(ALL_SHAPES))
    assert {s.size for s in ALL_SHAPES} == {n for n in range(4, MAX_SIZE + 1)
                                            if any(n % k == 0 for k in range(2, n // 2 + 1))}


@pytest.mark.parametrize("to", sorted(FORMATS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(ALL_SHAPES), seed=st.integers(0, 2**32),
       density=st.sampled_from([0.0, 0.2, 0.7, 1.0]))
def test_every_format_round_trips_for_every_shape(
    to: str, shape: Shape, seed: int, density: float
) -> None:
    g = random_grid(shape, seed, density)
    if not writes(to, shape):
        with pytest.raises(ValueError, match="f-puzzles draws"):
            format_grid(g, to)
        return
    assert parse(format_grid(g, to), explicit(shape)) == g


@pytest.mark.parametrize("to", sorted(WITH_ENTRIES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(ALL_SHAPES), seed=st.integers(0, 2**32))
def test_entries_stay_apart_for_every_shape(to: str, shape: Shape, seed: int) -> None:
    givens = random_grid(shape, seed, 0.3)
    rng = random.Random(seed + 1)
    entries = Grid(shape, tuple(0 if v or rng.random() < 0.5 else rng.randint(1, shape.size)
                                for v in givens.cells))
    if not writes(to, shape):
        return  # refused in words, as test_every_format_round_trips_for_every_shape shows
    text = format_grid(givens, to, entries=entries)
    got = read_parts(text, explicit(shape))
    assert got.givens == givens
    assert got.entries == (entries if any(entries.cells) else None)
