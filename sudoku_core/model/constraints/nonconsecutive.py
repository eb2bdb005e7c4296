"""Non-consecutive: digits in cells that share an edge never differ by one.

Its propagator, :class:`Neighbours`, also runs the negative Kropki and XV rules: one relation
over every pair of neighbours, read from a table per candidate mask (a 9x9 grid has 144 pairs,
and one pair table each made the search spend most of its time looping over digits).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from .base import RULES_SECTION
from .rule import (
    Board,
    Masks,
    Part,
    PlacedType,
    Propagator,
    Rule,
    adjacent_pairs,
    pair_parts,
    pair_table,
)

if TYPE_CHECKING:
    from ..variants import Variant


@dataclass(frozen=True, eq=False)
class Neighbours(Propagator):
    """Pairs of cells under one symmetric relation: a digit stays when some digit of the
    other cell goes with it. ``reach[m]`` is the mask of digits that go with some digit of
    the mask m (every mask listed: 512 of them on a 9x9 grid).

    It works cell by cell: a cell of two or more candidates mostly reaches every digit (for
    non-consecutive, all but {x, x + 2} do), so one look-up skips all its neighbours."""

    around: tuple[tuple[int, tuple[int, ...]], ...]  # each cell and its partners
    reach: tuple[int, ...]
    cells: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(a for a, _ in self.around))

    def prune(self, masks: Masks) -> bool:
        reach = self.reach
        full = len(reach) - 1
        for a, partners in self.around:
            r = reach[masks[a]]
            if r != full:
                for b in partners:
                    mb = masks[b]
                    nb = mb & r
                    if nb != mb:
                        if not nb:
                            return False
                        masks[b] = nb
        return True


def neighbours(pairs: Iterable[tuple[int, int]], size: int,
               ok: Callable[[int, int], bool]) -> tuple[Propagator, ...]:
    """What runs ``pairs`` under the symmetric test ``ok``: one :class:`Neighbours` up to
    16x16 (its table has 2**N entries), a pair table each above."""
    pairs = tuple(pairs)
    if size > 16:
        return tuple(pair_table(a, b, size, ok) for a, b in pairs)
    allowed = [sum(1 << (y - 1) for y in range(1, size + 1) if ok(x, y))
               for x in range(1, size + 1)]
    reach = [0] * (1 << size)
    for mask in range(1, 1 << size):
        low = (mask & -mask).bit_length() - 1  # the mask's lowest digit, less one
        reach[mask] = reach[mask & (mask - 1)] | allowed[low]
    partners: dict[int, list[int]] = {}
    for a, b in pairs:
        partners.setdefault(a, []).append(b)
        partners.setdefault(b, []).append(a)
    around = tuple((a, tuple(partners[a])) for a in sorted(partners))
    return (Neighbours(around, tuple(reach)),)


def apart(x: int, y: int) -> bool:
    """True when x and y are not consecutive."""
    return abs(x - y) != 1


@dataclass(frozen=True)
class Nonconsecutive(Rule):
    """The whole grid: every two cells that share an edge."""

    kind: ClassVar[str] = "nonconsecutive"

    def scope(self) -> tuple[int, ...]:
        return ()  # every cell: the board names them (see parts)

    def propagators(self, board: Board) -> tuple[Propagator, ...]:
        return neighbours(adjacent_pairs(board.size), board.size, apart)

    def parts(self, variant: Variant, board: Board) -> tuple[Part, ...]:
        return _apart_tables(board.size)

    def to_json(self) -> dict[str, object]:
        return {}


@cache
def _apart_tables(size: int) -> tuple[Part, ...]:
    """A pair table per pair (built once a size): a conflict names the two cells."""
    return pair_parts(pair_table(a, b, size, apart) for a, b in adjacent_pairs(size))


NONCONSECUTIVE = PlacedType(
    name="nonconsecutive", aliases=("non-consecutive", "nonconsec"), words="non-consecutive",
    json_key="nonconsecutive", fpuzzles_keys=("nonconsecutive",), text_section=RULES_SECTION,
    rules_text="Digits in cells that share an edge may not be consecutive.",
    rule_class=Nonconsecutive, flag=True,
)
