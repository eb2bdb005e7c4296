"""Why a puzzle has no solution, in words: the logic walked until it breaks something.

A setter who adds one clue too many wants the first contradiction, not a bare "no solution":
the puzzle's conflicts when it has any ("5 appears twice in row 1"), else the techniques of
the one table are taken one by one, simplest first and with no uniqueness argument (a puzzle
with no solution has no unique one), until a cell has no candidate left or a digit has no place
left in a unit. The steps that led there come with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import budget
from ..model.budget import DEFAULT_TIME_LIMIT, OutOfTime
from ..model.candidates import Candidates
from ..model.conflicts import find_conflicts
from ..model.contract import frame
from ..model.grid import Grid, Shape, cell_name
from ..model.step import Step
from .walk import next_step

MAX_STEPS = 2000  # a walk longer than this has long since found what it could


@dataclass(frozen=True)
class Contradiction:
    """The first contradiction the logic reaches, or why it reached none."""

    shape: Shape
    found: bool  # a contradiction in words (else: stuck, solved or out of time)
    text: str  # "No candidate is left in r1c9."
    cells: tuple[int, ...]  # the cells it is about
    steps: tuple[Step, ...]  # the steps taken before it

    def to_json(self) -> dict[str, Any]:
        return {**frame(self.shape), "found": self.found, "text": self.text,
                "cells": list(self.cells), "steps": [s.to_json(self.shape) for s in self.steps],
                "message": self.text}


def why_no_solution(grid: Grid, *, time_limit: float | None = DEFAULT_TIME_LIMIT
                    ) -> Contradiction:
    """The first contradiction in ``grid``: a conflict, or where the logic breaks it."""
    n = grid.size
    conflicts = find_conflicts(grid)
    if conflicts:
        first = conflicts[0]
        return Contradiction(grid.shape, True, _sentence(first.describe(n)), first.cells, ())
    c = Candidates.from_grid(grid)
    taken: list[Step] = []
    try:
        with budget.deadline(time_limit):
            while len(taken) < MAX_STEPS:
                broken = _broken(c)
                if broken is not None:
                    text, cells = broken
                    return Contradiction(grid.shape, True, _after(text, taken), cells,
                                         tuple(taken))
                if c.is_solved():
                    return Contradiction(grid.shape, False, "The logic fills the grid: the "
                                         "puzzle has a solution.", (), tuple(taken))
                step = next_step(c, unique=False)
                if step is None:
                    break
                taken.append(step)
                c.apply(step)
    except OutOfTime:
        return Contradiction(grid.shape, False, f"Out of time after {len(taken)} steps, before "
                             "the logic reached a contradiction.", (), tuple(taken))
    return Contradiction(grid.shape, False, f"The logic is stuck after {len(taken)} steps, "
                         "before it reaches a contradiction.", (), tuple(taken))


def _broken(c: Candidates) -> tuple[str, tuple[int, ...]] | None:
    """A cell with no candidate, or a digit with no place in a unit, in words."""
    n = c.size
    for cell, v in enumerate(c.values):
        if not v and not c.masks[cell]:
            return f"no candidate is left in {cell_name(cell, n)}", (cell,)
    geo = c.geometry
    for u, unit in enumerate(geo.units):
        seen = 0
        for cell in unit:
            v = c.values[cell]
            seen |= (1 << (v - 1)) if v else c.masks[cell]
        if seen != c.full:
            missing = next(d for d in range(1, n + 1) if not seen >> (d - 1) & 1)
            kind, index = geo.unit_kind(u)
            return (f"digit {c.shape.symbol(missing)} has no place left in {kind} {index + 1}",
                    tuple(unit))
    return None


def _after(text: str, taken: list[Step]) -> str:
    if not taken:
        return _sentence(text)
    return _sentence(f"after {len(taken)} step{'s' if len(taken) > 1 else ''} of logic, {text}")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


__all__ = ["Contradiction", "why_no_solution"]
