"""Isomorphisms of puzzles with placed rules: a turn or reflection of the square moves every
thermometer, dot, line and clue outside the grid with the cells, so the published solution,
moved the same way, keeps every rule of the moved puzzle (community corpus), and a unique
puzzle stays unique with the moved solution (the variant banks)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import community_rows, published_values

from sudoku_core.formats.links import read_link
from sudoku_core.make.isomorph import random_isomorphism
from sudoku_core.make.isomorph_placed import map_placed
from sudoku_core.make.symmetry import SymmetryError
from sudoku_core.model.conflicts import find_conflicts
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json
from sudoku_core.solver.exact import solve

BANKS = Path(__file__).resolve().parents[2] / "web" / "banks" / "variants"
N = 9
FLIP_ROWS = [(N - 1 - i // N) * N + i % N for i in range(N * N)]  # dest of cell i
FLIP_COLS = [(i // N) * N + N - 1 - i % N for i in range(N * N)]
TRANSPOSE = [(i % N) * N + i // N for i in range(N * N)]


_ROWS = community_rows()


@pytest.mark.parametrize("row", _ROWS, ids=[r["name"][:40] for r in _ROWS])
def test_a_moved_community_puzzle_keeps_its_moved_solution(row: dict[str, str]) -> None:
    grid = read_link(row["fp_link"]).givens
    solution = Grid(grid.shape, tuple(published_values(row["solution"], grid.size)))
    for seed in range(3):
        try:
            iso = random_isomorphism(grid.shape, random.Random(seed))
        except SymmetryError as exc:
            assert "rule" in str(exc)  # a rule no turn moves yet, said by name
            return
        image, moved = iso.apply(grid), iso.apply(solution)
        assert find_conflicts(moved) == [], (row["name"], seed)
        assert all(moved.cells[i] == v for i, v in enumerate(image.cells) if v)
        before, after = grid.shape.variant, image.shape.variant
        if before is not None:  # every rule moved, none dropped
            assert after is not None and len(after.constraints) == len(before.constraints)


def test_clues_outside_follow_their_line_and_end() -> None:
    rules = {"sandwiches": [{"row": 0, "sum": 8}, {"column": 2, "sum": 5}],
             "x_sums": [{"row": 1, "end": "start", "sum": 10}],
             "skyscrapers": [{"column": 3, "end": "end", "count": 4}]}
    rows = map_placed(rules, FLIP_ROWS, N)
    assert rows["sandwiches"] == [{"row": 8, "sum": 8}, {"column": 2, "sum": 5}]
    assert rows["x_sums"] == [{"row": 7, "end": "start", "sum": 10}]
    assert rows["skyscrapers"] == [{"column": 3, "end": "start", "count": 4}]
    cols = map_placed(rules, FLIP_COLS, N)
    assert cols["x_sums"] == [{"row": 1, "end": "end", "sum": 10}]
    assert cols["sandwiches"][1] == {"column": 6, "sum": 5}
    turned = map_placed(rules, TRANSPOSE, N)
    assert turned["sandwiches"] == [{"column": 0, "sum": 8}, {"row": 2, "sum": 5}]
    assert turned["skyscrapers"] == [{"row": 3, "end": "end", "count": 4}]


def test_cells_move_and_single_diagonals_are_refused() -> None:
    moved = map_placed({"thermometers": [{"cells": [0, 1, 2]}], "nonconsecutive": True},
                       FLIP_COLS, N)
    assert moved == {"thermometers": [{"cells": [8, 7, 6]}], "nonconsecutive": True}
    with pytest.raises(SymmetryError, match="diagonal_plus"):
        map_placed({"diagonal_plus": True}, FLIP_COLS, N)


@pytest.mark.parametrize("path", sorted(BANKS.glob("*-3x3.json"))[:40], ids=lambda p: p.name)
def test_a_moved_bank_puzzle_is_unique_with_the_moved_solution(path: Path) -> None:
    bank = json.loads(path.read_text())
    shape = Shape(*bank["box"])
    record = next(iter(bank["levels"].values()))[0]
    grid = Grid(shape.with_variant(variant_from_json(record["variant"], shape.size)),
                tuple(record["values"]))
    solved = solve(grid, limit=2, time_limit=60)
    assert solved.solution is not None and solved.unique
    iso = random_isomorphism(grid.shape, random.Random(7))
    image = solve(iso.apply(grid), limit=2, time_limit=60)
    assert image.unique and image.solution == iso.apply(solved.solution)
