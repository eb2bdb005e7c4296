"""Difficulty rating from the techniques the logical path needs (table in docs/rating.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .expect import OPTIONAL_NUMBER, expect
from .explain import DEFAULT_TIME_LIMIT, _run
from .grid import Grid


@dataclass(frozen=True)
class Rating:
    """Level, score (weight of the hardest step), hardest technique, and trial flag."""

    level: str | None  # "Easy" | "Medium" | "Hard" | "Expert" | "Extreme"; None unless solved
    score: int
    hardest: str
    trial: bool
    status: str = "solved"  # as Path.status: "solved", "invalid", "no_solution", "multiple"...
    counts: tuple[tuple[str, int], ...] = ()  # steps per technique
    timed_out: bool = False  # the time limit cut the walk short (then status is "gave_up")

    def to_json(self) -> dict[str, Any]:
        """The JSON contract of `rate`."""
        return {
            "status": self.status,
            "level": self.level,
            "score": self.score,
            "hardest": self.hardest,
            "trial": self.trial,
            "counts": dict(self.counts),
            "timed_out": self.timed_out,
        }


def rate(grid: Grid, *, time_limit: float | None = None) -> Rating:
    """Rate a puzzle: the same path as ``steps``, with singles taken in bulk for speed."""
    expect("rate", grid=(grid, Grid), time_limit=(time_limit, OPTIONAL_NUMBER))
    path = _run(grid, time_limit=DEFAULT_TIME_LIMIT if time_limit is None else time_limit,
                record=False, verify=True)
    return Rating(path.level, path.score, path.hardest, path.trial, path.status,
                  tuple(sorted(path.counts.items())), path.timed_out)
