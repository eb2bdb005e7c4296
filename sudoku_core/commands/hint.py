"""`sudoku hint`: the next step from the user's grid, as a nudge, the step, or applied."""

from __future__ import annotations

import argparse
import sys
from typing import Any, cast

from ..formats.write import format_candidates, format_grid
from ..logic.hint import HINT_LEVELS, HintLevel, hint
from ..logic.pencil import read_pencil
from ..model.budget import DEFAULT_TIME_LIMIT
from .batch import run
from .common import EXIT_OK, EXIT_PROBLEM, Item, Outcome
from .givens import add_givens_argument, read_givens
from .inputs import is_file, link_entries, read_text
from .options import add_input_arguments, add_time_limit


def add_parser(subparsers: Any) -> None:
    """Register `sudoku hint`."""
    p = subparsers.add_parser(
        "hint", help="the next step: a nudge, the step itself, or the grid after it",
        description="Give the next logical step from GRID. With --givens, GRID is your "
                    "grid in progress and PUZZLE the original givens: wrong entries are "
                    "pointed out first. GRID may be a pencil-mark grid (as `sudoku show --to "
                    "candidates` draws it): its marks are your candidates.",
    )
    add_input_arguments(p)
    add_givens_argument(p)
    p.add_argument("--level", choices=HINT_LEVELS, default="step",
                   help="look (where to look), nudge (technique and region), step (default), "
                        "apply, or reveal (apply, and the right values of wrong entries)")
    add_time_limit(p, "per hint")


def main(args: argparse.Namespace) -> int:
    """Run `sudoku hint`; a single grid's text is read once (stdin too), so that its pencil
    marks can be kept."""
    if getattr(args, "file", None) is None:
        source = args.puzzle if args.puzzle is not None else "-"
        if source == "-" and not sys.stdin.isatty():
            args.puzzle = read_text("-")
        elif source != "-" and is_file(source):
            args.puzzle = read_text(source)
    return run(args, hint_one, "hinted")


def hint_one(item: Item, args: argparse.Namespace) -> Outcome:
    """One hint into the JSON contract (a step object) and a sentence."""
    current = item.grid
    puzzle = read_givens(args, current, item.label)
    entries = link_entries(args, item) if puzzle is None else None
    if entries is not None:
        # A link with the player's entries: its givens are the puzzle, the entries their work.
        puzzle = current
        current = current.with_values((i, v) for i, v in enumerate(entries.cells) if v)
    puzzle = puzzle or current
    level = cast(HintLevel, getattr(args, "level", "step"))
    pencil = None
    if not item.label and isinstance(getattr(args, "puzzle", None), str):
        # A pencil-mark grid: its marks are the user's candidates (none: computed ones).
        pencil = read_pencil(args.puzzle, current.shape)[1] or None
    h = hint(puzzle, current, pencil,
             time_limit=getattr(args, "time_limit", DEFAULT_TIME_LIMIT))
    data = h.to_json(level)
    where = f"{item.label}: " if item.label else ""
    text = where + h.describe(level)
    after = h.grid_at(level)
    if level in ("apply", "reveal") and h.status in ("step", "wrong_entries", "missing_marks") \
            and (after != h.current or h.step.eliminations or h.status == "missing_marks") \
            and not item.label:
        # Eliminations (and marks put back) show only in the pencil marks; placements,
        # clearings and corrections show in the grid.
        if h.step.eliminations or h.status == "missing_marks":
            text += "\n" + format_candidates(after, list(h.marks))
        else:
            text += "\n" + format_grid(after, "pretty")
    ok = h.status in ("step", "solved")
    return Outcome(EXIT_OK if ok else EXIT_PROBLEM, data, text, ok)
