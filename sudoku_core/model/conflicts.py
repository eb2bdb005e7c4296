"""Rule breaks visible without search: values repeated in a unit, cells no value can fill."""

from __future__ import annotations

from dataclasses import dataclass

from .candidates import Candidates
from .constraints.anti_king import KING_MOVES
from .constraints.anti_knight import KNIGHT_MOVES
from .constraints.base import moves_apart
from .constraints.killer import Cage
from .constraints.rule import Board, broken_parts
from .contract import Json, frame, pairs
from .expect import expect
from .grid import UNIT_KINDS, Grid, Shape, cell_name
from .variants import sum_reachable


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
    """Every value repeated in a unit, rows then columns then boxes."""
    expect("find_conflicts", grid=(grid, Grid))
    if grid.shape.variant is not None:
        return _variant_conflicts(grid)
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


def _variant_conflicts(grid: Grid) -> list[Conflict]:
    """Repeats in every unit, then cages (repeats, sums), then knight and king pairs."""
    shape = grid.shape
    geo = shape.geometry
    variant = shape.variant
    assert variant is not None
    cells = grid.cells
    sym = shape.symbol
    found = []
    for u, unit in enumerate(geo.units):
        kind, index = geo.unit_kind(u)
        for v, where in _repeats(cells, unit):
            found.append(Conflict(kind, index, v, sym(v), where, "repeated digit", unit))
    for k, cage in enumerate(variant.cages):
        found += _cage_conflicts(grid, k, cage)
    for kind, on, moves in (("knight", variant.anti_knight, KNIGHT_MOVES),
                            ("king", variant.anti_king, KING_MOVES)):
        if on:
            for index, (a, b) in enumerate(moves_apart(grid.size, moves)):
                if cells[a] and cells[a] == cells[b]:
                    found.append(Conflict(kind, index, cells[a], sym(cells[a]), (a, b),
                                          "repeated digit", (a, b)))
    found += _placed_conflicts(grid)
    return found


def _placed_conflicts(grid: Grid) -> list[Conflict]:
    """Each placed rule whose filled cells already leave it no way to hold."""
    variant = grid.shape.variant
    assert variant is not None
    if not variant.constraints:
        return []
    board = Board(grid.size, grid.shape.geometry.box_of)
    cells = grid.cells
    found = []
    seen: dict[str, int] = {}
    for rule in variant.constraints:
        k = seen.get(rule.kind, 0)
        seen[rule.kind] = k + 1
        for scope in broken_parts(rule, variant, cells, board):
            filled = tuple(c for c in scope if cells[c])
            found.append(Conflict(rule.kind, k, 0, "", filled, "rule broken", scope))
    return found


def _cage_conflicts(grid: Grid, k: int, cage: Cage) -> list[Conflict]:
    """A cage's repeated digits, or else its sum exceeded or out of reach."""
    cells = grid.cells
    sym = grid.shape.symbol
    repeats = _repeats(cells, cage.cells)
    found = [Conflict("cage", k, v, sym(v), where, "repeated digit", cage.cells, cage.total)
             for v, where in repeats]
    if cage.total is None or repeats:
        return found
    placed = [cells[c] for c in cage.cells if cells[c]]
    filled = tuple(c for c in cage.cells if cells[c])
    free = len(cage.cells) - len(placed)
    if sum(placed) > cage.total or (not free and sum(placed) != cage.total):
        reason = "sum exceeded" if sum(placed) > cage.total else "sum unreachable"
        found.append(Conflict("cage", k, 0, "", filled, reason, cage.cells, cage.total))
    elif not sum_reachable(cage.total - sum(placed), free, grid.size, placed):
        found.append(Conflict("cage", k, 0, "", filled, "sum unreachable", cage.cells,
                              cage.total))
    return found


def _repeats(cells: tuple[int, ...], unit: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
    seen: dict[int, list[int]] = {}
    for c in unit:
        v = cells[c]
        if v:
            seen.setdefault(v, []).append(c)
    return [(v, tuple(seen[v])) for v in sorted(seen) if len(seen[v]) > 1]


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
