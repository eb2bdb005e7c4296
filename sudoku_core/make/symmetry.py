"""Symmetries of the pattern of givens, and isomorphisms: puzzles that are the same puzzle.

Patterns. A symmetry is an involution on the cells of an N x N grid; its *orbits* (a cell and
its image) are the units of digging, so the givens of a generated puzzle keep the pattern.

- ``none``: every cell is its own orbit.
- ``rotational``: 180 degree rotation, r1c1 <-> rNcN. It maps boxes onto boxes for every
  box shape, which is why it is the default for every shape (see :func:`default_symmetry`).
- ``mirror``: left-right reflection, column c <-> column N-1-c.
- ``diagonal``: reflection in the main diagonal, rXcY <-> rYcX (every grid here is square).

Isomorphisms (:class:`Isomorphism`, :func:`random_isomorphism`). Relabelling the symbols,
permuting the rows within a band and the bands, the columns within a stack and the stacks,
and transposing (when the boxes are square) map every row, column and box onto a row, column
or box: a puzzle's image has as many solutions, its solution maps the same way, and every
deduction maps step for step, so its rating is the same. The page serves its banks through
them: one bank puzzle gives millions of distinct puzzles of the same level.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Isomorphism:
    """A map of the grids of a shape onto themselves that keeps every unit a unit."""

    shape: Shape
    source: tuple[Cell, ...]  # source[i]: the cell whose value lands in cell i
    symbols: tuple[int, ...]  # symbols[v]: the value v becomes (symbols[0] == 0, empty stays)

    def apply(self, grid: Grid) -> Grid:
        """The image of ``grid`` (a puzzle, a solution, any partial grid of the shape)."""
        if grid.shape != self.shape:
            raise SymmetryError(f"an isomorphism of {self.shape} boxes cannot map a grid of "
                                f"{grid.shape} boxes")
        cells, symbols = grid.cells, self.symbols
        return Grid(self.shape, tuple(symbols[cells[s]] for s in self.source))


def shuffled_lines(groups: int, per_group: int, rng: random.Random) -> list[int]:
    """A permutation of lines that keeps groups (bands or stacks) together."""
    order = list(range(groups))
    rng.shuffle(order)
    lines: list[int] = []
    for g in order:
        inner = list(range(g * per_group, (g + 1) * per_group))
        rng.shuffle(inner)
        lines.extend(inner)
    return lines


def random_isomorphism(shape: Shape, rng: random.Random) -> Isomorphism:
    """A random isomorphism of the grids of ``shape``, every choice drawn from ``rng``.

    Bands are ``box_rows`` rows tall, stacks ``box_cols`` columns wide. A transposition turns
    r x c boxes into c x r boxes, another shape, so it is drawn only when the boxes are square.
    """
    n, r, c = shape.size, shape.box_rows, shape.box_cols
    rows = shuffled_lines(n // r, r, rng)
    cols = shuffled_lines(n // c, c, rng)
    transpose = r == c and rng.random() < 0.5
    values = list(range(1, n + 1))
    rng.shuffle(values)
    if transpose:
        source = tuple(rows[j] * n + cols[i] for i in range(n) for j in range(n))
    else:
        source = tuple(rows[i] * n + cols[j] for i in range(n) for j in range(n))
    return Isomorphism(shape, source, (0, *values))


def isomorph(grid: Grid, seed: int | None = None) -> Grid:
    """A random puzzle isomorphic to ``grid``: same solution count, same rating."""
    rng = random.Random(seed) if seed is not None else random.Random()
    return random_isomorphism(grid.shape, rng).apply(grid)
