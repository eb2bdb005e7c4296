"""`sudoku solve`: fill the grid, say whether the solution is unique."""

from __future__ import annotations

import argparse
from typing import Any

from ..formats.drawing import format_candidates
from ..formats.write import format_grid
from ..model.grid import Grid, cell_name
from ..solver.exact import SolveResult, solve
from ..solver.true_candidates import true_candidates
from ..solver.validate import find_conflicts
from .batch import run
from .common import EXIT_OK, EXIT_PROBLEM, Item, Outcome
from .options import add_budget_arguments, add_input_arguments, whole_number


def add_parser(subparsers: Any) -> None:
    """Register `sudoku solve`."""
    p = subparsers.add_parser(
        "solve", help="solve a puzzle (or a batch) and tell whether the solution is unique",
        description="Solve a puzzle; counts solutions up to --limit (2 proves uniqueness).",
    )
    add_input_arguments(p)
    add_budget_arguments(p)
    p.add_argument("--limit", type=whole_number(1), default=2,
                   help="count solutions up to N (default 2; 1 finds one without proving "
                        "uniqueness)")
    p.add_argument("--check", action="store_true",
                   help="batch: compare with the file's solutions column, report mismatches")
    p.add_argument("--true-candidates", action="store_true",
                   help="list every digit of every cell that some solution holds (the "
                        "setter's view), with how many solutions hold it when there are few")
    p.add_argument("--to", choices=("pretty", "line", "tokens", "json"), default=None,
                   help="how to print a solution (default: pretty, one line in a batch)")


def main(args: argparse.Namespace) -> int:
    """Run `sudoku solve` on the puzzle or the batch; the exit code."""
    return run(args, solve_one, "solved")


def solve_one(item: Item, args: argparse.Namespace) -> Outcome:
    """Solve one puzzle into the JSON contract and a human message."""
    grid = item.grid
    if getattr(args, "true_candidates", False):
        return _true_candidates(item, args)
    limit = max(1, args.limit)
    r = solve(grid, limit=limit, max_nodes=args.max_nodes, time_limit=args.time_limit)
    data = r.to_json()
    where = f"{item.label}: " if item.label else ""
    ok = r.status == "solved"
    code = EXIT_OK if ok else EXIT_PROBLEM
    if not ok:
        text, note = where + r.message(), ""
    else:
        text, note = _solved_text(r, item, args, limit)
    if getattr(args, "check", False) and item.solution is None and not item.label:
        note = "\n".join(filter(None, [note, "--check: nothing to compare with; it needs -f FILE "
                                                "with a solutions column"]))
    if getattr(args, "check", False) and item.solution is not None:
        mismatch = _check(r, item.solution, grid, data)
        if mismatch:
            ok, code, text = False, EXIT_PROBLEM, where + mismatch
    return Outcome(code, data, text, ok, note)


def _true_candidates(item: Item, args: argparse.Namespace) -> Outcome:
    """--true-candidates: the pencil-mark grid of the digits some solution holds."""
    r = true_candidates(item.grid, time_limit=args.time_limit)
    where = f"{item.label}: " if item.label else ""
    ok = r.status == "solved"
    if not ok or item.label:
        return Outcome(EXIT_OK if ok else EXIT_PROBLEM, r.to_json(), where + r.message(), ok)
    masks = [sum(1 << (d - 1) for d in cands) for cands in r.candidates]
    return Outcome(EXIT_OK, r.to_json(), f"{format_candidates(item.grid, masks)}\n"
                                          f"{r.message()}", ok)


def _solved_text(r: SolveResult, item: Item, args: argparse.Namespace,
                 limit: int) -> tuple[str, str]:
    """The solution as asked (and its footer: on stdout, or on stderr after a format)."""
    to = args.to or ("line" if item.label else "pretty")
    shown = format_grid(r.solution, to) if r.solution else ""
    if item.label:
        return shown, ""
    how = {True: "unique", False: "not unique: several solutions",
           None: "uniqueness unknown: budget ran out" if limit > 1 else
           "uniqueness not checked: --limit 1"}[r.unique]
    footer = f"solved in {r.elapsed * 1000:.1f} ms, {r.nodes} nodes ({how})"
    if args.to:
        # Output asked for in a format is kept parseable: the footer goes to stderr.
        return shown, footer
    return f"{shown}\n{footer}", ""


def _check(r: SolveResult, expected: Grid, grid: Grid, data: dict[str, Any]) -> str:
    """--check: fill ``check`` (and ``check_note``) in ``data``; the mismatch text or ""."""
    why = _not_a_solution(expected, grid)
    # A mismatch: the expected grid is no solution, or it is one that the solver missed
    # (it said there is none, or that its own, different solution is the only one).
    match = not why and r.status not in ("no_solution", "invalid") and (
        r.solution is None or r.solution == expected or r.unique is not True)
    data["check"] = match
    if r.solution is not None and r.solution != expected and match:
        data["check_note"] = "the puzzle has several solutions; the expected one is valid"
    if match:
        return ""
    got = r.solution.line() if r.solution is not None else r.status
    text = f"MISMATCH: expected {expected.line()} got {got}"
    if why:
        text += f" (the expected grid {why})"
        data["check_note"] = f"the expected grid {why}"  # as the text says
    return text


def _not_a_solution(expected: Grid, puzzle: Grid) -> str:
    """Why ``expected`` is not a solution of ``puzzle`` ("" when it is one)."""
    n = puzzle.size
    if expected.shape != puzzle.shape:
        return f"is {expected.shape}, the puzzle {puzzle.shape}"
    if not expected.is_complete():
        empty = expected.cells.index(0)
        return f"is not complete: {cell_name(empty, n)} is empty"
    for cell, (given, value) in enumerate(zip(puzzle.cells, expected.cells, strict=True)):
        if given and given != value:
            return (f"changes the given {puzzle.shape.symbol(given)} at {cell_name(cell, n)} "
                    f"to {expected.shape.symbol(value)}")
    conflicts = find_conflicts(expected)
    if conflicts:
        return f"breaks the rules: {conflicts[0].describe(n)}"
    return ""
