"""The candidate (pencil-mark) state that human techniques read: one bitmask per cell.

Bit ``v - 1`` of ``masks[cell]`` is set when value ``v`` is still a candidate of ``cell``;
filled cells have mask 0 and their value in ``values``. Technique functions read this state and
never change it; ``place``, ``eliminate`` and ``apply`` are for the code that walks a path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from .contract import frame
from .grid import Geometry, Grid, Shape
from .step import Step


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


# Every mask of a 9x9 grid's values, answered from a table: the techniques and the chain
# replays ask tens of thousands of times a walk.
_SMALL = tuple(tuple(_bits(m)) for m in range(1 << 9))


def bits(mask: int) -> list[int]:
    """Values (1-based) of the set bits of a candidate mask, lowest first."""
    if 0 <= mask < 512:
        return list(_SMALL[mask])  # a new list: callers may change theirs
    return _bits(mask)


class StaleMark(NamedTuple):
    """A mark an empty cell keeps though its row, column or box already holds the value."""

    cell: int
    value: int
    units: tuple[int, ...]  # the cell's units (row, column, box order) that hold the value
    at: tuple[int, ...]  # per unit: the cell that holds it (row and box may share one)


class Candidates:
    """Placed values and per-cell candidate bitmasks of a grid, with precomputed units."""

    __slots__ = ("shape", "geometry", "size", "full", "values", "masks", "givens")

    def __init__(self, shape: Shape, values: list[int], masks: list[int],
                 givens: int | None = None) -> None:
        self.shape = shape
        self.geometry: Geometry = shape.geometry
        self.size = shape.size
        self.full = (1 << shape.size) - 1  # mask with every value
        self.values = values  # 0 or the placed value, per cell
        self.masks = masks  # candidate bitmask per cell, 0 for filled cells
        # Cells filled before any step (bit = cell). Avoidable rectangles must tell givens from
        # placements; without that history every filled cell counts as a given (the safe side).
        if givens is None:
            givens = sum(1 << cell for cell, v in enumerate(values) if v)
        self.givens = givens

    @classmethod
    def from_grid(cls, grid: Grid) -> Candidates:
        """Candidates of every empty cell: the values none of its filled peers holds."""
        shape = grid.shape
        geo = shape.geometry
        full = (1 << shape.size) - 1
        values = list(grid.cells)
        # Mask of values used in each unit (rows, columns, boxes and the rules' own units),
        # then each empty cell sees its units, and its loose peers (cages, knight or king
        # moves) one by one.
        used = [0] * len(geo.units)
        for u, unit in enumerate(geo.units):
            m = 0
            for cell in unit:
                v = values[cell]
                if v:
                    m |= 1 << (v - 1)
            used[u] = m
        masks = [0] * len(values)
        loose = geo.loose
        units_of = geo.units_of
        for cell, v in enumerate(values):
            if not v:
                us = units_of[cell]  # row, column, box (every grid has them), then the rules'
                seen = used[us[0]] | used[us[1]] | used[us[2]]
                if len(us) > 3:
                    for u in us[3:]:
                        seen |= used[u]
                if loose:
                    for p in loose[cell]:
                        w = values[p]
                        if w:
                            seen |= 1 << (w - 1)
                masks[cell] = full & ~seen
        return cls(shape, values, masks)

    @classmethod
    def from_pencil(cls, grid: Grid, pencil: Mapping[int, Iterable[int]]) -> Candidates:
        """Candidates from the user's own pencil marks (cells without marks get computed ones)."""
        cands = cls.from_grid(grid)
        for cell, marks in pencil.items():
            if 0 <= cell < len(cands.values) and not cands.values[cell]:
                m = 0
                for v in marks:
                    if 1 <= v <= cands.size:
                        m |= 1 << (v - 1)
                # Marks the grid already rules out stay out: they are plainly wrong.
                cands.masks[cell] &= m
        return cands

    @classmethod
    def from_marks(cls, grid: Grid, marks: Mapping[int, Iterable[int]]) -> Candidates:
        """The state exactly as written: filled cells as values, empty ones with ``marks`` only.

        Every filled cell counts as a given: a written grid does not say which were placed.
        """
        masks = [0] * len(grid.cells)
        for cell, values in marks.items():
            masks[cell] = sum(1 << (v - 1) for v in values)
        return cls(grid.shape, list(grid.cells), masks)

    def stale_marks(self) -> list[StaleMark]:
        """Marks of empty cells that a value placed in the same row, column or box rules out
        (a written state whose marks were not tidied after a placement), in cell order."""
        geo = self.geometry
        values, masks = self.values, self.masks
        placed = [self.placed_in(u) for u in range(len(geo.units))]
        out = []
        for cell, mask in enumerate(masks):
            if values[cell] or not mask:
                continue
            units = geo.units_of[cell]
            stale = mask & (placed[units[0]] | placed[units[1]] | placed[units[2]])
            for v in bits(stale):
                holding = tuple(u for u in units if placed[u] >> (v - 1) & 1)
                at = tuple(next(x for x in geo.units[u] if values[x] == v) for u in holding)
                out.append(StaleMark(cell, v, holding, at))
        return out

    def tidied(self) -> Candidates:
        """A copy without the stale marks: the state every technique assumes, where a value
        placed in a unit is no candidate of the unit's other cells."""
        c = self.copy()
        for mark in self.stale_marks():
            c.masks[mark.cell] &= ~(1 << (mark.value - 1))
        for cell, v in enumerate(c.values):
            if v:
                c.masks[cell] = 0  # a filled cell has no candidates, whatever a caller set
        return c

    def copy(self) -> Candidates:
        """An independent copy (the tables are shared, the lists are not)."""
        return Candidates(self.shape, self.values[:], self.masks[:], self.givens)

    def place(self, cell: int, value: int) -> None:
        """Fill a cell and remove the value from its peers' candidates."""
        self.values[cell] = value
        self.masks[cell] = 0
        clear = ~(1 << (value - 1))
        masks = self.masks
        for p in self.geometry.peers[cell]:
            masks[p] &= clear

    def eliminate(self, cell: int, value: int) -> bool:
        """Remove a candidate; True if it was there."""
        bit = 1 << (value - 1)
        if self.masks[cell] & bit:
            self.masks[cell] ^= bit
            return True
        return False

    def apply(self, step: Step) -> None:
        """Carry out a step's placements and eliminations."""
        for cell, value in step.placements:
            if not self.values[cell]:
                self.place(cell, value)
        for cell, value in step.eliminations:
            self.eliminate(cell, value)

    def to_grid(self) -> Grid:
        """The placed values as a Grid."""
        return Grid(self.shape, tuple(self.values))

    def has(self, cell: int, value: int) -> bool:
        """True if ``value`` is a candidate of ``cell``."""
        return bool(self.masks[cell] >> (value - 1) & 1)

    def cells_with(self, unit: int, value: int) -> list[int]:
        """Cells of a unit that still have ``value`` as a candidate."""
        bit = 1 << (value - 1)
        masks = self.masks
        return [cell for cell in self.geometry.units[unit] if masks[cell] & bit]

    def candidates_of(self, cell: int) -> list[int]:
        """Candidate values of a cell, smallest first."""
        return bits(self.masks[cell])

    def is_solved(self) -> bool:
        """True when every cell holds a value."""
        return 0 not in self.values

    def placed_in(self, unit: int) -> int:
        """Mask of the values already placed in a unit."""
        m = 0
        values = self.values
        for cell in self.geometry.units[unit]:
            v = values[cell]
            if v:
                m |= 1 << (v - 1)
        return m

    def is_broken(self) -> bool:
        """True if some empty cell has no candidate or some unit has a value with no place."""
        values, masks = self.values, self.masks
        for cell, v in enumerate(values):
            if not v and not masks[cell]:
                return True
        full = self.full
        for unit in self.geometry.units:
            seen = 0
            for cell in unit:
                v = values[cell]
                seen |= (1 << (v - 1)) if v else masks[cell]
            if seen != full:
                return True
        return False

    def to_json(self) -> dict[str, Any]:
        """Candidates of every cell as a list of values (empty for filled cells)."""
        n = self.size
        return {
            **frame(self.shape),
            "candidates": [bits(m) for m in self.masks],
            "message": f"Candidates of the {self.values.count(0)} empty cells of a {n}x{n} grid.",
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Candidates):
            return NotImplemented
        return (self.shape, self.values, self.masks) == (other.shape, other.values, other.masks)

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return f"Candidates({self.to_grid().line()!r}, shape={self.shape})"
