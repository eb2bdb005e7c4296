"""Random complete grids (solutions) for the generator, for every box shape."""

from __future__ import annotations

import random

from ..model import budget
from ..model.budget import OutOfTime
from ..model.grid import Grid, Shape
from ..solver.exact import solve_within
from ..solver.pattern import pattern_solution

# The solver restarts random fills with growing node caps to cut their heavy tail (25x25
# and up); the overall cap here counts nodes, not seconds, so the grid depends only on the
# random stream (same seed, same grid). Past it, a shuffled pattern grid always works.
_NODES_PER_CELL = 40


def random_solution(shape: Shape, rng: random.Random) -> Grid:
    """A random complete grid: the solver with shuffled branching, restarted in new orders
    with twice the nodes while the rules allow no pattern grid.

    A classic shape falls back on a shuffled pattern grid once the first search runs out
    (above 25x25 the solver itself answers an empty grid with one: a search fill there costs
    seconds); no pattern keeps a variant's rules, so a variant's search goes on until the
    call's deadline (``budget``) runs out.
    """
    cap = _NODES_PER_CELL * shape.cell_count
    rules = shape.variant.describe() if shape.variant else ""
    while True:
        result = solve_within(Grid.empty(shape), limit=1, max_nodes=cap, rng=rng)
        if result.solution is not None:
            return result.solution
        if not rules:
            return pattern_solution(shape, rng)
        if result.status == "no_solution":
            raise OutOfTime(f"no {shape.size}x{shape.size} grid keeps the rules {rules}")
        if budget.expired():
            raise OutOfTime(f"the time limit ran out before a {shape.size}x{shape.size} grid "
                            f"keeping the rules {rules} was filled; give it more time")
        cap *= 2
