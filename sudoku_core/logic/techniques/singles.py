"""Singles: full house, hidden single (boxes first, as people scan), naked single."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

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
    for u, cell, value in hidden_singles(c, c.geometry.box_first):
        yield hidden_single_step(c, u, cell, value)


def hidden_singles(c: Candidates, units: Iterable[int]) -> Iterator[tuple[int, int, int]]:
    """Every (unit, cell, value) where ``cell`` is the only place of ``value`` in ``unit``, in
    the order of ``units``, values ascending within a unit."""
    masks = c.masks
    cells_of_unit = c.geometry.units
    for u in units:
        once = twice = 0  # values seen in one cell or more, in two or more
        for cell in cells_of_unit[u]:
            m = masks[cell]
            twice |= once & m
            once |= m
        single = once & ~twice
        while single:
            bit = single & -single
            single ^= bit
            for cell in cells_of_unit[u]:
                if masks[cell] & bit:
                    yield u, cell, bit.bit_length()
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
