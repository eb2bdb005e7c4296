"""Colouring: two-colour a digit's conjugate-pair clusters; colour wraps and traps within one
cluster (Simple Colouring), and links between two clusters (Multi-Colours)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model.budget import check
from ...model.candidates import Candidates
from ...solver.bitboards import cells_of
from .base import Step
from .single_digit import (
    conjugate_pairs,
    elims_for,
    make_step,
    name,
    names,
    peer_masks,
    removal_text,
    value_cells,
)


def _clusters(c: Candidates, v: int, vcells: list[int],
              smallest: int = 3) -> list[tuple[list[int], list[int], list[int]]]:
    """(colour A cells, colour B cells, units) of each cluster of conjugate pairs on v with at
    least ``smallest`` cells (one pair alone colours nothing, but can link to another cluster)."""
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
        if not clash and len(groups[0]) + len(groups[1]) >= smallest:
            out.append((sorted(groups[0]), sorted(groups[1]), units))
    return out


def iter_simple_colouring(c: Candidates) -> Iterator[Step]:
    """Every colour wrap and colour trap, cluster by cluster."""
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
                    yield _wrap_step(c, v, group, other, clash, units)
                    break
            seen = [0, 0]
            for i, group in enumerate((on, off)):
                for x in group:
                    seen[i] |= pm[x]
            hit = seen[0] & seen[1] & vcells[v] & ~(masks[0] | masks[1])
            if hit:
                yield _trap_step(c, v, on, off, hit, units)


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


def iter_multi_colours(c: Candidates) -> Iterator[Step]:
    """Every Multi-Colours step: a colour seeing both colours of another cluster is false
    (type 2); a colour seeing a colour of another cluster makes the two opposite colours a
    strong pair, so cells seeing both lose the digit (type 1)."""
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    later: list[Step] = []
    for v in range(1, c.size + 1):
        if not vcells[v]:
            continue
        check()
        clusters = []
        for on, off, units in _clusters(c, v, vcells, smallest=2):
            seen = []
            for group in (on, off):
                s = 0
                for x in group:
                    s |= pm[x]
                seen.append(s)
            clusters.append(((on, off), (_mask(on), _mask(off)), seen, units))
        for i, first in enumerate(clusters):
            for j, second in enumerate(clusters):
                if i != j:
                    wings: list[Step] = []
                    yield from _bridges(c, v, vcells[v], first, second, j > i, wings)
                    if len({s.eliminations for s in wings}) > 1:
                        later.append(_joined(c, v, wings))
    # Two clusters bridged more than once: every bridge's eliminations as one step too (as
    # the expert tools report a pair of clusters), after the single ones the walker takes.
    yield from later


Cluster = tuple[tuple[list[int], list[int]], tuple[int, int], list[int], list[int]]


def _bridges(c: Candidates, v: int, have: int, first: Cluster, second: Cluster,
             wings_too: bool, wings: list[Step]) -> Iterator[Step]:
    """The steps of one ordered pair of clusters (type 1 only once a pair: ``wings_too``);
    the type 1 steps are also added to ``wings``."""
    groups1, masks1, seen1, units1 = first
    groups2, masks2, seen2, units2 = second
    units = units1 + [u for u in units2 if u not in units1]
    for a in (0, 1):
        if seen1[a] & masks2[0] and seen1[a] & masks2[1]:
            yield _multi_step(c, v, 2, groups1, groups2, a, None,
                              (tuple((x, v) for x in groups1[a])), units)
        if not wings_too:
            continue  # type 1 is symmetric: each pair of clusters once
        for b in (0, 1):
            if not seen1[a] & masks2[b]:
                continue
            # a and b cannot both hold: one of the other colours does.
            hit = (seen1[1 - a] & seen2[1 - b] & have
                   & ~(masks1[0] | masks1[1] | masks2[0] | masks2[1]))
            if hit:
                step = _multi_step(c, v, 1, groups1, groups2, a, b, elims_for(v, hit), units)
                wings.append(step)
                yield step


def _joined(c: Candidates, v: int, wings: list[Step]) -> Step:
    """One type 1 step with the eliminations of every bridge between the same two clusters."""
    elims = tuple(sorted({e for s in wings for e in s.eliminations}))
    first = wings[0]
    why = "; ".join(s.text.split(": ")[1] for s in wings)
    text = (f"Multi-Colours on {c.shape.symbol(v)}: {why}: {removal_text(c, elims)}")
    keep = [(x, role) for x, role in first.cells if role not in ("elimination", "target")]
    cands = [(x, d, role) for x, d, role in first.candidates if role != "remove"]
    return make_step("Multi-Colours Type 1", text, eliminations=elims, cells=keep,
                     units=first.units, candidates=cands, region=first.region)


def _mask(cells: list[int]) -> int:
    m = 0
    for x in cells:
        m |= 1 << x
    return m


def _multi_step(c: Candidates, v: int, kind: int, groups1: tuple[list[int], list[int]],
                groups2: tuple[list[int], list[int]], a: int, b: int | None,
                elims: tuple[tuple[int, int], ...], units: list[int]) -> Step:
    sym = c.shape.symbol(v)
    if b is None:
        why = (f"{names(c, groups1[a])} see both colours of the other cluster "
               f"({names(c, groups2[0])} / {names(c, groups2[1])}), so they are false")
    else:
        why = (f"{names(c, groups1[a])} and {names(c, groups2[b])} see each other, so "
               f"{names(c, groups1[1 - a])} or {names(c, groups2[1 - b])} hold {sym}")
    text = f"Multi-Colours on {sym}: {why}: {removal_text(c, elims)}"
    # The first cluster's colours are "on"/"off"; the second cluster is drawn as "link".
    cells = ([(x, "on") for x in groups1[0]] + [(x, "off") for x in groups1[1]]
             + [(x, "link") for x in groups2[0] + groups2[1]])
    cands = [(x, v, "key" if role == "link" else role) for x, role in cells]
    return make_step(f"Multi-Colours Type {kind}", text, eliminations=elims, cells=cells,
                     units=units, candidates=cands, region=f"conjugate pairs of {sym}")
