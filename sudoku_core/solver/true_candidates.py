"""True candidates: every digit of every cell that some solution holds (the setter's view).

A setter checks a puzzle in progress by its true candidates: a cell with one true candidate is
settled, a cell with several is where the puzzle still needs a clue. Two ways in one budget:

1. Enumerate the solutions, up to ``ENUMERATE`` of them. When there are no more, the true
   candidates and the count of solutions that hold each candidate are exact and cheap.
2. Otherwise, for each candidate no solution found so far holds, ask the solver for one
   solution that holds it (the cell fixed to it). Every solution found confirms all its
   digits at once, so a 9x9 needs far fewer searches than candidates. Counts are then not reported.

Both use the variant search (any units, differ pairs, cage sums and placed rules).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Literal

from ..model import budget
from ..model.budget import DEFAULT_TIME_LIMIT
from ..model.conflicts import find_conflicts
from ..model.contract import line_of
from ..model.expect import OPTIONAL_NUMBER, expect
from ..model.grid import Grid, cell_name
from . import variant_search
from .exact import solve_within

ENUMERATE = 64  # solutions listed before switching to one search per open candidate
Status = Literal["solved", "no_solution", "invalid", "gave_up"]


@dataclass(frozen=True)
class TrueCandidatesResult:
    """Per cell, the digits some solution holds; per candidate, how many (when known)."""

    puzzle: Grid
    status: Status  # "solved": the lists are exact; "gave_up": the budget ran out first
    candidates: tuple[tuple[int, ...], ...]  # per cell; when gave_up: the digits proven so far
    counts: tuple[tuple[int, ...], ...] | None  # per cell, per digit 1..N: solutions holding it
    solution_count: int | None  # every solution, when at most ENUMERATE; else None
    elapsed: float
    searches: int  # solution searches run (one enumeration counts as one)

    def message(self) -> str:
        """The outcome in one sentence."""
        n = self.puzzle.size
        if self.status == "invalid":
            return f"The grid breaks the rules: {find_conflicts(self.puzzle)[0].describe(n)}."
        if self.status == "no_solution":
            return "The puzzle has no solution, so no cell has a true candidate."
        if self.status == "gave_up":
            return ("The time limit ran out: the candidates shown are proven, others may be "
                    "missing.")
        open_cells = [c for c, cand in enumerate(self.candidates)
                      if len(cand) > 1 and not self.puzzle.cells[c]]
        if not open_cells:
            return "Every cell has one true candidate: the puzzle has one solution."
        first = cell_name(open_cells[0], n)
        count = (f"{self.solution_count} solutions" if self.solution_count is not None
                 else f"more than {ENUMERATE} solutions")
        return (f"{len(open_cells)} cells have several true candidates ({count}); the first "
                f"is {first}.")

    def to_json(self) -> dict[str, Any]:
        """The JSON contract (docs/protocol.md, "true_candidates")."""
        g = self.puzzle
        out: dict[str, Any] = {
            "puzzle": line_of(g),
            "box": [g.shape.box_rows, g.shape.box_cols],
            "size": g.size,
            "status": self.status,
            "candidates": [list(c) for c in self.candidates],
            "counts": None if self.counts is None else [list(c) for c in self.counts],
            "solution_count": self.solution_count,
            "searches": self.searches,
            "elapsed_ms": round(self.elapsed * 1000, 3),
            "message": self.message(),
        }
        if g.shape.variant is not None:
            out["variant"] = g.shape.variant.to_json()
        return out


def true_candidates(grid: Grid, time_limit: float | None = DEFAULT_TIME_LIMIT
                    ) -> TrueCandidatesResult:
    """Every digit of every cell that some solution of ``grid`` holds, within the budget.

    >>> from sudoku_core import parse
    >>> r = true_candidates(parse("..3..4.221......"))
    >>> r.status, r.solution_count, r.candidates[0]
    ('solved', 1, (1,))
    """
    expect("true_candidates", grid=(grid, Grid), time_limit=(time_limit, OPTIONAL_NUMBER))
    start = time.perf_counter()
    with budget.deadline(time_limit):
        return _find(grid, start)


def _find(grid: Grid, start: float) -> TrueCandidatesResult:
    n = grid.size
    empty = tuple(() for _ in grid.cells)

    def result(status: Status, cands: tuple[tuple[int, ...], ...],
               counts: tuple[tuple[int, ...], ...] | None, total: int | None,
               searches: int) -> TrueCandidatesResult:
        return TrueCandidatesResult(grid, status, cands, counts, total,
                                    time.perf_counter() - start, searches)

    if find_conflicts(grid):
        return result("invalid", empty, None, 0, 0)
    listed = variant_search.solutions(grid, ENUMERATE + 1)
    if listed is None:
        return result("gave_up", empty, None, None, 1)
    if not listed:
        return result("no_solution", empty, None, 0, 1)
    seen = [0] * len(grid.cells)  # per cell, the mask of digits some found solution holds
    for sol in listed:
        for c, v in enumerate(sol):
            seen[c] |= 1 << (v - 1)
    if len(listed) <= ENUMERATE:
        counts = tuple(tuple(sum(1 for sol in listed if sol[c] == d) for d in range(1, n + 1))
                       for c in range(len(grid.cells)))
        return result("solved", _digits(seen), counts, len(listed), 1)
    possible = variant_search.root_masks(grid)
    assert possible is not None  # a solution exists, so propagation found no contradiction
    searches, done = _confirm(grid, seen, possible)
    return result("solved" if done else "gave_up", _digits(seen), None, None, searches + 1)


def _confirm(grid: Grid, seen: list[int], possible: list[int]) -> tuple[int, bool]:
    """Search a solution for each candidate ``seen`` lacks (``seen`` grows with each one
    found): the searches run, and False when the budget ran out first."""
    searches = 0
    for c in range(len(grid.cells)):
        for d in range(1, grid.size + 1):
            bit = 1 << (d - 1)
            if seen[c] & bit or not possible[c] & bit:
                continue
            searches += 1
            # The solver itself (restarts, learnt branching weights; the classic engines on a
            # classic grid): a candidate no solution holds needs a proof, which a plain
            # depth-first walk can take minutes to give.
            found = solve_within(grid.with_values([(c, d)]), limit=1)
            if found.status == "gave_up":  # "invalid", "no_solution": a proof it is false
                return searches, False
            if found.solution is not None:
                for cc, v in enumerate(found.solution.cells):
                    seen[cc] |= 1 << (v - 1)
    return searches, True


def _digits(masks: list[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(d for d in range(1, m.bit_length() + 1) if m >> (d - 1) & 1)
                 for m in masks)
