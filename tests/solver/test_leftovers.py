"""Jigsaw layouts that admit no grid: proven at once by the Law of Leftovers, checked by SAT.

The layouts are random region maps (the generator's own); an independent SAT encoding
(PySAT, dev only) says which have no grid. The leftover check must never fire on a layout
SAT can fill, and on the ones it fires for, validate must say "no solution" with the reason
at once, where the search alone gave up after 60 s.
"""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from sudoku_core.make.regions import random_regions
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant
from sudoku_core.solver.leftover_chains import Equality, chain_clash
from sudoku_core.solver.leftovers import leftover_clash
from sudoku_core.solver.validate import validate
from sudoku_core.web_api import handle


def sat_fills(n: int, regions: tuple[int, ...]) -> bool:
    """True when some grid keeps rows, columns and the regions (one digit per cell, each
    digit once per unit), by the rules alone.

    Any grid can be relabelled to read 1..n along row 1, so row 1 is fixed, and each cell
    holds at most one digit: without both, Glucose takes up to 15 s on an unfillable layout
    (0.03 s with them).
    """
    def var(c: int, d: int) -> int:
        return c * n + d + 1

    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [[i for i in range(n * n) if regions[i] == k] for k in range(n)]
    with Solver(name="g3") as s:
        for c in range(n * n):
            s.add_clause([var(c, d) for d in range(n)])
            for d in range(n):
                for e in range(d + 1, n):
                    s.add_clause([-var(c, d), -var(c, e)])
        for c in range(n):
            s.add_clause([var(c, c)])
        for u in units:
            for d in range(n):
                s.add_clause([var(c, d) for c in u])
                for i, a in enumerate(u):
                    for b in u[i + 1:]:
                        s.add_clause([-var(a, d), -var(b, d)])
        return bool(s.solve())


def layout(box: tuple[int, int], seed: int) -> Shape:
    shape = Shape(*box)
    return shape.with_variant(Variant(regions=random_regions(shape, random.Random(seed))))


@settings(max_examples=120, deadline=None)
@given(box=st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]),
       seed=st.integers(0, 2**32 - 1))
def test_a_clash_is_only_found_where_no_grid_exists(box: tuple[int, int], seed: int) -> None:
    shape = layout(box, seed)
    assert shape.variant is not None
    if leftover_clash(shape) is not None:
        assert not sat_fills(shape.size, shape.variant.regions)


def test_unfillable_layouts_are_proven_so_at_once() -> None:
    # Seeds 0..149 of 9x9 maps: SAT finds six with no grid (12, 32, 33, 87, 94, 144); the
    # search alone gave up on every one after 60 s. A single leftover equality shows five;
    # seed 94 needs two chained (r2c3 and r1c4 hold one digit, and r1c4 then sees them all).
    unfillable = [s for s in range(150)
                  if not sat_fills(9, layout((3, 3), s).variant.regions)]  # type: ignore[union-attr]
    assert unfillable == [12, 32, 33, 87, 94, 144]
    for seed in unfillable:
        start = time.perf_counter()
        report = validate(Grid.empty(layout((3, 3), seed)), time_limit=60)
        assert report.status == "no_solution" and not report.timed_out, seed
        assert time.perf_counter() - start < 5
        assert "no grid fits these regions" in report.message()


@pytest.mark.parametrize(("box", "seed"), [
    # 9x9 layouts a band of rows and a band of columns together show (none of them alone).
    ((3, 3), 319), ((3, 3), 550), ((3, 3), 880), ((3, 3), 891),
    # 6x6 and 8x8 layouts shown by a chain of joins, and one by a cell counted twice.
    ((2, 3), 25), ((3, 2), 422), ((2, 4), 912), ((4, 2), 270), ((4, 2), 627),
])
def test_more_unfillable_layouts_are_proven_so_at_once(box: tuple[int, int], seed: int) -> None:
    shape = layout(box, seed)
    assert shape.variant is not None and not sat_fills(shape.size, shape.variant.regions)
    start = time.perf_counter()
    report = validate(Grid.empty(shape), time_limit=60)
    assert report.status == "no_solution" and time.perf_counter() - start < 5
    assert "no grid fits these regions" in report.message()


def test_two_leftover_equalities_chained_clash() -> None:
    # Seed 94 with bands alone: columns 1-3 leave r2c3, r3c3 against r1c4, r2c4, and r2c3
    # sees r2c4, so r2c3 and r1c4 hold one digit; row 1 and region 3 then leave r1c4 facing
    # r2c5, r2c7, r2c8, r2c9, all in row 2 with r2c3. Neither equality alone says so.
    n, regions = 9, layout((3, 3), 94).variant.regions  # type: ignore[union-attr]
    cell = {f"r{c // n + 1}c{c % n + 1}": c for c in range(n * n)}

    def eq(why: str, a: str, b: str) -> Equality:
        return Equality(why, tuple(cell[x] for x in a.split()), tuple(cell[x] for x in b.split()))

    first = eq("columns 1-3 and regions 1, 4, 7", "r2c3 r3c3", "r1c4 r2c4")
    second = eq("row 1 and region 3", "r1c1 r1c2 r1c3 r1c4", "r2c5 r2c7 r2c8 r2c9")
    assert chain_clash(n, regions, [first]) is None
    assert chain_clash(n, regions, [second]) is None
    why = chain_clash(n, regions, [first, second])
    assert why is not None
    assert "so r2c3 and r1c4 hold one digit" in why
    assert "but r1c4 can share a digit with none of the other side" in why


def test_givens_on_an_unfillable_layout_are_refused_at_once() -> None:
    shape = layout((3, 3), 94)
    cells = [0] * 81
    cells[0], cells[40], cells[80] = 1, 2, 3
    start = time.perf_counter()
    report = validate(Grid(shape, tuple(cells)), time_limit=60)
    assert report.status == "no_solution" and time.perf_counter() - start < 5
    assert "no grid fits these regions: row 1, columns 1-3" in report.message()


def test_the_facade_says_why() -> None:
    shape = layout((3, 3), 32)
    assert shape.variant is not None
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "validate", "args": {
        "cells": [0] * 81, "box": [3, 3], "variant": shape.variant.to_json()}})))["result"]
    assert reply["status"] == "no_solution" and not reply["timed_out"]
    assert "rows 1-6" in reply["message"] and "column 2" in reply["message"]
