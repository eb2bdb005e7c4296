"""Variant puzzles made to order: X, Windoku, Jigsaw, anti-knight, anti-king, and Killer.

Rules without cages go through the classic generator with the variant shape (fill, dig,
rate: its solver and walker read the shape's rules). Killer cages depend on the solution, so
each attempt here fills a grid, cuts it into cages, and then either splits cages until the
sums alone decide (no givens) or digs givens (with givens); the attempt whose rating is
closest to the requested level is kept.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable

from ..logic.rate import rate
from ..logic.techniques import LEVELS, Level
from ..model.budget import OutOfTime
from ..model.grid import Grid, Shape
from ..model.variants import Variant, rules_of
from ..solver.exact import solve
from .cages import killer_shape, random_cages, unique_cages
from .dig import dig
from .fill import random_solution
from .generate import (
    Generated,
    GenerateError,
    check_difficulty,
    check_nodes,
    check_seed,
    default_time_limit,
    generate,
)
from .regions import random_regions

_SEED_RANGE = 2**63  # draws of this module: wider than generate.SEED_RANGE, the seeds people type
_FILL_NODES = 5_000


def variant_shape(shape: Shape, names: Iterable[str], rng: random.Random) -> Shape:
    """``shape`` with the flag rules of ``names`` and, for jigsaw, random regions."""
    names = tuple(names)
    flags = rules_of(names)
    while True:
        regions = random_regions(shape.classic, rng) if "jigsaw" in names else ()
        made = shape.classic.with_variant(Variant(flags.diagonals, flags.windows, regions, (),
                                                  flags.anti_knight, flags.anti_king))
        if not regions:
            return made
        # Some region maps admit no grid, and proving it can take the search minutes: a
        # map whose fill needs more than a few thousand nodes is swapped for another.
        r = solve(Grid.empty(made), limit=1, max_nodes=_FILL_NODES, time_limit=None,
                  rng=random.Random(rng.randrange(_SEED_RANGE)))
        if r.solution is not None:
            return made


def generate_variant(shape: Shape, names: Iterable[str], difficulty: str = "medium",
                     seed: int | None = None, *, givens: bool = True,
                     symmetry: str | None = None, time_limit: float | None = None,
                     max_attempts: int | None = None) -> Generated:
    """A unique puzzle with the rules of ``names``, rated at ``difficulty`` when reachable.

    ``givens`` (Killer only): False makes a Killer whose cages alone decide the solution.
    """
    names = tuple(names)
    target = check_difficulty(difficulty)
    if seed is None:
        seed = random.SystemRandom().randrange(_SEED_RANGE)
    check_seed(seed)
    rng = random.Random(seed)
    base = variant_shape(shape, names, rng)
    if "killer" not in names:
        if base.variant is None:
            return generate(base, difficulty, seed=seed, symmetry=symmetry,
                            time_limit=time_limit, max_attempts=max_attempts)
        # The classic generator's seed draws the fill; the regions came from this rng.
        return generate(base, difficulty, seed=rng.randrange(_SEED_RANGE), symmetry=symmetry,
                        time_limit=time_limit, max_attempts=max_attempts)
    return _killer(base, target, seed, rng, givens, time_limit, max_attempts)


def _killer(base: Shape, target: Level, seed: int, rng: random.Random, givens: bool,
            time_limit: float | None, max_attempts: int | None) -> Generated:
    start = time.perf_counter()
    limit = default_time_limit(base) if time_limit is None else time_limit
    deadline = start + limit
    want = LEVELS.index(target)
    best: tuple[int, Generated] | None = None
    attempts = 0
    while time.perf_counter() < deadline and (max_attempts is None or attempts < max_attempts):
        attempts += 1
        solution = random_solution(base, rng, deadline=deadline)
        cages = random_cages(solution, rng)
        n2 = base.cell_count
        if not givens:
            left = max(0.5, deadline - time.perf_counter())
            made = unique_cages(solution, cages, (0,) * n2, rng, time_limit=left)
            if made is None:
                continue
            shape = killer_shape(base, made)
            puzzle = Grid.empty(shape)
        else:
            shape = killer_shape(base, cages)
            full = Grid(shape, solution.cells)
            order = [(i,) for i in range(n2)]
            rng.shuffle(order)
            dug = dig(full, order, max_nodes=check_nodes(shape, want), keep_going=lambda: True,
                      deadline=deadline)
            puzzle = dug.grid()
        solved = Grid(shape, solution.cells)
        rating = rate(puzzle, time_limit=max(0.5, deadline - time.perf_counter()),
                      estimate_se=False)
        level = rating.level_at_least()
        if level is None:
            continue
        got = LEVELS.index(level)
        g = Generated(puzzle, solved, shape, level, rating.score, rating.hardest, seed,
                      attempts, target, got == want,
                      "" if got == want else f"no {target} Killer within the time; this one "
                                             f"is {level}",
                      "none", False, time.perf_counter() - start)
        if best is None or abs(got - want) < best[0]:
            best = (abs(got - want), g)
        if got == want:
            break
    if best is None:
        raise OutOfTime(f"the time limit ({limit:g} s) ran out before a Killer puzzle was made "
                        "and rated; give it more time")
    g = best[1]
    return Generated(g.grid, g.solution, g.shape, g.level, g.score, g.hardest, g.seed, attempts,
                     g.requested, g.reached, g.note, g.symmetry, g.minimal,
                     time.perf_counter() - start)


__all__ = ["GenerateError", "generate_variant", "variant_shape"]
