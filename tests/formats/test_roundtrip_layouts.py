"""Layouts the parser reads but no writer of the package makes (spreadsheet rows, coordinates
without a frame, JSON variants): written here the way people and other programs write them,
and read back for every box shape (STYLE principle 2)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.read import parse
from sudoku_core.model.grid import MAX_SIZE, Grid, Shape

ALL_SHAPES = [Shape(r, c) for r in range(2, MAX_SIZE // 2 + 1)
              for c in range(2, MAX_SIZE // 2 + 1) if r * c <= MAX_SIZE]
SYMBOL_SHAPES = [s for s in ALL_SHAPES if s.size <= 35]


def random_grid(shape: Shape, seed: int) -> Grid:
    """A partly filled grid of random values, with at least one value."""
    rng = random.Random(seed)
    cells = [rng.randint(1, shape.size) if rng.random() < 0.5 else 0
             for _ in range(shape.cell_count)]
    cells[rng.randrange(shape.cell_count)] = rng.randint(1, shape.size)
    return Grid(shape, tuple(cells))


def explicit(shape: Shape) -> Shape | None:
    """The shape to pass to parse: only when it is not the default for its size."""
    return None if Shape.for_size(shape.size) == shape else shape


def text_of(shape: Shape, v: int) -> str:
    """A cell as a spreadsheet holds it: a symbol up to 35, the number above; '' if empty."""
    return "" if v == 0 else shape.symbol(v)


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(shape=st.sampled_from(ALL_SHAPES), seed=st.integers(0, 2**32),
       sep=st.sampled_from(["\t", ","]))
def test_spreadsheet_rows_with_empty_fields(shape: Shape, seed: int, sep: str) -> None:
    g = random_grid(shape, seed)
    text = "\n".join(sep.join(text_of(shape, v) for v in row) for row in g.rows())
    assert parse(text, explicit(shape)) == g


@SETTINGS
@given(shape=st.sampled_from(SYMBOL_SHAPES), seed=st.integers(0, 2**32),
       header=st.booleans())
def test_rows_with_coordinates_and_no_frame(shape: Shape, seed: int, header: bool) -> None:
    g = random_grid(shape, seed)
    n = shape.size
    lines = [" ".join(str(c + 1) for c in range(n))] if header else []
    lines += [f"{r + 1} " + " ".join(shape.symbol(v) for v in row)
              for r, row in enumerate(g.rows())]
    assert parse("\n".join(lines), explicit(shape)) == g


@SETTINGS
@given(shape=st.sampled_from(ALL_SHAPES), seed=st.integers(0, 2**32),
       way=st.sampled_from(["bare", "grid", "puzzle", "null", "strings"]))
def test_json_variants(shape: Shape, seed: int, way: str) -> None:
    g = random_grid(shape, seed)
    rows: list[object] = [list(row) for row in g.rows()]
    if way == "null":
        rows = [[v or None for v in row] for row in g.rows()]
    if way == "strings":
        if shape.size <= 35:
            rows = ["".join(shape.symbol(v) for v in row) for row in g.rows()]
        else:
            rows = [" ".join(str(v) if v else "." for v in row) for row in g.rows()]
    key = {"grid": "grid", "puzzle": "puzzle"}.get(way, "cells")
    data: object = rows if way == "bare" else {key: rows, "box": [shape.box_rows, shape.box_cols]}
    assert parse(json.dumps(data), None if way != "bare" else explicit(shape)) == g
