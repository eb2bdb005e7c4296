"""`sudoku setter`: a setter's questions about a puzzle being set, as the page's setter panel
asks them (make/setter.py): none / one / several solutions, the givens and rule items that can
go, why there is no solution, and the level so far."""

from __future__ import annotations

import argparse
from typing import Any

from ..make.setter import setter_report
from .batch import run
from .common import EXIT_OK, EXIT_PROBLEM, Item, Outcome
from .options import add_input_arguments, add_time_limit


def add_parser(subparsers: Any) -> None:
    """Register `sudoku setter`."""
    p = subparsers.add_parser(
        "setter", help="a setter's report: solutions, what can go, why none, level so far",
        description="Report on a puzzle being set. Exit 0 when it has exactly one solution. "
                    "For a unique puzzle, each given and rule item (a cage, a thermometer, a "
                    "dot, an on/off rule) whose removal keeps one solution is named; for none, "
                    "the first contradiction the logic reaches; and the level so far.",
    )
    add_input_arguments(p)
    add_time_limit(p)


def main(args: argparse.Namespace) -> int:
    """Run `sudoku setter` on the puzzle or the batch; the exit code."""
    return run(args, setter_one, "unique")


def setter_one(item: Item, args: argparse.Namespace) -> Outcome:
    """The setter's report of one puzzle: the JSON contract and its message."""
    report = setter_report(item.grid, time_limit=args.time_limit)
    where = f"{item.label}: " if item.label else ""
    ok = report.solutions == "one"
    return Outcome(EXIT_OK if ok else EXIT_PROBLEM, report.to_json(),
                   f"{where}{report.message(item.grid.size)}", ok)
