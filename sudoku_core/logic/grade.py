"""A capped logical walk: can a puzzle be solved with techniques no harder than a level?

The generator asks this many times while it searches for a puzzle of a level; a full
:func:`.rate.rate` of a puzzle that is too hard tries every technique at every stuck point
(fish, chains, forcing chains), which on 16x16 costs seconds. The capped walk is the rating's
own walker (:class:`.walk.Walk`: singles in bulk, then the simplest technique first) with the
registry cut at the level and no trial steps, so it answers "level <= cap" with the same
verdict as ``rate(grid).level <= cap`` at a fraction of the cost. The label a generated puzzle
carries still comes from ``rate`` itself.
"""

from __future__ import annotations

from ..model import budget
from ..model.candidates import Candidates
from ..model.grid import Grid
from .techniques import LEVELS, TECHNIQUES, Level
from .walk import Walk


def solves_within(grid: Grid, level: Level) -> bool | None:
    """True if logic up to ``level`` solves ``grid`` (assumed unique); None once the call's
    deadline (``budget``) has passed."""
    cap = LEVELS.index(level)
    techniques = tuple(t for t in TECHNIQUES if LEVELS.index(t.level) <= cap)
    walk = Walk(Candidates.from_grid(grid), record=False, trials=False, techniques=techniques)
    try:
        return walk.run() == "solved"
    except budget.OutOfTime:
        return None
