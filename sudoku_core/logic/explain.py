"""The logical path of a puzzle: the simplest step each time, trial and error only as a last resort.

``steps(grid)`` walks from the givens to the solution with the one walker (:mod:`.walk`). When
no technique applies, a *trial* step (``trial=True``, :mod:`.trial`) keeps the walk going, and
it is sound.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ..model import budget
from ..model.candidates import Candidates
from ..model.contract import frame, line_of, values_of
from ..model.expect import OPTIONAL_NUMBER, expect
from ..model.grid import Grid, Shape
from ..model.messages import path_message
from ..model.step import Step
from ..solver.exact import solve_within
from .techniques import Level, level_of
from .walk import Walk

PathStatus = Literal["solved", "invalid", "no_solution", "multiple", "gave_up"]


@dataclass(frozen=True)
class Path:
    """A logical solution path and the difficulty it shows."""

    # "solved": the path reaches the end; "invalid": givens conflict; "no_solution";
    # "multiple": several solutions, the path stops where logic cannot choose;
    # "gave_up": the budget ran out (timed_out) or no trial step could be proven within it.
    status: PathStatus
    steps: tuple[Step, ...]
    level: Level | None  # None unless solved
    score: int  # weight of the hardest step (SE-like rating x 10)
    hardest: str  # technique name of the hardest step
    trial: bool  # True when some step is trial and error
    shape: Shape
    solution: Grid | None = None
    timed_out: bool = False  # the time limit cut the walk short (then status is "gave_up")
    elapsed: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)  # steps per technique
    puzzle: Grid | None = None  # the grid the path starts from

    def message(self) -> str:
        """The outcome in one plain-English sentence."""
        return path_message(self.status, len(self.steps), self.level, self.score, self.hardest,
                            self.trial, self.timed_out)

    def to_json(self) -> dict[str, Any]:
        """The JSON contract of `steps` (docs/protocol.md)."""
        out: dict[str, Any] = {"puzzle": line_of(self.puzzle)}
        out.update(frame(self.shape))
        out.update({
            "status": self.status,
            "level": self.level,
            "score": self.score,
            "hardest": self.hardest,
            "trial": self.trial,
            "steps": [s.to_json(self.shape) for s in self.steps],
            "solution": line_of(self.solution),
            "values": values_of(self.solution),
            "timed_out": self.timed_out,
            "counts": self.counts,
            "message": self.message(),
        })
        return out


def steps(grid: Grid, *, time_limit: float | None = budget.DEFAULT_TIME_LIMIT,
          verify: bool = True, on_step: Callable[[Step], None] | None = None) -> Path:
    """The logical path from ``grid`` to its solution, simplest technique first.

    ``time_limit`` bounds the whole call (None: only an outer ``budget.deadline``). With
    ``verify`` a step that contradicts the known unique solution is dropped (a safety net for
    users; the soundness tests turn it off so that such a step shows up). ``on_step`` is told
    of each step as soon as it is found (the page shows the first ones while the walk goes on).
    """
    expect("steps", grid=(grid, Grid), time_limit=(time_limit, OPTIONAL_NUMBER))
    return walk_path(grid, time_limit=time_limit, record=True, verify=verify, on_step=on_step)


def walk_path(grid: Grid, *, time_limit: float | None, record: bool, verify: bool,
              observe: Callable[[str, Step | None], None] | None = None,
              on_step: Callable[[Step], None] | None = None) -> Path:
    """The walk behind ``steps`` (``record``: every step kept) and ``rate`` (singles tallied).

    ``observe`` is called with each step as the walk takes it (see ``Walk.observe``);
    ``on_step`` with each step kept, as it is found (the page's streamed Steps).
    """
    start = time.perf_counter()
    shape = grid.shape
    with budget.deadline(time_limit):
        # One deadline bounds the whole call: the uniqueness check, the technique search and
        # the trial steps' searches.
        result = solve_within(grid, limit=2)
        if result.status in ("invalid", "no_solution"):
            return Path(result.status, (), None, 0, "", False, shape,
                        elapsed=time.perf_counter() - start, puzzle=grid)
        unique = result.unique is True
        w = Walk(Candidates.from_grid(grid), result.solution if unique else None, unique,
                 verify, record, observe=observe, on_step=on_step)
        timed_out = False
        try:
            end = w.run()
        except budget.OutOfTime:
            end, timed_out = "stuck", True
    status: PathStatus
    if timed_out or (end == "stuck" and result.unique is None):
        status = "gave_up"  # out of time, or no proof either way within the budget
    elif end == "no_solution":
        status = "no_solution"
    elif result.unique is False:
        status = "multiple"
    else:
        status = "solved" if end == "solved" else "gave_up"
    # Only a solved path shows a difficulty: a puzzle with conflicts, no solution or several
    # solutions has none, and a cut-short path has not met its hardest step yet.
    level: Level | None = None
    if status == "solved":
        level = level_of(w.best) if w.best else "Easy"  # no step: the grid was complete
    return Path(status, tuple(w.steps), level, w.best, w.hardest, w.trial, shape,
                result.solution if status in ("solved", "multiple") else None, timed_out,
                time.perf_counter() - start, dict(w.counts), grid)
