"""Difficulty rating from the techniques the logical path needs (table in docs/rating.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import budget
from ..model.budget import DEFAULT_TIME_LIMIT
from ..model.contract import frame, line_of
from ..model.expect import OPTIONAL_NUMBER, expect
from ..model.grid import Grid
from ..model.messages import rating_message
from .explain import PathStatus, walk_path
from .se_scale import PathTally, SeRating, se_rating
from .techniques import Level, level_of


@dataclass(frozen=True)
class Rating:
    """Level, score (weight of the hardest step), hardest technique, and trial flag."""

    level: Level | None  # None unless solved
    score: int
    hardest: str
    trial: bool
    status: PathStatus = "solved"  # as Path.status
    counts: tuple[tuple[str, int], ...] = ()  # steps per technique
    timed_out: bool = False  # the time limit cut the walk short (then status is "gave_up")
    puzzle: Grid | None = None  # the grid rated
    se: SeRating | None = None  # Sudoku Explainer's scale (9x9 puzzles that are solved)

    def level_at_least(self) -> Level | None:
        """The level, or when the time ran out, the level of the hardest step met so far (the
        puzzle is at least that hard); None otherwise."""
        if self.level is not None:
            return self.level
        if self.status == "gave_up" and self.timed_out and self.score:
            return level_of(self.score)
        return None

    def message(self) -> str:
        """The verdict in one plain-English sentence."""
        return rating_message(self.status, self.level, self.score, self.hardest, self.trial,
                              self.timed_out)

    def to_json(self) -> dict[str, Any]:
        """The JSON contract of `rate` (docs/protocol.md)."""
        out: dict[str, Any] = {"puzzle": line_of(self.puzzle)}
        if self.puzzle is not None:
            out.update(frame(self.puzzle.shape))
        out.update({
            "status": self.status,
            "level": self.level,
            "level_at_least": self.level_at_least(),
            "score": self.score,
            "hardest": self.hardest,
            "trial": self.trial,
            "counts": dict(self.counts),
            "timed_out": self.timed_out,
            "se": self.se.to_json() if self.se is not None else None,
            "message": self.message(),
        })
        if self.puzzle is not None and self.puzzle.shape.variant is not None:
            out["se_note"] = SE_CLASSIC_ONLY
        return out


# Why a variant's rating has no SE figure: SE's scale is a classic program's; the project's
# levels and scores cover every rule.
SE_CLASSIC_ONLY = ("no Sudoku Explainer estimate: SE rates classic puzzles only; the level and "
                   "score cover every rule")


def rate(grid: Grid, *, time_limit: float | None = None, estimate_se: bool = True) -> Rating:
    """Rate a puzzle: the same path as ``steps``, with singles taken in bulk for speed.

    ``estimate_se=False`` leaves ``se`` out (None): the generator rates many candidates and
    keeps only their level and score, so it need not walk SE's path for each."""
    expect("rate", grid=(grid, Grid), time_limit=(time_limit, OPTIONAL_NUMBER))
    with budget.deadline(DEFAULT_TIME_LIMIT if time_limit is None else time_limit):
        return rate_within(grid, estimate_se=estimate_se)


def rate_within(grid: Grid, *, estimate_se: bool = True) -> Rating:
    """:func:`rate` within the call's deadline already set (``budget.deadline``): the
    generator rates its puzzles in shares of its own."""
    tally = PathTally()
    path = walk_path(grid, time_limit=None, record=False, verify=True, observe=tally)
    se = None
    try:
        if estimate_se:  # what the walk left of the deadline
            se = se_rating(grid, tally, solved=path.status == "solved")
    except budget.OutOfTime:
        pass  # the estimate needs its own walk; out of time, it is left out
    return Rating(path.level, path.score, path.hardest, path.trial, path.status,
                  tuple(sorted(path.counts.items())), path.timed_out, grid, se)
