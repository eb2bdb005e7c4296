"""`sudoku solve`: fill the grid, say whether the solution is unique."""

from __future__ import annotations

import argparse
from typing import Any

from ..format import format_grid
from ..solver import solve
from ..validate import find_conflicts
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
    """Register `sudoku solve`."""
    p = subparsers.add_parser(
        "solve", help="solve a puzzle (or a batch) and tell whether the solution is unique",
        description="Solve a puzzle; counts solutions up to --limit (2 proves uniqueness).",
    )
    add_input_arguments(p)
    add_budget_arguments(p)
    p.add_argument("--limit", type=int, default=2, help="count solutions up to N (default 2)")
    p.add_argument("--check", action="store_true",
                   help="batch: compare with the file's solutions column, report mismatches")
    p.add_argument("--to", choices=("pretty", "line", "tokens", "json"), default=None,
                   help="how to print a solution (default: pretty, one line in a batch)")
    p.set_defaults(run=lambda args: run(args, solve_one, "solved"))


def solve_one(item: Item, args: argparse.Namespace) -> Outcome:
    """Solve one puzzle into the JSON contract and a human message."""
    grid = item.grid
    r = solve(grid, limit=max(1, args.limit), max_nodes=args.max_nodes, time_limit=args.time_limit)
    data: dict[str, Any] = {"puzzle": grid.line(), "box": [grid.shape.box_rows,
                                                         grid.shape.box_cols]}
    data.update(r.to_json())
    where = f"{item.label}: " if item.label else ""
    ok = r.status == "solved"
    code = EXIT_OK if ok else EXIT_PROBLEM
    if r.status == "invalid":
        conflicts = find_conflicts(grid)
        data["conflicts"] = [c.to_json(grid.size) for c in conflicts]
        text = where + "invalid: " + "; ".join(c.describe(grid.size) for c in conflicts)
    elif r.status == "no_solution":
        text = f"{where}no solution"
    elif r.status == "gave_up":
        text = f"{where}gave up after {r.nodes} nodes ({r.elapsed * 1000:.0f} ms)"
    else:
        to = args.to or ("line" if item.label else "pretty")
        shown = format_grid(r.solution, to) if r.solution else ""
        if item.label:
            text = shown
        else:
            how = {True: "unique", False: "not unique: several solutions",
                   None: "uniqueness unknown: budget ran out"}[r.unique]
            text = f"{shown}\nsolved in {r.elapsed * 1000:.1f} ms, {r.nodes} nodes ({how})"
    if getattr(args, "check", False) and item.solution is not None and r.solution is not None:
        match = r.solution == item.solution
        data["check"] = match
        if not match:
            ok, code = False, EXIT_PROBLEM
            text = f"{where}MISMATCH: expected {item.solution.line()} got {r.solution.line()}"
    return Outcome(code, data, text, ok)
