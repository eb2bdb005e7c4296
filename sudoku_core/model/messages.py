"""The plain-English sentence of every result, in one place (the CLI and the page show it).

Cells are named r2c3 (1-based), values by their symbols; each function returns one or two
sentences ending with a full stop.
"""

from __future__ import annotations

from collections.abc import Sequence

from .candidates import StaleMark
from .conflicts import Conflict
from .grid import Grid, Shape, cell_name


def and_list(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def cells_named(cells: Sequence[int], size: int) -> str:
    """'r1c2, r5c3' in the order given."""
    return ", ".join(cell_name(c, size) for c in cells)


def duration(seconds: float) -> str:
    """'3.2 ms', '41 ms', '2.5 s'."""
    ms = seconds * 1000
    if ms < 1:
        return "less than 1 ms"
    if ms < 10:
        return f"{ms:.1f} ms"
    if ms < 1000:
        return f"{ms:.0f} ms"
    return f"{seconds:.1f} s"


def conflicts_text(conflicts: Sequence[Conflict], size: int) -> str:
    """'1 appears twice in row 1: r1c1, r1c2; ...'."""
    return "; ".join(c.describe(size) for c in conflicts)


def no_fit(dead: Sequence[int], size: int) -> str:
    """'No solution: no value fits r1c3.'."""
    return f"No solution: no value fits {cells_named(dead, size)}."


def solve_message(status: str, unique: bool | None, elapsed: float, nodes: int, limit: int,
                  timed_out: bool, conflicts: Sequence[Conflict], dead: Sequence[int],
                  size: int) -> str:
    """The outcome of a solve, for players: the time it took is the JSON's (``elapsed_ms``)."""
    if status == "solved":
        took = "Solved."
        if unique is False:
            return f"{took} The puzzle has several solutions; this is one of them."
        if unique is None:
            if limit < 2:
                return f"{took} Uniqueness was not checked."
            return f"{took} The budget ran out before uniqueness was known."
        return took
    if status == "invalid":
        return f"Cannot solve: {conflicts_text(conflicts, size)}."
    if status == "no_solution":
        if dead:
            return no_fit(dead, size)
        return "No solution: the filled cells cannot all be kept."
    if timed_out:
        return (f"Gave up after {duration(elapsed)}: the time limit ran out before a solution "
                f"was found.")
    return f"Gave up after {nodes:,} search nodes without finding a solution."


def wrong_entries_text(grid: Grid, wrong: Sequence[int], givens: Grid | None) -> str:
    """'r2c3 = 5 does not fit the solution.' (removed or changed givens are named as such)."""
    shape, n = grid.shape, grid.size
    given = givens.cells if givens is not None else (0,) * len(grid.cells)
    removed = [c for c in wrong if given[c] and not grid.cells[c]]
    changed = [c for c in wrong if given[c] and grid.cells[c]]
    entries = [c for c in wrong if not given[c]]
    parts = []
    if removed:
        what = and_list([f"{shape.symbol(given[c])} in {cell_name(c, n)}" for c in removed])
        one = len(removed) == 1
        parts.append(f"The given {what} {'was' if one else 'were'} removed: "
                     f"put {'it' if one else 'them'} back.")
    if changed:
        what = and_list([f"{cell_name(c, n)} must hold the given {shape.symbol(given[c])}"
                         for c in changed])
        parts.append(f"{what}: a given cannot change.")
    if entries:
        what = and_list([f"{cell_name(c, n)} = {shape.symbol(grid.cells[c])}" for c in entries])
        verb = "does" if len(entries) == 1 else "do"
        parts.append(f"{what} {verb} not fit the solution.")
    return " ".join(parts)


def verdict(status: str, level: str | None, score: int, hardest: str, trial: bool,
            timed_out: bool = False) -> str:
    """The one-line verdict of a path or rating: level, score and hardest step, or why not."""
    if timed_out:
        return "gave up: the time limit ran out before the end of the path, so no level"
    if status == "solved":
        if not hardest:
            return f"{level}: score {score}, no step needed (the grid is already complete)"
        extra = " (needs trial and error)" if trial else ""
        return f"{level}: score {score}, hardest step {hardest}{extra}"
    reasons = {
        "invalid": "invalid: the givens conflict",
        "no_solution": "no solution",
        "multiple": "several solutions: logic stops where it cannot choose",
        "gave_up": "gave up: no step could be proven within the budget",
    }
    return f"{reasons.get(status, status)}, so no level"


def path_message(status: str, steps: int, level: str | None, score: int, hardest: str,
                 trial: bool, timed_out: bool) -> str:
    """The outcome of a logical walk (``steps``)."""
    count = f"{steps} step{'s' if steps != 1 else ''}"
    if timed_out:
        return (f"The time limit ran out after {count}: the rest of the path is not worked "
                f"out, so there is no level.")
    if status == "solved":
        if not steps:
            return "Nothing to explain: the grid is already complete."
        extra = ", with trial and error" if trial else ""
        return (f"{count} to the solution: {level}, score {score}, hardest step "
                f"{hardest}{extra}.")
    if status == "invalid":
        return "No logical path: the givens conflict."
    if status == "no_solution":
        return "No logical path: the puzzle has no solution."
    if status == "multiple":
        return (f"The puzzle has several solutions: logic stops after {count}, where it cannot "
                f"choose between them.")
    return f"No further step could be proven after {count}, so there is no level."


def rating_message(status: str, level: str | None, score: int, hardest: str, trial: bool,
                   timed_out: bool) -> str:
    """The outcome of a rating."""
    text = verdict(status, level, score, hardest, trial, timed_out)
    return f"{text[0].upper()}{text[1:]}."


def stale_mark_text(mark: StaleMark, shape: Shape) -> str:
    """'r1c4 still marks 1, placed in column 4 at r4c4 and in box 2 at r2c3' (units that
    share the placed cell are named together: 'in row 1 and box 1 at r1c2')."""
    n = shape.size
    geo = shape.geometry
    by_cell: dict[int, list[str]] = {}
    for unit, at in zip(mark.units, mark.at, strict=True):
        kind, index = geo.unit_kind(unit)
        by_cell.setdefault(at, []).append(f"{kind} {index + 1}")
    places = [f"in {and_list(units)} at {cell_name(at, n)}" for at, units in by_cell.items()]
    return (f"{cell_name(mark.cell, n)} still marks {shape.symbol(mark.value)}, placed "
            f"{' and '.join(places)}")
