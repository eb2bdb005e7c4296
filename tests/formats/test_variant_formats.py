"""Variant puzzles read and written: JSON, the variant text, f-puzzles and SudokuPad links."""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers import random_cages
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core import parse
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64
from sudoku_core.formats.write import format_grid, format_site_link
from sudoku_core.make.regions import random_regions
from sudoku_core.model.errors import LinkError, ParseError, SudokuError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Cage, Variant


@st.composite
def variant_grids(draw: st.DrawFn) -> Grid:
    box = draw(st.sampled_from([(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    shape = Shape(*box)
    from sudoku_core.solver.exact import solve

    sol = solve(Grid.empty(shape), limit=1, rng=rng).solution
    assert sol is not None
    regions = random_regions(shape, rng, 40) if draw(st.booleans()) else ()
    cages = random_cages(sol, rng, draw(st.booleans())) if draw(st.booleans()) else ()
    v = Variant(draw(st.booleans()), draw(st.booleans()), regions, cages, draw(st.booleans()),
                draw(st.booleans()))
    cells = tuple(x if rng.random() < 0.3 else 0 for x in sol.cells)
    return Grid(shape.with_variant(v), cells)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_grids(), st.sampled_from(["json", "variant"]))
def test_round_trip(grid: Grid, to: str) -> None:
    assert parse(format_grid(grid, to)) == grid


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_grids(), st.sampled_from(["f-puzzles", "sudokupad"]))
def test_link_round_trip(grid: Grid, site: str) -> None:
    if grid.size > 16:
        return
    assert parse(format_site_link(grid, site)) == grid


def test_variant_text_by_hand() -> None:
    text = """
    1 . . .
    . . . .
    . . . .
    . . . 4
    rules: x, antiking
    regions:
    AAAB
    ACBB
    CCBD
    CDDD
    cages:
    3: r1c1 r1c2
    r4c3 r4c4
    """
    grid = parse(text)
    v = grid.shape.variant
    assert v is not None
    assert v.diagonals and v.anti_king and not v.windows and not v.anti_knight
    assert v.regions == (0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 1, 3, 2, 3, 3, 3)
    assert v.cages == (Cage((0, 1), 3), Cage((14, 15)))
    assert grid.cells[0] == 1 and grid.cells[15] == 4


@pytest.mark.parametrize(("text", "words"), [
    ("1...\n....\n....\n...4\nrules: x, rellik\n", "variant 'rellik' is not supported"),
    ("1...\n....\n....\n...4\nrules: killer\n", "'killer' comes from the 'cages:' section"),
    ("1...\n....\n....\n...4\ncages:\n3: r1c1 r9c9\n", "cage cell r9c9 is off the 4x4 grid"),
    ("1...\n....\n....\n...4\ncages:\n3: a1 b2\n", "'a1' is not a cell such as r1c1"),
    ("1...\n....\n....\n...4\nregions:\nAABB\nAABB\n", "the region map has 2 lines"),
    ("1...\n....\n....\n...4\nregions:\nABAB\nBABA\nCCDD\nCCDD\n", "not connected"),
    ('{"box": [2, 2], "cells": "1..............4", "variant": {"rellik": []}}',
     "variant rule 'rellik' is not supported"),
    ('{"box": [2, 2], "cells": "1..............4", "variant": {"cages": [{"cells": [0, 0]}]}}',
     "cage 1: cell r1c1 is twice"),
])
def test_bad_variant_input_is_refused_in_words(text: str, words: str) -> None:
    with pytest.raises(SudokuError, match=words):
        parse(text)


def _fp(puzzle: dict[str, object]) -> str:
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(puzzle))


def test_fpuzzles_killer_and_diagonals() -> None:
    rows = [[{} for _ in range(9)] for _ in range(9)]
    rows[0][0] = {"value": 5, "given": True}
    puzzle = {"size": 9, "grid": rows, "diagonal+": True, "diagonal-": True,
              "antiknight": True,
              "killercage": [{"cells": ["R1C2", "R1C3"], "value": "15"},
                             {"cells": ["R9C9", "R9C8"]}]}
    grid = parse(_fp(puzzle))
    v = grid.shape.variant
    assert v is not None and v.diagonals and v.anti_knight and not v.anti_king
    assert v.cages == (Cage((1, 2), 15), Cage((80, 79)))
    assert grid.cells[0] == 5


@pytest.mark.parametrize(("extra", "words"), [
    ({"thermometer": [{"lines": [["R1C1"]]}]},
     "'thermometer': thermometer 1: needs at least 2 cells"),
    ({"thermometer": [{"lines": [["R1C1", "R10C1"]]}]}, "'R10C1', not a cell"),
    ({"extraregion": [{"cells": ["R1C1", "R1C0"]}]}, "'R1C0', not a cell"),
    ({"killercage": [{"cells": ["R1C1", "R0C2"], "value": "3"}]}, "'R0C2', not a cell"),
    ({"killercage": [{"cells": ["R1C1"], "value": "x"}]}, "sum 'x', not a whole number"),
])
def test_fpuzzles_refuses_what_it_cannot_model(extra: dict[str, object], words: str) -> None:
    puzzle = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], **extra}
    with pytest.raises((LinkError, ParseError), match=words):
        parse(_fp(puzzle))


def test_classic_outputs_do_not_change() -> None:
    grid = parse("1..............4")
    assert format_grid(grid, "json") == (
        '{"box": [2, 2], "cells": [\n  [1, 0, 0, 0],\n  [0, 0, 0, 0],\n  [0, 0, 0, 0],\n'
        '  [0, 0, 0, 4]\n]}')
    assert format_grid(grid, "variant") == format_grid(grid, "grid")


def _with_cell(**cell: object) -> dict[str, object]:
    rows: list[list[dict[str, object]]] = [[{} for _ in range(9)] for _ in range(9)]
    rows[2][4] = dict(cell)
    return {"size": 9, "grid": rows}


@pytest.mark.parametrize(("puzzle", "words"), [
    (_with_cell(region="8"), 'r3c5: "region" is "8", not a region number 0-8'),
    (_with_cell(region=9), 'r3c5: "region" is 9, not a region number 0-8'),
    (_with_cell(region=True), 'r3c5: "region" is true, not a region number 0-8'),
    (_with_cell(given="yes", value=5), 'r3c5: "given" is "yes", not true or false'),
    ({**_with_cell(), "antiknight": "false"}, '"antiknight" is "false", not true or false'),
    ({**_with_cell(), "diagonal+": 1, "diagonal-": 1}, '"diagonal+" is 1, not true or false'),
    ({**_with_cell(), "killercage": [{"cells": ["R1C1"], "value": 15.5}]},
     "sum '15.5', not a whole number"),
])
def test_fpuzzles_fields_of_the_wrong_type_are_refused(puzzle: dict[str, object],
                                                       words: str) -> None:
    with pytest.raises(LinkError, match=re.escape(words)):
        parse(_fp(puzzle))
