"""Puzzles with placed rules drawn from a solution (placed_rules), alone or with Killer cages.

Like Killer cages, these rules depend on the digits, so each attempt fills a random grid,
places rules that grid keeps, digs givens until the solution is unique, puts givens back
while the puzzle is harder than the level asked, and rates it; variant_generate keeps the
attempt closest to the level. Every search counts nodes, so a seed gives one puzzle: the
call's deadline (``budget``) only stops the work.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ..logic.grade import solves_within
from ..logic.techniques import LEVELS, Level
from ..model import budget
from ..model.budget import OutOfTime
from ..model.constraints.rule import Rule
from ..model.grid import Grid, Shape
from ..model.variants import Variant
from .cages import killer_shape, random_cages, unique_cages
from .dig import Dug, dig
from .fill import random_solution
from .generate import Generated, check_nodes, rated_attempt
from .placed_rules import PLACERS, place_rules

# The share of Killer cages an attempt with givens keeps, drawn: at 6x6 with thermometers,
# sandwiches or whispers, Hard was reached for 13 of 15 seeds with 0.1-0.7 and for 3 of 10
# (thermometers, sandwiches) with 0.3-1.0 (more cages: easier puzzles).
_KEEP_LEAST, _KEEP_MOST = 0.1, 0.7
# Search nodes per uniqueness check while digging (past it the given stays): cage sums and
# diagonal sums make each node dear, and with the classic 20,000 one 9x9 Killer and little
# killer attempt took 3 s; with 2,000 about 1 s, and the other types made the same puzzles.
_DIG_NODES = 2_000


def with_rules(shape: Shape, rules: tuple[Rule, ...]) -> Shape:
    """``shape`` with ``rules`` added to its placed rules."""
    v = shape.variant or Variant()
    return Shape(shape.box_rows, shape.box_cols,
                 replace(v, constraints=tuple(sorted(v.constraints + rules))))


def dig_and_rate(shape: Shape, solution: Grid, target: Level, seed: int, attempts: int,
                 rng: random.Random, givens: tuple[int, ...] | None = None) -> Generated | None:
    """Dig the givens of ``solution`` on ``shape`` in a random order (or keep ``givens``,
    already a unique puzzle), put back givens while it is harder than ``target``, and rate
    it; None when the walker finds no level.

    A dig or a walk cut by the call's deadline raises :class:`OutOfTime`: time only stops.
    """
    if givens is None:
        order = [(i,) for i in range(shape.cell_count)]
        rng.shuffle(order)
        dug = dig(Grid(shape, solution.cells), order,
                  max_nodes=min(_DIG_NODES, check_nodes(shape, LEVELS.index(target))),
                  keep_going=lambda: True)
        if not dug.complete:
            raise OutOfTime("the time limit ran out while digging")
        puzzle = dug.prefix(_within_prefix(dug, solution, target), solution)
    else:
        puzzle = Grid(shape, givens)
    return rated_attempt(puzzle, solution, target, seed, attempts)


def _within_prefix(dug: Dug, solution: Grid, target: Level) -> int:
    """The most removals of ``dug`` (in its order) that leave a puzzle logic up to ``target``
    solves; every prefix is unique, as it holds more givens than the dug puzzle.

    Why not rate the dug puzzle first: one that needs a guess costs the walker seconds, and
    a capped walk (no technique above the target, no guess) stops as soon as it is stuck.
    More givens rarely make a puzzle harder, so a binary search finds the cut.
    """
    def within(count: int) -> bool:
        ok = solves_within(dug.prefix(count, solution), target)
        if ok is None:
            raise OutOfTime("the time limit ran out while the puzzle was levelled")
        return ok

    lo, hi = 0, len(dug.removed)
    if within(hi):
        return hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if within(mid):
            lo = mid
        else:
            hi = mid
    return lo


def placed_attempt(base: Shape, names: Sequence[str], target: Level, seed: int,
                   rng: random.Random, givens: bool, attempts: int) -> Generated | None:
    """One random grid, its rules (and its cages when ``names`` has killer), made unique and
    rated; None when it makes no puzzle (cages that a node cap kept from deciding, or a
    puzzle the walker cannot rate)."""
    solution = random_solution(base, rng)
    budget.check()
    cages = random_cages(solution, rng) if "killer" in names else ()
    if givens and cages:
        # With givens, the cages need not cover the grid: leaving some out gives the walker
        # more to find (a full cover with placed rules on top is mostly Easy or Medium).
        keep = rng.uniform(_KEEP_LEAST, _KEEP_MOST)
        cages = tuple(c for c in cages if rng.random() < keep) or (rng.choice(cages),)
    rules = place_rules(solution, names, rng)
    if len({type(r) for r in rules}) < sum(name in PLACERS for name in names):
        return None  # some rule asked for found no place in this grid (no pair, no path)
    shape = with_rules(killer_shape(base, cages) if cages else base, rules)
    if givens or not cages:
        return dig_and_rate(shape, solution, target, seed, attempts, rng)
    made = unique_cages(Grid(shape, solution.cells), cages, (0,) * shape.cell_count, rng)
    if made is None:
        return None
    return dig_and_rate(killer_shape(shape, made), solution, target, seed, attempts, rng,
                        (0,) * shape.cell_count)


def placed_attempts(shape: Shape) -> int:
    """Attempts a call makes when none are asked for: a count, not a clock, so that the
    puzzle is a function of the seed (the time limit may only stop the work early).

    Sized to fit the default time limit (5 s at 6x6, 20 s at 9x9) on the shared 2-core
    box under load 3-4: a Medium call took a median of 0.1-0.6 s CPU at 6x6 (up to 40
    attempts) and 0.1-2 s at 9x9; one attempt takes about 10-40 ms at 6x6 and 0.1-0.5 s at
    9x9, but a dig of Killer cages with little killers can take 10 s in the search's sums.
    At 16x16 one attempt took 4 s (thermometers) to 28 s (Killer and sandwiches).
    """
    n = shape.size
    for size, attempts in ((6, 40), (9, 20), (12, 4)):
        if n <= size:
            return attempts
    return 2


__all__ = ["PLACERS", "dig_and_rate", "placed_attempt", "placed_attempts", "with_rules"]
