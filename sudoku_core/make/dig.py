"""Digging: empty cells of a complete grid, orbit by orbit, while the solution stays unique."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..model import budget
from ..model.grid import Cell, Grid, Shape
from ..solver.exact import count_within

Orbit = tuple[Cell, ...]


def is_unique(shape: Shape, cells: Sequence[int], max_nodes: int) -> bool | None:
    """True: exactly one solution; False: several (or none); None: the budget (``max_nodes``
    or the call's deadline) ran out."""
    n = count_within(Grid(shape, tuple(cells)), 2, max_nodes=max_nodes)
    return None if n is None else n == 1


@dataclass
class Dug:
    """The outcome of a dig: the puzzle and the orbits emptied, in order."""

    shape: Shape
    cells: list[int]
    removed: list[Orbit] = field(default_factory=list)
    undecided: list[Orbit] = field(default_factory=list)  # checks out of budget: kept
    complete: bool = True  # False when the dig was cut short (time or cancel)

    def prefix(self, count: int, solution: Grid) -> Grid:
        """The puzzle after only the first ``count`` removals (unique: it has more givens)."""
        cells = list(solution.cells)
        for orbit in self.removed[:count]:
            for cell in orbit:
                cells[cell] = 0
        return Grid(self.shape, tuple(cells))

    def grid(self) -> Grid:
        """The dug puzzle."""
        return Grid(self.shape, tuple(self.cells))


def dig(
    solution: Grid,
    order: Sequence[Orbit],
    *,
    max_nodes: int,
    keep_going: Callable[[], bool],
) -> Dug:
    """Empty each orbit in ``order`` whose removal keeps the solution unique.

    A check out of nodes keeps its orbit: the puzzle stays unique, only thicker. A check cut
    by the call's deadline (``budget``) ends the dig (``complete`` False).
    """
    shape = solution.shape
    dug = Dug(shape, list(solution.cells))
    cells = dug.cells
    for orbit in order:
        if not all(cells[c] for c in orbit):
            continue
        if not keep_going():
            dug.complete = False
            break
        saved = [cells[c] for c in orbit]
        for c in orbit:
            cells[c] = 0
        unique = is_unique(shape, cells, max_nodes)
        if unique:
            dug.removed.append(orbit)
            continue
        if unique is None and budget.expired():
            # Cut by the clock, not by nodes: stop here (every later check would be cut too,
            # and a count the clock decided must not choose the puzzle).
            for c, v in zip(orbit, saved, strict=True):
                cells[c] = v
            dug.complete = False
            break
        if unique is None:
            dug.undecided.append(orbit)
        for c, v in zip(orbit, saved, strict=True):
            cells[c] = v
    return dug
