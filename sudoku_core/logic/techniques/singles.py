"""Singles: full house, hidden single (boxes first, as people scan), naked single."""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates
from ...model.grid import cell_name
from .base import Step, unit_name


def iter_full_house(c: Candidates) -> Iterator[Step]:
    """Every full house, boxes first."""
    values, masks = c.values, c.masks
    for u in c.geometry.box_first:
        empty = [cell for cell in c.geometry.units[u] if not values[cell]]
        if len(empty) != 1:
            continue
        cell = empty[0]
        missing = c.full & ~c.placed_in(u)
        if missing.bit_count() != 1 or not masks[cell] & missing:
            continue  # a broken grid: leave it to the contradiction checks
        yield full_house_step(c, u, cell, missing.bit_length())


def full_house_step(c: Candidates, unit: int, cell: int, value: int) -> Step:
    """The Step for a full house."""
    shape = c.shape
    name = cell_name(cell, c.size)
    where = unit_name(shape, unit)
    return Step(
        "Full House",
        ((cell, value),),
        (),
        f"Full house: {name} is the last empty cell in {where}, so it is {shape.symbol(value)}",
        cells=((cell, "target"),),
        units=(unit,),
        candidates=((cell, value, "place"),),
        region=where,
    )


def iter_hidden_single(c: Candidates) -> Iterator[Step]:
    """Every hidden single, unit by unit (boxes first); a cell twice if two units show it."""
    masks = c.masks
    units = c.geometry.units
    for u in c.geometry.box_first:
        once = twice = 0
        for cell in units[u]:
            m = masks[cell]
            twice |= once & m
            once |= m
        single = once & ~twice
        if not single:
            continue
        while single:
            bit = single & -single
            single ^= bit
            for cell in units[u]:
                if masks[cell] & bit:
                    yield hidden_single_step(c, u, cell, bit.bit_length())
                    break


def hidden_single_step(c: Candidates, unit: int, cell: int, value: int) -> Step:
    """The Step for a hidden single of ``value`` at ``cell`` in ``unit``."""
    shape = c.shape
    where = unit_name(shape, unit)
    sym = shape.symbol(value)
    return Step(
        "Hidden Single",
        ((cell, value),),
        (),
        f"Hidden single: in {where}, {sym} fits only {cell_name(cell, c.size)}",
        cells=((cell, "target"),),
        units=(unit,),
        candidates=((cell, value, "place"),),
        region=where,
    )


def iter_naked_single(c: Candidates) -> Iterator[Step]:
    """Every cell with only one candidate left."""
    for cell, m in enumerate(c.masks):
        if m and not m & (m - 1):
            yield naked_single_step(c, cell, m.bit_length())


def naked_single_step(c: Candidates, cell: int, value: int) -> Step:
    """The Step for a naked single."""
    name = cell_name(cell, c.size)
    return Step(
        "Naked Single",
        ((cell, value),),
        (),
        f"Naked single: {name} can only be {c.shape.symbol(value)}",
        cells=((cell, "target"),),
        candidates=((cell, value, "place"),),
        region=unit_name(c.shape, 2 * c.size + c.geometry.box_of[cell]),
    )
