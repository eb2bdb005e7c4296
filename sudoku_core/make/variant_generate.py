"""Variant puzzles made to order: X, Windoku, Jigsaw, anti-knight, anti-king, Killer, and
the placed rules drawn from a solution (thermometers, arrows, dots, ...: placed_generate).

Rules without cages go through the classic generator with the variant shape (fill, dig,
rate: its solver and walker read the shape's rules). Killer cages depend on the solution, so
each attempt here fills a grid, cuts it into cages, and then either splits cages until the
sums alone decide (no givens) or digs givens (with givens); the attempt whose rating is
closest to the requested level is kept.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial

from ..logic.techniques import LEVELS, Level
from ..model import budget
from ..model.budget import OutOfTime, check_time_limit
from ..model.constraints import JIGSAW, KILLER, NAMED, TABLE
from ..model.grid import Grid, Shape
from ..model.variants import Variant, rules_of
from ..solver.exact import solve_within
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
    rated_attempt,
)
from .placed_generate import PLACERS, placed_attempt, placed_attempts
from .regions import random_regions

_SEED_RANGE = 2**63  # draws of this module: wider than generate.SEED_RANGE, the seeds people type
_FILL_NODES = 5_000


def variant_shape(shape: Shape, names: Iterable[str], rng: random.Random) -> Shape:
    """``shape`` with the flag rules of ``names`` and, for jigsaw, random regions.

    Region maps are drawn until one admits a grid, within the call's ``budget`` deadline:
    :class:`OutOfTime` says when no rule set can be kept at this size, or the time ran out.
    """
    names = tuple(names)
    flags = rules_of(names)
    if JIGSAW.name not in names:
        made = shape.classic.with_variant(flags)
        _check_some_grid(made)
        return made
    _check_latin(shape, flags, rng)
    while True:
        budget.check()
        made = shape.classic.with_variant(replace(flags, regions=random_regions(shape.classic,
                                                                                rng)))
        # Some region maps admit no grid, and proving it can take the search minutes: a
        # map whose fill needs more than a few thousand nodes is swapped for another.
        r = solve_within(Grid.empty(made), limit=1, max_nodes=_FILL_NODES,
                         rng=random.Random(rng.randrange(_SEED_RANGE)))
        if r.solution is not None:
            return made
        if r.timed_out or budget.expired():
            raise OutOfTime(_ran_out(shape))


def _check_some_grid(made: Shape) -> None:
    """Refuse at once when the exact search proves that no complete grid keeps the rules of
    ``made`` (anti-king with 2x2 boxes): every attempt would fill in vain until the time limit
    ran out, and then say so as if more time could help.

    Killer cages and placed rules are drawn from a filled grid, so the flag rules alone decide
    whether one exists. The search is deterministic (no draw from the call's random stream:
    the same seed makes the same puzzle as before this check) and capped at a few thousand
    nodes; only a proof refuses, a search cut by its cap or the deadline says nothing.
    """
    if made.variant is None:
        return
    r = solve_within(Grid.empty(made), limit=1, max_nodes=_FILL_NODES)
    if r.status == "no_solution" and not r.timed_out:
        n = made.size
        raise GenerateError(f"no {n}x{n} grid keeps the rules {made.variant.describe()} with "
                            f"{made.box_rows}x{made.box_cols} boxes: no puzzle can be made")


def _check_latin(shape: Shape, flags: Variant, rng: random.Random) -> None:
    """Raise when no Latin square of this size keeps ``flags`` (then no region map helps).

    Why rows as regions: each row is a connected region of N cells, so the region rule adds
    nothing and the search asks for a bare Latin square with the other rules (anti-king at
    4x4 has none). Only a proof counts; a search cut by its node cap says nothing. A proof
    is a refusal (GenerateError), as in _check_some_grid: no time limit would help.
    """
    n = shape.size
    rows = tuple(i // n for i in range(n * n))
    latin = shape.classic.with_variant(replace(flags, regions=rows))
    r = solve_within(Grid.empty(latin), limit=1, max_nodes=_FILL_NODES,
                     rng=random.Random(rng.randrange(_SEED_RANGE)))
    if r.status == "no_solution" and not r.timed_out:
        raise GenerateError(f"no {n}x{n} grid keeps the rules {flags.describe()} (with any "
                            "jigsaw regions): no puzzle can be made")
    if r.timed_out or budget.expired():
        raise OutOfTime(_ran_out(shape))


def _ran_out(shape: Shape) -> str:
    return (f"the time limit ran out before a {shape.size}x{shape.size} jigsaw region layout "
            "with a grid was found; give it more time")


def generate_puzzle(shape: Shape, names: Iterable[str] = (), difficulty: str = "medium",
                    seed: int | None = None, *, givens: bool = True,
                    symmetry: str | None = None, minimal: bool = False,
                    time_limit: float | None = None,
                    max_attempts: int | None = None) -> Generated:
    """A unique puzzle with the rules of ``names`` (none: classic), rated at ``difficulty``
    when reachable: the one entry the CLI and the page call.

    ``givens`` (Killer only): False makes a Killer whose cages alone decide the solution.
    ``minimal`` (classic only): no given can go.
    """
    names = tuple(names)
    target = check_difficulty(difficulty)
    _check_names(names, givens)
    if minimal and names:
        raise GenerateError("minimal puzzles are classic only; variant puzzles are not "
                            "minimised")
    if not names:  # the classic generator draws everything from the seed itself
        return generate(shape, difficulty, seed=seed, symmetry=symmetry, minimal=minimal,
                        time_limit=time_limit, max_attempts=max_attempts)
    if seed is None:
        seed = random.SystemRandom().randrange(_SEED_RANGE)
    check_seed(seed)
    rng = random.Random(seed)
    limit = default_time_limit(shape) if time_limit is None else check_time_limit(time_limit)
    # One deadline for the region layout and the puzzle: the layout's time is the call's.
    with budget.deadline(limit):
        base = variant_shape(shape, names, rng)
        budget.check()
        if any(name in PLACERS for name in names):
            return _killer(base, target, seed, time_limit, max_attempts,
                           partial(placed_attempt, base, names, target, seed, rng, givens),
                           placed_attempts(base), _words(names))
        if KILLER.name not in names:
            if base.variant is None:
                return generate(base, difficulty, seed=seed, symmetry=symmetry,
                                time_limit=time_limit, max_attempts=max_attempts)
            # The classic generator's seed draws the fill; the regions came from this rng.
            return generate(base, difficulty, seed=rng.randrange(_SEED_RANGE),
                            symmetry=symmetry, time_limit=time_limit, max_attempts=max_attempts)
        return _killer(base, target, seed, time_limit, max_attempts,
                       partial(_killer_attempt, base, target, seed, rng, givens),
                       killer_attempts(base), "Killer")


# What this module can make: the rules the classic generator keeps on a variant shape (the
# flag rules), Jigsaw and Killer, and the placed rules drawn from a solution.
GENERATED = (*(row.name for row in NAMED), *PLACERS)


def _check_names(names: tuple[str, ...], givens: bool) -> None:
    """Refuse a rule this module cannot make, rather than make a puzzle without it."""
    for name in names:
        if name not in GENERATED:
            raise GenerateError(f"cannot generate {name!r} puzzles (can: "
                                f"{', '.join(GENERATED)})")
    if not givens and KILLER.name not in names:
        raise GenerateError("puzzles without givens are Killer only: the cages decide them")


def _words(names: tuple[str, ...]) -> str:
    """'Killer, thermometer': the rules of ``names`` for notes."""
    return ", ".join(row.words for row in TABLE if row.name in names)


def killer_attempts(shape: Shape) -> int:
    """Attempts a Killer call makes when none are asked for: a count, not a clock, so that the
    puzzle is a function of the seed (the time limit may only stop the work early).

    Sized to fit the default time limit on a loaded machine: an attempt takes about 10 ms at
    4x4, 35 ms at 6x6, 1.1 s at 9x9 and 18 s at 16x16 (the shared 2-core development box).
    """
    n = shape.size
    for size, attempts in ((4, 40), (6, 60), (9, 8), (12, 4)):
        if n <= size:
            return attempts
    return 2  # one 16x16 attempt takes about 18 s here (the default budget there is 60 s)


def _killer(base: Shape, target: Level, seed: int, time_limit: float | None,
            max_attempts: int | None, attempt: Callable[[int], Generated | None],
            attempts_cap: int, words: str) -> Generated:
    """The closest to ``target`` of up to ``attempts_cap`` attempts (``attempt(k)`` makes
    attempt k from the call's random stream), stopping at the first that reaches it."""
    start = time.perf_counter()
    limit = default_time_limit(base) if time_limit is None else check_time_limit(time_limit)
    cap = attempts_cap if max_attempts is None else max_attempts
    want = LEVELS.index(target)
    best: tuple[int, Generated] | None = None
    attempts = 0
    ran_out = False
    with budget.deadline(limit):
        while attempts < cap:
            attempts += 1
            try:
                g = attempt(attempts)
            except OutOfTime:
                ran_out = True
                break
            if g is None:
                continue
            got = LEVELS.index(g.level)
            if best is None or abs(got - want) < best[0]:
                best = (abs(got - want), g)
            if got == want:
                break
    if best is None and not ran_out:
        # Every attempt ended without a puzzle (no grid kept the rules, or none rated): said
        # as such, not as a clock that ran out. Still OutOfTime: the series goes on.
        raise OutOfTime(f"no {words} puzzle was made in {attempts} attempt(s); try another "
                        "seed or more attempts")
    if best is None:
        raise OutOfTime(f"the time limit ({limit:g} s) ran out before a {words} puzzle was made "
                        "and rated; give it more time")
    g = best[1]
    if ran_out:
        note = (f"the time limit ({limit:g} s) ran out in attempt {attempts} of {cap}; the "
                f"closest of the {attempts - 1} before it is {g.level}, not {target}")
    else:
        note = "" if g.reached else f"no {target} {words} in {attempts} attempt(s); this one " \
                                    f"is {g.level}"
    return Generated(g.grid, g.solution, g.shape, g.level, g.score, g.hardest, g.seed, attempts,
                     g.requested, g.reached, note, g.symmetry, g.minimal,
                     time.perf_counter() - start)


def _killer_attempt(base: Shape, target: Level, seed: int, rng: random.Random, givens: bool,
                    attempts: int) -> Generated | None:
    """One complete grid cut into cages, made unique and rated; None when it makes no puzzle.

    Every search inside counts nodes; the call's deadline (``budget``) only stops the work:
    a step it may have cut raises :class:`OutOfTime`, never reads as a "no".
    """
    solution = random_solution(base, rng)
    budget.check()
    cages = random_cages(solution, rng)
    n2 = base.cell_count
    if not givens:
        made = unique_cages(solution, cages, (0,) * n2, rng)
        if made is None:
            return None
        shape = killer_shape(base, made)
        puzzle = Grid.empty(shape)
    else:
        shape = killer_shape(base, cages)
        order = [(i,) for i in range(n2)]
        rng.shuffle(order)
        dug = dig(Grid(shape, solution.cells), order,
                  max_nodes=check_nodes(shape, LEVELS.index(target)), keep_going=lambda: True)
        if not dug.complete:
            raise OutOfTime("the time limit ran out while digging")
        puzzle = dug.grid()
    return rated_attempt(puzzle, solution, target, seed, attempts)


__all__ = ["GENERATED", "GenerateError", "generate_puzzle", "variant_shape"]
