"""Validation as a report: conflicts, dead cells, wrong entries, how many solutions; no exception.

With ``givens`` (the original puzzle) beside the grid, the report tells apart: givens that
have no solution, entries that contradict the givens' solution (``wrong_cells``), several
solutions, and a full grid that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..model.budget import DEFAULT_TIME_LIMIT
from ..model.conflicts import Conflict, conflicts_json, find_conflicts, find_dead_cells
from ..model.contract import frame, line_of, pairs
from ..model.expect import NONE, OPTIONAL_NUMBER, expect
from ..model.grid import Grid
from ..model.messages import conflicts_text, no_fit, wrong_entries_text
from .exact import DEFAULT_MAX_NODES, solve
from .leftovers import leftover_clash

__all__ = ["Conflict", "Report", "ValidateStatus", "find_conflicts", "find_dead_cells",
           "validate"]

ValidateStatus = Literal["solved", "unique", "multiple", "no_solution", "invalid",
                         "wrong_entries", "gave_up"]


@dataclass(frozen=True)
class Report:
    """What validation found."""

    grid: Grid
    status: ValidateStatus
    conflicts: tuple[Conflict, ...]
    dead_cells: tuple[int, ...]  # empty cells that no value can fill
    solution: Grid | None
    count: int  # solutions found (counting stops at 2)
    nodes: int
    elapsed: float
    givens: Grid | None = None  # the original puzzle, when the grid holds entries too
    wrong_cells: tuple[int, ...] = ()  # entries (or changed givens) that break the solution
    timed_out: bool = False  # gave up because the time limit ran out

    @property
    def is_valid(self) -> bool:
        """True for a puzzle with exactly one solution, or a correctly solved grid."""
        return self.status in ("unique", "solved")

    @property
    def unique(self) -> bool | None:
        """True: one solution (or solved); False: several; None: unknown or none at all."""
        return {"unique": True, "solved": True, "wrong_entries": True,
                "multiple": False}.get(self.status)

    def message(self) -> str:
        """The verdict in words, cells in r1c1 notation."""
        n = self.grid.size
        full = self.grid.is_complete()
        if self.status == "invalid":
            lead = "The grid is full but breaks the rules: " if full else "Conflicts: "
            return lead + conflicts_text(self.conflicts, n) + "."
        if self.status == "wrong_entries":
            text = wrong_entries_text(self.grid, self.wrong_cells, self.givens)
            return f"The grid is full, but {text[0].lower()}{text[1:]}" if full else text
        if self.status == "no_solution":
            if self.dead_cells:
                return no_fit(self.dead_cells, n)
            layout = leftover_clash(self.grid.shape)
            if layout is not None:
                return f"No solution: {layout}."
            if self.givens is not None:
                return "No solution: the givens cannot all be kept."
            return "No solution: the filled cells cannot all be kept."
        if self.status == "solved":
            return "Solved: the grid is complete and correct."
        if self.status == "unique":
            if self.givens is not None and self.grid != self.givens:
                return "Valid: exactly one solution, and every entry so far fits it."
            return "Valid: exactly one solution."
        if self.status == "multiple":
            return "Several solutions: the puzzle needs more givens."
        if self.timed_out:
            return "Gave up: the time limit ran out before the search could decide."
        return "Gave up: the search ran out of its node budget before deciding."

    def to_json(self) -> dict[str, Any]:
        """The CLI/web JSON contract for validation (docs/protocol.md)."""
        shape = self.grid.shape
        n = shape.size
        out: dict[str, Any] = {"puzzle": self.grid.line(), "status": self.status}
        out.update(frame(shape))
        out.update({
            "conflicts": conflicts_json(self.conflicts, shape),
            "dead_cells": pairs(self.dead_cells, n),
            "dead_indices": list(self.dead_cells),
            "wrong_cells": pairs(self.wrong_cells, n),
            "wrong_indices": list(self.wrong_cells),
            "solution_count": self.count,
            "unique": self.unique,
            "timed_out": self.timed_out,
            "givens": line_of(self.givens),
            "message": self.message(),
            "nodes": self.nodes,
            "elapsed_ms": round(self.elapsed * 1000, 3),
        })
        return out


def validate(
    grid: Grid,
    *,
    givens: Grid | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Report:
    """Check a grid: conflicts first, then count solutions up to two within the budget.

    With ``givens``, the grid's other cells are the user's entries: they are compared with the
    givens' solution, and a removed or changed given is a wrong cell too.

    >>> from sudoku_core import parse
    >>> validate(parse("..3..4.221......")).status
    'unique'
    >>> r = validate(parse("..3..4.221..3..."), givens=parse("..3..4.221......"))
    >>> r.status, r.message()
    ('wrong_entries', 'r4c1 = 3 does not fit the solution.')
    """
    expect("validate", grid=(grid, Grid), givens=(givens, (Grid, NONE)),
           time_limit=(time_limit, OPTIONAL_NUMBER))
    if givens is not None:
        if givens.shape != grid.shape:
            raise ValueError(f"the grid is {grid.shape} but the givens are {givens.shape}")
        return _against_givens(grid, givens, max_nodes, time_limit)
    return _alone(grid, max_nodes, time_limit)


def _alone(grid: Grid, max_nodes: int | None, time_limit: float | None) -> Report:
    conflicts = tuple(find_conflicts(grid))
    dead = tuple(find_dead_cells(grid))
    if conflicts:
        return Report(grid, "invalid", conflicts, dead, None, 0, 0, 0.0)
    if grid.is_complete():
        return Report(grid, "solved", (), (), grid, 1, 0, 0.0)
    if dead:
        return Report(grid, "no_solution", (), dead, None, 0, 0, 0.0)
    r = solve(grid, limit=2, max_nodes=max_nodes, time_limit=time_limit)
    status: ValidateStatus
    if r.count == 0:
        status = "gave_up" if r.status == "gave_up" else "no_solution"
    elif r.count >= 2:
        status = "multiple"
    else:
        status = "unique" if r.unique else "gave_up"
    return Report(grid, status, (), dead, r.solution, r.count, r.nodes, r.elapsed,
                  timed_out=r.timed_out)


def _against_givens(grid: Grid, givens: Grid, max_nodes: int | None,
                    time_limit: float | None) -> Report:
    base = _alone(givens, max_nodes, time_limit)
    if base.status != "unique":
        # The givens themselves are at fault (or ambiguous): that is the verdict, on them.
        return Report(grid, base.status, base.conflicts, base.dead_cells, base.solution,
                      base.count, base.nodes, base.elapsed, givens, timed_out=base.timed_out)
    solution = base.solution
    assert solution is not None
    conflicts = tuple(find_conflicts(grid))
    wrong = tuple(c for c, v in enumerate(grid.cells)
                  if (givens.cells[c] and v != givens.cells[c])
                  or (v and v != solution.cells[c]))
    dead = tuple(find_dead_cells(grid))
    status: ValidateStatus
    if conflicts:
        status = "invalid"
    elif wrong:
        status = "wrong_entries"
    else:
        status = "solved" if grid.is_complete() else "unique"
    return Report(grid, status, conflicts, dead, solution, base.count, base.nodes,
                  base.elapsed, givens, wrong)

