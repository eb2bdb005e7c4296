"""The steps of a fixed sample are those recorded before the bitboard code was shared.

The fixture (tests/fixtures/steps_sample.json, written by benchmarks/record_steps.py on the
commit before the dedupe) holds each puzzle's technique sequence, placements and eliminations.
Each replayed step is also checked against the solution, so the fixture is not trusted blindly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from sudoku_core.solver.exact import solve

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from record_steps import FIXTURE, grid_of, path_of  # noqa: E402

PUZZLES: list[dict[str, Any]] = json.loads(FIXTURE.read_text())["puzzles"]
# Every other corpus puzzle (the whole sample takes about a minute) and every dug one.
SAMPLE = [p for i, p in enumerate(PUZZLES) if p["box"] != "3x3" or i % 2 == 0]


@pytest.mark.parametrize("puzzle", SAMPLE, ids=[f"{p['box']}-{i}" for i, p in enumerate(SAMPLE)])
def test_steps_are_unchanged(puzzle: dict[str, Any]) -> None:
    grid = grid_of(puzzle["line"], puzzle["box"])
    path = path_of(puzzle["line"], puzzle["box"])
    assert [s[0] for s in path] == [s[0] for s in puzzle["steps"]]  # techniques first: clearer
    assert path == puzzle["steps"]
    solution = solve(grid, limit=2, time_limit=None).solution
    assert solution is not None
    for technique, places, elims in path:
        assert all(solution.cells[x] == v for x, v in places), technique
        assert all(solution.cells[x] != v for x, v in elims), technique


def test_sample_reaches_the_chains() -> None:
    """The sample exercises every code path the shared bitboards serve."""
    used = {s[0] for p in SAMPLE for s in p["steps"]}
    assert {"Forcing Chain", "Dynamic Forcing Chain (+)", "Nested Forcing Chain"} <= used
