"""The logical path of a puzzle: the simplest step each time, trial and error only as a last resort.

``steps(grid)`` walks from the givens to the solution with the technique registry (simplest
first). When no technique applies, a *trial* step (``trial=True``) keeps the walk going, and it
is sound: it removes a candidate only when assuming it leads to a contradiction (by singles, or
by an exhaustive search that finds no solution), and places a value only when every other
candidate of the cell was refuted that way.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .candidates import Candidates
from .expect import OPTIONAL_NUMBER, expect
from .grid import Grid, Shape, cell_name
from .solver import solve
from .techniques import TRIAL, TRIAL_WEIGHT, level_of, registry, weight_of
from .techniques.base import Step

DEFAULT_TIME_LIMIT = 10.0
_SINGLES = ("Full House", "Hidden Single", "Naked Single")
_TRIAL_CELLS = 60  # cells tried by singles-propagation before falling back to the search


@dataclass(frozen=True)
class Path:
    """A logical solution path and the difficulty it shows."""

    # "solved": the path reaches the end; "invalid": givens conflict; "no_solution";
    # "multiple": several solutions, the path stops where logic cannot choose;
    # "gave_up": the budget ran out (timed_out) or no trial step could be proven within it.
    status: str
    steps: tuple[Step, ...]
    level: str | None  # "Easy" | "Medium" | "Hard" | "Expert" | "Extreme"; None unless solved
    score: int  # weight of the hardest step (SE-like rating x 10)
    hardest: str  # technique name of the hardest step
    trial: bool  # True when some step is trial and error
    shape: Shape
    solution: Grid | None = None
    timed_out: bool = False  # the time limit cut the walk short (then status is "gave_up")
    elapsed: float = 0.0
    counts: dict[str, int] = field(default_factory=dict)  # steps per technique

    def to_json(self) -> dict[str, Any]:
        """The JSON contract of `steps`."""
        return {
            "status": self.status,
            "level": self.level,
            "score": self.score,
            "hardest": self.hardest,
            "trial": self.trial,
            "steps": [s.to_json(self.shape) for s in self.steps],
            "solution": self.solution.line() if self.solution else None,
            "timed_out": self.timed_out,
            "counts": self.counts,
        }


@dataclass
class _Walk:
    """The state of a walk: candidates, what is known about the solution, and the tally."""

    c: Candidates
    solution: Grid | None
    unique: bool
    deadline: float | None
    record: bool
    verify: bool
    steps: list[Step] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    best: int = 0
    hardest: str = ""
    trial: bool = False
    timed_out: bool = False

    def note(self, technique: str, step: Step | None) -> None:
        """Tally a step (and keep it when recording)."""
        self.counts[technique] = self.counts.get(technique, 0) + 1
        w = weight_of(technique)
        if w > self.best:
            self.best, self.hardest = w, technique
        if self.record and step is not None:
            self.steps.append(step)


def steps(grid: Grid, *, time_limit: float | None = DEFAULT_TIME_LIMIT,
          verify: bool = True) -> Path:
    """The logical path from ``grid`` to its solution, simplest technique first.

    With ``verify`` a step that contradicts the known unique solution is dropped (a safety net
    for users; the soundness tests turn it off so that such a step shows up).
    """
    expect("steps", grid=(grid, Grid), time_limit=(time_limit, OPTIONAL_NUMBER))
    return _run(grid, time_limit=time_limit, record=True, verify=verify)


def _run(grid: Grid, *, time_limit: float | None, record: bool, verify: bool) -> Path:
    # One deadline bounds the whole call: the uniqueness check, the technique search and the
    # trial steps' searches.
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    result = solve(grid, limit=2, time_limit=DEFAULT_TIME_LIMIT if deadline is None
                   else max(0.0, deadline - time.perf_counter()))
    shape = grid.shape
    if result.status in ("invalid", "no_solution"):
        return Path(result.status, (), None, 0, "", False, shape,
                    elapsed=time.perf_counter() - start)
    unique = result.unique is True
    solution = result.solution if unique else None
    w = _Walk(Candidates.from_grid(grid), solution, unique, deadline, record, verify)
    status = walk(w)
    if w.timed_out:
        status = "gave_up"
    elif status == "stuck":
        # No proof either way: several solutions, or the search ran out of budget.
        status = "multiple" if result.unique is False else "gave_up"
    if status == "solved" and result.unique is False:
        status = "multiple"
    # Only a solved path shows a difficulty: a puzzle with conflicts, no solution or several
    # solutions has none, and a cut-short path has not met its hardest step yet.
    level = None
    if status == "solved":
        level = level_of(w.best) if w.best else "Easy"  # no step: the grid was complete
    return Path(status, tuple(w.steps), level, w.best, w.hardest, w.trial, shape,
                result.solution if status in ("solved", "multiple") else None, w.timed_out,
                time.perf_counter() - start, dict(w.counts))


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def walk(w: _Walk) -> str:
    """Take steps until the grid is full or the deadline passes; the final status."""
    c = w.c
    techniques = [t for t in registry() if t.name not in _SINGLES]
    while True:
        if _past(w.deadline) and not c.is_solved():
            w.timed_out = True
            return "stuck"
        if w.record:
            if _record_single(w):
                continue
        elif _bulk_singles(w):
            continue
        if c.is_solved():
            return "solved"
        if c.is_broken():
            return "no_solution"  # only reachable with unsound input marks
        step = None
        for tech in techniques:
            if _past(w.deadline):
                w.timed_out = True
                return "stuck"
            if tech.needs_unique and not w.unique:
                continue
            found = tech.find(c)
            if found is None or not changes(c, found):
                continue  # nothing new: taking it would loop forever
            if w.verify and not consistent(found, w.solution):
                continue
            step = found
            break
        if step is None:
            step = trial_step(c, w.solution, deadline=w.deadline)
            if step is None:
                w.timed_out = _past(w.deadline)
                return "stuck"
            w.trial = True
        w.note(step.technique, step)
        c.apply(step)


def changes(c: Candidates, step: Step) -> bool:
    """True if the step fills an empty cell or removes a candidate that is there."""
    values = c.values
    return any(not values[cell] for cell, _ in step.placements) or any(
        c.has(cell, v) for cell, v in step.eliminations)


def consistent(step: Step, solution: Grid | None) -> bool:
    """False if the step places a wrong value or removes the solution's value."""
    if solution is None:
        return True
    cells = solution.cells
    return all(cells[cell] == v for cell, v in step.placements) and all(
        cells[cell] != v for cell, v in step.eliminations
    )


def _record_single(w: _Walk) -> bool:
    """Take one single (full house, hidden, naked) as its own recorded step."""
    c = w.c
    for tech in registry():
        if tech.name not in _SINGLES:
            continue
        step = tech.find(c)
        if step is not None:
            w.note(step.technique, step)
            c.apply(step)
            return True
    return False


def _bulk_singles(w: _Walk) -> bool:
    """Place every hidden single to a fixed point, then one naked single if no hidden one.

    The closure under hidden singles does not depend on their order, so this reaches the same
    states, and the same later steps, as taking one single at a time.
    """
    c = w.c
    masks, values = c.masks, c.values
    units = c.geometry.units
    unit_order = _box_first_units(c.size)
    placed_any = False
    while True:
        placed = 0
        for u in unit_order:
            cells = units[u]
            once = twice = 0
            for cell in cells:
                m = masks[cell]
                twice |= once & m
                once |= m
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for cell in cells:
                    if masks[cell] & bit:
                        full = sum(1 for x in cells if not values[x]) == 1
                        c.place(cell, bit.bit_length())
                        w.note("Full House" if full else "Hidden Single", None)
                        placed += 1
                        break
        if placed:
            placed_any = True
            continue
        for cell, m in enumerate(masks):
            if m and not m & (m - 1):
                c.place(cell, m.bit_length())
                w.note("Naked Single", None)
                placed_any = True
                break
        else:
            return placed_any


_UNIT_ORDERS: dict[int, list[int]] = {}


def _box_first_units(n: int) -> list[int]:
    order = _UNIT_ORDERS.get(n)
    if order is None:
        order = _UNIT_ORDERS[n] = list(range(2 * n, 3 * n)) + list(range(2 * n))
    return order


# --- trial and error -------------------------------------------------------------------------

def propagate(c: Candidates) -> bool:
    """Place naked and hidden singles to a fixed point in place; False on a contradiction."""
    masks, values = c.masks, c.values
    units = c.geometry.units
    full = c.full
    while True:
        changed = False
        for cell, m in enumerate(masks):
            if not m:
                if not values[cell]:
                    return False
            elif not m & (m - 1):
                c.place(cell, m.bit_length())
                changed = True
        for cells in units:
            once = twice = placed = 0
            for cell in cells:
                m = masks[cell]
                v = values[cell]
                if v:
                    bit = 1 << (v - 1)
                    if placed & bit:
                        return False
                    placed |= bit
                twice |= once & m
                once |= m
            if (once | placed) != full:
                return False
            single = once & ~twice & ~placed
            while single:
                bit = single & -single
                single ^= bit
                for cell in cells:
                    if masks[cell] & bit:
                        c.place(cell, bit.bit_length())
                        changed = True
                        break
        if not changed:
            return True


def trial_step(c: Candidates, solution: Grid | None,
               solver: Callable[[Grid], str] | None = None, *,
               deadline: float | None = None) -> Step | None:
    """A sound trial-and-error step, or None when nothing can be proven by ``deadline``.

    First each candidate of the cells with fewest candidates is assumed and singles are
    propagated: a contradiction removes it. Failing that, the exact search decides: candidates
    with no solution are removed, and when all but one are, the last one is placed.
    """
    empty = [cell for cell in range(len(c.values)) if not c.values[cell]]
    if not empty:
        return None
    empty.sort(key=lambda cell: (c.masks[cell].bit_count(), cell))
    truth = solution.cells if solution is not None else None
    for cell in empty[:_TRIAL_CELLS]:
        if _past(deadline):
            return None
        for v in c.candidates_of(cell):
            if truth is not None and truth[cell] == v:
                continue  # the true value never leads to a contradiction: skip the work
            trial = c.copy()
            trial.place(cell, v)
            if not propagate(trial):
                return _refuted(c, cell, v, "leads to a contradiction by singles")
    if solver is None:
        def solver(grid: Grid) -> str:
            budget = DEFAULT_TIME_LIMIT if deadline is None else deadline - time.perf_counter()
            if budget <= 0:
                return "gave_up"
            return solve(grid, limit=1, time_limit=budget).status
    return _search_step(c, empty[0], solver)


def _search_step(c: Candidates, cell: int, solver: Callable[[Grid], str]) -> Step | None:
    """Use the exact search on each candidate of ``cell``; remove refuted ones, place the last."""
    grid = c.to_grid()
    refuted, alive = [], []
    for v in c.candidates_of(cell):
        status = solver(grid.with_values([(cell, v)]))
        if status in ("no_solution", "invalid"):
            refuted.append(v)
        elif status == "solved":
            alive.append(v)
        else:
            return None  # gave up: nothing proven
    if not refuted:
        return None  # several values keep a solution: only a guess could go on
    shape = c.shape
    name = cell_name(cell, c.size)
    syms = ", ".join(shape.symbol(v) for v in refuted)
    if len(alive) == 1:
        v = alive[0]
        text = (f"Trial and error: with {name} = {syms} the puzzle has no solution (exhaustive "
                f"search), so {name} is {shape.symbol(v)}")
        return Step(TRIAL, ((cell, v),), (), text, trial=True,
                    cells=((cell, "target"),),
                    candidates=((cell, v, "place"),) + tuple((cell, x, "remove") for x in refuted),
                    region=name)
    text = (f"Trial and error: with {name} = {syms} the puzzle has no solution (exhaustive "
            f"search), so remove {syms} from {name}")
    return Step(TRIAL, (), tuple((cell, x) for x in refuted), text, trial=True,
                cells=((cell, "elimination"),),
                candidates=tuple((cell, x, "remove") for x in refuted), region=name)


def _refuted(c: Candidates, cell: int, value: int, why: str) -> Step:
    shape = c.shape
    name = cell_name(cell, c.size)
    sym = shape.symbol(value)
    return Step(
        TRIAL, (), ((cell, value),),
        f"Trial and error: {name} = {sym} {why}, so remove {sym} from {name}",
        trial=True,
        cells=((cell, "elimination"),),
        candidates=((cell, value, "remove"),),
        region=name,
    )


__all__ = ["Path", "steps", "trial_step", "propagate", "TRIAL", "TRIAL_WEIGHT"]
