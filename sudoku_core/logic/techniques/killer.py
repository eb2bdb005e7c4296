"""Killer techniques: cage combinations, and the rule of 45 (innies and outies).

- *Cage combination*: the digits of a cage with a sum are one of the sets of distinct digits
  that add up to it (3 cells, 7: only 1+2+4); a candidate in no set that still fits the cage's
  cells goes.
- *Innies*: a unit holds 1..N once, so it adds up to N(N+1)/2. Take away the cages wholly
  inside it: the other cells of the unit (the innies) add up to the rest, and they differ
  (one unit), so they are a cage of their own: one innie is placed outright; several keep
  only the digits of their combinations.
- *Outies*: when every cell of the unit is in a cage with a sum, the cells of those cages
  outside the unit (the outies) add up to the cages' total minus the unit's; one outie is
  placed outright.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates
from ...solver.variant_search import cage_digits
from .base import Step, cells_text, removal_text, unit_name


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


def iter_innies_outies(c: Candidates) -> Iterator[Step]:
    """The rule of 45 on every unit: innies, then outies."""
    cages = _summed(c)
    if not cages:
        return
    n = c.size
    whole = n * (n + 1) // 2
    geo = c.geometry
    owner = {x: i for i, (_, cells, _) in enumerate(cages) for x in cells}
    for u in range(3 * n):
        unit = set(geo.units[u])
        inside = [i for i, (_, cells, _) in enumerate(cages) if set(cells) <= unit]
        covered = {x for i in inside for x in cages[i][1]}
        innies = tuple(sorted(unit - covered))
        if innies and len(innies) < n:
            rest = whole - sum(cages[i][2] for i in inside)
            step = _virtual_cage(c, u, innies, rest, "innie")
            if step is not None:
                yield step
        touching = {owner[x] for x in unit if x in owner}
        if len(touching) and all(x in owner for x in unit):
            outies = tuple(sorted({x for i in touching for x in cages[i][1]} - unit))
            if len(outies) == 1 or (outies and all(
                    b in geo.peers[a] for a in outies for b in outies if a != b)):
                rest = sum(cages[i][2] for i in touching) - whole
                step = _virtual_cage(c, u, outies, rest, "outie")
                if step is not None:
                    yield step


def _virtual_cage(c: Candidates, unit: int, cells: tuple[int, ...], total: int,
                  kind: str) -> Step | None:
    """A step from cells that differ and add up to ``total`` (innies or outies of a unit)."""
    free = [x for x in cells if not c.values[x]]
    if not free:
        return None
    allowed = cage_digits(c.masks, c.values, cells, total)
    if allowed is None:
        return None
    where = unit_name(c.shape, unit)
    rest = total - sum(c.values[x] for x in cells)
    plural = kind + ("s" if len(cells) > 1 else "")
    verb = "add" if len(cells) > 1 else "adds"
    if len(free) == 1:
        x = free[0]
        if 1 <= rest <= c.size and c.masks[x] >> (rest - 1) & 1 and c.masks[x] != 0:
            return Step(
                "Innies and Outies", ((x, rest),), (),
                f"Rule of {c.size * (c.size + 1) // 2}: the {plural} of {where} "
                f"({cells_text(c.shape, cells)}) {verb} up to {total}, so "
                f"{cells_text(c.shape, [x])} is {c.shape.symbol(rest)}",
                cells=((x, "target"),), units=(unit,),
                candidates=((x, rest, "place"),), region=where)
        return None
    elims = tuple((x, v) for x in free for v in c.candidates_of(x) if not allowed >> (v - 1) & 1)
    if not elims:
        return None
    return Step(
        "Innies and Outies", (), elims,
        f"Rule of {c.size * (c.size + 1) // 2}: the {plural} of {where} "
        f"({cells_text(c.shape, cells)}) add up to {total} with digits from "
        f"{_digits(allowed)} only: {removal_text(c.shape, elims)}",
        cells=tuple((x, "base") for x in cells), units=(unit,),
        candidates=tuple((x, v, "remove") for x, v in elims), region=where)
