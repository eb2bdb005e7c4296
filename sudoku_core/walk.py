"""The one logical walker's step: the simplest technique that makes progress, checked.

``steps``, ``hint``, ``rate`` and the generator's capped walk all take their next step here,
so the guard against a step that changes nothing (which would loop forever) is written once.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import budget
from .candidates import Candidates
from .grid import Grid
from .step import Step
from .techniques import TECHNIQUES, Technique


def changes(c: Candidates, step: Step) -> bool:
    """True if the step fills an empty cell or removes a candidate that is there."""
    values = c.values
    return any(not values[cell] for cell, _ in step.placements) or any(
        c.has(cell, v) for cell, v in step.eliminations)


def consistent(step: Step, solution: Grid | None) -> bool:
    """False if the step places a wrong value or removes the solution's value."""
    if solution is None:
        return True
    cells = solution.cells
    return all(cells[cell] == v for cell, v in step.placements) and all(
        cells[cell] != v for cell, v in step.eliminations)


def next_step(c: Candidates, *, unique: bool = True, solution: Grid | None = None,
              techniques: Iterable[Technique] = TECHNIQUES) -> Step | None:
    """The first step, in registry order, that changes ``c`` (and fits ``solution`` if known).

    Uniqueness techniques are tried only when ``unique``; the budget is checked between
    techniques (``budget.OutOfTime`` once the deadline has passed).
    """
    for tech in techniques:
        if tech.needs_unique and not unique:
            continue
        budget.check()
        step = tech.find(c)
        if step is None or not changes(c, step):
            continue  # nothing new: taking it would loop forever
        if not consistent(step, solution):
            continue  # a safety net: never show a step that contradicts the solution
        return step
    return None
