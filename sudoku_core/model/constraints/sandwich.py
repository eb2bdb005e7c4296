"""Sandwich sums: the digits between the 1 and the N of a row or column add up to the clue.

Also the helpers of every clue outside the grid on a whole row or column (X-sums and
skyscrapers read them too): the line's cells seen from either end, its JSON fields, the
clue's place outside the grid, and a propagator that memoises its answer per candidate
masks. A row or column holds every digit once, so these propagators reason on which digits
a stretch of the line holds rather than enumerating up to N! orders.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar

from ..errors import VariantError
from .rule import PLACED_SECTION, Board, Masks, PlacedType, Propagator, Rule, only_fields, read_int

AXES = ("row", "column")
ENDS = ("start", "end")  # the left end of a row, the top of a column; or the other one


def line_cells(size: int, axis: str, index: int, end: str = "start") -> tuple[int, ...]:
    """The cells of row or column ``index`` in the order they are seen from ``end``."""
    if axis == "row":
        cells = tuple(index * size + c for c in range(size))
    else:
        cells = tuple(r * size + index for r in range(size))
    return cells if end == "start" else cells[::-1]


def clue_cell(size: int, axis: str, index: int, end: str = "start") -> tuple[int, int]:
    """Where the clue stands outside the grid (0-based row, column; -1 or N off the grid)."""
    edge = -1 if end == "start" else size
    return (index, edge) if axis == "row" else (edge, index)


def clue_line(size: int, row: int, col: int) -> tuple[str, int, str]:
    """The (axis, index, end) a clue at (row, col) outside the grid reads; an f-puzzles
    reader's helper. Refuses a place that is not beside exactly one row or column."""
    inside_r, inside_c = 0 <= row < size, 0 <= col < size
    if inside_r and col in (-1, size) and not inside_c:
        return "row", row, "start" if col == -1 else "end"
    if inside_c and row in (-1, size) and not inside_r:
        return "column", col, "start" if row == -1 else "end"
    raise VariantError(f"r{row + 1}c{col + 1} is not a clue's place beside a row or column "
                       f"of the {size}x{size} grid")


def read_line(item: Mapping[str, object], size: int, where: str) -> tuple[str, int]:
    """The row or the column of a clue's JSON item (exactly one of the two)."""
    given = [axis for axis in AXES if axis in item]
    if len(given) != 1:
        raise VariantError(f"{where}: needs one of 'row' or 'column'")
    axis = given[0]
    return axis, read_int(item, axis, where, 0, size - 1)


def read_end(item: Mapping[str, object], where: str) -> str:
    """The end of the line a clue stands at: "start" (left, top) or "end" (right, bottom)."""
    end = item.get("end")
    if end not in ENDS:
        raise VariantError(f"{where}: 'end' must be \"start\" or \"end\", not {end!r}")
    assert isinstance(end, str)
    return end


def bits(mask: int) -> Iterator[int]:
    """The digits of a mask, lowest first."""
    d = 1
    while mask:
        if mask & 1:
            yield d
        mask >>= 1
        d += 1


def digit_sets(choose_from: int, k: int, total: int) -> tuple[int, ...]:
    """The masks of k distinct digits of ``choose_from`` that add up to ``total``."""
    return tuple(sum(1 << (d - 1) for d in combo)
                 for combo in combinations(tuple(bits(choose_from)), k) if sum(combo) == total)


def fit(key: tuple[int, ...], places: Sequence[int], digits: int, out: list[int]) -> bool:
    """Whether the cells at ``places`` of ``key`` can hold exactly ``digits`` (as many as
    cells): each cell keeps one of them and together they keep them all. Adds what they
    keep to ``out`` if so.

    A relaxation of a matching (no Hall check within the stretch): it never drops a digit a
    real assignment uses, and on placed cells it is exact.
    """
    union = 0
    for i in places:
        m = key[i] & digits
        if not m:
            return False
        union |= m
    if union != digits:
        return False
    for i in places:
        out[i] |= key[i] & digits
    return True


class LineClue(Propagator):
    """A propagator over one whole line whose answer depends only on its cells' masks: each
    answer is kept (the search meets the same masks again on every branch below)."""

    _MEMO_CAP = 50_000

    def __init__(self, cells: tuple[int, ...], size: int) -> None:
        self.cells = cells
        self.size = size
        self.full = (1 << size) - 1
        self._memo: dict[tuple[int, ...], tuple[int, ...] | None] = {}

    def prune(self, masks: Masks) -> bool:
        key = tuple(masks[c] for c in self.cells)
        memo = self._memo
        if key in memo:
            found = memo[key]
        else:
            found = self.supports(key)
            if len(memo) > self._MEMO_CAP:
                memo.clear()
            memo[key] = found
        if found is None:
            return False
        for c, m in zip(self.cells, found, strict=True):
            masks[c] &= m
        return True

    def supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        """The digits of each cell some assignment passing the clue holds; None if none."""
        raise NotImplementedError


class SandwichClue(LineClue):
    """For each place of the 1 and of the N, and each set of digits that fills the stretch
    between them with the sum, the stretch holds that set and the rest of the line the
    other middle digits."""

    def __init__(self, cells: tuple[int, ...], size: int, total: int) -> None:
        super().__init__(cells, size)
        self.one, self.top = 1, 1 << (size - 1)
        self.middle = self.full & ~self.one & ~self.top
        self.sets = tuple(digit_sets(self.middle, k, total) for k in range(size - 1))

    def supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        n, one, top, middle = self.size, self.one, self.top, self.middle
        out = [0] * n
        ones = [i for i in range(n) if key[i] & one]
        tops = [j for j in range(n) if key[j] & top]
        for i in ones:
            for j in tops:
                if i == j:
                    continue
                lo, hi = (i, j) if i < j else (j, i)
                between = range(lo + 1, hi)
                beyond = [*range(lo), *range(hi + 1, n)]
                for inside in self.sets[hi - lo - 1]:
                    trial = [0] * n
                    if fit(key, between, inside, trial) and fit(key, beyond, middle & ~inside,
                                                                 trial):
                        trial[i] |= one
                        trial[j] |= top
                        for c in range(n):
                            out[c] |= trial[c]
        if not all(out):
            return None
        return tuple(out)


@dataclass(frozen=True)
class Sandwich(Rule):
    """Row or column ``index``: the digits strictly between its 1 and its N add up to
    ``total`` (0 when they are neighbours)."""

    kind: ClassVar[str] = "sandwich"
    size: int
    axis: str  # "row" or "column"
    index: int
    total: int

    def scope(self) -> tuple[int, ...]:
        return line_cells(self.size, self.axis, self.index)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (SandwichClue(self.scope(), board.size, self.total),)

    def clue_cell(self) -> tuple[int, int]:
        """The clue's place outside the grid, left of the row or above the column."""
        return clue_cell(self.size, self.axis, self.index)

    def to_json(self) -> dict[str, object]:
        return {self.axis: self.index, "sum": self.total}


def sandwich_most(size: int) -> int:
    """The largest sandwich: every digit but 1 and N."""
    return size * (size + 1) // 2 - 1 - size


def _read(item: Mapping[str, object], size: int, where: str) -> Sandwich:
    only_fields(item, ("row", "column", "sum"), where)
    axis, index = read_line(item, size, where)
    return Sandwich(size, axis, index, read_int(item, "sum", where, 0, sandwich_most(size)))


SANDWICH = PlacedType(
    name="sandwich", aliases=("sandwiches", "sandwich sum", "sandwich sums"), words="sandwich",
    json_key="sandwiches", fpuzzles_keys=("sandwichsum",), text_section=PLACED_SECTION,
    rules_text="A clue outside the grid gives the sum of the digits between the 1 and the "
               "highest digit of its row or column.",
    rule_class=Sandwich, read_item=_read,
)
