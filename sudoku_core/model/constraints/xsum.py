"""X-sums: seen from one end of a row or column, the first X digits add up to the clue, X
being the first of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .rule import PLACED_SECTION, Board, PlacedType, Propagator, Rule, only_fields, read_int
from .sandwich import LineClue, clue_cell, digit_sets, fit, line_cells, read_end, read_line


class XSumClue(LineClue):
    """For each first digit X the first cell may hold, and each set of X-1 other digits that
    makes up the rest of the sum, the next X-1 cells hold that set and the others the rest
    of the line's digits."""

    def __init__(self, cells: tuple[int, ...], size: int, total: int) -> None:
        super().__init__(cells, size)
        full = self.full
        # sets[x]: the digit sets the X-1 cells after a first digit x may hold
        self.sets = ((),) + tuple(digit_sets(full & ~(1 << (x - 1)), x - 1, total - x)
                                  for x in range(1, size + 1))

    def supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        n, full = self.size, self.full
        out = [0] * n
        for x in range(1, n + 1):
            first = 1 << (x - 1)
            if not key[0] & first:
                continue
            counted = range(1, x)
            rest = range(x, n)
            for inside in self.sets[x]:
                trial = [0] * n
                if fit(key, counted, inside, trial) and fit(key, rest, full & ~inside & ~first,
                                                            trial):
                    trial[0] = first
                    for c in range(n):
                        out[c] |= trial[c]
        if not all(out):
            return None
        return tuple(out)


@dataclass(frozen=True)
class XSum(Rule):
    """Row or column ``index`` seen from ``end``: its first X digits add up to ``total``, X
    the digit nearest the clue."""

    kind: ClassVar[str] = "X-sum"
    size: int
    axis: str  # "row" or "column"
    index: int
    end: str  # "start" (left, top) or "end" (right, bottom)
    total: int

    def scope(self) -> tuple[int, ...]:
        return line_cells(self.size, self.axis, self.index, self.end)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (XSumClue(self.scope(), board.size, self.total),)

    def clue_cell(self) -> tuple[int, int]:
        """The clue's place outside the grid (0-based; -1 or N off the grid)."""
        return clue_cell(self.size, self.axis, self.index, self.end)

    def to_json(self) -> dict[str, object]:
        return {self.axis: self.index, "end": self.end, "sum": self.total}


def _read(item: Mapping[str, object], size: int, where: str) -> XSum:
    only_fields(item, ("row", "column", "end", "sum"), where)
    axis, index = read_line(item, size, where)
    end = read_end(item, where)
    return XSum(size, axis, index, end, read_int(item, "sum", where, 1, size * (size + 1) // 2))


X_SUM = PlacedType(
    name="x-sum", aliases=("x-sums", "x sum", "x sums"), words="X-sum",
    json_key="x_sums", fpuzzles_keys=("xsum",), text_section=PLACED_SECTION,
    rules_text="A clue outside the grid gives the sum of the first X digits of its row or "
               "column seen from the clue, X being the first of those digits.",
    rule_class=XSum, read_item=_read,
)
