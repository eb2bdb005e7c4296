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
from .grid import Shape

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
