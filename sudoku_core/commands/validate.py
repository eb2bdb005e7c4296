"""`sudoku validate`: conflicts, dead cells, and no / one / several solutions."""

from __future__ import annotations

import argparse
from typing import Any

from ..grid import cell_name
from ..validate import validate
from .common import (
    EXIT_OK,
    EXIT_PROBLEM,
    Item,
    Outcome,
    add_budget_arguments,
    add_input_arguments,
    run,
)


def add_parser(subparsers: Any) -> None:
    """Register `sudoku validate`."""
    p = subparsers.add_parser(
        "validate", help="report conflicts and whether a puzzle has no, one or several solutions",
        description="Validate a puzzle. Exit 0 when it has exactly one solution (or is solved).",
    )
    add_input_arguments(p)
    add_budget_arguments(p)
    p.set_defaults(run=lambda args: run(args, validate_one, "valid"))


def validate_one(item: Item, args: argparse.Namespace) -> Outcome:
    """Validate one puzzle into the JSON contract and a human message."""
    report = validate(item.grid, max_nodes=args.max_nodes, time_limit=args.time_limit)
    data: dict[str, Any] = {"puzzle": item.grid.line()}
    data.update(report.to_json())
    where = f"{item.label}: " if item.label else ""
    text = f"{where}{report.status}: {report.message()}"
    if report.dead_cells and report.status != "no_solution":
        n = item.grid.size
        text += " No value fits " + ", ".join(cell_name(c, n) for c in report.dead_cells) + "."
    ok = report.is_valid
    return Outcome(EXIT_OK if ok else EXIT_PROBLEM, data, text, ok)
