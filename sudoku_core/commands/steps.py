"""`sudoku steps`: the whole logical path, one step per line, and the difficulty it shows."""

from __future__ import annotations

import argparse
from typing import Any

from ..logic.explain import steps
from ..model.messages import verdict
from ..solver.propagate import SINGLES
from . import steps_all
from .batch import run
from .common import EXIT_OK, EXIT_PROBLEM, Item, Outcome
from .options import add_input_arguments, add_time_limit


def add_parser(subparsers: Any) -> None:
    """Register `sudoku steps`."""
    p = subparsers.add_parser(
        "steps", help="explain the logical solution step by step",
        description="Walk the logical path from the givens to the solution, simplest technique "
                    "first; trial and error only when no technique applies (marked as such).",
    )
    add_input_arguments(p)
    add_time_limit(p, "for the whole walk")
    p.add_argument("--no-singles", action="store_true",
                   help="hide full houses and singles in the human listing")
    steps_all.add_arguments(p)


def main(args: argparse.Namespace) -> int:
    """Run `sudoku steps`: every step at once (--all, --only) or the walk of each puzzle."""
    if steps_all.wanted(args):
        return steps_all.main(args)
    return run(args, steps_one, "explained")


def steps_one(item: Item, args: argparse.Namespace) -> Outcome:
    """Explain one puzzle into the JSON contract and a numbered listing."""
    path = steps(item.grid, time_limit=args.time_limit)
    data = path.to_json()
    ok = path.status == "solved"
    where = f"{item.label}: " if item.label else ""
    summary = verdict(path.status, path.level, path.score, path.hardest, path.trial,
                      path.timed_out)
    if item.label:
        text = f"{where}{summary}"
    else:
        lines = []
        for i, step in enumerate(path.steps, 1):
            if getattr(args, "no_singles", False) and step.technique in SINGLES:
                continue
            lines.append(f"{i:3d}. {step.text}")
        lines.append(summary)
        text = "\n".join(lines)
    return Outcome(EXIT_OK if ok else EXIT_PROBLEM, data, text, ok)
