"""Little killers: a clue outside the grid gives the sum of the diagonal it points along.

The diagonal is whole: it enters the grid beside the clue and runs on to the far edge, so
its cells are listed from the clue's end. Digits may repeat on it (only its cells that share
a row, a column or a box differ, as they always do).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import ClassVar

from ..errors import VariantError
from .rule import (
    PLACED_SECTION,
    Board,
    PlacedType,
    Propagator,
    Rule,
    only_fields,
    read_cells,
    read_int,
)
from .sandwich import LineClue

# The way the diagonal runs from the clue into the grid: (row step, column step)
STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
_NAMES = {step: name for name, step in STEPS.items()}


class DiagonalSum(LineClue):
    """The diagonal in stretches of one box each (a diagonal meets no row or column twice, so
    only a box's cells on it differ): each stretch lists its sums with the digits that make
    them, and the sums before and after meet as bit sets (bit s: sum s)."""

    def __init__(self, cells: tuple[int, ...], size: int, total: int,
                 box_of: Sequence[int]) -> None:
        super().__init__(cells, size)
        self.total = total
        stretches: list[list[int]] = []
        for i, c in enumerate(cells):
            if stretches and box_of[cells[stretches[-1][0]]] == box_of[c]:
                stretches[-1].append(i)
            else:
                stretches.append([i])
        self.stretches = tuple(tuple(run) for run in stretches)

    def supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        ways = [_stretch_sums(tuple(key[i] for i in run)) for run in self.stretches]
        reach = [1]  # reach[j]: the sums the stretches before j can make
        for sums in ways:
            now, after = reach[-1], 0
            for t in sums:
                after |= now << t
            reach.append(after)
        need = 1 << self.total  # the sums the stretches up to j must make
        if not reach[-1] & need:
            return None
        out = [0] * len(key)
        for j in range(len(ways) - 1, -1, -1):
            now, before = reach[j], 0
            for t, digits in ways[j].items():
                if (now << t) & need:
                    before |= need >> t
                    for i, m in zip(self.stretches[j], digits, strict=True):
                        out[i] |= m
            need = before
        return tuple(out)


@lru_cache(maxsize=1 << 16)
def _stretch_sums(masks: tuple[int, ...]) -> dict[int, list[int]]:
    """Each sum distinct digits of the masks can make, with the digits each cell holds in
    some way of making it (kept: the same masks come back on many diagonals and branches;
    the caller only reads it)."""
    found: dict[int, list[int]] = {}
    options = [[d for d in range(1, m.bit_length() + 1) if m >> (d - 1) & 1] for m in masks]
    for combo in product(*options):
        if len(set(combo)) < len(combo):
            continue
        held = found.setdefault(sum(combo), [0] * len(combo))
        for k, d in enumerate(combo):
            held[k] |= 1 << (d - 1)
    return found


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
        return (DiagonalSum(self.cells, board.size, self.total, board.box_of),)

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
    text_section=PLACED_SECTION,
    rules_text="A clue outside the grid gives the sum of the digits along the diagonal it "
               "points to; digits may repeat on it.",
    rule_class=LittleKiller, read_item=_read,
)
