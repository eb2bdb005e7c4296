"""Variant puzzles checked by an independent SAT encoding (PySAT, a dev-only dependency).

The encoding is written here from the rules alone and shares no code with the package: one
boolean per cell and digit, exactly one digit per cell, each digit exactly once per unit (rows,
columns, boxes or regions, diagonals, windows), digits differ inside a cage and across a
knight's or king's move, and a cage's sum is one of the digit sets that make it (a selector per
set). The SAT solver counts solutions up to 2 (a found one is blocked, then it looks again);
the project's exact search must give the same count and the same solution, and every human
step on a unique puzzle must agree with the SAT solution.
"""

from __future__ import annotations

import itertools
import random
import zlib

import pytest
from helpers import variant_puzzles
from hypothesis import HealthCheck, given, settings
from pysat.solvers import Solver

from sudoku_core.logic.explain import steps
from sudoku_core.make.cages import killer_shape, random_cages, unique_cages
from sudoku_core.make.regions import random_regions
from sudoku_core.make.variant_generate import generate_puzzle
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Cage, Variant
from sudoku_core.solver.exact import solve

NAMES = ("x", "windoku", "jigsaw", "killer", "antiknight", "antiking")


def units_of(shape: Shape) -> list[list[int]]:
    """Every group of cells that holds each digit once, from the rules as written."""
    br, bc = shape.box_rows, shape.box_cols
    n = br * bc
    v = shape.variant or Variant()
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if v.regions:
        out += [[i for i in range(n * n) if v.regions[i] == k] for k in range(n)]
    else:
        out += [[(top + r) * n + left + c for r in range(br) for c in range(bc)]
                for top in range(0, n, br) for left in range(0, n, bc)]
    if v.diagonals:
        out += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if v.windows:
        # A window is a box moved one cell down and right; windows are one cell apart.
        out += [[(top + r) * n + left + c for r in range(br) for c in range(bc)]
                for top in range(1, n, br + 1) for left in range(1, n, bc + 1)
                if top + br < n and left + bc < n]
    return out


def differ_pairs(shape: Shape) -> list[tuple[int, int]]:
    """Cells a knight's or king's move apart (when those rules are on), and cage mates."""
    n = shape.size
    v = shape.variant or Variant()
    moves = []
    if v.anti_knight:
        moves += [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
    if v.anti_king:
        moves += [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
    out = []
    for r, c in itertools.product(range(n), repeat=2):
        for dr, dc in moves:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                out.append((r * n + c, (r + dr) * n + c + dc))
    for cage in v.cages:
        out += list(itertools.combinations(cage.cells, 2))
    return out


class Encoding:
    """The CNF of a puzzle: variable ``cell * n + d`` (d 1-based) means 'cell holds d'."""

    def __init__(self, grid: Grid) -> None:
        self.n = n = grid.size
        self.cells = n * n
        self.clauses: list[list[int]] = []
        self.top = self.cells * n
        for cell in range(self.cells):
            self.exactly_one([self.var(cell, d) for d in range(1, n + 1)])
        for unit in units_of(grid.shape):
            for d in range(1, n + 1):
                self.exactly_one([self.var(cell, d) for cell in unit])
        for a, b in differ_pairs(grid.shape):
            self.clauses += [[-self.var(a, d), -self.var(b, d)] for d in range(1, n + 1)]
        for cage in (grid.shape.variant or Variant()).cages:
            if cage.total is not None:
                self.cage_sum(cage)
        self.clauses += [[self.var(cell, v)] for cell, v in enumerate(grid.cells) if v]

    def var(self, cell: int, d: int) -> int:
        return cell * self.n + d

    def exactly_one(self, lits: list[int]) -> None:
        self.clauses.append(lits)
        self.clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]

    def cage_sum(self, cage: Cage) -> None:
        """One selector per digit set of the cage's size and sum: the cells keep to it."""
        sets = [s for s in itertools.combinations(range(1, self.n + 1), len(cage.cells))
                if sum(s) == cage.total]
        selectors = []
        for digits in sets:
            self.top += 1
            selectors.append(self.top)
            self.clauses += [[-self.top, -self.var(cell, d)] for cell in cage.cells
                             for d in range(1, self.n + 1) if d not in digits]
        self.clauses.append(selectors)  # no digit set at all: an empty clause, unsatisfiable

    def solutions(self, limit: int = 2) -> list[tuple[int, ...]]:
        """Up to ``limit`` solutions, as digit tuples; each found one is blocked."""
        found: list[tuple[int, ...]] = []
        with Solver(name="cadical153", bootstrap_with=self.clauses) as sat:
            while len(found) < limit and sat.solve():
                model = {lit for lit in sat.get_model() if 0 < lit <= self.cells * self.n}
                values = tuple(next(d for d in range(1, self.n + 1) if self.var(c, d) in model)
                               for c in range(self.cells))
                found.append(values)
                sat.add_clause([-self.var(c, d) for c, d in enumerate(values)])
        return found


def agree(grid: Grid) -> list[tuple[int, ...]]:
    """Assert the exact search and the SAT encoding count (up to 2) and solve alike."""
    sat = Encoding(grid).solutions(2)
    ours = solve(grid, limit=2, time_limit=None, max_nodes=None)
    assert ours.status != "gave_up" and ours.count == len(sat), ours.message()
    if len(sat) == 1:
        assert ours.solution is not None and ours.solution.cells == sat[0]
    elif sat:
        # Several: ours need not be one of the two SAT found, but it must keep every rule.
        assert ours.solution is not None
        assert Encoding(ours.solution).solutions(2) == [ours.solution.cells]
    else:
        assert ours.solution is None
    return sat


def check_steps(grid: Grid, solution: tuple[int, ...]) -> int:
    """Every step of the walk (no safety net) agrees with the SAT solution; steps taken."""
    path = steps(grid, verify=False, time_limit=60)
    for step in path.steps:
        for cell, v in step.placements:
            assert solution[cell] == v, step.text
        for cell, v in step.eliminations:
            assert solution[cell] != v, step.text
    return len(path.steps)


def rules(names: tuple[str, ...], base: Shape, rng: random.Random) -> Variant:
    regions = random_regions(base, rng) if "jigsaw" in names else ()
    return Variant("x" in names, "windoku" in names, regions, (), "antiknight" in names,
                   "antiking" in names)


def made(box: tuple[int, int], names: tuple[str, ...], seed: int) -> Grid | None:
    """A random puzzle with the rules of ``names`` (None when they admit no grid): a fill,
    cages cut from it for killer, about half the cells given."""
    rng = random.Random(seed)
    base = Shape(*box)
    shape = Shape(*box, rules(names, base, rng))
    full = solve(Grid.empty(shape), limit=1, rng=rng, time_limit=None, max_nodes=20_000)
    if full.solution is None:
        return None
    if "killer" in names:
        shape = killer_shape(shape, random_cages(full.solution, rng))
    cells = tuple(v if rng.random() < 0.4 else 0 for v in full.solution.cells)
    return Grid(shape, cells)


# Every combination of the six rules on 4x4 and 6x6 (some admit no grid: both must say so).
COMBOS = [tuple(c) for k in range(1, len(NAMES) + 1) for c in itertools.combinations(NAMES, k)]


@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
@pytest.mark.parametrize("names", COMBOS, ids=",".join)
def test_every_rule_combination_agrees_with_sat(box: tuple[int, int],
                                                names: tuple[str, ...]) -> None:
    rng = random.Random(zlib.crc32(repr((box, names)).encode()))
    empty = Grid.empty(Shape(*box, rules(names, Shape(*box), rng)))
    if not agree(empty):  # no grid at all, or several: the counts must match
        return
    for seed in range(3):
        grid = made(box, names, seed)
        if grid is not None:
            assert agree(grid), "a puzzle cut from a solution has one"


@pytest.mark.parametrize("names", [("x",), ("windoku",), ("jigsaw",), ("antiknight",),
                                   ("antiking",), ("killer",), ("killer", "x"),
                                   ("jigsaw", "killer"), ("x", "antiking"),
                                   ("windoku", "antiknight")], ids=",".join)
def test_9x9_puzzles_agree_with_sat(names: tuple[str, ...]) -> None:
    for seed in range(2):
        grid = made((3, 3), names, seed)
        if grid is not None:
            assert agree(grid)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_puzzles((2, 2)))
def test_random_4x4_variants_agree_with_sat(grid: Grid) -> None:
    agree(grid)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant_puzzles((2, 3)))
def test_random_6x6_variants_agree_with_sat(grid: Grid) -> None:
    sat = agree(grid)
    if len(sat) == 1:
        check_steps(grid, sat[0])


@pytest.mark.parametrize("seed", range(4))
def test_givenless_killers_are_unique_and_their_steps_sound(seed: int) -> None:
    rng = random.Random(seed)
    sol = solve(Grid.empty(Shape(3, 3)), limit=1, rng=rng).solution
    assert sol is not None
    cages = unique_cages(sol, random_cages(sol, rng), (0,) * 81, rng)
    assert cages is not None
    grid = Grid.empty(killer_shape(Shape(3, 3), cages))
    sat = agree(grid)
    assert sat == [sol.cells]
    assert check_steps(grid, sat[0]) > 0


@pytest.mark.parametrize("names", [("killer",), ("x",), ("jigsaw",), ("antiknight",)],
                         ids=",".join)
def test_generated_puzzles_agree_with_sat(names: tuple[str, ...]) -> None:
    g = generate_puzzle(Shape(2, 3), names, "easy", seed=5, givens="killer" not in names,
                         time_limit=20)
    sat = agree(g.grid)
    assert sat == [g.solution.cells]
    check_steps(g.grid, sat[0])


# Hand-made, with their counts: a 4x4 Killer of two-cell cages (two solutions), the same with
# r1c1 and r1c2 as one-cell cages (one), an X-Sudoku with its top row given (two), a cage
# whose sum no two digits make and a 4x4 anti-king (none).
HAND = [
    (Variant(cages=(Cage((0, 1), 3), Cage((2, 3), 7), Cage((4, 8), 5), Cage((5, 6), 5),
                    Cage((7, 11), 5), Cage((9, 10), 5), Cage((12, 13), 7),
                    Cage((14, 15), 3))), (0,) * 16, 2),
    (Variant(cages=(Cage((0,), 1), Cage((1,), 2), Cage((2, 3), 7), Cage((4, 8), 5),
                    Cage((5, 6), 5), Cage((7, 11), 5), Cage((9, 10), 5), Cage((12, 13), 7),
                    Cage((14, 15), 3))), (0,) * 16, 1),
    (Variant(diagonals=True), (1, 2, 3, 4) + (0,) * 12, 2),
    (Variant(cages=(Cage((0, 1), 20),)), (0,) * 16, 0),
    (Variant(anti_king=True), (0,) * 16, 0),
]


@pytest.mark.parametrize(("variant", "cells", "count"), HAND)
def test_hand_made_puzzles_agree_with_sat(variant: Variant, cells: tuple[int, ...],
                                          count: int) -> None:
    assert len(agree(Grid(Shape(2, 2, variant), cells))) == count


def test_the_encoding_itself_counts() -> None:
    """The SAT side can fail: an empty 4x4 has many solutions, a broken one none."""
    assert len(Encoding(Grid.empty(Shape(2, 2))).solutions(2)) == 2
    broken = Grid(Shape(2, 2), (1, 1) + (0,) * 14)
    assert Encoding(broken).solutions(2) == []
    one = solve(Grid.empty(Shape(2, 2)), limit=1, rng=random.Random(1)).solution
    assert one is not None
    assert Encoding(one).solutions(2) == [one.cells]
