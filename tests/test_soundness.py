"""Soundness: no step of a logical path ever contradicts the unique solution.

Corpus samples keep the unit suite fast; benchmarks/bench_logic.py runs thousands.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import read_corpus

from sudoku_core.candidates import Candidates
from sudoku_core.explain import steps
from sudoku_core.grid import Grid, Shape
from sudoku_core.solver import count_solutions, solve

NINE = Shape(3, 3)

# (file, how many, stride): strided samples reach past the first lines of ordered files.
SAMPLES = [
    ("puzzles1_unbiased", 150, 6),
    ("puzzles2_17_clue", 120, 83),
    ("sudokus_17.txt", 40, 251),
    ("sudoku10k.txt", 100, 97),
    ("sudoku-easy50.txt", 50, 1),
    ("sudoku-top95.txt", 25, 4),
    ("puzzles3_magictour_top1465", 50, 29),
    ("puzzles5_forum_hardest_1905_11+", 5, 1999),
    ("puzzles6_forum_hardest_1106", 4, 93),
    ("plb_sudoku_hard20.txt", 3, 7),
]


def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line))


def assert_sound_path(grid: Grid) -> None:
    """Walk the path without the safety net and check every step against the solution."""
    result = solve(grid)
    assert result.unique, "the corpus puzzle should have one solution"
    sol = result.solution
    assert sol is not None
    # The hardest lists take seconds of forcing chains: room for a loaded machine.
    path = steps(grid, verify=False, time_limit=120)
    assert path.status == "solved"
    c = Candidates.from_grid(grid)
    for step in path.steps:
        for cell, v in step.placements:
            assert sol.cells[cell] == v, step.text
        for cell, v in step.eliminations:
            assert sol.cells[cell] != v, step.text
        assert step.placements or step.eliminations, step.text
        c.apply(step)
    assert c.to_grid() == sol
    assert path.solution == sol


@pytest.mark.parametrize("name, count, stride", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_corpus_paths_are_sound(corpora_dir: Path, name: str, count: int, stride: int) -> None:
    lines = read_corpus(corpora_dir / name)[::stride][:count]
    assert lines
    for line in lines:
        assert_sound_path(grid9(line))


def dug_puzzle(shape: Shape, seed: int, keep_at_least: float) -> Grid:
    """Empty cells of a random solution in random order while it stays unique."""
    rng = random.Random(seed)
    sol = solve(Grid.empty(shape), limit=1, rng=rng).solution
    assert sol is not None
    cells = list(sol.cells)
    order = list(range(shape.cell_count))
    rng.shuffle(order)
    floor = int(shape.cell_count * keep_at_least)
    for cell in order:
        if shape.cell_count - cells.count(0) <= floor:
            break
        value, cells[cell] = cells[cell], 0
        if count_solutions(Grid(shape, tuple(cells)), 2, max_nodes=20_000, time_limit=None) != 1:
            cells[cell] = value
    return Grid(shape, tuple(cells))


@pytest.mark.parametrize("shape, seeds, keep", [
    (Shape(2, 2), range(20), 0.0),
    (Shape(2, 3), range(20), 0.0),
    (Shape(3, 2), range(10), 0.0),
    (Shape(2, 4), range(10), 0.0),
    (Shape(3, 4), range(6), 0.0),
    (Shape(4, 3), range(3), 0.0),
    (Shape(4, 4), range(2), 0.55),
], ids=["4x4", "6x6", "6x6-3x2", "8x8", "12x12", "12x12-4x3", "16x16"])
def test_generated_paths_are_sound(shape: Shape, seeds: range, keep: float) -> None:
    for seed in seeds:
        assert_sound_path(dug_puzzle(shape, seed, keep))
