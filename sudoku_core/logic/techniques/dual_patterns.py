"""Dual patterns: two single-digit steps that share their core, reported as one step.

Dual 2-String Kite: a 2-string kite is joined in a box by two cells; with the same two cells the
roles can swap (the one in the row link takes the column link), which gives a second kite and a
second elimination. Dual Empty Rectangle: an empty rectangle's box (its candidates on one row
and one column of the box) meets a strong link by its row and another by its column, or one
strong link meets two empty rectangle boxes, one at each end: two empty rectangles, two
eliminations. Experts name each twin one step; it is the union of two sound steps, so it is
sound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...model.candidates import Candidates
from .base import Step, elimination_roles, removal_text
from .single_digit import iter_empty_rectangle, iter_two_string_kite


def iter_dual_two_string_kite(c: Candidates) -> Iterator[Step]:
    """Every pair of 2-string kites joined by the same two box cells (roles swapped)."""
    yield from _twins(c, iter_two_string_kite, ("link",), "Dual 2-String Kite")


def iter_dual_empty_rectangle(c: Candidates) -> Iterator[Step]:
    """Every pair of empty rectangles on the same box cells, then on the same strong link."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    for roles in (("base",), ("link",)):
        for step in _twins(c, iter_empty_rectangle, roles, "Dual Empty Rectangle"):
            if step.eliminations not in seen:
                seen.add(step.eliminations)
                yield step


def _value(step: Step) -> int:
    return step.eliminations[0][1]


def _twins(c: Candidates, steps: Callable[[Candidates], Iterator[Step]],
           roles: tuple[str, ...], name: str) -> Iterator[Step]:
    groups: dict[tuple[object, ...], list[Step]] = {}
    for step in steps(c):
        if not step.eliminations:
            continue
        key = (_value(step),) + tuple(
            frozenset(x for x, role in step.cells if role == r) for r in roles)
        group = groups.setdefault(key, [])
        if all(set(s.eliminations) != set(step.eliminations) for s in group):
            group.append(step)
    for group in groups.values():
        if len(group) < 2:
            continue
        first, second = group[0], group[1]
        elims = tuple(dict.fromkeys(first.eliminations + second.eliminations))
        ecells, ecands = elimination_roles(elims)
        cells = tuple(dict.fromkeys(
            (x, role) for s in (first, second) for x, role in s.cells
            if role not in ("elimination", "target")))
        keys = tuple(dict.fromkeys(
            (x, v, role) for s in (first, second) for x, v, role in s.candidates
            if role != "remove"))
        text = (f"{name}: {first.text.split(':')[0]} and {second.text.split(':')[0]}: "
                f"{removal_text(c.shape, elims)}")
        yield Step(name, (), elims, text, cells=cells + tuple(ecells),
                   units=tuple(dict.fromkeys(first.units + second.units)),
                   candidates=keys + tuple(ecands), region=first.region or second.region)
