"""Killer's cage combinations: the digits of a cage with a sum are one of the sets of distinct
digits that add up to it (3 cells, 7: only 1+2+4); a candidate in no set that still fits the
cage's cells goes.

The other Killer techniques have modules of their own: the rule of 45 (innies and outies) in
``rule45``, cage/unit intersections in ``cage_intersection``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates
from ...solver.variant_search import cage_digits
from .base import Step, cells_text, removal_text


def _summed(c: Candidates) -> list[tuple[int, tuple[int, ...], int]]:
    variant = c.shape.variant
    if variant is None:
        return []
    return [(k, cage.cells, cage.total) for k, cage in enumerate(variant.cages)
            if cage.total is not None]


def _digits(mask: int) -> str:
    return "".join(str(d) for d in range(1, mask.bit_length() + 1) if mask >> (d - 1) & 1)


def iter_cage_combination(c: Candidates) -> Iterator[Step]:
    """Candidates of a cage's cells that are in no set of digits making its sum."""
    n = c.size
    for _k, cells, total in _summed(c):
        free = [x for x in cells if not c.values[x]]
        if not free:
            continue
        allowed = cage_digits(c.masks, c.values, cells, total)
        if allowed is None:
            continue  # a broken state: the walker's contradiction check says so
        elims = tuple((x, v) for x in free for v in c.candidates_of(x)
                      if not allowed >> (v - 1) & 1)
        if not elims:
            continue
        rest = total - sum(c.values[x] for x in cells)
        name = f"cage {total} at {cells_text(c.shape, cells[:1])}"
        if len(free) == 1 and 1 <= rest <= n and c.masks[free[0]] >> (rest - 1) & 1:
            x = free[0]
            yield Step(
                "Cage Combination", ((x, rest),), (),
                f"Cage combination: {cells_text(c.shape, [x])} is the last open cell of {name}, "
                f"so it is {c.shape.symbol(rest)}",
                cells=tuple((y, "base") for y in cells if y != x) + ((x, "target"),),
                candidates=((x, rest, "place"),), region=name)
            continue
        yield Step(
            "Cage Combination", (), elims,
            f"Cage combination: the {len(free)} open cells of {name} add up to {rest} with "
            f"digits from {_digits(allowed)} only: {removal_text(c.shape, elims)}",
            cells=tuple((x, "base") for x in cells) + tuple((x, "elimination")
                                                             for x, _ in elims if x not in cells),
            candidates=tuple((x, v, "remove") for x, v in elims),
            region=name,
        )
