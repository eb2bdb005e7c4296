"""Simple colouring: two-colour a digit's conjugate-pair clusters; find colour wraps and traps."""

from __future__ import annotations

from ..candidates import Candidates
from .base import Step
from .single_digit import (
    cells_of,
    conjugate_pairs,
    elims_for,
    make_step,
    name,
    names,
    peer_masks,
    removal_text,
    value_cells,
)


def _clusters(c: Candidates, v: int,
              vcells: list[int]) -> list[tuple[list[int], list[int], list[int]]]:
    """(colour A cells, colour B cells, units) of each cluster of conjugate pairs on v."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for u, a, b in conjugate_pairs(c, v, range(3 * c.size), vcells):
        adj.setdefault(a, []).append((b, u))
        adj.setdefault(b, []).append((a, u))
    colour: dict[int, int] = {}
    out = []
    for start in adj:
        if start in colour:
            continue
        colour[start] = 0
        groups: tuple[list[int], list[int]] = ([start], [])
        units: list[int] = []
        stack = [start]
        clash = False
        while stack:
            x = stack.pop()
            for y, u in adj[x]:
                if u not in units:
                    units.append(u)
                if y not in colour:
                    colour[y] = 1 - colour[x]
                    groups[colour[y]].append(y)
                    stack.append(y)
                elif colour[y] == colour[x]:
                    clash = True  # an odd loop of strong links: only in a broken grid
        if not clash and len(groups[0]) + len(groups[1]) >= 3:
            out.append((sorted(groups[0]), sorted(groups[1]), units))
    return out


def find_simple_colouring(c: Candidates) -> Step | None:
    """Colour wrap (one colour sees itself: it is false) or colour trap (a cell sees both)."""
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    for v in range(1, c.size + 1):
        if not vcells[v]:
            continue
        for on, off, units in _clusters(c, v, vcells):
            masks = []
            for group in (on, off):
                m = 0
                for x in group:
                    m |= 1 << x
                masks.append(m)
            for group, gmask, other in ((on, masks[0], off), (off, masks[1], on)):
                clash = next(((x, y) for x in group for y in cells_of(pm[x] & gmask)), None)
                if clash:
                    return _wrap_step(c, v, group, other, clash, units)
            seen = [0, 0]
            for i, group in enumerate((on, off)):
                for x in group:
                    seen[i] |= pm[x]
            hit = seen[0] & seen[1] & vcells[v] & ~(masks[0] | masks[1])
            if hit:
                return _trap_step(c, v, on, off, hit, units)
    return None


def _colour_roles(v: int, on: list[int], off: list[int]) -> tuple[
        list[tuple[int, str]], list[tuple[int, int, str]]]:
    cells = [(x, "on") for x in on] + [(x, "off") for x in off]
    return cells, [(x, v, role) for x, role in cells]


def _wrap_step(c: Candidates, v: int, false: list[int], true: list[int],
               clash: tuple[int, int], units: list[int]) -> Step:
    sym = c.shape.symbol(v)
    elims = tuple((x, v) for x in false)
    cells, cands = _colour_roles(v, true, false)
    text = (f"Simple Colouring on {sym} (colour wrap): {name(c, clash[0])} and "
            f"{name(c, clash[1])} share a colour and see each other, so that colour is false: "
            f"{removal_text(c, elims)}")
    return make_step("Simple Colouring", text, eliminations=elims, cells=cells, units=units,
                     candidates=cands, region=f"conjugate pairs of {sym}")


def _trap_step(c: Candidates, v: int, on: list[int], off: list[int], hit: int,
               units: list[int]) -> Step:
    sym = c.shape.symbol(v)
    elims = elims_for(v, hit)
    cells, cands = _colour_roles(v, on, off)
    text = (f"Simple Colouring on {sym} (colour trap): either {names(c, on)} or "
            f"{names(c, off)} hold {sym}: {removal_text(c, elims)}")
    return make_step("Simple Colouring", text, eliminations=elims, cells=cells, units=units,
                     candidates=cands, region=f"conjugate pairs of {sym}")
