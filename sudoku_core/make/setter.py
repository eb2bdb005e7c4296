"""The setter's questions about a puzzle being set, answered together within one budget.

- **Solutions**: none, one or several (the exact search, counting up to two).
- **What can go**: each given, and each rule item (a cage, a thermometer, a dot, a clue, an
  on/off rule), whose removal keeps exactly one solution, each checked by the exact search
  on the puzzle without it. Only asked of a unique puzzle (with several solutions nothing can
  go, with none everything may).
- **Why no solution**: the first contradiction the logic reaches (``logic.why_not``).
- **Level so far**: the walk's level and hardest technique; with several solutions, the walk
  runs without uniqueness arguments or trial until it is stuck, and says how far it got.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..logic.rate import rate_within
from ..logic.techniques import level_of
from ..logic.walk import Walk
from ..logic.why_not import Contradiction, why_no_solution
from ..model import budget
from ..model.budget import DEFAULT_TIME_LIMIT, OutOfTime
from ..model.candidates import Candidates
from ..model.constraints import by_json_key
from ..model.contract import frame
from ..model.grid import Grid, Shape, cell_name
from ..model.variants import variant_from_json
from ..solver.exact import count_within

# Rules read whole, not item by item (a Jigsaw's regions are one layout).
_WHOLE = frozenset({"regions"})


@dataclass(frozen=True)
class Removable:
    """A rule item whose removal keeps one solution: its JSON key and index, and words."""

    key: str  # the JSON key of the variant object: "thermometers", "cages", "diagonals"
    index: int | None  # the item's place in that list; None for an on/off rule
    words: str  # "thermometer at r1c1", "anti-knight"


@dataclass(frozen=True)
class SetterReport:
    """What a setter sees beside the puzzle as it grows."""

    shape: Shape
    solutions: str  # "none" | "one" | "several" | "unknown" (out of budget)
    removable_givens: tuple[int, ...] = ()
    removable_rules: tuple[Removable, ...] = ()
    checked: bool = False  # every given and rule item was checked (not cut by the budget)
    why: Contradiction | None = None
    level: str | None = None  # the level so far (None before any step)
    hardest: str = ""
    solved: bool = False  # the walk filled the grid
    steps: int = 0  # steps the walk took
    timed_out: bool = False
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        n = self.shape.size
        return {
            **frame(self.shape), "solutions": self.solutions,
            "removable_givens": list(self.removable_givens),
            "removable_rules": [{"key": r.key, "index": r.index, "words": r.words}
                                for r in self.removable_rules],
            "checked": self.checked,
            "why": self.why.to_json() if self.why is not None else None,
            "level": self.level, "hardest": self.hardest, "solved": self.solved,
            "steps": self.steps, "timed_out": self.timed_out,
            "message": self.message(n),
        }

    def message(self, n: int) -> str:
        words = {"none": "No solution", "one": "One solution", "several": "Several solutions",
                 "unknown": "Out of time before the solutions were counted"}[self.solutions]
        parts = [words]
        if self.solutions == "one":
            gone = [cell_name(c, n) for c in self.removable_givens]
            gone += [r.words for r in self.removable_rules]
            parts.append(f"{len(gone)} can go: {', '.join(gone[:8])}"
                         f"{' ...' if len(gone) > 8 else ''}" if gone
                         else "no given or rule can go")
        if self.why is not None:
            parts.append(self.why.text[:1].lower() + self.why.text[1:].rstrip("."))
        if self.level is not None:
            parts.append(f"{'level' if self.solved else 'level so far'} {self.level}"
                         + (f" ({self.hardest})" if self.hardest else ""))
        return "; ".join(parts) + "."


def setter_report(grid: Grid, *, time_limit: float | None = DEFAULT_TIME_LIMIT) -> SetterReport:
    """Solutions, what can go, why none, and the level so far of ``grid`` (the givens)."""
    with budget.deadline(time_limit):
        try:
            count = count_within(grid, 2)
        except OutOfTime:
            count = None
        solutions = {None: "unknown", 0: "none", 1: "one"}.get(count, "several")
        if solutions == "none":
            return SetterReport(grid.shape, solutions,
                                why=why_no_solution(grid, time_limit=None))
        report = _level(grid, solutions)
        if solutions != "one":
            return report
        return _removable(grid, report)


def _level(grid: Grid, solutions: str) -> SetterReport:
    """The walk's level: the rating when unique, else how far the logic gets."""
    try:
        if solutions == "one":
            r = rate_within(grid, estimate_se=False)
            return SetterReport(grid.shape, solutions, level=r.level, hardest=r.hardest,
                                solved=r.status == "solved", timed_out=r.timed_out,
                                steps=sum(n for _, n in r.counts))
        walk = Walk(Candidates.from_grid(grid), unique=False, trials=False, record=False,
                    verify=False)
        end = walk.run()
    except OutOfTime:
        return SetterReport(grid.shape, solutions, timed_out=True)
    steps = sum(walk.counts.values())
    return SetterReport(grid.shape, solutions, level=level_of(walk.best) if steps else None,
                        hardest=walk.hardest, solved=end == "solved", steps=steps)


def _removable(grid: Grid, report: SetterReport) -> SetterReport:
    """``report`` with the givens and rule items that can go, as far as the budget allows."""
    givens: list[int] = []
    rules: list[Removable] = []
    try:
        for cell, v in enumerate(grid.cells):
            if v and _unique(Grid(grid.shape, grid.cells[:cell] + (0,) + grid.cells[cell + 1:])):
                givens.append(cell)
        for key, index, shape in _without_each_rule(grid.shape):
            if _unique(Grid(shape, grid.cells)):
                rules.append(Removable(key, index, _rule_words(grid.shape, key, index)))
        done = True
    except OutOfTime:
        done = False
    return SetterReport(report.shape, report.solutions, tuple(givens), tuple(rules), done,
                        None, report.level, report.hardest, report.solved, report.steps,
                        report.timed_out or not done)


def _unique(grid: Grid) -> bool:
    count = count_within(grid, 2)
    if count is None:  # out of time or nodes: the list so far is all that is known
        raise OutOfTime("the setter's report ran out of time")
    return count == 1


def _without_each_rule(shape: Shape) -> list[tuple[str, int | None, Shape]]:
    """The shape without each rule item in turn (an on/off rule whole), with its key and index."""
    variant = shape.variant
    if variant is None:
        return []
    rules = variant.to_json()
    out: list[tuple[str, int | None, Shape]] = []
    for key, value in rules.items():
        if key in _WHOLE:
            continue
        items = value if isinstance(value, list) else [value]
        for index in range(len(items)):
            rest = json.loads(json.dumps(rules))
            if isinstance(value, list):
                del rest[key][index]
                if not rest[key]:
                    del rest[key]
            else:
                del rest[key]
            smaller = variant_from_json(rest, shape.size)
            out.append((key, index if isinstance(value, list) else None,
                        shape.classic.with_variant(smaller)))
    return out


def _rule_words(shape: Shape, key: str, index: int | None) -> str:
    """"thermometer at r1c1", "cage 15 at r2c3", "anti-knight"."""
    row = by_json_key(key)
    name = "cage" if key == "cages" else row.words if row is not None else key
    variant = shape.variant
    if index is None or variant is None:
        return name
    item = variant.to_json()[key]
    item = item[index] if isinstance(item, list) else {}
    cells = (item.get("cells") or item.get("circle")) if isinstance(item, dict) else None
    if isinstance(cells, list) and cells:
        total = f" {item['sum']}" if key == "cages" and "sum" in item else ""
        return f"{name}{total} at {cell_name(min(cells), shape.size)}"
    return f"{name} {index + 1}"


__all__ = ["Removable", "SetterReport", "setter_report"]
