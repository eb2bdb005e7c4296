"""Validation: conflicts match a brute-force check; statuses; the JSON contract."""

from __future__ import annotations

from pathlib import Path

from conftest import read_corpus
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve
from sudoku_core.solver.validate import find_conflicts, validate

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(3, 3), Shape(3, 4), Shape(4, 4)]


@st.composite
def noisy_grids(draw: st.DrawFn) -> Grid:
    """Grids with random values anywhere: conflicts are likely."""
    shape = draw(st.sampled_from(SHAPES))
    n = shape.size
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return Grid(shape, tuple(cells))


def line_grid(line: str) -> Grid:
    return Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line))


@given(noisy_grids())
@settings(max_examples=300, deadline=None)
def test_conflicts_are_exactly_the_duplicates(grid: Grid) -> None:
    geo = grid.shape.geometry
    expected = {
        i for i, v in enumerate(grid.cells)
        if v and any(grid.cells[p] == v for p in geo.peers[i])
    }
    conflicts = find_conflicts(grid)
    found = {c for conflict in conflicts for c in conflict.cells}
    assert found == expected
    for conflict in conflicts:
        kinds = {"row": geo.rows, "column": geo.cols, "box": geo.boxes}
        unit = kinds[conflict.unit][conflict.index]
        assert set(conflict.cells) <= set(unit)
        assert len(conflict.cells) >= 2
        assert all(grid.cells[c] == conflict.value for c in conflict.cells)
        assert conflict.symbol == grid.shape.symbol(conflict.value)
    if conflicts:
        assert validate(grid).status == "invalid"


def test_statuses(corpora_dir: Path) -> None:
    puzzle = line_grid(read_corpus(corpora_dir / "sudoku-top95.txt", 1)[0])
    report = validate(puzzle)
    assert report.status == "unique" and report.is_valid
    solution = report.solution
    assert solution is not None and solution.is_complete()
    assert validate(solution).status == "solved"
    assert validate(Grid.empty(Shape(2, 2))).status == "multiple"
    # A candidate other than the solution's value in a unique puzzle leaves no solution.
    cell = puzzle.cells.index(0)
    wrong = next(v for v in Candidates.from_grid(puzzle).candidates_of(cell)
                 if v != solution.cells[cell])
    assert validate(puzzle.with_values([(cell, wrong)])).status == "no_solution"
    hard = line_grid(read_corpus(corpora_dir / "puzzles6_forum_hardest_1106", 1)[0])
    assert validate(hard, max_nodes=1, time_limit=5).status == "gave_up"


def test_dead_cell_means_no_solution() -> None:
    # r1c4 sees 1, 2 (row) and 3, 4 (column): no value fits.
    rows = [[1, 2, 0, 0], [0, 0, 0, 3], [0, 0, 0, 4], [0, 0, 0, 0]]
    report = validate(Grid.from_rows(rows))
    assert report.status == "no_solution"
    assert report.dead_cells == (3,)
    assert "r1c4" in report.message()


def test_json_contract() -> None:
    rows = [[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
    data = validate(Grid.from_rows(rows)).to_json()
    assert data["status"] == "invalid"
    assert data["conflicts"] == [
        {"unit": "row", "index": 0, "symbol": "1", "cells": [[0, 0], [0, 1]], "value": 1,
         "indices": [0, 1], "unit_cells": [0, 1, 2, 3]},
        {"unit": "box", "index": 0, "symbol": "1", "cells": [[0, 0], [0, 1]], "value": 1,
         "indices": [0, 1], "unit_cells": [0, 1, 4, 5]},
    ]
    assert set(data) >= {"status", "conflicts", "dead_cells", "message", "unique"}
    assert (data["box"], data["size"]) == ([2, 2], 4)  # D10: validate says its shape


def test_solution_keeps_givens_and_is_valid() -> None:
    grid = Grid.from_rows([[0, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]])
    r = solve(grid)
    assert r.solution is not None
    assert all(g == 0 or g == s for g, s in zip(grid.cells, r.solution.cells, strict=True))
    assert not find_conflicts(r.solution)
