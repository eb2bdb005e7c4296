"""Placed rules drawn from a solution: thermometers, arrows, dots, XV, sandwiches, little
killers, whispers and renban lines, alone or with Killer cages.

Like Killer cages, these rules depend on the digits, so each attempt fills a random grid,
places rules that grid keeps (a thermometer is a path along which its digits rise, a white dot
a pair of neighbours one apart, a sandwich clue the sum its row really has), and then digs
givens until the solution is unique, and rates the puzzle. Every draw comes from the call's
random stream and every search counts nodes, so a seed gives one puzzle.

No "negative" rule (all dots or all XV pairs shown) is added: the dots placed are a few of
those the grid allows, and the puzzle says nothing of the others.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..logic.grade import solves_within
from ..logic.rate import rate
from ..logic.techniques import LEVELS, Level
from ..model import budget
from ..model.budget import OutOfTime
from ..model.constraints.arrow import Arrow
from ..model.constraints.kropki import BlackDot, WhiteDot
from ..model.constraints.little_killer import LittleKiller
from ..model.constraints.renban import Renban
from ..model.constraints.rule import Rule
from ..model.constraints.sandwich import Sandwich
from ..model.constraints.thermometer import Thermometer
from ..model.constraints.whispers import Whispers
from ..model.constraints.xv import XVPair
from ..model.grid import Grid, Shape
from ..model.variants import Variant
from .cages import killer_shape, random_cages, unique_cages
from .dig import Dug, dig
from .fill import random_solution
from .generate import Generated, check_nodes

Cells = Sequence[int]
# The share of Killer cages an attempt with givens keeps, drawn: at 6x6, Hard was reached
# for 13 of 15 seeds with 0.1-0.7 and 3 of 10 with 0.3-1.0 (more cages: easier puzzles).
_KEEP_LEAST, _KEEP_MOST = 0.1, 0.7
_TRIES = 30  # random starts per line before a rule type settles for fewer lines

_Ok = Callable[[list[int], int], bool]  # may a line's path go on to cell x
Placer = Callable[[Cells, int, set[int], random.Random], list[Rule]]


def _around(cell: int, n: int) -> list[int]:
    """The king-move neighbours of ``cell`` (lines may run diagonally, as on f-puzzles)."""
    r, c = divmod(cell, n)
    return [rr * n + cc for rr in (r - 1, r, r + 1) for cc in (c - 1, c, c + 1)
            if 0 <= rr < n and 0 <= cc < n and (rr, cc) != (r, c)]


def _walk(n: int, length: int, used: set[int], rng: random.Random, step: _Ok,
          done: Callable[[list[int]], bool]) -> list[int] | None:
    """A random path of free cells, each step allowed by ``step``, of at most ``length``
    cells, cut back to its longest prefix that ``done`` accepts; None when none."""
    free = [c for c in range(n * n) if c not in used]
    if not free:
        return None
    path = [rng.choice(free)]
    while len(path) < length:
        nxt = [x for x in _around(path[-1], n) if x not in used and x not in path
               and step(path, x)]
        if not nxt:
            break
        path.append(rng.choice(nxt))
    while path and not done(path):
        path.pop()
    return path or None


def _lines(v: Cells, n: int, used: set[int], rng: random.Random, step: _Ok,
           least: int, most: int, make: Callable[[list[int]], Rule],
           done: Callable[[list[int]], bool] | None = None) -> list[Rule]:
    """Up to a drawn number of lines of ``least`` .. ``most`` cells on free cells."""
    want = rng.randint(max(1, n // 3), n // 2 + 1)
    out: list[Rule] = []
    ok = done or (lambda p: len(p) >= least)
    for _ in range(_TRIES):
        if len(out) >= want:
            break
        path = _walk(n, rng.randint(least, most), used, rng, step, ok)
        if path is not None:
            used.update(path)
            out.append(make(path))
    return out


def _thermometers(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
    return _lines(v, n, used, rng, lambda p, x: v[x] > v[p[-1]], 3, n // 2 + 2,
                  lambda p: Thermometer(tuple(p)))


def whisper_gap(n: int) -> int:
    """The whispers difference at size ``n``: 5 on 9x9 (German), half of N rounded up."""
    return (n + 1) // 2


def _whispers(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
    gap = whisper_gap(n)
    return _lines(v, n, used, rng, lambda p, x: abs(v[x] - v[p[-1]]) >= gap, 3, n // 2 + 2,
                  lambda p: Whispers(tuple(p), gap))


def _renban(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
    def step(p: list[int], x: int) -> bool:
        got = {v[c] for c in p}
        return v[x] not in got and max(got | {v[x]}) - min(got | {v[x]}) <= len(p)
    return _lines(v, n, used, rng, step, 3, min(5, n // 2 + 1), lambda p: Renban(tuple(p)))


def _arrows(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
    """Arrows: a circle and a line of 2-3 cells after it that adds up to its digit."""
    def step(p: list[int], x: int) -> bool:
        return sum(v[c] for c in p[1:]) + v[x] <= v[p[0]]

    def done(p: list[int]) -> bool:
        return len(p) >= 3 and sum(v[c] for c in p[1:]) == v[p[0]]

    return _lines(v, n, used, rng, step, 3, 4, lambda p: Arrow((p[0],), tuple(p[1:])), done)


def _pairs(n: int) -> list[tuple[int, int]]:
    """Every pair of cells that share an edge."""
    return [(a, a + d) for a in range(n * n) for d in (1, n)
            if (d == n and a + n < n * n) or (d == 1 and a % n < n - 1)]


def _pick(found: list[Rule], low: int, high: int, rng: random.Random) -> list[Rule]:
    rng.shuffle(found)
    return found[:rng.randint(low, high)]


def _pair_rules(make: Callable[[tuple[int, int], int, int], Rule | None]) -> Placer:
    """A placer of rules on neighbours: ``make(pair, a, b)`` is the rule the digits a and b
    of the pair keep, or None; a pair that carries a rule already gets no second one."""
    def place(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
        found = [r for p in _pairs(n) if p[0] * n * n + p[1] not in used
                 and (r := make(p, v[p[0]], v[p[1]])) is not None]
        picked = _pick(found, n // 2, n, rng)
        # Pairs are kept in ``used`` as numbers past the cells, so lines never see them.
        used.update(r.scope()[0] * n * n + r.scope()[1] for r in picked)
        return picked
    return place


_white = _pair_rules(lambda p, a, b: WhiteDot(p) if abs(a - b) == 1 else None)
_black = _pair_rules(lambda p, a, b: BlackDot(p) if a == 2 * b or b == 2 * a else None)
_xv = _pair_rules(lambda p, a, b: XVPair(p, a + b) if a + b in (5, 10) else None)


def _sandwiches(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
    found: list[Rule] = []
    for axis in ("row", "column"):
        for k in range(n):
            line = [v[k * n + i] if axis == "row" else v[i * n + k] for i in range(n)]
            a, b = sorted((line.index(1), line.index(n)))
            found.append(Sandwich(n, axis, k, sum(line[a + 1:b])))
    return _pick(found, n // 2, n, rng)


def _little_killers(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
    """Diagonals of 2 .. N-1 cells, each read from a drawn one of its ends (the clue's)."""
    found: list[Rule] = []
    starts = [(0, c) for c in range(n)] + [(r, 0) for r in range(1, n)]  # going down-right
    starts += [(0, c) for c in range(n)] + [(r, n - 1) for r in range(1, n)]  # down-left
    for k, (r, c) in enumerate(starts):
        dc = 1 if k < 2 * n - 1 else -1
        cells = [(r + i) * n + c + i * dc for i in range(n)
                 if r + i < n and 0 <= c + i * dc < n]
        if 2 <= len(cells) < n:
            if rng.random() < 0.5:  # the clue below the grid, reading up
                cells.reverse()
            found.append(LittleKiller(n, tuple(cells), sum(v[x] for x in cells)))
    return _pick(found, n // 3, n // 2 + 1, rng)


# The rules this module can draw, by their CLI name, in the table's order.
PLACERS: dict[str, Placer] = {
    "thermometer": _thermometers, "arrow": _arrows, "whispers": _whispers,
    "renban": _renban, "little-killer": _little_killers, "sandwich": _sandwiches,
    "kropki-white": _white, "kropki-black": _black, "xv": _xv,
}


def place_rules(solution: Grid, names: Sequence[str], rng: random.Random) -> tuple[Rule, ...]:
    """Rules of each of ``names`` (keys of :data:`PLACERS`) that ``solution`` keeps."""
    used: set[int] = set()  # cells already on a line: lines do not cross
    out: list[Rule] = []
    for name in PLACERS:
        if name in names:
            out += PLACERS[name](solution.cells, solution.size, used, rng)
    return tuple(sorted(out))


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
                  max_nodes=check_nodes(shape, LEVELS.index(target)), keep_going=lambda: True)
        if not dug.complete:
            raise OutOfTime("the time limit ran out while digging")
        puzzle = dug.prefix(_within_prefix(dug, solution, target), solution)
    else:
        puzzle = Grid(shape, givens)
    budget.check()
    rating = rate(puzzle, time_limit=max(budget.remaining(1.0) or 0.0, 1e-3), estimate_se=False)
    if rating.timed_out:
        raise OutOfTime("the time limit ran out while rating")
    level = rating.level_at_least()
    if level is None:
        return None
    return Generated(puzzle, Grid(shape, solution.cells), shape, level, rating.score,
                     rating.hardest, seed, attempts, target, level == target, "", "none", False)


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

    Sized to fit the default time limit on a loaded machine: an attempt takes about 20 ms
    at 6x6 and 0.1-0.3 s at 9x9 (see the measures in tests/test_placed_generate.py).
    """
    n = shape.size
    for size, attempts in ((6, 40), (9, 20), (12, 4)):
        if n <= size:
            return attempts
    return 2


__all__ = ["PLACERS", "dig_and_rate", "place_rules", "placed_attempt", "placed_attempts",
           "whisper_gap", "with_rules"]
