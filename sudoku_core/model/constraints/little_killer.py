"""Little killers: a clue outside the grid gives the sum of the diagonal it points along.

The diagonal is whole: it enters the grid beside the clue and runs on to the far edge, so
its cells are listed from the clue's end. Digits may repeat on it (only its cells that share
a row, a column or a box differ, as they always do).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import VariantError
from .rule import Board, Masks, PlacedType, Propagator, Rule, only_fields, read_cells, read_int

# The way the diagonal runs from the clue into the grid: (row step, column step)
STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
_NAMES = {step: name for name, step in STEPS.items()}


class DiagonalSum(Propagator):
    """The sums each stretch of the diagonal can reach, as bit sets (bit s: sum s): a digit
    stays when the sums before it and the sums the cells after it still need meet."""

    def __init__(self, cells: tuple[int, ...], total: int) -> None:
        self.cells = cells
        self.total = total

    def prune(self, masks: Masks) -> bool:
        cells = self.cells
        reach = [1]  # reach[i]: the sums cells 0 .. i-1 can make
        for c in cells:
            m, now, after, d = masks[c], reach[-1], 0, 1
            while m:
                if m & 1:
                    after |= now << d
                m >>= 1
                d += 1
            reach.append(after)
        need = 1 << self.total  # the sums cells 0 .. i must make for the cells after
        if not reach[-1] & need:
            return False
        for i in range(len(cells) - 1, -1, -1):
            c = cells[i]
            m, now, keep, before, d = masks[c], reach[i], 0, 0, 1
            while m:
                if m & 1 and (now << d) & need:
                    keep |= 1 << (d - 1)
                    before |= need >> d
                m >>= 1
                d += 1
            masks[c] = keep  # never empty: the whole sum is reachable through this cell
            need = before
        return True


@dataclass(frozen=True)
class LittleKiller(Rule):
    """``cells``: a whole diagonal listed from the clue's end; they add up to ``total``."""

    kind: ClassVar[str] = "little killer"
    size: int
    cells: tuple[int, ...]
    total: int

    def scope(self) -> tuple[int, ...]:
        return self.cells

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (DiagonalSum(self.cells, self.total),)

    def direction(self) -> str:
        """The way the diagonal runs from the clue: "UL", "UR", "DL" or "DR"."""
        return _NAMES[_step(self.size, self.cells)]

    def clue_cell(self) -> tuple[int, int]:
        """The clue's place outside the grid (0-based row and column, -1 or N off it)."""
        dr, dc = _step(self.size, self.cells)
        r, c = divmod(self.cells[0], self.size)
        return r - dr, c - dc

    def to_json(self) -> dict[str, object]:
        return {"cells": list(self.cells), "sum": self.total}


def _step(size: int, cells: tuple[int, ...]) -> tuple[int, int]:
    """The step from each cell to the next (checked when read); a lone corner cell enters
    from above or below the grid."""
    r, c = divmod(cells[0], size)
    if len(cells) > 1:
        r2, c2 = divmod(cells[1], size)
        return r2 - r, c2 - c
    return (1 if r == 0 else -1), (-1 if c == 0 else 1)


def _off(size: int, r: int, c: int) -> bool:
    return not (0 <= r < size and 0 <= c < size)


def check_diagonal(size: int, cells: tuple[int, ...], where: str) -> None:
    """Refuse cells that are not one whole diagonal, from an edge to the far edge."""
    def name(cell: int) -> str:
        r, c = divmod(cell, size)
        return f"r{r + 1}c{c + 1}"

    dr, dc = _step(size, cells)
    for a, b in zip(cells, cells[1:], strict=False):
        (ra, ca), (rb, cb) = divmod(a, size), divmod(b, size)
        if abs(rb - ra) != 1 or abs(cb - ca) != 1:
            raise VariantError(f"{where}: {name(a)} and {name(b)} are not diagonal neighbours")
        if (rb - ra, cb - ca) != (dr, dc):
            raise VariantError(f"{where}: the diagonal turns at {name(a)}; it must run one way")
    r, c = divmod(cells[0], size)
    if not _off(size, r - dr, c - dc):
        raise VariantError(f"{where}: the diagonal must start at the grid's edge beside its "
                           f"clue, not at {name(cells[0])}")
    r, c = divmod(cells[-1], size)
    if not _off(size, r + dr, c + dc):
        raise VariantError(f"{where}: the diagonal must run on to the grid's edge, not stop at "
                           f"{name(cells[-1])}")


def little_killer_from_clue(size: int, row: int, col: int, direction: str,
                            total: int) -> LittleKiller:
    """The little killer of a clue at (row, col) outside the grid pointing ``direction``
    (an f-puzzles reader's helper); refuses a clue whose diagonal misses the grid."""
    if direction not in STEPS:
        raise VariantError(f"little killer: direction {direction!r} is not one of "
                           f"{', '.join(STEPS)}")
    dr, dc = STEPS[direction]
    r, c = row + dr, col + dc
    cells = []
    while not _off(size, r, c):
        cells.append(r * size + c)
        r, c = r + dr, c + dc
    where = f"little killer at r{row + 1}c{col + 1}"
    if not cells or not _off(size, row, col):
        raise VariantError(f"{where}: its diagonal {direction} misses the grid")
    # A lone corner cell has two clue places; it keeps the one above or below the grid.
    return LittleKiller(size, tuple(cells), total)


def _read(item: Mapping[str, object], size: int, where: str) -> LittleKiller:
    only_fields(item, ("cells", "sum"), where)
    cells = read_cells(item, "cells", size, where)
    check_diagonal(size, cells, where)
    total = read_int(item, "sum", where, len(cells), size * len(cells))
    return LittleKiller(size, cells, total)


LITTLE_KILLER = PlacedType(
    name="little-killer", aliases=("little killer", "little killers", "littlekillers"),
    words="little killer", json_key="little_killers", fpuzzles_keys=("littlekillersum",),
    text_section="little_killers",
    rules_text="A clue outside the grid gives the sum of the digits along the diagonal it "
               "points to; digits may repeat on it.",
    rule_class=LittleKiller, read_item=_read,
)
