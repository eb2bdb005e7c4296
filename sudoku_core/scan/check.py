"""Settle the reading with the exact solver: the grid offered is the likeliest reading that
the solver finds to have exactly one solution, or the plain best reading with what is wrong
with it. Nothing is claimed that the solver did not verify.

A misread digit shows as conflicts (two 7s in a row), as no solution, or, a given read as
empty, as several solutions. So when the best reading fails, the next likeliest readings of
the least sure cells (and of cells in a conflict) are tried best first: each change costs
the log of how much less likely the reader found it, sets of up to MAX_CHANGES changes are
taken cheapest first, and the search stops at MAX_ATTEMPTS grids or the time limit.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import Literal

from ..model import budget
from ..model.conflicts import find_conflicts
from ..model.grid import Grid, Shape
from ..solver.exact import solve

Verdict = Literal["unique", "several", "none", "conflicts", "gave_up"]
Ranking = list[tuple[int, float]]  # (value, probability), best first; value 0 is empty

UNSURE = 0.9  # a cell whose best reading is less likely than this is worth a look
MIN_ALTERNATIVE = 0.03  # a reading less likely than this is never tried in a cell's place
MAX_CHANGES = 3  # changes tried together at most
MAX_ATTEMPTS = 300  # grids tried at most


@dataclass(frozen=True)
class Checked:
    """The grid offered and what the solver said of it."""

    values: list[int]
    read: list[int]  # the best reading of each cell
    confidence: list[float]  # the reader's probability of each offered value
    verdict: Verdict
    changed: list[int]
    unsure: list[int]
    attempts: int  # grids the solver (or the conflict check) looked at


def clean(ranking: Ranking, n: int) -> Ranking:
    """The readings that can be in an n x n grid, best first (the reader promises as much; a
    stand-in reader or a bug must not put a 10 in a 9x9 grid)."""
    kept = [(v, float(p)) for v, p in ranking
            if isinstance(v, int) and 0 <= v <= n and p == p and p >= 0]
    kept.sort(key=lambda vp: -vp[1])
    return kept or [(0, 1.0)]


def verdict_of(grid: Grid) -> Verdict:
    """The exact solver's word on a grid, within the deadline already set."""
    if find_conflicts(grid):
        return "conflicts"
    r = solve(grid, limit=2, time_limit=None)
    if r.status == "solved":
        return "unique" if r.unique else ("several" if r.unique is False else "gave_up")
    if r.status == "no_solution":
        return "none"
    return "conflicts" if r.status == "invalid" else "gave_up"


def _alternatives(rankings: list[Ranking], suspects: set[int]) -> list[tuple[float, int, int]]:
    """(cost, cell, value) of every reading worth trying instead of a cell's best, cheapest
    first: in unsure cells and in ``suspects`` (cells of a conflict)."""
    out = []
    for cell, ranking in enumerate(rankings):
        top = ranking[0][1]
        if top >= UNSURE and cell not in suspects:
            continue
        for value, p in ranking[1:]:
            if p >= MIN_ALTERNATIVE:
                out.append((math.log(max(top, 1e-12) / p), cell, value))
    out.sort()
    return out


def check_readings(shape: Shape, rankings: list[Ranking],
                   time_limit: float | None = None) -> Checked:
    """The grid to offer from per-cell rankings, checked within ``time_limit`` seconds (None:
    within the deadline already set, as ``scan_image`` sets it)."""
    n = shape.size
    rankings = [clean(r, n) for r in rankings]
    read = [r[0][0] for r in rankings]
    unsure = [i for i, r in enumerate(rankings) if r[0][1] < UNSURE]
    with budget.deadline(time_limit):
        best = Grid(shape, tuple(read))
        first = verdict_of(best)
        values, changed, attempts = read, [], 1
        if first != "unique":
            suspects = {c for conflict in find_conflicts(best) for c in conflict.cells}
            found, attempts = _search(best, _alternatives(rankings, suspects))
            if found is not None:
                values, changed = list(found.cells), [i for i in range(len(read))
                                                      if found.cells[i] != read[i]]
    prob = [dict(r) for r in rankings]
    verdict = "unique" if changed else first
    return Checked(values, read, [round(prob[i].get(v, 0.0), 4) for i, v in enumerate(values)],
                   verdict, changed, sorted(set(unsure) | set(changed)), attempts)


def _search(best: Grid, alts: list[tuple[float, int, int]]) -> tuple[Grid | None, int]:
    """The cheapest set of changes that makes ``best`` unique, and the grids tried."""
    heap: list[tuple[float, tuple[int, ...]]] = [(cost, (k,)) for k, (cost, _, _)
                                                 in enumerate(alts)]
    heapq.heapify(heap)
    attempts = 0
    while heap and attempts < MAX_ATTEMPTS and not budget.expired():
        cost, picks = heapq.heappop(heap)
        cells = [alts[k][1] for k in picks]
        if len(set(cells)) < len(cells):
            continue  # two readings of one cell
        attempts += 1
        grid = best.with_values((alts[k][1], alts[k][2]) for k in picks)
        if verdict_of(grid) == "unique":
            return grid, attempts
        if len(picks) < MAX_CHANGES:
            for k in range(picks[-1] + 1, len(alts)):
                heapq.heappush(heap, (cost + alts[k][0], (*picks, k)))
    return None, attempts
