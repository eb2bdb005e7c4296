"""Trial and error, the walker's last resort: sound steps proven by contradiction.

A candidate is removed only when assuming it leads to a contradiction (by singles, or by an
exhaustive search that finds no solution), and a value is placed only when every other
candidate of the cell was refuted that way.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import budget
from ..model.candidates import Candidates
from ..model.grid import Grid, cell_name
from ..model.step import Step
from ..solver.exact import solve_within
from ..solver.propagate import propagate
from .techniques import TRIAL

_TRIAL_CELLS = 60  # cells tried by singles-propagation before falling back to the search


def trial_step(c: Candidates, solution: Grid | None,
               solver: Callable[[Grid], str] | None = None) -> Step | None:
    """A sound trial-and-error step, or None when nothing can be proven within the budget.

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
        budget.check()
        for v in c.candidates_of(cell):
            if truth is not None and truth[cell] == v:
                continue  # the true value never leads to a contradiction: skip the work
            trial = c.copy()
            trial.place(cell, v)
            if not propagate(trial):
                return _refuted(c, cell, v, "leads to a contradiction by singles")
    return _search_step(c, empty[0], solver or _exact)


def _exact(grid: Grid) -> str:
    """The exact search's verdict on one assumption, within what is left of the budget."""
    budget.check()
    return solve_within(grid, limit=1).status


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
