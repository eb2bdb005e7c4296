"""`sudoku rate`: the difficulty level and score from the techniques the puzzle needs."""

from __future__ import annotations

import argparse
from typing import Any

from ..logic.rate import rate
from ..model.messages import verdict
from .batch import run
from .common import EXIT_OK, EXIT_PROBLEM, Item, Outcome
from .dataset import RatedRows, add_format_option
from .options import add_input_arguments, add_time_limit


def add_parser(subparsers: Any) -> None:
    """Register `sudoku rate`."""
    p = subparsers.add_parser(
        "rate", help="rate a puzzle: Easy, Medium, Hard, Expert or Extreme, with a score",
        description="Rate a puzzle by the hardest technique its logical solution needs "
                    "(table in docs/rating.md).",
    )
    add_input_arguments(p)
    add_time_limit(p, "for the whole rating")
    add_format_option(p)
    p.set_defaults(csv_rows=RatedRows)  # --format csv: the rows that batch_output writes


def main(args: argparse.Namespace) -> int:
    """Run `sudoku rate` on the puzzle or the batch; the exit code."""
    return run(args, rate_one, "rated")


def rate_one(item: Item, args: argparse.Namespace) -> Outcome:
    """Rate one puzzle into the JSON contract and a one-line verdict."""
    r = rate(item.grid, time_limit=args.time_limit)
    data = r.to_json()
    ok = r.status == "solved"
    where = f"{item.label}: " if item.label else ""
    text = where + verdict(r.status, r.level, r.score, r.hardest, r.trial, r.timed_out)
    if r.se is not None:
        # The numbers forum lists sort by, written as they write them there.
        text += f"; SE ER/EP/ED {r.se.er:.1f}/{r.se.ep:.1f}/{r.se.ed:.1f}"
    return Outcome(EXIT_OK if ok else EXIT_PROBLEM, data, text, ok)
