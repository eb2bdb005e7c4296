"""Killer cages for a complete grid: random side-by-side cages, split until the sums decide."""

from __future__ import annotations

import random
from dataclasses import replace

from ..model import budget
from ..model.budget import OutOfTime
from ..model.grid import Grid, Shape
from ..model.variants import Cage, Variant
from ..solver.exact import solve_within

# Cells per cage, drawn: most Killer cages have 2-4.
_SIZES: tuple[int, ...] = (2, 2, 2, 3, 3, 3, 3, 4, 4, 5)
CAGE_NODES = 20_000  # search nodes per count while cages are split: a count, not a clock


def random_cages(solution: Grid, rng: random.Random) -> tuple[Cage, ...]:
    """Cover the grid with side-by-side cages of distinct digits of ``solution``, summed."""
    n = solution.size
    cells = solution.cells
    left = set(range(n * n))
    cages = []
    while left:
        start = min(left) if rng.random() < 0.5 else rng.choice(sorted(left))
        cage = [start]
        left.discard(start)
        want = rng.choice(_SIZES)
        while len(cage) < want:
            near = sorted({x for y in cage for x in _sides(y, n)
                           if x in left and cells[x] not in [cells[z] for z in cage]})
            if not near:
                break
            x = rng.choice(near)
            cage.append(x)
            left.discard(x)
        cages.append(Cage(tuple(sorted(cage)), sum(cells[z] for z in cage)))
    return tuple(sorted(cages))


def unique_cages(solution: Grid, cages: tuple[Cage, ...], givens: tuple[int, ...],
                 rng: random.Random,
                 max_nodes: int = CAGE_NODES) -> tuple[Cage, ...] | None:
    """Split cages where a second solution differs until the puzzle has one; None when a
    count needs more than ``max_nodes`` search nodes (the same for every run of a seed).

    A cell where two solutions differ is cut out of its cage into a cage of its own (a
    one-cell cage is a given in all but name), which removes that second solution. A count
    cut by the call's deadline (``budget``) raises :class:`OutOfTime`: time only stops.
    """
    shape = solution.shape
    while True:
        v = replace(shape.variant or Variant(), cages=cages)
        grid = Grid(Shape(shape.box_rows, shape.box_cols, v), givens)
        r = solve_within(grid, limit=2, max_nodes=max_nodes)
        if r.timed_out:
            raise OutOfTime("the time limit ran out while the cages were made unique")
        if r.unique:
            return cages
        if r.unique is None:
            return None
        other = _another(grid, solution, max_nodes)
        if other is None:
            return None
        differ = [i for i, (a, b) in enumerate(zip(solution.cells, other, strict=True)) if a != b]
        cell = rng.choice(differ)
        out = []
        for cage in cages:
            if cell in cage.cells and len(cage.cells) > 1:
                rest = tuple(c for c in cage.cells if c != cell)
                out += [Cage(rest, sum(solution.cells[c] for c in rest)),
                        Cage((cell,), solution.cells[cell])]
            else:
                out.append(cage)
        cages = tuple(sorted(out))


def _another(grid: Grid, solution: Grid, max_nodes: int) -> tuple[int, ...] | None:
    """A solution of ``grid`` other than ``solution`` (None: none within ``max_nodes``)."""
    from ..solver import variant_search

    for seed in (None, *range(20)):
        order = None if seed is None else random.Random(seed)
        r = variant_search.search(grid, 2 if seed is None else 1, max_nodes, order)
        if budget.expired():
            raise OutOfTime("the time limit ran out while the cages were made unique")
        if r.first is not None and tuple(r.first) != solution.cells:
            return tuple(r.first)
    return None


def _sides(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def killer_shape(shape: Shape, cages: tuple[Cage, ...]) -> Shape:
    """``shape`` with ``cages`` added to its rules."""
    return Shape(shape.box_rows, shape.box_cols, replace(shape.variant or Variant(), cages=cages))
