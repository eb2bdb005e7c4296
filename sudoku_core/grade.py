"""A capped logical walk: can a puzzle be solved with techniques no harder than a level?

The generator asks this many times while it searches for a puzzle of a level; a full
:func:`.rate.rate` of a puzzle that is too hard tries every technique at every stuck point
(fish, chains, forcing chains), which on 16x16 costs seconds. The capped walk takes the same
path as the rating (singles to a fixed point, then the registry's simplest technique first) but
stops where only harder techniques would help, so it answers "level <= cap" with the same
verdict as ``rate(grid).level <= cap`` at a fraction of the cost. The label a generated puzzle
carries still comes from ``rate`` itself.
"""

from __future__ import annotations

import time

from .candidates import Candidates
from .explain import propagate
from .grid import Grid
from .techniques import LEVELS, registry

_SINGLES = ("Full House", "Hidden Single", "Naked Single")


def solves_within(grid: Grid, level: str, *, deadline: float | None = None) -> bool | None:
    """True if logic up to ``level`` solves ``grid`` (assumed unique); None past ``deadline``."""
    cap = LEVELS.index(level)
    techniques = [t for t in registry()
                  if t.name not in _SINGLES and LEVELS.index(t.level) <= cap]
    c = Candidates.from_grid(grid)
    while True:
        if not propagate(c):
            return False  # a contradiction: not a unique puzzle after all
        if c.is_solved():
            return True
        if deadline is not None and time.perf_counter() > deadline:
            return None
        for tech in techniques:
            step = tech.find(c)
            if step is not None and (step.placements or step.eliminations):
                c.apply(step)
                break
        else:
            return False
