"""Sudoku Explainer's static forcing chains, asked of one candidate state: the cheapest one there.

SE tells its static forcing chains (links read off the state as it stands: a cell with two
candidates, a unit with two places of a value) from its dynamic ones (links that also follow
what the chain itself removed). Its published table puts the static ones at 7.1-7.5 (one
chain: a candidate true or false, the same result either way; or a candidate that implies its
own removal), 7.6-8.1 (Nishio: a candidate whose consequences contradict each other) and
8.2-8.7 (cell and region forcing chains: one branch per candidate of a cell or per place of a
value in a unit, every branch reaching the same result), the dynamic ones at 8.8 and up. The
project's own Forcing Chain follows singles, which makes it dynamic; this module finds whether
a static chain would do at a state, and how long it is, so that ``se_scale`` can rate the
state as SE would.

Written from SE's published description of its chains and its difficulty table, not from its
code. A node is a candidate, on (true) or off (false); candidate ``i`` is ``cell * n + d``
(``d`` = value - 1). A cell or unit with two choices is SE's one chain (the other choice is
the candidate false), with more it is SE's cell or region forcing chain.
"""

from __future__ import annotations

from typing import NamedTuple

from ..model import budget
from ..model.candidates import Candidates
from ..solver.bitboards import cells_of

# SE's bases: one chain (its Forcing Chains rate 7.1-7.5), Nishio (7.6-8.1), and the cell and
# region forcing chains (8.2-8.7). The multiple base was fitted on the calibration table by
# cross-validation (8.4 in each fold, docs/rating.md): the length measured here, each branch's
# shortest path to the result, is shorter than the whole net SE counts.
FORCING_BASE = 7.0
NISHIO_BASE = 7.5
MULTIPLE_BASE = 8.4

Levels = list[tuple[int, int]]  # per step of a branch: (candidates newly on, newly off)


def length_bonus(nodes: int) -> float:
    """SE's chain-length adjustment: 0.1 each time ``nodes`` passes 4, 6, 8, 12, 16, 24, 32 ..."""
    added = 0.0
    bound = 4
    small = True  # the bounds go x1.5, x4/3, x1.5, x4/3 ...: 4, 6, 8, 12, 16, 24 ...
    while nodes > bound:
        added += 0.1
        bound = bound * 3 // 2 if small else bound * 4 // 3
        small = not small
    return added


class _Links:
    """The static links of one state, as bit sets over the state's candidates."""

    def __init__(self, c: Candidates) -> None:
        geo = c.geometry
        n = c.size
        self.n = n
        masks, values = c.masks, c.values
        self.cands = [(x, d) for x in range(len(masks)) if not values[x]
                      for d in range(n) if masks[x] >> d & 1]
        alive = 0
        for x, d in self.cands:
            alive |= 1 << (x * n + d)
        self.alive = alive
        # on(i) puts off every other candidate of its cell and its value in every peer.
        self.kill: dict[int, int] = {}
        # off(i) puts on the other candidate of a two-candidate cell, the other place of a
        # two-place unit.
        self.force: dict[int, int] = {}
        for x, d in self.cands:
            i = x * n + d
            k = 0
            for e in range(n):
                if e != d:
                    k |= 1 << (x * n + e)
            for p in geo.peers[x]:
                k |= 1 << (p * n + d)
            self.kill[i] = k & alive
            f = 0
            others = masks[x] & ~(1 << d)
            if others and not others & (others - 1):
                f |= 1 << (x * n + others.bit_length() - 1)
            for u in geo.units_of[x]:
                places = [y for y in geo.units[u] if not values[y] and masks[y] >> d & 1]
                if len(places) == 2:
                    y = places[0] if places[1] == x else places[1]
                    f |= 1 << (y * n + d)
            self.force[i] = f

    def branch(self, i: int) -> tuple[int, int, Levels]:
        """Everything on and off once candidate ``i`` is assumed true, and when it came."""
        on, off = 1 << i, 0
        levels: Levels = [(on, 0)]
        front_on, front_off = on, 0
        while front_on or front_off:
            new_off = 0
            for j in cells_of(front_on):
                new_off |= self.kill[j]
            new_off &= ~off
            new_on = 0
            for j in cells_of(front_off):
                new_on |= self.force[j]
            new_on &= ~on
            if not new_on and not new_off:
                break
            on |= new_on
            off |= new_off
            levels.append((new_on, new_off))
            front_on, front_off = new_on, new_off
        return on, off, levels


def _depth(levels: Levels, bit: int, on: bool) -> int:
    """Nodes of a branch from its assumption to the node ``bit`` (on or off)."""
    for k, (got_on, got_off) in enumerate(levels):
        if (got_on if on else got_off) & bit:
            return k + 1
    return 0


def _shortest(branches: list[tuple[int, int, Levels]], common_on: int,
              common_off: int) -> int:
    """The fewest nodes, summed over the branches, to one result they all reach."""
    best = 0
    for mask, on in ((common_on, True), (common_off, False)):
        for j in cells_of(mask):
            size = sum(_depth(levels, 1 << j, on) for _, _, levels in branches)
            if not best or size < best:
                best = size
    return best


class Shortest(NamedTuple):
    """Nodes of the shortest static chains of a state, by SE's kind (0: none of that kind)."""

    one: int  # a cell or unit with two choices, or a candidate that refutes itself
    nishio: int  # a candidate whose consequences contradict each other elsewhere
    multiple: int  # a cell or unit with more choices, every branch reaching the same result


def shortest_static_chains(c: Candidates) -> Shortest:
    """The shortest static chain of each kind that places or removes something in ``c``."""
    links = _Links(c)
    n = links.n
    memo: dict[int, tuple[int, int, Levels]] = {}
    best = {"one": 0, "nishio": 0, "multiple": 0}

    def keep(kind: str, size: int) -> None:
        if not best[kind] or size < best[kind]:
            best[kind] = size

    def branch(i: int) -> tuple[int, int, Levels]:
        got = memo.get(i)
        if got is None:
            budget.check()
            got = memo[i] = links.branch(i)
            on, off, levels = got
            for j in cells_of(on & off):  # the assumption leads to j and to not j
                keep("one" if j == i else "nishio",
                     _depth(levels, 1 << j, True) + _depth(levels, 1 << j, False))
        return got

    masks, values = c.masks, c.values
    groups: list[list[int]] = []  # a cell's candidates, a unit's places of a value
    for x, m in enumerate(masks):
        if not values[x] and m.bit_count() >= 2:
            groups.append([x * n + d for d in range(n) if m >> d & 1])
    for u in c.geometry.units:
        for d in range(n):
            places = [x * n + d for x in u if not values[x] and masks[x] >> d & 1]
            if len(places) >= 2:
                groups.append(places)
    for group in groups:
        branches = [branch(i) for i in group]
        common_on = common_off = links.alive & ~sum(1 << i for i in group)
        for on, off, _ in branches:
            common_on &= on
            common_off &= off
        if common_on or common_off:
            keep("one" if len(group) == 2 else "multiple",
                 _shortest(branches, common_on, common_off))
    return Shortest(best["one"], best["nishio"], best["multiple"])


def static_difficulty(shortest: Shortest, multiple_base: float = MULTIPLE_BASE) -> float | None:
    """SE's difficulty of the cheapest of ``shortest``'s chains (None: none, SE would need a
    dynamic chain): its base plus the length adjustment."""
    found = [base + length_bonus(size) for base, size in (
        (FORCING_BASE, shortest.one), (NISHIO_BASE, shortest.nishio),
        (multiple_base, shortest.multiple)) if size]
    return round(min(found), 1) if found else None
