"""Cage/unit intersection: Killer's locked candidates between a cage and a unit.

- *Cage to unit*: every digit set that can still make a cage's sum holds digit d, so d is in
  the cage; when the cage's cells that can hold d all lie in one unit, the unit's other cells
  lose d.
- *Unit to cage*: a unit holds each digit once; when the unit's cells that can hold d all lie
  in one cage, the cage holds d there, so its cells outside the unit lose d (a cage's digits
  differ) and, when it has a sum, only the digit sets with d are left to it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates
from ...solver.variant_search import cage_combos
from .base import Step, and_list, cells_text, removal_text, unit_name

NAME = "Cage/Unit Intersection"


def _cage_name(c: Candidates, cells: tuple[int, ...], total: int | None) -> str:
    label = "cage" if total is None else f"cage {total}"
    return f"{label} at {cells_text(c.shape, cells[:1])}"


def iter_cage_unit_intersection(c: Candidates) -> Iterator[Step]:
    """Digits a cage must hold, locked in one unit; a unit's digit locked in one cage."""
    yield from _cage_to_unit(c)
    yield from _unit_to_cage(c)


def _cage_to_unit(c: Candidates) -> Iterator[Step]:
    variant = c.shape.variant
    if variant is None:
        return
    geo = c.geometry
    for cage in variant.cages:
        if cage.total is None:
            continue
        locked: dict[int, list[tuple[int, list[int]]]] = {}  # unit -> (digit, its cells)
        for v in _required(c, cage.cells, cage.total):
            holders = [x for x in cage.cells if c.masks[x] >> (v - 1) & 1]
            if holders:
                for u in set(geo.units_of[holders[0]]).intersection(
                        *(geo.units_of[x] for x in holders[1:])):
                    locked.setdefault(u, []).append((v, holders))
        for u in sorted(locked):
            elims = tuple((x, v) for v, _ in locked[u] for x in geo.units[u]
                          if x not in cage.cells and c.masks[x] >> (v - 1) & 1)
            if elims:
                yield _cage_to_unit_step(c, cage.cells, cage.total, locked[u], u, elims)


def _required(c: Candidates, cells: tuple[int, ...], total: int) -> list[int]:
    """The digits every digit set that can still make the cage's sum holds (open cells)."""
    combos = cage_combos(c.masks, c.values, cells, total)
    if not combos:
        return []
    must = combos[0]
    for combo in combos[1:]:
        must &= combo
    return [v for v in range(1, c.size + 1) if must >> (v - 1) & 1]


def _cage_to_unit_step(c: Candidates, cells: tuple[int, ...], total: int,
                       locked: list[tuple[int, list[int]]], u: int,
                       elims: tuple[tuple[int, int], ...]) -> Step:
    name = _cage_name(c, cells, total)
    digits = and_list([c.shape.symbol(v) for v, _ in locked])
    holders = sorted({x for _, where in locked for x in where})
    them = "them" if len(locked) > 1 else "it"
    return Step(
        NAME, (), elims,
        f"Cage/unit intersection: every digit set of {name} holds {digits}, and its cells "
        f"that can hold {them} ({cells_text(c.shape, holders)}) lie in "
        f"{unit_name(c.shape, u)}: {removal_text(c.shape, elims)}",
        cells=tuple((x, "base") for x in cells) + tuple(
            (x, "elimination") for x in dict.fromkeys(x for x, _ in elims)),
        units=(u,),
        candidates=tuple((x, v, "key") for v, where in locked for x in where)
        + tuple((x, v, "remove") for x, v in elims),
        region=name)


def _unit_to_cage(c: Candidates) -> Iterator[Step]:
    variant = c.shape.variant
    if variant is None or not variant.cages:
        return
    geo = c.geometry
    owner = {x: k for k, cage in enumerate(variant.cages) for x in cage.cells}
    for u, unit in enumerate(geo.units):
        for v in range(1, c.size + 1):
            bit = 1 << (v - 1)
            holders = [x for x in unit if c.masks[x] & bit]
            if not holders or any(c.values[x] == v for x in unit):
                continue
            k = owner.get(holders[0])
            if k is None or any(owner.get(x) != k for x in holders):
                continue
            cage = variant.cages[k]
            elims = _unit_to_cage_elims(c, cage.cells, cage.total, set(unit), v)
            if elims:
                name = _cage_name(c, cage.cells, cage.total)
                where = unit_name(c.shape, u)
                yield Step(
                    NAME, (), elims,
                    f"Cage/unit intersection: in {where}, {c.shape.symbol(v)} fits only "
                    f"{cells_text(c.shape, holders)} of {name}, so the cage holds "
                    f"{c.shape.symbol(v)} there: {removal_text(c.shape, elims)}",
                    cells=tuple((x, "base") for x in cage.cells),
                    units=(u,),
                    candidates=tuple((x, v, "key") for x in holders)
                    + tuple((x, w, "remove") for x, w in elims),
                    region=where)


def _unit_to_cage_elims(c: Candidates, cells: tuple[int, ...], total: int | None,
                        unit: set[int], v: int) -> tuple[tuple[int, int], ...]:
    """The cage's cells outside ``unit`` lose ``v``; with a sum, digits of no set with ``v``."""
    bit = 1 << (v - 1)
    allowed = ~0
    if total is not None:
        combos = cage_combos(c.masks, c.values, cells, total)
        if combos is not None:
            allowed = 0
            for combo in combos:
                if combo & bit:
                    allowed |= combo
            if not allowed:
                return ()  # a broken state: the walker's contradiction check says so
    out = []
    for x in cells:
        if c.values[x]:
            continue
        keep = allowed if x in unit else allowed & ~bit
        out += [(x, w) for w in c.candidates_of(x) if not keep >> (w - 1) & 1]
    return tuple(out)
