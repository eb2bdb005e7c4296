"""Validation as a report: conflicts, dead cells and how many solutions, never an exception."""

from __future__ import annotations

from dataclasses import dataclass

from .expect import OPTIONAL_NUMBER, expect
from .grid import UNIT_KINDS, Grid, cell_name
from .solver import DEFAULT_MAX_NODES, DEFAULT_TIME_LIMIT, solve

STATUSES = ("solved", "unique", "multiple", "no_solution", "invalid", "gave_up")


@dataclass(frozen=True)
class Conflict:
    """One value repeated in one unit: every cell holding it there."""

    unit: str  # "row" | "column" | "box"
    index: int  # 0-based index of the unit within its kind
    value: int
    symbol: str
    cells: tuple[int, ...]

    def to_json(self, size: int) -> dict[str, object]:
        """JSON form: cells as 0-based [row, col] pairs."""
        return {
            "unit": self.unit,
            "index": self.index,
            "symbol": self.symbol,
            "cells": [[c // size, c % size] for c in self.cells],
        }

    def describe(self, size: int) -> str:
        """One sentence, r1c1 notation: '5 appears twice in row 1: r1c1, r1c5'."""
        times = {2: "twice", 3: "three times"}.get(len(self.cells), f"{len(self.cells)} times")
        where = ", ".join(cell_name(c, size) for c in self.cells)
        return f"{self.symbol} appears {times} in {self.unit} {self.index + 1}: {where}"


@dataclass(frozen=True)
class Report:
    """What validation found; ``status`` is one of STATUSES."""

    grid: Grid
    status: str
    conflicts: tuple[Conflict, ...]
    dead_cells: tuple[int, ...]  # empty cells that no value can fill
    solution: Grid | None
    count: int  # solutions found (counting stops at 2)
    nodes: int
    elapsed: float

    @property
    def is_valid(self) -> bool:
        """True for a puzzle with exactly one solution, or a correctly solved grid."""
        return self.status in ("unique", "solved")

    def message(self) -> str:
        """The verdict in words, cells in r1c1 notation."""
        n = self.grid.size
        if self.status == "invalid":
            lines = [c.describe(n) for c in self.conflicts]
            return "Conflicts: " + "; ".join(lines) + "."
        if self.status == "no_solution":
            if self.dead_cells:
                cells = ", ".join(cell_name(c, n) for c in self.dead_cells)
                return f"No solution: no value fits {cells}."
            return "No solution: the givens cannot all be kept."
        return {
            "solved": "Solved: the grid is complete and correct.",
            "unique": "Valid: exactly one solution.",
            "multiple": "Several solutions: the puzzle needs more givens.",
            "gave_up": "Gave up: the search ran out of its budget before deciding.",
        }[self.status]

    def to_json(self) -> dict[str, object]:
        """The CLI/web JSON contract for validation."""
        n = self.grid.size
        return {
            "status": self.status,
            "conflicts": [c.to_json(n) for c in self.conflicts],
            "dead_cells": [[c // n, c % n] for c in self.dead_cells],
            "solution_count": self.count,
            "unique": {"unique": True, "solved": True, "multiple": False,
                       "no_solution": False}.get(self.status),
            "message": self.message(),
            "nodes": self.nodes,
            "elapsed_ms": round(self.elapsed * 1000, 3),
        }


def find_conflicts(grid: Grid) -> list[Conflict]:
    """Every value repeated in a unit, rows then columns then boxes."""
    geo = grid.shape.geometry
    n = grid.size
    cells = grid.cells
    found = []
    for u, unit in enumerate(geo.units):
        seen: dict[int, list[int]] = {}
        for c in unit:
            v = cells[c]
            if v:
                seen.setdefault(v, []).append(c)
        for v in sorted(seen):
            if len(seen[v]) > 1:
                found.append(
                    Conflict(UNIT_KINDS[u // n], u % n, v, grid.shape.symbol(v), tuple(seen[v]))
                )
    return found


def find_dead_cells(grid: Grid) -> list[int]:
    """Empty cells whose filled peers already use every value."""
    return [i for i, v in enumerate(grid.cells) if not v and not grid.candidates(i)]


def validate(
    grid: Grid,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Report:
    """Check a grid: conflicts first, then count solutions up to two within the budget.

    >>> from sudoku_core import parse
    >>> validate(parse("..3..4.221......")).status
    'unique'
    >>> validate(parse("11..............")).conflicts[0].describe(4)
    '1 appears twice in row 1: r1c1, r1c2'
    """
    expect("validate", grid=(grid, Grid), time_limit=(time_limit, OPTIONAL_NUMBER))
    conflicts = tuple(find_conflicts(grid))
    dead = tuple(find_dead_cells(grid))
    if conflicts:
        return Report(grid, "invalid", conflicts, dead, None, 0, 0, 0.0)
    if grid.is_complete():
        return Report(grid, "solved", (), (), grid, 1, 0, 0.0)
    if dead:
        return Report(grid, "no_solution", (), dead, None, 0, 0, 0.0)
    r = solve(grid, limit=2, max_nodes=max_nodes, time_limit=time_limit)
    if r.count == 0:
        status = "gave_up" if r.status == "gave_up" else "no_solution"
    elif r.count >= 2:
        status = "multiple"
    else:
        status = "unique" if r.unique else "gave_up"
    return Report(grid, status, (), dead, r.solution, r.count, r.nodes, r.elapsed)
