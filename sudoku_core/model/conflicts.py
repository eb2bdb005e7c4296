"""Rule breaks visible without search: values repeated in a unit, cells no value can fill."""

from __future__ import annotations

from dataclasses import dataclass

from .candidates import Candidates
from .contract import Json, frame, pairs
from .expect import expect
from .grid import UNIT_KINDS, Grid, Shape, cell_name


@dataclass(frozen=True)
class Conflict:
    """One value repeated in one unit: every cell holding it there."""

    unit: str  # "row" | "column" | "box"
    index: int  # 0-based index of the unit within its kind
    value: int
    symbol: str
    cells: tuple[int, ...]

    def to_json(self, shape: Shape) -> Json:
        """JSON form: cells as [row, col] pairs and indices, the unit's own cells too."""
        n = shape.size
        unit = UNIT_KINDS.index(self.unit) * n + self.index
        return {
            "unit": self.unit,
            "index": self.index,
            "symbol": self.symbol,
            "cells": pairs(self.cells, n),
            "value": self.value,
            "indices": list(self.cells),
            "unit_cells": list(shape.geometry.units[unit]),
        }

    def describe(self, size: int) -> str:
        """One sentence, r1c1 notation: '5 appears twice in row 1: r1c1, r1c5'."""
        times = {2: "twice", 3: "three times"}.get(len(self.cells), f"{len(self.cells)} times")
        where = ", ".join(cell_name(c, size) for c in self.cells)
        return f"{self.symbol} appears {times} in {self.unit} {self.index + 1}: {where}"


def find_conflicts(grid: Grid) -> list[Conflict]:
    """Every value repeated in a unit, rows then columns then boxes."""
    expect("find_conflicts", grid=(grid, Grid))
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
    masks = Candidates.from_grid(grid).masks
    return [i for i, v in enumerate(grid.cells) if not v and not masks[i]]


@dataclass(frozen=True)
class Check:
    """The rule breaks of a grid, cheap enough to compute after every keystroke."""

    grid: Grid
    conflicts: tuple[Conflict, ...]
    dead_cells: tuple[int, ...]

    def message(self) -> str:
        """What is wrong, or that nothing visible is."""
        n = self.grid.size
        parts = [c.describe(n) + "." for c in self.conflicts]
        if self.dead_cells:
            where = ", ".join(cell_name(c, n) for c in self.dead_cells)
            parts.append(f"No value fits {where}.")
        if parts:
            return " ".join(p[0].upper() + p[1:] for p in parts)
        if self.grid.is_complete():
            return "The grid is complete and breaks no rule."
        return "No rule is broken so far."

    def to_json(self) -> Json:
        """Conflicts, dead cells and completeness (docs/protocol.md: check)."""
        shape = self.grid.shape
        n = shape.size
        return {
            **frame(shape),
            "conflicts": conflicts_json(self.conflicts, shape),
            "dead_cells": pairs(self.dead_cells, n),
            "dead_indices": list(self.dead_cells),
            "complete": self.grid.is_complete(),
            "message": self.message(),
        }


def check(grid: Grid) -> Check:
    """Conflicts and dead cells of a grid (no search)."""
    return Check(grid, tuple(find_conflicts(grid)), tuple(find_dead_cells(grid)))


def conflicts_json(conflicts: list[Conflict] | tuple[Conflict, ...], shape: Shape) -> list[Json]:
    """A list of conflicts in JSON form."""
    return [c.to_json(shape) for c in conflicts]
