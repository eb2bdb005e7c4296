"""Isomorphisms: puzzles that are the same puzzle, rules and all.

Relabelling the symbols, permuting the rows within a band and the bands, the columns within a
stack and the stacks, and transposing (when the boxes are square) map every row, column and
box onto a row, column or box: a classic puzzle's image has as many solutions, its solution
maps the same way, and every deduction maps step for step, so its rating is the same. The page
serves its banks through them: one bank puzzle gives millions of distinct puzzles of the same
level.

A variant's rules move with the cells: Killer cages and Jigsaw regions are mapped cell by
cell, and a map is drawn only among those that keep the fixed rules (the diagonals, the
Windoku windows, the knight's and king's moves) onto themselves:

- X and Windoku: row and column permutations that commute with turning the grid round
  (line i <-> line N-1-i) and keep the bands and stacks, the columns permuted like the rows or
  like the rows turned round, and a transposition; each draw is checked against the rules;
- cages, regions, anti-knight, anti-king: the turns and reflections of the square only, which
  keep cells side by side (a cage or region stays connected) and keep every move a move;
- a cage with a sum allows only two relabellings: none, or v -> N+1-v (each sum of k cells
  becomes k(N+1) - sum);
- placed rules (thermometers, dots, lines, clues outside the grid: isomorph_placed) read
  digit order: the turns and reflections of the square, with no relabelling.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property

from ..model.constraints import FIRST
from ..model.grid import Cell, Grid, Shape
from ..model.variants import Cage, Variant, variant_from_json
from ..solver.pattern import shuffled_lines
from .isomorph_placed import map_placed
from .symmetry import SymmetryError

_TRIES = 32  # draws of a rule-keeping family before the next, smaller one


@dataclass(frozen=True)
class Isomorphism:
    """A map of the grids of a shape onto the grids of ``image_shape``, units onto units."""

    shape: Shape
    source: tuple[Cell, ...]  # source[i]: the cell whose value lands in cell i
    symbols: tuple[int, ...]  # symbols[v]: the value v becomes (symbols[0] == 0, empty stays)

    @cached_property
    def image_shape(self) -> Shape:
        """The shape of the images: the same boxes, the variant's cages and regions mapped."""
        variant = self.shape.variant
        if variant is None:
            return self.shape
        return self.shape.with_variant(map_rules(variant, self.source, self.symbols))

    def apply(self, grid: Grid) -> Grid:
        """The image of ``grid`` (a puzzle, a solution, any partial grid of the shape)."""
        if grid.shape != self.shape:
            raise SymmetryError(f"an isomorphism of {self.shape} boxes cannot map a grid of "
                                f"{grid.shape} boxes" if grid.shape.classic != self.shape.classic
                                else "an isomorphism cannot map a grid of other rules")
        cells, symbols = grid.cells, self.symbols
        return Grid(self.image_shape, tuple(symbols[cells[s]] for s in self.source))


def map_rules(variant: Variant, source: tuple[Cell, ...], symbols: tuple[int, ...]) -> Variant:
    """The variant's rules with its cages and regions moved by ``source``, sums by ``symbols``."""
    dest = [0] * len(source)
    for i, s in enumerate(source):
        dest[s] = i
    n = len(symbols) - 1
    flip = any(symbols[v] != v for v in range(1, n + 1))
    if flip and variant.has_sums and any(symbols[v] != n + 1 - v for v in range(1, n + 1)):
        raise SymmetryError("a relabelling other than v -> N+1-v breaks the cage sums")
    cages = tuple(sorted(
        Cage(tuple(sorted(dest[c] for c in cage.cells)),
             len(cage.cells) * (n + 1) - cage.total if flip and cage.total else cage.total)
        for cage in variant.cages))
    regions = tuple(variant.regions[s] for s in source) if variant.regions else ()
    moved = Variant(variant.diagonals, variant.windows, regions, cages, variant.anti_knight,
                    variant.anti_king)
    if not variant.constraints:
        return moved
    # Placed rules read digit order and places: moved only by a turn or reflection with no
    # relabelling (random_isomorphism draws no other for them), through their JSON.
    if flip:
        raise SymmetryError("a relabelling breaks the placed rules' digit order")
    typed = {row.json_key for row in FIRST}
    placed = {k: v for k, v in variant.to_json().items() if k not in typed}
    mapped = variant_from_json(map_placed(placed, dest, n), n)
    return replace(moved, constraints=mapped.constraints)


def keeps_rules(iso: Isomorphism) -> bool:
    """True when every unit maps onto a unit of the image and every peer onto a peer."""
    before, after = iso.shape.geometry, iso.image_shape.geometry
    dest = [0] * len(iso.source)
    for i, s in enumerate(iso.source):
        dest[s] = i
    units = {frozenset(u) for u in after.units}
    if any(frozenset(dest[c] for c in u) not in units for u in before.units):
        return False
    return all({dest[p] for p in before.peers[c]} == set(after.peers[dest[c]])
               for c in range(len(dest)))


def mirrored_lines(groups: int, per_group: int, rng: random.Random) -> list[int]:
    """A permutation of lines that keeps groups together and commutes with line i <-> N-1-i."""
    n = groups * per_group
    half = groups // 2
    pairs = list(range(half))
    rng.shuffle(pairs)
    lines = [0] * n
    for k in range(half):
        g = pairs[k] if rng.random() < 0.5 else groups - 1 - pairs[k]
        inner = list(range(per_group))
        rng.shuffle(inner)
        for i in range(per_group):
            lines[k * per_group + i] = g * per_group + inner[i]
            lines[n - 1 - (k * per_group + i)] = n - 1 - (g * per_group + inner[i])
    if groups % 2:
        mid = half * per_group
        inner = mirrored_lines(per_group, 1, rng) if per_group > 1 else [0]
        for i in range(per_group):
            lines[mid + i] = mid + inner[i]
    return lines


def _source(n: int, rows: list[int], cols: list[int], transpose: bool) -> tuple[Cell, ...]:
    if transpose:
        return tuple(rows[j] * n + cols[i] for i in range(n) for j in range(n))
    return tuple(rows[i] * n + cols[j] for i in range(n) for j in range(n))


def _lines(shape: Shape, rng: random.Random) -> tuple[Cell, ...]:
    """Bands, stacks and the lines in them shuffled: every classic isomorphism's cells."""
    n, r, c = shape.size, shape.box_rows, shape.box_cols
    rows = shuffled_lines(n // r, r, rng)
    cols = shuffled_lines(n // c, c, rng)
    return _source(n, rows, cols, r == c and rng.random() < 0.5)


def _mirrored(shape: Shape, rng: random.Random) -> tuple[Cell, ...]:
    """Rows and columns permuted alike (or the columns turned round): keeps the diagonals."""
    n, r = shape.size, shape.box_rows
    rows = mirrored_lines(n // r, r, rng)
    cols = rows if rng.random() < 0.5 else [n - 1 - x for x in rows]
    return _source(n, rows, cols, shape.box_rows == shape.box_cols and rng.random() < 0.5)


def _dihedral(shape: Shape, rng: random.Random) -> tuple[Cell, ...]:
    """A turn or reflection of the square (quarter turns only when the boxes are square)."""
    n = shape.size
    line = list(range(n))
    rows = line if rng.random() < 0.5 else line[::-1]
    cols = line if rng.random() < 0.5 else line[::-1]
    return _source(n, rows, cols, shape.box_rows == shape.box_cols and rng.random() < 0.5)


def _symbols(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    n = shape.size
    if shape.variant is not None and shape.variant.constraints:
        return tuple(range(n + 1))  # placed rules read digit order: no relabelling
    if shape.variant is not None and shape.variant.has_sums:
        values = list(range(1, n + 1)) if rng.random() < 0.5 else list(range(n, 0, -1))
    else:
        values = list(range(1, n + 1))
        rng.shuffle(values)
    return (0, *values)


def random_isomorphism(shape: Shape, rng: random.Random) -> Isomorphism:
    """A random isomorphism of the grids of ``shape`` that keeps its rules, drawn from ``rng``.

    Bands are ``box_rows`` rows tall, stacks ``box_cols`` columns wide. A transposition turns
    r x c boxes into c x r boxes, another shape, so it is drawn only when the boxes are square.
    """
    v = shape.variant
    if v is None:  # cells first, then symbols: the draws of a seed stay what they were
        source = _lines(shape, rng)
        return Isomorphism(shape, source, _symbols(shape, rng))
    symbols = _symbols(shape, rng)
    moves = v.cages or v.regions or v.anti_knight or v.anti_king or v.constraints
    families = (_dihedral,) if moves else (_mirrored, _dihedral)
    for family in families:
        for _ in range(_TRIES):
            iso = Isomorphism(shape, family(shape, rng), symbols)
            if keeps_rules(iso):
                return iso
    return Isomorphism(shape, tuple(range(shape.cell_count)), symbols)


def isomorph(grid: Grid, seed: int | None = None) -> Grid:
    """A random puzzle isomorphic to ``grid``: same rules, solution count and rating."""
    rng = random.Random(seed) if seed is not None else random.Random()
    return random_isomorphism(grid.shape, rng).apply(grid)
