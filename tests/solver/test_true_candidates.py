"""True candidates: the digits some solution holds, checked against independent counts.

4x4 grids are checked against every grid there is (``brute4``); 9x9 grids with more solutions
than the enumeration lists are checked digit by digit with the classic engine, which shares no
search code with the variant search that true candidates use.
"""

from __future__ import annotations

import json

from brute4 import all_grids
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core import parse
from sudoku_core.cli import main
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json
from sudoku_core.solver.exact import solve
from sudoku_core.solver.true_candidates import ENUMERATE, true_candidates


def _increasing(grid: tuple[int, ...], cells: list[int]) -> bool:
    return all(grid[a] < grid[b] for a, b in zip(cells, cells[1:], strict=False))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16),
       st.lists(st.integers(0, 15), min_size=2, max_size=4, unique=True),
       st.booleans())
def test_4x4_true_candidates_and_counts_match_every_grid(raw: list[int], thermo: list[int],
                                                         with_thermo: bool) -> None:
    givens = [v if i % 3 == 0 else 0 for i, v in enumerate(raw)]  # about a third of the cells
    variant = variant_from_json({"thermometers": [{"cells": thermo}]}, 4) if with_thermo else None
    grid = Grid(Shape(2, 2, variant), tuple(givens))
    passing = [g for g in all_grids()
               if all(not v or g[i] == v for i, v in enumerate(givens))
               and (not with_thermo or _increasing(g, thermo))]
    r = true_candidates(grid, time_limit=20)
    if not passing:
        assert r.status in ("no_solution", "invalid")
        return
    assert r.status == "solved"
    few = len(passing) <= ENUMERATE  # then every solution was listed and counted
    assert r.solution_count == (len(passing) if few else None)
    assert (r.counts is not None) == few
    for c in range(16):
        assert r.candidates[c] == tuple(sorted({g[c] for g in passing}))
        if r.counts is not None:
            assert list(r.counts[c]) == [sum(1 for g in passing if g[c] == d)
                                         for d in range(1, 5)]


def test_9x9_with_many_solutions_each_digit_checked_by_the_classic_engine() -> None:
    # A well-known puzzle with its last rows emptied: far more than ENUMERATE solutions.
    puzzle = ("4.....8.5.3..........7......2.....6.....8.4......1......." + "." * 24)
    grid = parse(puzzle)
    r = true_candidates(grid, time_limit=60)
    assert r.status == "solved" and r.solution_count is None and r.counts is None
    assert r.searches > 1
    for c in (0, 1, 9, 40, 70, 80):
        for d in range(1, 10):
            fixed = grid.with_values([(c, d)]) if not grid.cells[c] else grid
            has = (grid.cells[c] == d) if grid.cells[c] else (
                solve(fixed, limit=1, time_limit=30).status == "solved")
            assert (d in r.candidates[c]) == has, (c, d)


def test_no_solution_and_conflicts_say_so() -> None:
    assert true_candidates(parse("11" + "." * 14)).status == "invalid"
    # Two thermometers that cannot both hold in a 4x4 (see the box of r1c1).
    v = variant_from_json({"thermometers": [{"cells": [0, 1, 2, 3]}, {"cells": [4, 8, 12]}]}, 4)
    r = true_candidates(Grid.empty(Shape(2, 2, v)))
    assert r.status == "no_solution" and r.candidates[0] == ()
    assert "no solution" in r.message()


def test_out_of_time_keeps_what_is_proven() -> None:
    r = true_candidates(parse("." * 256), time_limit=0.001)
    assert r.status == "gave_up"
    assert "time limit" in r.message()


def test_cli_and_json(capsys: object) -> None:
    assert main(["solve", "--true-candidates", "--json", "..3..4.221......"]) == 0
    out = json.loads(capsys.readouterr().out)  # type: ignore[attr-defined]
    assert out["status"] == "solved" and out["solution_count"] == 1
    assert out["candidates"][0] == [1] and len(out["counts"]) == 16
    assert ENUMERATE >= 2
