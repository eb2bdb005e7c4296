"""The Step: one logical deduction, shared by the techniques, the walker, hints and the page.

It lives apart from ``techniques`` and ``candidates`` so that both can import it (no cycle).

Roles used in ``Step.cells`` and ``Step.candidates`` (for highlighting):
cells: "target" (gets a placement), "elimination" (loses a candidate), "base"/"cover" (fish and
subsets: the cells that make the pattern), "pivot"/"pincer" (wings), "fin", "link", "on"/"off"
(colours and chains).
candidates: "place" (the value placed), "remove" (eliminated), "key" (the candidates that prove
it), "on"/"off" (colour or chain parity).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .contract import cell_ref, unit_ref, value_ref
from .grid import Grid, Shape

Placement = tuple[int, int]  # (cell, value)
Elimination = tuple[int, int]  # (cell, value)


@dataclass(frozen=True)
class Step:
    """One logical step: what it places or removes, why (one sentence), and what it involves."""

    technique: str  # "Hidden Single", "X-Wing", "Unique Rectangle Type 2" ...
    placements: tuple[Placement, ...]
    eliminations: tuple[Elimination, ...]
    text: str  # "Hidden single: in box 2, 7 fits only r3c5"
    trial: bool = False
    cells: tuple[tuple[int, str], ...] = ()  # (cell, role)
    units: tuple[int, ...] = ()  # unit indices: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1
    candidates: tuple[tuple[int, int, str], ...] = ()  # (cell, value, role)
    region: str = ""  # for a nudge: "box 2", "rows 2 and 7"

    def to_json(self, shape: Shape) -> dict[str, Any]:
        """The JSON contract of a step: cells as [row, col] and index, values beside symbols."""
        n = shape.size
        return {
            "technique": self.technique,
            "trial": self.trial,
            "placements": [value_ref(c, v, shape) for c, v in self.placements],
            "eliminations": [value_ref(c, v, shape) for c, v in self.eliminations],
            "text": self.text,
            "cells": [{**cell_ref(c, n), "role": role} for c, role in self.cells],
            "units": [unit_ref(shape, u) for u in self.units],
            "candidates": [{**value_ref(c, v, shape), "role": role}
                           for c, v, role in self.candidates],
            "region": self.region,
        }


# Cells a step changes (or that only frame it): never among its causes.
_CHANGED_ROLES = frozenset({"target", "elimination", "wrong"})


def cause_cells(step: Step, grid: Grid) -> tuple[int, ...]:
    """The cells that cause ``step`` on ``grid`` (the grid it starts from), so that a person
    can see why: for a placement in a unit the step names (a hidden single), per other empty
    cell of that unit a filled peer holding the value (what rules that cell out); for a
    placement with no unit (a naked single), per other value a filled peer holding it; for
    any step, the cells of its pattern (every role but the cells it changes). Candidates
    removed by earlier steps have no cell to show, so a cell ruled out only by them adds none.
    """
    geo = grid.shape.geometry
    values = grid.cells
    changed = {c for c, _ in step.placements} | {c for c, _ in step.eliminations}
    found: dict[int, None] = {}

    def holder(cell: int, value: int) -> int | None:
        return next((p for p in geo.peers[cell] if values[p] == value), None)

    for target, value in step.placements:
        units = [u for u in step.units if target in geo.units[u]]
        if units:
            for u in units:
                for other in geo.units[u]:
                    if other != target and not values[other]:
                        p = holder(other, value)
                        if p is not None:
                            found[p] = None
        else:
            for other_value in range(1, grid.size + 1):
                if other_value != value:
                    p = holder(target, other_value)
                    if p is not None:
                        found[p] = None
    for cell, role in step.cells:
        if role not in _CHANGED_ROLES and cell not in changed:
            found[cell] = None
    return tuple(c for c in found if c not in changed)
