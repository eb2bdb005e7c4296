"""Rule breaks visible without search: values repeated in a unit, cells no value can fill."""

from __future__ import annotations

from dataclasses import dataclass

from .candidates import Candidates
from .constraints import TABLE
from .constraints.base import repeats
from .contract import Json, frame, pairs
from .expect import expect
from .grid import UNIT_KINDS, Grid, Shape, cell_name


@dataclass(frozen=True)
class Conflict:
    """One value repeated in one unit: every cell holding it there.

    Variants add kinds: 'region', 'diagonal', 'window', 'cage' (a repeated digit, or
    ``reason`` 'sum exceeded' / 'sum unreachable' with ``value`` 0), and 'knight' / 'king'
    (one value a knight's or king's move apart). Their ``unit_cells`` are stored.
    """

    unit: str  # "row" | "column" | "box" (variants: see above)
    index: int  # 0-based index of the unit within its kind
    value: int
    symbol: str
    cells: tuple[int, ...]
    reason: str = ""  # variants: "repeated digit" | "sum exceeded" | "sum unreachable"
    unit_cells: tuple[int, ...] = ()  # variants: every cell of the unit, cage or pair
    total: int | None = None  # a cage's sum

    def to_json(self, shape: Shape) -> Json:
        """JSON form: cells as [row, col] pairs and indices, the unit's own cells too."""
        n = shape.size
        # A variant's conflict names its own unit's cells and its reason; a classic one's unit
        # is a row, column or box of the shape (its JSON unchanged).
        unit_cells = (list(self.unit_cells) if self.reason else
                      list(shape.geometry.units[UNIT_KINDS.index(self.unit) * n + self.index]))
        out: Json = {
            "unit": self.unit,
            "index": self.index,
            "symbol": self.symbol,
            "cells": pairs(self.cells, n),
            "value": self.value,
            "indices": list(self.cells),
            "unit_cells": unit_cells,
        }
        if self.reason:
            out["reason"] = self.reason
            out["message"] = self.describe(n)
            if self.unit == "cage":
                out["sum"] = self.total
        return out

    def describe(self, size: int) -> str:
        """One sentence, r1c1 notation: '5 appears twice in row 1: r1c1, r1c5'."""
        times = {2: "twice", 3: "three times"}.get(len(self.cells), f"{len(self.cells)} times")
        where = ", ".join(cell_name(c, size) for c in self.cells)
        if self.unit in ("knight", "king"):
            return f"{self.symbol} is a {self.unit}'s move apart: {where}"
        label = self.unit if self.total is None else f"{self.unit} {self.total}"
        at = f"{label} at {cell_name(self.unit_cells[0], size)}" if self.unit == "cage" else (
            f"{self.unit} {self.index + 1}")
        if self.reason == "rule broken":
            # A placed rule (a thermometer, a dot, a clue): its filled cells cannot all hold.
            return f"the digits break the {self.unit} at {cell_name(self.unit_cells[0], size)}: " \
                   f"{where}"
        if self.reason == "sum exceeded":
            return f"the digits of {at} add up to more than {self.total}: {where}"
        if self.reason == "sum unreachable":
            # An empty cage names no cells: the sum alone is out of reach of distinct digits.
            return f"no distinct digits can complete {at} to {self.total}" + (
                f": {where}" if where else "")
        return f"{self.symbol} appears {times} in {at}: {where}"


def find_conflicts(grid: Grid) -> list[Conflict]:
    """Every value repeated in a unit (rows, columns, boxes, then the rules' own units), then
    what each rule of the constraint table says its filled cells break (cages, moves, lines)."""
    expect("find_conflicts", grid=(grid, Grid))
    shape = grid.shape
    geo = shape.geometry
    cells = grid.cells
    sym = shape.symbol
    # A classic puzzle's conflicts keep their documented JSON (no reason, a row, column or
    # box); a variant's name their reason and unit cells, as its other conflicts do.
    reason = "" if shape.variant is None else "repeated digit"
    found = []
    for unit, (kind, index) in zip(geo.units, geo.kinds, strict=True):
        filled = [cells[c] for c in unit if cells[c]]
        if len(set(filled)) < len(filled):  # most units repeat nothing: a cheap test first
            for v, where in repeats(cells, unit):
                found.append(Conflict(kind, index, v, sym(v), where, reason,
                                      unit if reason else ()))
    if shape.variant is not None:
        for row in TABLE:
            for b in row.breaks(shape.variant, cells, geo.box_of):
                found.append(Conflict(b.kind, b.nth, b.value, sym(b.value) if b.value else "",
                                      b.cells, b.reason, b.unit_cells, b.total))
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
