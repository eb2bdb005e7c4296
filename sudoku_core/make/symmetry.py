"""Symmetries of the pattern of givens.

Patterns. A symmetry is an involution on the cells of an N x N grid; its *orbits* (a cell and
its image) are the units of digging, so the givens of a generated puzzle keep the pattern.

- ``none``: every cell is its own orbit.
- ``rotational``: 180 degree rotation, r1c1 <-> rNcN. It maps boxes onto boxes for every
  box shape, which is why it is the default for every shape (see :func:`default_symmetry`).
- ``mirror``: left-right reflection, column c <-> column N-1-c.
- ``diagonal``: reflection in the main diagonal, rXcY <-> rYcX (every grid here is square).

The isomorphisms, puzzles that are the same puzzle, are in :mod:`.isomorph`; their line
shuffles, which keep bands and stacks together, in ``solver/pattern.py``.
"""

from __future__ import annotations

from functools import lru_cache

from ..model.errors import SudokuError
from ..model.grid import Cell, Grid, Shape

SYMMETRIES = ("none", "rotational", "mirror", "diagonal")


class SymmetryError(SudokuError):
    """A symmetry name that is not one of :data:`SYMMETRIES`."""


def check_symmetry(name: str) -> str:
    """Return the canonical (lower-case) symmetry name, or raise SymmetryError."""
    key = name.strip().lower()
    if key not in SYMMETRIES:
        raise SymmetryError(f"symmetry {name!r}: expected one of {', '.join(SYMMETRIES)}")
    return key


def default_symmetry(shape: Shape) -> str:
    """The symmetry used when none is asked for: 180 degree rotation, for every box shape.

    Rotation maps each r x c box onto a box even when r != c (mirror does too, diagonal does
    not), so it is the classic look of 9x9 puzzles and costs little extra givens at any size.
    """
    del shape  # the same for every shape today; the argument keeps the door open
    return "rotational"


def image(cell: Cell, size: int, name: str) -> Cell:
    """The cell that ``cell`` is mapped to by the symmetry ``name``."""
    r, c = divmod(cell, size)
    if name == "rotational":
        return (size - 1 - r) * size + (size - 1 - c)
    if name == "mirror":
        return r * size + (size - 1 - c)
    if name == "diagonal":
        return c * size + r
    return cell


@lru_cache(maxsize=64)
def orbits(size: int, name: str) -> tuple[tuple[Cell, ...], ...]:
    """Orbits of the symmetry on an N x N grid, each sorted, ordered by their first cell."""
    name = check_symmetry(name)
    seen: set[Cell] = set()
    result: list[tuple[Cell, ...]] = []
    for cell in range(size * size):
        if cell in seen:
            continue
        orbit = tuple(sorted({cell, image(cell, size, name)}))
        seen.update(orbit)
        result.append(orbit)
    return tuple(result)


def is_symmetric(grid: Grid, name: str) -> bool:
    """True when the pattern of givens of ``grid`` is invariant under the symmetry."""
    n = grid.size
    cells = grid.cells
    return all(bool(cells[i]) == bool(cells[image(i, n, name)]) for i in range(n * n))
