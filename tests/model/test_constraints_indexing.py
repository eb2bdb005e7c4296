"""Given candidates (pencil-mark sudoku) and indexing cells (column, row and box indexers):
on 4x4 grids the exact search counts what a brute force over all 288 grids counts, each rule's
test written here from its words alone; JSON read back, bad items refused by name, broken rules
named by validate, and hand-made 9x9 puzzles solved to grids that keep the rules."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

import pytest
from brute4 import all_grids, brute_count
from helpers import four
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.model.constraints import by_json_key, by_name
from sudoku_core.model.constraints.indexer import BoxIndexers, ColumnIndexers, RowIndexers
from sudoku_core.model.constraints.rule import Board, run_to_fixed_point
from sudoku_core.model.errors import VariantError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant, variant_from_json
from sudoku_core.solver.exact import solve
from sudoku_core.solver.validate import validate

Holds = Callable[[Sequence[int]], bool]

# Givens: a few cells of one of the 288 grids (they may break the rule: then no grid passes).
givens = st.tuples(st.integers(0, 287), st.sets(st.integers(0, 15), max_size=4)).map(
    lambda t: tuple(all_grids()[t[0]][i] if i in t[1] else 0 for i in range(16)))
some_cells = st.lists(st.integers(0, 15), min_size=1, max_size=6, unique=True)


def agree(obj: dict[str, object], holds: Holds, cells: Sequence[int]) -> None:
    """The search's count of the 4x4 variant ``obj`` with the givens ``cells`` is the brute
    force's count under ``holds``; its JSON reads back to the same variant."""
    variant = variant_from_json(obj, 4)
    assert variant_from_json(variant.to_json(), 4) == variant
    grid = Grid.empty(Shape(2, 2, variant)).with_values(
        (i, v) for i, v in enumerate(cells) if v)
    assert solve(grid, limit=300, time_limit=10).count == brute_count(holds, cells)


# --- the rules in words, on a 4x4 grid (rows, columns, places from 1) ---------------------

def column_says(g: Sequence[int], cell: int) -> bool:
    """The indexing cell at row r, column c holds X: column X of row r holds c."""
    r, c = divmod(cell, 4)
    x = g[cell]
    return g[r * 4 + (x - 1)] == c + 1


def row_says(g: Sequence[int], cell: int) -> bool:
    """The indexing cell at row r, column c holds X: row X of column c holds r."""
    r, c = divmod(cell, 4)
    x = g[cell]
    return g[(x - 1) * 4 + c] == r + 1


def box_says(g: Sequence[int], cell: int) -> bool:
    """The indexing cell at place p of its 2x2 box holds X: place X of the box holds p."""
    r, c = divmod(cell, 4)
    top, left = r - r % 2, c - c % 2
    places = [top * 4 + left, top * 4 + left + 1, (top + 1) * 4 + left, (top + 1) * 4 + left + 1]
    return g[places[g[cell] - 1]] == places.index(cell) + 1


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 15), st.sets(st.integers(1, 4), min_size=1)),
                min_size=1, max_size=6), givens)
def test_given_candidates(marks: list[tuple[int, set[int]]], cells: tuple[int, ...]) -> None:
    items = [{"cells": [c], "digits": sorted(d, reverse=k % 2 == 1)}
             for k, (c, d) in enumerate(marks)]
    agree({"given_candidates": items}, lambda g: all(g[c] in d for c, d in marks), cells)


@settings(max_examples=60, deadline=None)
@given(some_cells, givens)
def test_column_indexers(picked: list[int], cells: tuple[int, ...]) -> None:
    agree({"column_indexers": [{"cells": picked}]},
          lambda g: all(column_says(g, c) for c in picked), cells)


@settings(max_examples=60, deadline=None)
@given(some_cells, givens)
def test_row_indexers(picked: list[int], cells: tuple[int, ...]) -> None:
    agree({"row_indexers": [{"cells": picked}]},
          lambda g: all(row_says(g, c) for c in picked), cells)


@settings(max_examples=60, deadline=None)
@given(some_cells, givens)
def test_box_indexers(picked: list[int], cells: tuple[int, ...]) -> None:
    agree({"box_indexers": [{"cells": picked}]},
          lambda g: all(box_says(g, c) for c in picked), cells)


@settings(max_examples=40, deadline=None)
@given(some_cells, some_cells, some_cells, givens)
def test_the_three_indexers_together(cols: list[int], rows: list[int], boxes: list[int],
                                     cells: tuple[int, ...]) -> None:
    agree({"column_indexers": [{"cells": cols}], "row_indexers": [{"cells": rows}],
           "box_indexers": [{"cells": boxes}]},
          lambda g: (all(column_says(g, c) for c in cols) and all(row_says(g, c) for c in rows)
                     and all(box_says(g, c) for c in boxes)), cells)


def test_a_whole_indexing_column_is_the_grid_turned() -> None:
    # Column 1 indexing the rows: r holds X at c1 iff row r's 1 stands in column X.
    count = brute_count(lambda g: all(column_says(g, r * 4) for r in range(4)))
    assert count > 0
    assert solve(Grid.empty(Shape(2, 2, variant_from_json(
        {"column_indexers": [{"cells": [0, 4, 8, 12]}]}, 4))), limit=300).count == count


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("cls", [ColumnIndexers, RowIndexers, BoxIndexers])
def test_the_pointer_prunes_as_the_pair_tables_do(cls: type[ColumnIndexers], seed: int) -> None:
    # One propagator per indexing cell, against a pair table to each cell of its line, both
    # run to a fixed point from the same random candidates.
    rng = random.Random(seed)
    board = Board(9, Shape(3, 3).geometry.box_of)
    for _ in range(40):
        rule = cls(tuple(rng.sample(range(81), rng.randint(1, 20))))
        masks = [rng.choice([rng.randrange(1, 512), 1 << rng.randrange(9), 511])
                 for _ in range(81)]
        fast, slow = list(masks), list(masks)
        ok = run_to_fixed_point(rule.propagators(board), fast)
        assert ok == run_to_fixed_point(rule.pairs(board), slow)
        assert not ok or fast == slow


# --- JSON, refusals, conflicts ----------------------------------------------------------------

EVERY_TYPE = {
    "given_candidates": [{"cells": [0], "digits": [1, 2]}, {"cells": [80], "digits": [9]}],
    "column_indexers": [{"cells": [r * 9 for r in range(9)]}, {"cells": [4]}],
    "row_indexers": [{"cells": [0, 1, 2]}],
    "box_indexers": [{"cells": [10, 40, 70]}],
}


@pytest.mark.parametrize("key", sorted(EVERY_TYPE))
def test_each_type_reads_back_from_its_json(key: str) -> None:
    variant = variant_from_json({key: EVERY_TYPE[key]}, 9)
    data = variant.to_json()
    assert data == {key: EVERY_TYPE[key]}
    assert variant_from_json(data, 9) == variant
    row = by_json_key(key)
    assert row is not None and by_name(row.name) is row and row.present(variant)
    assert variant.rules_text() == (row.rules_text,)


def test_every_type_together_reads_back() -> None:
    variant = variant_from_json(EVERY_TYPE, 9)
    assert variant_from_json(variant.to_json(), 9) == variant
    assert variant != Variant()


def test_given_candidates_are_kept_in_order() -> None:
    variant = variant_from_json({"given_candidates": [{"cells": [3], "digits": [7, 2, 5]}]}, 9)
    assert variant.to_json() == {"given_candidates": [{"cells": [3], "digits": [2, 5, 7]}]}


@pytest.mark.parametrize(("obj", "size", "message"), [
    ({"given_candidates": [{"cells": [0, 1], "digits": [1]}]}, 9,
     "given candidates 1: needs exactly 1 cell, not 2"),
    ({"given_candidates": [{"cells": [0], "digits": []}]}, 9,
     "given candidates 1: 'digits' must be a list of 1 to 9 digits"),
    ({"given_candidates": [{"cells": [0], "digits": [5]}]}, 4,
     "given candidates 1: 'digits' must be a list of 1 to 4 digits \\(1 .. 4\\)"),
    ({"given_candidates": [{"cells": [0], "digits": [1]}, {"cells": [0], "digits": [2, 2]}]},
     9, "given candidates 2: a digit is listed twice"),
    ({"given_candidates": [{"cells": [0]}]}, 9, "given candidates 1: 'digits' must be"),
    ({"given_candidates": [{"cell": 0, "digits": [1]}]}, 9,
     "given candidates 1: field 'cell' is not supported"),
    ({"column_indexers": [{"cells": []}]}, 9, "column indexer 1: needs at least 1 cell"),
    ({"column_indexers": [{"cells": [81]}]}, 9, "column indexer 1: cell 81 is off the 9x9"),
    ({"row_indexers": [{"cells": [0], "digit": 3}]}, 9,
     "row indexer 1: field 'digit' is not supported"),
    ({"box_indexers": [{"cells": [0, 0]}]}, 9, "box indexer 1: a cell is listed twice"),
    ({"box_indexers": {"cells": [0]}}, 9, "'box_indexers' must be a list of objects"),
])
def test_a_bad_item_is_refused_by_name(obj: dict[str, object], size: int, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        variant_from_json(obj, size)


@pytest.mark.parametrize(("obj", "givens", "unit", "cells", "unit_cells"), [
    ({"given_candidates": [{"cells": [5], "digits": [1, 2]}]}, {5: 3}, "given candidates",
     (5,), (5,)),
    # r1c1 = 2: the 1 of row 1 stands in column 2, but r1c2 holds 3.
    ({"column_indexers": [{"cells": [0, 15]}]}, {0: 2, 1: 3}, "column indexer", (0, 1),
     (0, 1)),
    # r2c1 = 3: the 2 of column 1 stands in row 3, but r3c1 holds 4.
    ({"row_indexers": [{"cells": [4]}]}, {4: 3, 8: 4}, "row indexer", (4, 8), (4, 8)),
    # r2c2 (place 4 of box 1) = 1: r1c1 holds 4, not 2.
    ({"box_indexers": [{"cells": [5]}]}, {5: 1, 0: 2}, "box indexer", (5, 0), (5, 0)),
])
def test_validate_names_a_broken_rule(obj: dict[str, object], givens: dict[int, int],
                                      unit: str, cells: tuple[int, ...],
                                      unit_cells: tuple[int, ...]) -> None:
    report = validate(four(obj, givens))
    assert report.status == "invalid"
    assert [(c.unit, c.cells, c.unit_cells, c.reason) for c in report.conflicts] == [
        (unit, cells, unit_cells, "rule broken")]
    assert "the digits break the" in report.conflicts[0].describe(4)


def test_an_indexing_cell_that_points_at_itself_holds() -> None:
    # r1c1 = 1: the 1 of row 1 stands in column 1, which it does.
    assert validate(four({"column_indexers": [{"cells": [0]}]}, {0: 1})).status != "invalid"
    assert validate(four({"box_indexers": [{"cells": [5]}]}, {5: 4})).status != "invalid"


# --- 9x9: hand-made puzzles ------------------------------------------------------------------

# The published solution of "159 Sudoku" (community corpus): columns 1, 5 and 9 index.
SOLUTION_159 = tuple(int(c) for c in "216483957549712683738965124824697315657321849391548762"
                                     "963854271482179536175236498")
# A classic 9x9 solution the other rules are read from.
CLASSIC = tuple(int(c) for c in "534678912672195348198342567859761423426853791713924856"
                                "961537284287419635345286179")


def says(g: Sequence[int], kind: str, cell: int, box_of: Sequence[int]) -> bool:
    """The 9x9 rule of ``kind`` at ``cell``, in words."""
    r, c = divmod(cell, 9)
    x = g[cell]
    if kind == "column":
        return g[r * 9 + x - 1] == c + 1
    if kind == "row":
        return g[(x - 1) * 9 + c] == r + 1
    region = [k for k in range(81) if box_of[k] == box_of[cell]]
    return g[region[x - 1]] == region.index(cell) + 1


def test_nine_159_sudoku_solves_to_its_solution_fast() -> None:
    # The corpus puzzle's givens, rebuilt by hand: columns 1, 5 and 9 index their rows.
    givens = {5: 3, 7: 5, 10: 4, 11: 9, 12: 7, 23: 5, 24: 1, 25: 2, 28: 2, 30: 6, 38: 7,
              42: 8, 50: 8, 52: 6, 55: 6, 56: 3, 57: 8, 68: 9, 69: 5, 70: 3, 73: 7, 75: 2}
    assert all(SOLUTION_159[c] == v for c, v in givens.items())
    cells = [r * 9 + c for c in (0, 4, 8) for r in range(9)]
    variant = variant_from_json({"column_indexers": [{"cells": cells}]}, 9)
    grid = Grid.empty(Shape(3, 3, variant)).with_values(givens.items())
    start = time.perf_counter()
    result = solve(grid, limit=2, time_limit=20)
    assert time.perf_counter() - start < 5
    assert result.status == "solved" and result.unique
    assert result.solution is not None and result.solution.cells == SOLUTION_159
    assert all(says(SOLUTION_159, "column", c, ()) for c in cells)


@pytest.mark.parametrize("kind", ["column", "row", "box"])
def test_nine_indexers_read_off_a_grid(kind: str) -> None:
    # The cells of CLASSIC where the rule happens to hold become indexing cells.
    box_of = Shape(3, 3).geometry.box_of
    cells = [c for c in range(81) if says(CLASSIC, kind, c, box_of)]
    assert cells
    variant = variant_from_json({f"{kind}_indexers": [{"cells": cells}]}, 9)
    picked = random.Random(7).sample(range(81), 20)
    grid = Grid.empty(Shape(3, 3, variant)).with_values((i, CLASSIC[i]) for i in picked)
    result = solve(grid, limit=1, time_limit=20)
    assert result.solution is not None
    g = result.solution.cells
    assert all(says(g, kind, c, box_of) for c in cells)
    assert validate(result.solution).status == "solved"


def test_nine_box_indexers_on_a_jigsaw_read_each_region() -> None:
    # Regions of a jigsaw: a box indexer reads its region's cells in reading order.
    from sudoku_core.make.regions import random_regions

    regions = tuple(random_regions(Shape(3, 3), random.Random(3)))
    empty = Grid.empty(Shape(3, 3, Variant(regions=regions)))
    plain = solve(empty, limit=1, time_limit=20).solution
    assert plain is not None
    cells = [c for c in range(81) if says(plain.cells, "box", c, regions)]
    assert cells
    variant = variant_from_json({"regions": list(regions),
                                 "box_indexers": [{"cells": cells}]}, 9)
    result = solve(Grid.empty(Shape(3, 3, variant)), limit=1, time_limit=20)
    assert result.solution is not None
    assert all(says(result.solution.cells, "box", c, regions) for c in cells)
    assert validate(result.solution).status == "solved"


def test_nine_given_candidates() -> None:
    rng = random.Random(5)
    marks = {c: sorted({CLASSIC[c], *rng.sample(range(1, 10), 2)}) for c in
             rng.sample(range(81), 30)}
    variant = variant_from_json({"given_candidates": [{"cells": [c], "digits": d}
                                                      for c, d in marks.items()]}, 9)
    result = solve(Grid.empty(Shape(3, 3, variant)), limit=1, time_limit=20)
    assert result.solution is not None
    assert all(result.solution.cells[c] in d for c, d in marks.items())
