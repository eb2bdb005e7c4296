"""Locked candidates: pointing (box -> line) and claiming (line -> box)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model.candidates import Candidates
from .base import Step, cells_text, elimination_roles, removal_text, unit_name


def iter_locked_candidates(c: Candidates) -> Iterator[Step]:
    """Every pointing, then every claiming, locked candidate."""
    yield from _pointing(c)
    yield from _claiming(c)


def _pointing(c: Candidates) -> Iterator[Step]:
    n = c.size
    geo = c.geometry
    masks = c.masks
    for b in range(n):
        box = 2 * n + b
        for bit, where in _places(geo.units[box], masks):
            for line_of, offset in ((geo.row_of, 0), (geo.col_of, n)):
                line = line_of[where[0]]
                if any(line_of[cell] != line for cell in where):
                    continue
                unit = offset + line
                elims = [cell for cell in geo.units[unit]
                         if masks[cell] & bit and geo.box_of[cell] != b]
                if elims:
                    yield _step(c, "Pointing", box, unit, bit.bit_length(), where, elims)


def _places(cells: tuple[int, ...], masks: list[int]) -> Iterator[tuple[int, list[int]]]:
    """Each candidate (as its bit) of a unit's ``cells`` with the cells that hold it, when
    there are two or more of them (one is a hidden single, not a locked candidate)."""
    present = 0
    for cell in cells:
        present |= masks[cell]
    while present:
        bit = present & -present
        present ^= bit
        where = [cell for cell in cells if masks[cell] & bit]
        if len(where) >= 2:
            yield bit, where


def _claiming(c: Candidates) -> Iterator[Step]:
    n = c.size
    geo = c.geometry
    masks = c.masks
    for unit in range(2 * n):
        for bit, where in _places(geo.units[unit], masks):
            b = geo.box_of[where[0]]
            if any(geo.box_of[cell] != b for cell in where):
                continue
            box = 2 * n + b
            elims = [cell for cell in geo.units[box] if masks[cell] & bit and cell not in where]
            if elims:
                yield _step(c, "Claiming", unit, box, bit.bit_length(), where, elims)


def _step(c: Candidates, kind: str, base: int, cover: int, value: int, where: list[int],
          elims: list[int]) -> Step:
    shape = c.shape
    sym = shape.symbol(value)
    eliminations = tuple((cell, value) for cell in elims)
    cells, cands = elimination_roles(eliminations)
    text = (
        f"Locked candidates ({kind.lower()}): in {unit_name(shape, base)}, {sym} is only in "
        f"{unit_name(shape, cover)} ({cells_text(shape, where)}), so "
        f"{removal_text(shape, eliminations)}"
    )
    return Step(
        f"Locked Candidates ({kind})",
        (),
        eliminations,
        text,
        cells=tuple((cell, "base") for cell in where) + tuple(cells),
        units=(base, cover),
        candidates=tuple((cell, value, "key") for cell in where) + tuple(cands),
        region=unit_name(shape, base),
    )
