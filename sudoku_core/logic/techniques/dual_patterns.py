"""Dual patterns: two single-digit steps that share their core, reported as one step.

Dual 2-String Kite: a 2-string kite is joined in a box by two cells; with the same two cells the
roles can swap (the one in the row link takes the column link), which gives a second kite and a
second elimination. Dual Empty Rectangle: an empty rectangle's box (its candidates on one row
and one column of the box) meets a strong link by its row and another by its column, or one
strong link meets two empty rectangle boxes, one at each end: two empty rectangles, two
eliminations. Experts name each twin one step; it is the union of two sound steps, so it is
sound. When the two boxes of one link cross the same line (sudopedia's double empty
rectangle), that line's digit lies in the two boxes whichever end is true, and the line's other
cells lose it too: a further step after the plain twins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...model.candidates import Candidates
from .base import Step, cells_text, elimination_roles, removal_text, unit_name
from .single_digit import iter_empty_rectangle, iter_two_string_kite


def iter_dual_two_string_kite(c: Candidates) -> Iterator[Step]:
    """Every pair of 2-string kites joined by the same two box cells (roles swapped)."""
    yield from _twins(c, iter_two_string_kite, ("link",), "Dual 2-String Kite")


def iter_dual_empty_rectangle(c: Candidates) -> Iterator[Step]:
    """Every pair of empty rectangles on the same box cells, then on the same strong link;
    then each link's pair whose boxes share their hinge line, with that line's eliminations."""
    seen: set[tuple[tuple[int, int], ...]] = set()
    for roles in (("base",), ("link",)):
        for step in _twins(c, iter_empty_rectangle, roles, "Dual Empty Rectangle"):
            if step.eliminations not in seen:
                seen.add(step.eliminations)
                yield step
    by_link: dict[tuple[int, frozenset[int]], list[Step]] = {}
    for step in iter_empty_rectangle(c):
        link = frozenset(x for x, role in step.cells if role == "link")
        by_link.setdefault((_value(step), link), []).append(step)
    for group in by_link.values():
        for i, first in enumerate(group):
            for second in group[i + 1:]:
                double = _double(c, first, second)
                if double is not None and double.eliminations not in seen:
                    seen.add(double.eliminations)
                    yield double


def _double(c: Candidates, first: Step, second: Step) -> Step | None:
    """Two empty rectangles on one strong link, one at each end, whose boxes cross the same
    line: whichever end holds the digit, one box's digit lies on that line off the end's own
    line, so the line's other cells lose it (sudopedia's double empty rectangle)."""
    geo = c.geometry
    n = c.size
    v = _value(first)
    pair_unit = first.units[2]
    boxes = (first.units[1] - 2 * n, second.units[1] - 2 * n)
    t1, t2 = first.eliminations[0][0], second.eliminations[0][0]
    if boxes[0] == boxes[1] or pair_unit >= 2 * n:
        return None
    rows_pair = pair_unit < n
    line_of = geo.row_of if rows_pair else geo.col_of  # the hinge line both boxes cross
    perp_of = geo.col_of if rows_pair else geo.row_of  # each end's own line
    if line_of[t1] != line_of[t2]:
        return None
    line = line_of[t1] + (0 if rows_pair else n)
    link = [x for x, role in first.cells if role == "link"]
    near = _near_ends(c, boxes, link, perp_of)
    if near is None:
        return None
    keep = [x for x in geo.units[line] if c.has(x, v) and any(
        geo.box_of[x] == b and perp_of[x] != perp_of[e]
        for b, e in zip(boxes, near, strict=True))]
    elims = tuple((x, v) for x in geo.units[line]
                  if c.has(x, v) and x not in keep and x not in link)
    if set(elims) <= set(first.eliminations + second.eliminations):
        return None
    return _double_step(c, (first, second), boxes, line, link, keep, elims)


def _near_ends(c: Candidates, boxes: tuple[int, int], link: list[int],
               perp_of: Sequence[int]) -> list[int] | None:
    """Per box, the end of the link whose own line crosses the box (a different one each)."""
    near = []
    for b in boxes:
        ends = [x for x in link if any(perp_of[y] == perp_of[x] for y in c.geometry.boxes[b])]
        if len(ends) != 1:
            return None
        near.append(ends[0])
    return near if near[0] != near[1] else None


def _double_step(c: Candidates, pair: tuple[Step, Step], boxes: tuple[int, int], line: int,
                 link: list[int], keep: list[int], elims: tuple[tuple[int, int], ...]) -> Step:
    n = c.size
    v = _value(pair[0])
    ecells, ecands = elimination_roles(elims)
    base = tuple(dict.fromkeys(x for s in pair for x, role in s.cells if role == "base"))
    sym = c.shape.symbol(v)
    text = (f"Dual Empty Rectangle on {sym}: conjugate pair {cells_text(c.shape, link)} with "
            f"empty rectangles in boxes {boxes[0] + 1} and {boxes[1] + 1}: whichever end "
            f"holds {sym}, {cells_text(c.shape, keep)} hold it in {unit_name(c.shape, line)}: "
            f"{removal_text(c.shape, elims)}")
    return Step("Dual Empty Rectangle", (), elims, text,
                cells=tuple((x, "base") for x in base) + tuple((x, "link") for x in link)
                + tuple(ecells),
                units=(line, 2 * n + boxes[0], 2 * n + boxes[1], pair[0].units[2]),
                candidates=tuple((x, v, "key") for x in base + tuple(link)) + tuple(ecands),
                region=f"{sym} in boxes {boxes[0] + 1} and {boxes[1] + 1}")


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
