"""Variant puzzles: the model checks its rules, and the exact search agrees with brute force.

The brute force here is deliberately naive and written from the rules alone (it shares no
code with the package): every cell in reading order, every value, checked against every rule.
"""

from __future__ import annotations

import random

import pytest
from helpers import variant_puzzles
from hypothesis import HealthCheck, given, settings

from sudoku_core.make.regions import random_regions
from sudoku_core.model.conflicts import find_conflicts
from sudoku_core.model.errors import VariantError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Cage, Variant
from sudoku_core.solver.exact import count_solutions, solve


def brute_count(shape: Shape, cells: tuple[int, ...], limit: int = 3) -> int:
    """Solutions (up to ``limit``) by plain backtracking over the rules as written."""
    br, bc = shape.box_rows, shape.box_cols
    n = br * bc
    v = shape.variant or Variant()
    groups: list[list[int]] = []
    groups += [[r * n + c for c in range(n)] for r in range(n)]
    groups += [[r * n + c for r in range(n)] for c in range(n)]
    if v.regions:
        groups += [[i for i in range(n * n) if v.regions[i] == k] for k in range(n)]
    else:
        groups += [[(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)]
                   for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    if v.diagonals:
        groups += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if v.windows:
        for r0 in range(1, n, br + 1):
            for c0 in range(1, n, bc + 1):
                if r0 + br < n and c0 + bc < n:
                    groups.append([(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)])
    groups += [list(cage.cells) for cage in v.cages]
    moves = []
    if v.anti_knight:
        moves += [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
    if v.anti_king:
        moves += [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]

    def ok(grid: list[int], i: int) -> bool:
        x = grid[i]
        for g in groups:
            if i in g and sum(1 for j in g if grid[j] == x) > 1:
                return False
        r, c = divmod(i, n)
        for dr, dc in moves:
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and grid[rr * n + cc] == x:
                return False
        for cage in v.cages:
            if i in cage.cells and cage.total is not None:
                got = [grid[j] for j in cage.cells]
                if 0 in got and sum(got) >= cage.total:
                    return False
                if 0 not in got and sum(got) != cage.total:
                    return False
        return True

    grid = list(cells)
    for i, x in enumerate(grid):
        if x:
            grid[i] = 0
            grid[i] = x
            if not ok(grid, i):
                return 0
    found = 0

    def go(i: int) -> None:
        nonlocal found
        if found >= limit:
            return
        if i == n * n:
            found += 1
            return
        if grid[i]:
            go(i + 1)
            return
        for x in range(1, n + 1):
            grid[i] = x
            if ok(grid, i):
                go(i + 1)
            grid[i] = 0

    go(0)
    return found






@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_puzzles((2, 2)))
def test_counts_match_brute_force_4x4(grid: Grid) -> None:
    want = brute_count(grid.shape, grid.cells, 3)
    got = count_solutions(grid, 3, time_limit=None)
    assert got == want
    r = solve(grid, limit=3, time_limit=None)
    if r.solution is not None:
        assert not find_conflicts(r.solution)
        assert all(a in (0, b) for a, b in zip(grid.cells, r.solution.cells, strict=True))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_puzzles((2, 3)))
def test_counts_match_brute_force_6x6(grid: Grid) -> None:
    assert count_solutions(grid, 2, time_limit=None) == brute_count(grid.shape, grid.cells, 2)


def test_classic_shape_ignores_an_empty_variant() -> None:
    assert Shape(3, 3, Variant()) == Shape(3, 3)
    assert Shape(3, 3, Variant()).variant is None


@pytest.mark.parametrize(("variant", "words"), [
    (Variant(regions=(0,) * 16), "region 1 has 16 cells"),
    (Variant(regions=(0, 0, 1, 1) * 2 + (0, 2, 3, 3, 2, 2, 3, 3)), "region 1 has 5 cells"),
    (Variant(regions=(0, 1, 0, 1, 1, 0, 1, 0) + (2, 2, 3, 3) * 2), "not connected"),
    (Variant(cages=(Cage((0, 1)), Cage((1, 2)))), "cage 2: cell r1c2 is also in cage 1"),
    (Variant(cages=(Cage((0, 99)),)), "cell 99 is off the 4x4 grid"),
    (Variant(cages=(Cage(tuple(range(5)), 10),)), "at most 4"),
    (Variant(cages=(Cage((0, 1), 0),)), "sum 0 must be at least 1"),
])
def test_broken_rules_are_refused_in_words(variant: Variant, words: str) -> None:
    with pytest.raises(VariantError, match=words):
        Shape(2, 2, variant)


def test_conflicts_name_the_unit_cage_or_pair() -> None:
    v = Variant(diagonals=True, cages=(Cage((0, 1), 3), Cage((2, 3), 7)), anti_knight=True)
    #  r1: 2 2 . .   (cage 3 gets 4: exceeded; the row repeats 2)
    #  r2: . . 2 .   (2 on the diagonal? no: r2c3; knight's move from r1c1)
    grid = Grid(Shape(2, 2, v), (2, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    words = [c.describe(4) for c in find_conflicts(grid)]
    assert "2 appears twice in row 1: r1c1, r1c2" in words
    assert "2 appears twice in cage 3 at r1c1: r1c1, r1c2" in words
    assert "2 is a knight's move apart: r1c1, r2c3" in words
    full = Grid(Shape(2, 2, v), (1, 3, 0, 0) + (0,) * 12)
    assert [c.reason for c in find_conflicts(full)] == ["sum exceeded"]
    # 7 in two cells with 4 already used elsewhere in the cage: 3+4 is the only way left.
    unreachable = Grid(Shape(2, 2, Variant(cages=(Cage((0, 1, 4), 4),))), (0,) * 16)
    assert [c.reason for c in find_conflicts(unreachable)] == ["sum unreachable"]
    # An empty cage names no cell: the sentence ends at the sum, with no empty list after it.
    assert find_conflicts(unreachable)[0].describe(4) == (
        "no distinct digits can complete cage 4 at r1c1 to 4")
    assert solve(grid).status == "invalid"


def test_region_map_is_random_and_valid() -> None:
    for seed in range(5):
        regions = random_regions(Shape(3, 3), random.Random(seed))
        Shape(3, 3, Variant(regions=regions))  # raises if a region is broken
        assert regions != Shape(3, 3).geometry.box_of
