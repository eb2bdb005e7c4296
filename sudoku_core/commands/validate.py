"""`sudoku validate`: conflicts, dead cells, and no / one / several solutions."""

from __future__ import annotations

import argparse
from typing import Any

from ..model.grid import cell_name
from ..solver.validate import validate
from .batch import run
from .common import EXIT_OK, EXIT_PROBLEM, Item, Outcome
from .givens import add_givens_argument, read_givens
from .options import add_budget_arguments, add_input_arguments


def add_parser(subparsers: Any) -> None:
    """Register `sudoku validate`."""
    p = subparsers.add_parser(
        "validate", help="report conflicts and whether a puzzle has no, one or several solutions",
        description="Validate a puzzle. Exit 0 when it has exactly one solution (or is solved). "
                    "With --givens, GRID is your grid in progress: entries that do not fit "
                    "the solution are named (wrong_cells in JSON).",
    )
    add_input_arguments(p)
    add_budget_arguments(p)
    add_givens_argument(p)


def main(args: argparse.Namespace) -> int:
    """Run `sudoku validate` on the puzzle or the batch; the exit code."""
    return run(args, validate_one, "valid")


def validate_one(item: Item, args: argparse.Namespace) -> Outcome:
    """Validate one puzzle into the JSON contract and a human message."""
    givens = read_givens(args, item.grid, item.label)
    report = validate(item.grid, givens=givens, max_nodes=args.max_nodes,
                      time_limit=args.time_limit)
    data = report.to_json()
    where = f"{item.label}: " if item.label else ""
    text = f"{where}{report.status}: {report.message()}"
    if report.dead_cells and report.status != "no_solution":
        n = item.grid.size
        text += " No value fits " + ", ".join(cell_name(c, n) for c in report.dead_cells) + "."
    ok = report.is_valid
    return Outcome(EXIT_OK if ok else EXIT_PROBLEM, data, text, ok)
