"""Placed rules a complete grid keeps, drawn at random: thermometers, arrows, whispers and
renban lines, little killers, sandwiches, white and black dots, XV pairs.

A thermometer is a path along which the grid's digits rise, an arrow a circle and a short
line whose digits add up to it, a whispers line a path whose neighbours differ by at least
half the size, a renban line a path of consecutive digits, a dot or an XV pair two neighbours
that qualify, a sandwich or little-killer clue the sum the grid really has. Every draw comes
from the caller's random stream, in a fixed order, so a seed gives the same rules.

No "negative" rule (all dots or all XV pairs shown) is added: the dots placed are a few of
those the grid allows, and the puzzle says nothing of the others.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..model.constraints.arrow import Arrow
from ..model.constraints.kropki import BlackDot, WhiteDot
from ..model.constraints.little_killer import LittleKiller
from ..model.constraints.renban import Renban
from ..model.constraints.rule import Rule
from ..model.constraints.sandwich import Sandwich
from ..model.constraints.thermometer import Thermometer
from ..model.constraints.whispers import Whispers
from ..model.constraints.xv import XVPair
from ..model.grid import Grid

Cells = Sequence[int]

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


def _key(pair: Sequence[int], n: int) -> int:
    """A pair's number in ``used``: past every cell's (0 .. N*N-1), so lines never see it."""
    return (pair[0] + 1) * n * n + pair[1]


def _pair_rules(make: Callable[[tuple[int, int], int, int], Rule | None]) -> Placer:
    """A placer of rules on neighbours: ``make(pair, a, b)`` is the rule the digits a and b
    of the pair keep, or None; a pair that carries a rule already gets no second one."""
    def place(v: Cells, n: int, used: set[int], rng: random.Random) -> list[Rule]:
        found = [r for p in _pairs(n) if _key(p, n) not in used
                 and (r := make(p, v[p[0]], v[p[1]])) is not None]
        picked = _pick(found, n // 2, n, rng)
        used.update(_key(r.scope(), n) for r in picked)
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


__all__ = ["PLACERS", "Placer", "place_rules", "whisper_gap"]
