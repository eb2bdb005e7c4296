"""Jigsaw layouts one corner swap away from the boxes: the search must not get lost.

The plain depth-first order walks into a subtree with no grid near the top and gave up after
60 s on the empty 9x9 grid below, where SAT finds two grids in a tenth of a second. Each
layout is checked against an independent SAT count (PySAT, dev only).
"""

from __future__ import annotations

import random
import time

from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from sudoku_core import parse
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant
from sudoku_core.solver.validate import validate

SWAPPED = ["112222333", "111222333", "111122333", "444555666", "444555666", "444555666",
           "777888999", "777888999", "777888999"]


def sat_count(n: int, regions: tuple[int, ...], cap: int = 2) -> int:
    """Grids (up to ``cap``) keeping rows, columns and the regions, counted by SAT."""
    def var(c: int, d: int) -> int:
        return c * n + d + 1

    units = [[r * n + c for c in range(n)] for r in range(n)]
    units += [[r * n + c for r in range(n)] for c in range(n)]
    units += [[i for i in range(n * n) if regions[i] == k] for k in set(regions)]
    with Solver(name="g3") as s:
        for c in range(n * n):
            s.add_clause([var(c, d) for d in range(n)])
        for u in units:
            for d in range(n):
                s.add_clause([var(c, d) for c in u])
                for i, a in enumerate(u):
                    for b in u[i + 1:]:
                        s.add_clause([-var(a, d), -var(b, d)])
        count = 0
        while count < cap and s.solve():
            count += 1
            s.add_clause([-lit for lit in s.get_model() or [] if lit > 0])
        return count


def corner_swap(box: tuple[int, int], rng: random.Random) -> Shape:
    """The boxes of ``box`` with one corner cell of a box traded with its neighbour's."""
    br, bc = box
    n = br * bc
    regions = [(r // br) * br + c // bc for r in range(n) for c in range(n)]
    row, col = rng.randrange(n // br), rng.randrange(n // bc - 1)  # the box right of it too
    top, bottom = row * br, row * br + br - 1
    edge = col * bc + bc - 1  # the left box's last column; the right box starts after it
    a, b = (top, bottom) if rng.random() < 0.5 else (bottom, top)
    left, right = a * n + edge, b * n + edge + 1
    regions[left], regions[right] = regions[right], regions[left]
    if rng.random() < 0.5:  # the same swap between boxes one above the other
        regions = [regions[c * n + r] for r in range(n) for c in range(n)]
        br, bc = bc, br
    return Shape(br, bc).with_variant(Variant(regions=tuple(regions)))


def _status(count: int) -> str:
    return ("no_solution", "unique", "multiple")[count]


def test_the_audited_layout_has_several_grids_found_at_once() -> None:
    grid = parse("." * 81 + "\nregions:\n" + "\n".join(SWAPPED) + "\n")
    assert grid.shape.variant is not None
    assert sat_count(9, grid.shape.variant.regions) == 2
    start = time.perf_counter()
    assert validate(grid, time_limit=10).status == "multiple"
    assert time.perf_counter() - start < 3


@settings(max_examples=25, deadline=None)
@given(box=st.sampled_from([(2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]),
       seed=st.integers(0, 2**32 - 1))
def test_corner_swaps_are_decided_as_sat_says(box: tuple[int, int], seed: int) -> None:
    shape = corner_swap(box, random.Random(seed))
    assert shape.variant is not None
    start = time.perf_counter()
    report = validate(Grid.empty(shape), time_limit=10)
    assert time.perf_counter() - start < 3
    assert report.status == _status(sat_count(shape.size, shape.variant.regions))


def test_seeded_corner_swaps_are_quick() -> None:
    for seed in range(12):
        shape = corner_swap((3, 3), random.Random(seed))
        start = time.perf_counter()
        report = validate(Grid.empty(shape), time_limit=10)
        assert report.status != "gave_up"
        assert time.perf_counter() - start < 3
