"""Every engine gives the same answers; big grids stay within their time and memory budgets."""

from __future__ import annotations

import random
import time
import tracemalloc
from pathlib import Path

import pytest
from conftest import read_corpus

from sudoku_core.make.fill import pattern_solution
from sudoku_core.model import budget
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver import _cover, bitboards
from sudoku_core.solver import exact as solver
from sudoku_core.solver.exact import solve, warm

NINE = Shape(3, 3)
CORPORA = {  # file -> puzzles taken, evenly spaced (the generic engine is slow on the hardest)
    "puzzles1_unbiased": 20,
    "puzzles2_17_clue": 20,
    "puzzles3_magictour_top1465": 15,
    "puzzles5_forum_hardest_1905_11+": 6,
    "puzzles6_forum_hardest_1106": 6,
    "sudoku10k.txt": 20,
    "puzzles7_serg_benchmark": 20,
}


def is_solution(solution: list[int] | None, puzzle: Grid) -> bool:
    """Complete, every unit a permutation, every given kept: checked without a solver."""
    if solution is None or 0 in solution:
        return False
    if any(p and p != v for p, v in zip(puzzle.cells, solution, strict=True)):
        return False
    return all(len({solution[c] for c in unit}) == puzzle.size
               for unit in puzzle.shape.geometry.units)


def sparse(shape: Shape, keep: float, seed: int = 5) -> Grid:
    """A shuffled pattern grid with each cell kept with probability ``keep``."""
    full = pattern_solution(shape, random.Random(1))
    rnd = random.Random(seed)
    return Grid(shape, tuple(v if rnd.random() < keep else 0 for v in full.cells))


@pytest.mark.parametrize("name", sorted(CORPORA))
def test_engines_agree_on_corpus_samples(corpora_dir: Path, name: str) -> None:
    lines = read_corpus(corpora_dir / name)
    take = CORPORA[name]
    t = _cover.tables(NINE)
    for line in lines[:: len(lines) // take][:take]:
        puzzle = Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line))
        cover = _cover.search(t, puzzle.cells, 2, None, None)
        generic = solver._search_bitboards(puzzle, 2, None, None)
        public = solve(puzzle, time_limit=60)
        assert cover.count == generic.count == public.count, line
        assert is_solution(cover.first, puzzle) and is_solution(generic.first, puzzle), line
        assert public.solution is not None and is_solution(list(public.solution.cells), puzzle)
        if cover.count == 1:  # one solution: every engine must have found that one
            assert cover.first == generic.first == list(public.solution.cells), line
        assert public.status == "solved" and public.unique is (cover.count == 1)


@pytest.mark.parametrize("shape", [Shape(7, 7), Shape(8, 8)], ids=str)
def test_empty_big_grids_are_built_not_searched(shape: Shape) -> None:
    # A search fill of an empty 49x49 or 64x64 costs tens of seconds; a pattern grid costs no
    # node. Counted in nodes, not timed: no clock, and with one node per cell a search in
    # place of the pattern fill gives up at once instead of running for seconds.
    result = solve(Grid.empty(shape), max_nodes=shape.cell_count, time_limit=None)
    assert result.nodes == 0
    assert result.status == "solved" and result.unique is False and result.count == 2
    assert result.solution is not None
    assert is_solution(list(result.solution.cells), Grid.empty(shape))


def test_near_empty_49x49_is_filled_in_a_node_budget() -> None:
    # Node-bounded, no clock (the default 10 s would make the outcome the machine's speed):
    # 7,516 nodes, about 0.7 s, when written; a search that lost its way runs out.
    puzzle = sparse(Shape(7, 7), 0.05)
    result = solve(puzzle, max_nodes=20_000, time_limit=None)
    assert result.status == "solved" and result.unique is False, result.nodes
    assert result.solution is not None and is_solution(list(result.solution.cells), puzzle)


def test_unused_values_answer_counting_after_one_solution() -> None:
    # Values 15 and 16 appear in no given: any solution gives a second by swapping them.
    shape = Shape(4, 4)
    puzzle = Grid(shape, tuple(range(1, 15)) + (0,) * 242)
    result = solve(puzzle, limit=2)
    assert result.status == "solved" and result.unique is False and result.count == 2
    assert result.solution is not None and is_solution(list(result.solution.cells), puzzle)
    assert result.nodes <= 2 * shape.cell_count  # one fill, no hunt for a second solution
    # Past 2! = 2 solutions the swap proves nothing: a real count, checked by the generic engine.
    assert solve(puzzle, limit=3).count == 3
    assert solver._search_bitboards(puzzle, 3, None, None).count == 3


@pytest.mark.parametrize(("shape", "keep"), [(Shape(5, 5), 0.5), (Shape(6, 6), 0.03),
                                             (Shape(7, 7), 0.03), (Shape(8, 8), 0.03)], ids=str)
@pytest.mark.parametrize("seconds", [0.1, 1.0])
def test_deadline_is_kept_on_big_grids(shape: Shape, keep: float, seconds: float) -> None:
    # A deadline test (never more than 0.5 s past the budget), so timed; in CPU time
    # of this process, as in test_budgets: a loaded machine makes wall-clock overruns by
    # keeping us waiting for a core, not by the search ignoring its clock.
    puzzle = sparse(shape, keep)
    start = time.process_time()
    result = solve(puzzle, time_limit=seconds)
    assert time.process_time() - start < seconds + 0.5, result.nodes
    # A caller's deadline (budget.deadline, as hint and the web facade set) binds solve too.
    start = time.process_time()
    with budget.deadline(seconds):
        solve(puzzle)
    assert time.process_time() - start < seconds + 0.5


def test_search_memory_grows_with_depth_not_children() -> None:
    # Near-empty 49x49: the first branching cells have 40-odd values. Copying every child up
    # front held 36 MiB after 192 nodes here; one frame per branching node holds about 1.
    shape = Shape(7, 7)
    puzzle = sparse(shape, 0.001)
    warm(shape)
    tracemalloc.start()
    try:
        result = solve(puzzle, max_nodes=150, time_limit=None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.nodes > 100  # node-bounded: a loaded machine cannot shorten the search
    assert peak < 8 * 2**20, peak


@pytest.mark.parametrize("shape", [Shape(3, 3), Shape(4, 4), Shape(5, 5), Shape(6, 6)], ids=str)
def test_warm_builds_what_the_first_solve_needs(shape: Shape) -> None:
    warm(shape)
    if shape.size <= _cover.MAX_COVER_SIZE:
        hits = _cover.tables.cache_info().hits
        solve(sparse(shape, 0.7))
        assert _cover.tables.cache_info().hits > hits  # served from the cache warm() filled
    else:
        hits = bitboards.tables.cache_info().hits
        solve(sparse(shape, 0.7))
        assert bitboards.tables.cache_info().hits > hits
