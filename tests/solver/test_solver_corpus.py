"""The solver over the public corpora: every puzzle solved, checked by hand, uniqueness right.

Small files are read whole; from each 10,000-puzzle file every 4th puzzle is taken (2,500,
spread over the file), and from the slow forum-hardest 11+ file every 10th (1,000). The
benchmark (benchmarks/bench_solver.py) solves every puzzle of every file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import read_corpus

from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)
UNIQUE = {  # file -> take every k-th puzzle
    "puzzles1_unbiased": 1,
    "puzzles2_17_clue": 4,
    "sudoku10k.txt": 4,
    "sudokus_17.txt": 4,
    "puzzles3_magictour_top1465": 1,
    "puzzles5_forum_hardest_1905_11+": 10,
    "puzzles6_forum_hardest_1106": 1,
    "sudoku-easy50.txt": 1,
    "sudoku-top95.txt": 1,
    "sudoku-hardest.txt": 1,
    "plb_sudoku_hard20.txt": 1,
}
SEVERAL = {"puzzles7_serg_benchmark": 4}  # every puzzle has 2 or more solutions


def line_grid(line: str) -> Grid:
    assert len(line) == 81, line
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line))


def check_solution(solution: Grid | None, puzzle: Grid) -> None:
    """Complete, every unit holds 1..9 once, and every given kept: checked without the solver."""
    assert solution is not None
    cells = solution.cells
    assert 0 not in cells
    assert all(p == 0 or p == v for p, v in zip(puzzle.cells, cells, strict=True))
    for unit in NINE.geometry.units:
        assert sorted(cells[c] for c in unit) == list(range(1, 10))


def sample(corpora_dir: Path, name: str, step: int) -> list[str]:
    lines = read_corpus(corpora_dir / name)
    assert lines, f"{name} is empty"
    return lines[::step]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "step"), sorted(UNIQUE.items()))
def test_unique_corpus(corpora_dir: Path, name: str, step: int) -> None:
    for line in sample(corpora_dir, name, step):
        puzzle = line_grid(line)
        result = solve(puzzle)
        assert result.status == "solved", (line, result)
        assert result.unique is True and result.count == 1, line
        check_solution(result.solution, puzzle)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "step"), sorted(SEVERAL.items()))
def test_corpus_with_several_solutions(corpora_dir: Path, name: str, step: int) -> None:
    for line in sample(corpora_dir, name, step):
        puzzle = line_grid(line)
        result = solve(puzzle)
        assert result.status == "solved", (line, result)
        assert result.unique is False and result.count == 2, line
        check_solution(result.solution, puzzle)
