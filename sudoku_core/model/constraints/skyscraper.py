"""Skyscrapers: a clue outside the grid counts the digits seen from it along its row or
column, a digit hiding every lower one behind it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from .rule import PLACED_SECTION, Board, PlacedType, Propagator, Rule, only_fields, read_int
from .sandwich import LineClue, clue_cell, line_cells, read_end, read_line


class SkyscraperClue(LineClue):
    """A walk along the line from the clue placing distinct digits from the cells' masks.

    After i cells its state is the set of digits placed (their highest is the one seen last;
    i is the set's size) with the counts seen so far as a bit set, so there are at most 2^N
    states, each reached once per digit. Counts that can no longer end at the clue are
    dropped on the way out (at least one more is seen while N is to come; at most as many as
    there are cells left and digits above); the way back keeps the states and digits that
    lead to the clue's count.
    """

    def __init__(self, cells: tuple[int, ...], size: int, count: int) -> None:
        super().__init__(cells, size)
        self.count = count
        # window[i][top]: the counts after cell i, digit ``top`` the highest, that can end well
        self.window = tuple(tuple(_counts(count, size, size - i - 1, top)
                                  for top in range(size + 1)) for i in range(size))

    def supports(self, key: tuple[int, ...]) -> tuple[int, ...] | None:
        n = self.size
        layers: list[dict[int, int]] = [{0: 1}]  # placed digits -> counts seen (bit set)
        for i in range(n):
            window = self.window[i]
            after: dict[int, int] = {}
            here = [(1 << (d - 1), d) for d in range(1, n + 1) if key[i] >> (d - 1) & 1]
            for used, seen in layers[i].items():
                high = used.bit_length()
                stay = seen & window[high]  # a lower digit is hidden: the counts stay
                rise = seen << 1
                for bit, d in here:
                    if used & bit:
                        continue
                    now = rise & window[d] if d > high else stay
                    if now:
                        nxt = used | bit
                        after[nxt] = after.get(nxt, 0) | now
            if not after:
                return None
            layers.append(after)
        out = [0] * n
        alive = layers[n]  # the full set, holding the counts that end at the clue
        for i in range(n - 1, -1, -1):
            here = [(1 << (d - 1), d) for d in range(1, n + 1) if key[i] >> (d - 1) & 1]
            before: dict[int, int] = {}
            found = 0
            for used, seen in layers[i].items():
                high = used.bit_length()
                rise = seen << 1
                back = 0
                for bit, d in here:
                    if used & bit:
                        continue
                    good = alive.get(used | bit, 0)
                    if good:
                        if d > high:
                            good &= rise
                            back |= good >> 1
                        else:
                            good &= seen
                            back |= good
                        if good:
                            found |= bit
                if back:
                    before[used] = back
            out[i] = found
            alive = before
        return tuple(out)


def _counts(goal: int, size: int, left: int, top: int) -> int:
    """The counts seen (bit set) from which ``left`` more cells can end at ``goal``, the
    highest digit so far ``top``."""
    least = 1 if top < size and left else 0
    most = min(left, size - top)
    return sum(1 << s for s in range(size + 1) if least <= goal - s <= most)


@dataclass(frozen=True)
class Skyscraper(Rule):
    """Row or column ``index`` seen from ``end``: ``count`` digits are each higher than every
    digit before them."""

    kind: ClassVar[str] = "skyscraper"
    size: int
    axis: str  # "row" or "column"
    index: int
    end: str  # "start" (left, top) or "end" (right, bottom)
    count: int

    def scope(self) -> tuple[int, ...]:
        return line_cells(self.size, self.axis, self.index, self.end)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return (SkyscraperClue(self.scope(), board.size, self.count),)

    def clue_cell(self) -> tuple[int, int]:
        """The clue's place outside the grid (0-based; -1 or N off the grid)."""
        return clue_cell(self.size, self.axis, self.index, self.end)

    def to_json(self) -> dict[str, object]:
        return {self.axis: self.index, "end": self.end, "count": self.count}


def _read(item: Mapping[str, object], size: int, where: str) -> Skyscraper:
    only_fields(item, ("row", "column", "end", "count"), where)
    axis, index = read_line(item, size, where)
    end = read_end(item, where)
    return Skyscraper(size, axis, index, end, read_int(item, "count", where, 1, size))


SKYSCRAPER = PlacedType(
    name="skyscraper", aliases=("skyscrapers",), words="skyscraper",
    json_key="skyscrapers", fpuzzles_keys=("skyscraper",), text_section=PLACED_SECTION,
    rules_text="A clue outside the grid counts the digits seen from it along its row or "
               "column; a higher digit hides every lower one behind it.",
    rule_class=Skyscraper, read_item=_read,
)
