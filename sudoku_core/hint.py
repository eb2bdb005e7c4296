"""Progressive hints from the user's own state: nudge, then the step, then the grid after it.

A hint first checks the user's entries against the solution (and their pencil marks, when they
keep their own): mistakes are reported before any technique, since every later deduction would
build on them.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .candidates import Candidates, bits
from .expect import NONE, expect
from .explain import changes, consistent, trial_step
from .grid import Grid, Shape, cell_name
from .solver import solve
from .techniques import registry
from .techniques.base import Step, and_list, cells_text
from .validate import find_conflicts

HINT_LEVELS = ("nudge", "step", "apply")
DEFAULT_TIME_LIMIT = 10.0


@dataclass(frozen=True)
class Hint:
    """One hint: the status, the step it rests on, and the state after applying it."""

    # "step": a logical (or trial) step; "wrong_entries": some user entries are wrong;
    # "missing_marks": the user removed a pencil mark that is the solution's value;
    # "solved": nothing left to do; "invalid" / "no_solution" / "multiple" / "gave_up":
    # the puzzle itself has a problem (or several solutions and logic cannot go on).
    status: str
    step: Step  # the step to show; for mistakes, a pseudo-step naming the cells at fault
    nudge: str  # "Look for a hidden single in box 2."
    current: Grid  # the user's grid the hint starts from
    result: Grid  # the grid after applying the step
    marks: tuple[int, ...] = ()  # per cell candidate mask after the step (the pencil marks)
    wrong_cells: tuple[int, ...] = ()
    missing_marks: tuple[tuple[int, int], ...] = ()  # (cell, value) the user removed but needs

    def to_json(self, level: str = "step") -> dict[str, Any]:
        """One step object plus the hint's status, nudge and (at 'apply') the resulting grid."""
        shape = self.current.shape
        n = shape.size
        data = self.step.to_json(shape)
        data.update({
            "status": self.status,
            "level": level,
            "nudge": self.nudge,
            "wrong_cells": [[c // n, c % n] for c in self.wrong_cells],
            "missing_marks": [
                {"cell": [c // n, c % n], "symbol": shape.symbol(v)} for c, v in self.missing_marks
            ],
        })
        if level == "nudge":
            # A nudge names the technique and the region, and gives nothing else away.
            for key in ("placements", "eliminations", "cells", "candidates"):
                data[key] = []
            data["units"] = [
                u for u, unit in zip(data["units"], self.step.units, strict=True)
                if _in_region(shape, unit, self.step.region)
            ]
            data["text"] = self.nudge
        if level == "apply":
            data["result"] = self.result.line()
            data["marks"] = [
                {"cell": [c // n, c % n], "symbols": [shape.symbol(v) for v in bits(m)]}
                for c, m in enumerate(self.marks) if m
            ]
        return data

    def describe(self, level: str = "step") -> str:
        """The hint in words at the given level."""
        if level == "nudge":
            return self.nudge
        return self.step.text


def _in_region(shape: Shape, unit: int, region: str) -> bool:
    """True if the unit is one the region names ('box 2', 'rows 2 and 7')."""
    words = region.replace(",", " ").split()
    if not words:
        return False
    kind = {"rows": "row", "columns": "column", "boxes": "box"}.get(words[0], words[0])
    unit_kind, index = shape.geometry.unit_kind(unit)
    return unit_kind == kind and str(index + 1) in words[1:]


def _article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" or name.startswith(("X-", "XY", "XYZ")) else "a"


def nudge_text(step: Step) -> str:
    """'Look for a hidden single in box 2.' (technique and region, nothing more)."""
    if step.trial:
        where = f" at {step.region}" if step.region else ""
        return f"No technique applies: try a value{where} and see whether it leads to trouble."
    name = step.technique
    if name.startswith("Locked Candidates"):
        name = "Locked Candidates"
    where = f" in {step.region}" if step.region else ""
    lead = name if name.isupper() or "-" in name[:4] else name.lower()
    if name == "Locked Candidates":
        return f"Look for locked candidates{where}."
    return f"Look for {_article(name)} {lead}{where}."


def _problem(status: str, current: Grid, text: str, cells: Iterable[int] = ()) -> Hint:
    step = Step("Problem", (), (), text, cells=tuple((c, "wrong") for c in cells))
    return Hint(status, step, text, current, current)


def hint(puzzle: Grid, current: Grid | None = None,
         pencil: Mapping[int, Iterable[int]] | None = None, *,
         time_limit: float = DEFAULT_TIME_LIMIT) -> Hint:
    """The next hint for ``puzzle`` (the givens) from the user's ``current`` grid and marks.

    ``pencil`` maps a cell to the user's candidates for it; cells without an entry (or with an
    empty set) get computed candidates. ``time_limit`` bounds the whole call: the solution
    check and any trial-and-error search (out of time: status "gave_up").
    """
    expect("hint", puzzle=(puzzle, Grid), current=(current, (Grid, NONE)))
    deadline = time.perf_counter() + time_limit
    current = current if current is not None else puzzle
    if current.shape != puzzle.shape:
        raise ValueError(f"the grid is {current.shape} but the givens are {puzzle.shape}")
    n = puzzle.size
    result = solve(puzzle, limit=2, time_limit=time_limit)
    if result.status == "invalid":
        conflicts = find_conflicts(puzzle)
        cells = sorted({c for k in conflicts for c in k.cells})
        text = "The givens conflict: " + "; ".join(k.describe(n) for k in conflicts)
        return _problem("invalid", current, text, cells)
    if result.status == "no_solution":
        return _problem("no_solution", current, "The puzzle has no solution.")
    solution = result.solution if result.unique else None

    # Givens the user overwrote count as wrong entries too.
    changed = [c for c, v in enumerate(puzzle.cells) if v and current.cells[c] != v]
    if solution is not None:
        wrong = changed + [c for c, v in enumerate(current.cells)
                           if v and not puzzle.cells[c] and v != solution.cells[c]]
    else:
        wrong = changed + sorted({c for k in find_conflicts(current) for c in k.cells
                                  if not puzzle.cells[c]})
    if wrong:
        wrong = sorted(set(wrong))
        names = cells_text(puzzle.shape, wrong)
        if solution is not None:
            verb = "is" if len(wrong) == 1 else "are"
            text = f"{names} {verb} wrong: {'it does' if len(wrong) == 1 else 'they do'} " \
                   f"not match the solution. Clear {'it' if len(wrong) == 1 else 'them'} first."
        else:
            text = f"{names} conflict with other entries. Fix them first."
        return Hint("wrong_entries", Step("Wrong Entry", (), (), text,
                                         cells=tuple((c, "wrong") for c in wrong),
                                         region=names),
                    "Some of your entries are wrong.", current, current,
                    wrong_cells=tuple(wrong))

    marks = {c: set(m) for c, m in (pencil or {}).items() if set(m)}
    c = Candidates.from_pencil(current, marks) if marks else Candidates.from_grid(current)
    if solution is not None and marks:
        missing = [(cell, solution.cells[cell]) for cell in sorted(marks)
                   if 0 <= cell < len(c.values) and not current.cells[cell]
                   and not c.has(cell, solution.cells[cell])]
        if missing:
            parts = [f"{puzzle.shape.symbol(v)} in {cell_name(cell, n)}" for cell, v in missing]
            text = (f"A pencil mark you removed is needed: {and_list(parts)}. "
                    "Put it back.")
            fix = Step("Missing Pencil Mark", (), (), text,
                        cells=tuple((cell, "wrong") for cell, _ in missing),
                        candidates=tuple((cell, v, "missing") for cell, v in missing),
                        region=cells_text(puzzle.shape, [cell for cell, _ in missing]))
            return Hint("missing_marks", fix, "One of your pencil marks was removed by mistake.",
                        current, current, missing_marks=tuple(missing))

    if c.is_solved():
        done = Step("Solved", (), (), "The puzzle is solved.")
        return Hint("solved", done, "The puzzle is solved.", current, current)

    step = _next_step(c, unique=result.unique is True, solution=solution, deadline=deadline)
    if step is None:
        status = "multiple" if result.unique is False else "gave_up"
        text = ("The puzzle has several solutions: no logical step can choose between them."
                if status == "multiple" else "No step could be proven within the time limit.")
        return _problem(status, current, text)
    after = c.copy()
    after.apply(step)
    return Hint("step", step, nudge_text(step), current, after.to_grid(), tuple(after.masks))


def _next_step(c: Candidates, *, unique: bool, solution: Grid | None,
               deadline: float | None = None) -> Step | None:
    """The first technique in registry order that finds something, else a trial step."""
    for tech in registry():
        if tech.needs_unique and not unique:
            continue
        step = tech.find(c)
        if step is None or not changes(c, step):
            continue
        if not consistent(step, solution):
            continue  # a safety net: never hint something false
        return step
    return trial_step(c, solution, deadline=deadline)
