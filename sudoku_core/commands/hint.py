"""`sudoku hint`: the next step from the user's grid, as a nudge, the step, or applied."""

from __future__ import annotations

import argparse
from typing import Any

from ..format import format_candidates, format_grid
from ..grid import Grid
from ..hint import DEFAULT_TIME_LIMIT, HINT_LEVELS, hint
from ..parse import parse
from .common import (
    EXIT_OK,
    EXIT_PROBLEM,
    Item,
    Outcome,
    UsageError,
    add_input_arguments,
    puzzle_text,
    run,
    seconds,
    shape_option,
)


def add_parser(subparsers: Any) -> None:
    """Register `sudoku hint`."""
    p = subparsers.add_parser(
        "hint", help="the next step: a nudge, the step itself, or the grid after it",
        description="Give the next logical step from GRID. With --givens, GRID is your "
                    "grid in progress and PUZZLE the original givens: wrong entries are "
                    "pointed out first.",
    )
    add_input_arguments(p)
    p.add_argument("--givens", metavar="PUZZLE", type=puzzle_text,
                   help="the original puzzle (text or file); GRID then holds your entries")
    p.add_argument("--level", choices=HINT_LEVELS, default="step",
                   help="nudge (technique and region), step (default), or apply")
    p.add_argument("--time-limit", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="S",
                   help=f"seconds per hint before giving up (default {DEFAULT_TIME_LIMIT:g})")
    p.set_defaults(run=lambda args: run(args, hint_one, "hinted"))


def _givens(args: argparse.Namespace, grid: Grid) -> Grid:
    puzzle = parse(args.givens, shape_option(args) or grid.shape)
    if puzzle.shape != grid.shape:
        raise UsageError(f"--givens is a {puzzle.shape} puzzle but the grid is {grid.shape}")
    return puzzle


def hint_one(item: Item, args: argparse.Namespace) -> Outcome:
    """One hint into the JSON contract (a step object) and a sentence."""
    if getattr(args, "givens", None) is not None and item.label:
        raise UsageError("--givens works with a single grid, not with a batch")
    current = item.grid
    puzzle = _givens(args, current) if getattr(args, "givens", None) else current
    level = getattr(args, "level", "step")
    h = hint(puzzle, current, time_limit=getattr(args, "time_limit", DEFAULT_TIME_LIMIT))
    data = h.to_json(level)
    where = f"{item.label}: " if item.label else ""
    text = where + h.describe(level)
    if level == "apply" and h.status == "step" and not item.label:
        # Eliminations show only in the pencil marks; placements show in the grid.
        if h.step.eliminations:
            text += "\n" + format_candidates(h.result, list(h.marks))
        else:
            text += "\n" + format_grid(h.result, "pretty")
    ok = h.status in ("step", "solved")
    return Outcome(EXIT_OK if ok else EXIT_PROBLEM, data, text, ok)
