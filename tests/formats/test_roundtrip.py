"""Every writer's output parses back to the same grid, for every box shape (hypothesis)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.read import parse, read_puzzles
from sudoku_core.formats.write import FORMATS, format_candidates, format_grid, writes
from sudoku_core.model.errors import SudokuError
from sudoku_core.model.grid import Grid, Shape

SMALL_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4)]
LARGE_SHAPES = [(5, 5), (6, 6), (5, 8), (8, 8)]


def random_grid(shape: Shape, seed: int, density: float) -> Grid:
    """A partly filled grid with random values (not necessarily a valid sudoku)."""
    rng = random.Random(seed)
    n = shape.size
    return Grid(shape, tuple(rng.randint(1, n) if rng.random() < density else 0
                             for _ in range(shape.cell_count)))


def grids(shapes: list[tuple[int, int]]) -> st.SearchStrategy[Grid]:
    """Random grids of the given shapes, from empty to full."""
    return st.builds(
        random_grid,
        st.sampled_from([Shape(r, c) for r, c in shapes]),
        st.integers(0, 2**32),
        st.sampled_from([0.0, 0.05, 0.3, 0.6, 0.9, 1.0]),
    )


def _explicit(g: Grid) -> Shape | None:
    """The shape to pass to parse: needed only when it is not the default for the size."""
    return None if Shape.for_size(g.size) == g.shape else g.shape


@pytest.mark.parametrize("to", sorted(FORMATS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(g=grids(SMALL_SHAPES))
def test_round_trip_small_shapes(to: str, g: Grid) -> None:
    if not writes(to, g.shape):  # another site's link, for a shape that site cannot draw
        with pytest.raises(ValueError, match="f-puzzles draws"):
            format_grid(g, to)
        return
    text = format_grid(g, to)
    assert parse(text, _explicit(g)) == g


@pytest.mark.parametrize("box", LARGE_SHAPES, ids=lambda b: f"{b[0]}x{b[1]}")
@pytest.mark.parametrize("to", sorted(FORMATS))
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_round_trip_large_shapes(to: str, box: tuple[int, int], data: st.DataObject) -> None:
    g = data.draw(grids([box]))
    if not writes(to, g.shape):  # another site's link, for a shape that site cannot draw
        with pytest.raises(ValueError, match="f-puzzles draws"):
            format_grid(g, to)
        return
    text = format_grid(g, to)
    assert parse(text, _explicit(g)) == g


@settings(max_examples=40, deadline=None)
@given(g=grids(SMALL_SHAPES))
def test_json_box_gives_the_shape(g: Grid) -> None:
    # No shape passed: the "box" field alone must bring back 3x2 rather than 2x3.
    assert parse(format_grid(g, "json")) == g


@settings(max_examples=40, deadline=None)
@given(g=grids(SMALL_SHAPES))
def test_lowercase_one_line_reads_the_same(g: Grid) -> None:
    assert parse(format_grid(g, "line").lower(), _explicit(g)) == g


@settings(max_examples=40, deadline=None)
@given(g=grids(SMALL_SHAPES), data=st.data())
def test_candidates_with_any_masks_round_trip(g: Grid, data: st.DataObject) -> None:
    # The logic code shows its own pencil marks: any mask on an empty cell must read back empty.
    full = (1 << g.size) - 1
    masks = [0 if v else data.draw(st.integers(0, full)) for v in g.cells]
    assert parse(format_candidates(g, masks), _explicit(g)) == g


@settings(max_examples=30, deadline=None)
@given(gs=st.lists(grids([(2, 2), (2, 3), (3, 3)]), min_size=1, max_size=6))
def test_read_puzzles_one_per_line(gs: list[Grid]) -> None:
    shape = gs[0].shape
    same = [g for g in gs if g.shape == shape]
    text = "# header\n\n" + "\n".join(format_grid(g, "line") for g in same) + "\n"
    records = list(read_puzzles(text, _explicit(same[0])))
    assert [r.grid for r in records] == same
    assert [r.line for r in records] == list(range(3, 3 + len(same)))


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300))
def test_arbitrary_text_gives_a_grid_or_a_sudoku_error(text: str) -> None:
    try:
        g = parse(text)
    except SudokuError:
        return
    assert isinstance(g, Grid)


ALPHABET = st.sampled_from(list("123456789ABCDEFGabcdefg0._ \n\t|,;-+*#[]{}()\":│─┼┌┐└┘xX\x00"))


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=ALPHABET, max_size=400))
def test_puzzle_like_text_gives_a_grid_or_a_sudoku_error(text: str) -> None:
    try:
        g = parse(text)
    except SudokuError:
        return
    assert isinstance(g, Grid)


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=ALPHABET, max_size=400))
def test_read_puzzles_gives_records_or_a_sudoku_error(text: str) -> None:
    try:
        for rec in read_puzzles(text):
            assert isinstance(rec.grid, Grid)
    except SudokuError:
        pass


@settings(max_examples=200, deadline=None)
@given(g=grids(SMALL_SHAPES), data=st.data())
def test_one_changed_character_gives_a_grid_or_a_sudoku_error(
    g: Grid, data: st.DataObject
) -> None:
    text = format_grid(g, data.draw(st.sampled_from([t for t in sorted(FORMATS)
                                                     if writes(t, g.shape)])))
    at = data.draw(st.integers(0, len(text) - 1))
    text = text[:at] + data.draw(st.characters()) + text[at + 1:]
    with contextlib.suppress(SudokuError):
        parse(text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 70) | st.floats(allow_nan=False)
    | st.text("123456789ABCDEFG._0 x", max_size=20),
    lambda inner: st.lists(inner, max_size=20)
    | st.dictionaries(st.sampled_from(["box", "cells", "grid", "puzzle", "x"]), inner, max_size=3),
    max_leaves=100,
)


@settings(max_examples=200, deadline=None)
@given(value=JSON_VALUES)
def test_any_json_gives_a_grid_or_a_sudoku_error(value: object) -> None:
    try:
        g = parse(json.dumps(value))
    except SudokuError:
        return
    assert isinstance(g, Grid)


@settings(max_examples=30, deadline=None)
@given(gs=st.lists(grids([(3, 3)]), min_size=1, max_size=5), header=st.sampled_from(
    ["quizzes,solutions", "puzzle,solution", "id,puzzle,solution,clues"]))
def test_read_puzzles_csv_round_trip(gs: list[Grid], header: str) -> None:
    id_first = header.startswith("id,")
    rows = []
    for k, g in enumerate(gs):
        fields = [format_grid(g, "line").replace(".", "0"), format_grid(g.with_values(
            (i, 1) for i, v in enumerate(g.cells) if not v), "line")]
        rows.append(",".join(([str(k)] if id_first else []) + fields + (["9"] if id_first else [])))
    records = list(read_puzzles(header + "\n" + "\n".join(rows) + "\n"))
    assert [r.grid for r in records] == gs
    assert [r.solution for r in records] == [
        g.with_values((i, 1) for i, v in enumerate(g.cells) if not v) for g in gs
    ]
    assert [r.line for r in records] == list(range(2, 2 + len(gs)))
