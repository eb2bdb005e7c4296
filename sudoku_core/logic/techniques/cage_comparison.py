"""Cage comparison: two groups of cells with known sums that share cells.

Cages with sums, and the rule of 45's sums of a few cells (the innies of box 1 add up to 11),
are groups whose totals are known. When two of them overlap, the shared cells count the same in
both, so the cells only one of them holds differ by the difference of the totals: the innies of
box 1 (r3c1, r3c2, r3c3) add up to 12 and the innies of row 3 (r3c2, r3c3, r3c4) to 15, so
r3c4 is 3 more than r3c1. That small equation is then solved as the rule of 45 solves its
own (cells that see each other take distinct digits), and candidates no solution of it keeps
go. Rule of 45 compares a group of units with the cages over it; this compares two such sums
(or a sum and a cage) with each other, which the walk does not otherwise see.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from ...model.candidates import Candidates
from ...model.grid import Shape
from .base import Step, cells_text
from .rule45 import Equation, equation_step, equations, parts_of, solve_equation

_NAME = "Cage Comparison"
# Cells left over by a comparison: more and a person no longer follows it by sight.
MAX_LEFT = 4


@dataclass(frozen=True)
class Group:
    """Cells whose sum is known, and how the step names them."""

    name: str  # "cage 15 at r1c1", "the innies of box 1"
    cells: frozenset[int]
    total: int
    units: tuple[int, ...]


@dataclass(frozen=True)
class Comparison:
    """Two overlapping groups and the equation of the cells only one of them holds."""

    first: Group
    second: Group
    equation: Equation  # innies: only in ``first``; outies: only in ``second``


def _groups(shape: Shape) -> list[Group]:
    """Summed cages and the rule of 45's sums of innies alone (or outies alone)."""
    variant = shape.variant
    assert variant is not None
    out = [Group(f"cage {cage.total} at {cells_text(shape, cage.cells[:1])}",
                 frozenset(cage.cells), cage.total, ())
           for cage in variant.cages if cage.total is not None]
    for eq in equations(shape):
        if eq.innies and not eq.outies:
            out.append(Group(f"the {_plural('innie', eq.innies)} of {eq.name}",
                             frozenset(eq.innies), eq.total, eq.units))
        elif eq.outies and not eq.innies:
            out.append(Group(f"the {_plural('outie', eq.outies)} of {eq.name}",
                             frozenset(eq.outies), -eq.total, eq.units))
    return out


def _plural(word: str, cells: tuple[int, ...]) -> str:
    return word + "s" if len(cells) > 1 else word


def _sum_text(c: Candidates, g: Group) -> str:
    """'cage 13 at r3c1 (r3c1, r4c1, r4c2) adds up to 13', 'the innies of ... add up to 9'."""
    verb = "add" if g.name.startswith("the ") and len(g.cells) > 1 else "adds"
    return f"{g.name} ({cells_text(c.shape, g.cells)}) {verb} up to {g.total}"


@cache
def comparisons(shape: Shape) -> tuple[Comparison, ...]:
    """Every comparison of two overlapping groups leaving 1..MAX_LEFT cells (once each)."""
    if shape.variant is None or not any(cage.total is not None
                                        for cage in shape.variant.cages):
        return ()
    groups = _groups(shape)
    by_cell: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        for x in g.cells:
            by_cell.setdefault(x, []).append(i)
    known = {(eq.innies, eq.outies) for eq in equations(shape)}
    peers = shape.geometry.peers
    out = []
    for i, g in enumerate(groups):
        for j in sorted({j for x in g.cells for j in by_cell[x] if j > i}):
            # Read from the side holding more cells of its own: "r3c4 is 3 more than r3c1".
            a, b = g, groups[j]
            if len(a.cells - b.cells) < len(b.cells - a.cells):
                a, b = b, a
            ins, outs = tuple(sorted(a.cells - b.cells)), tuple(sorted(b.cells - a.cells))
            if not 0 < len(ins) + len(outs) <= MAX_LEFT or (ins, outs) in known:
                continue
            known.add((ins, outs))
            out.append(Comparison(a, b, Equation(f"{a.name} and {b.name}", a.units + b.units,
                                                 ins, outs, a.total - b.total,
                                                 parts_of(ins, outs, peers))))
    return tuple(out)


def iter_cage_comparison(c: Candidates) -> Iterator[Step]:
    """Two overlapping groups of known sums: the cells only one holds differ by the totals."""
    for comp in comparisons(c.shape):
        fits = solve_equation(c, comp.equation)
        if not fits:
            continue
        step = equation_step(c, comp.equation, fits, _NAME, _why(c, comp))
        if step is not None:
            yield step


def _why(c: Candidates, comp: Comparison) -> str:
    shape = c.shape
    g, h, eq = comp.first, comp.second, comp.equation
    shared = cells_text(shape, g.cells & h.cells)
    head = (f"Cage comparison: {_sum_text(c, g)} and {_sum_text(c, h)}; both hold {shared}, "
            "so ")
    ins, outs = cells_text(shape, eq.innies), cells_text(shape, eq.outies)
    if not eq.outies:
        verb = "is" if len(eq.innies) == 1 else "add up to"
        return head + f"{ins} {verb} {eq.total}"
    if not eq.innies:
        verb = "is" if len(eq.outies) == 1 else "add up to"
        return head + f"{outs} {verb} {-eq.total}"
    if eq.total == 0:
        return head + f"{ins} equal{'s' if len(eq.innies) == 1 else ''} {outs}"
    more = "more" if eq.total > 0 else "less"
    return head + f"{ins} {'is' if len(eq.innies) == 1 else 'add up to'} {abs(eq.total)} " \
                  f"{more} than {outs}"
