"""Sudoku Explainer's static forcing chains, asked of one candidate state: the cheapest one there.

SE tells its static forcing chains (links read off the state as it stands: a cell with two
candidates, a unit with two places of a value) from its dynamic ones (links that also follow
what the chain itself removed). Its published table puts the static ones at 7.1-7.5 (one
chain: a candidate true or false, the same result either way; or a candidate that implies its
own removal), 7.6-8.1 (Nishio: a candidate whose consequences contradict each other) and
8.2-8.7 (cell and region forcing chains: one branch per candidate of a cell or per place of a
value in a unit, every branch reaching the same result), the dynamic ones at 8.8 and up. The
project's own Forcing Chain follows singles, which makes it dynamic; this module finds the
static chains of a state, how long they are and what the cheapest one proves, so that
``se_scale`` can walk the stretch of SE's path they cover (7.0-8.7) as SE would.

Written from SE's published description of its chains and its difficulty table, not from its
code. A node is a candidate, on (true) or off (false); candidate ``i`` is ``cell * n + d``
(``d`` = value - 1). A cell or unit with two choices is SE's one chain (the other choice is
the candidate false), with more it is SE's cell or region forcing chain. SE's own Nishio is
the one exception to "static": it follows a single digit, and a unit's last place counts what
the chain removed (``digit_nishio``); it is priced and searched with the static kinds.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import NamedTuple

from ..model import budget
from ..model.candidates import Candidates
from ..model.grid import Shape
from ..solver.bitboards import cells_of
from .techniques.single_digit import peer_masks, unit_masks, value_cells

# The kinds of static chain, and their bases: SE's difficulty is the base plus the length
# adjustment. SE's published bands: one chain 7.1-7.5, Nishio 7.6-8.1, cell and region forcing
# chains 8.2-8.7. The bases were fitted on the calibration table by 4-fold cross-validation
# (the same values in every fold, docs/rating.md): the length measured here, each branch's
# shortest path to the result, is not SE's count of the whole chain, so they sit a little off
# SE's own. A Nishio is split by what it contradicts: a candidate both true and false
# ("nishio"), or a cell or a unit's value left with no place ("empty"); SE meets the second
# kind late, so its base is higher. "digit" is SE's own Nishio (one digit, dynamic), whose base
# came out 7.5, SE's published one.
BASES: dict[str, float] = {"one": 6.9, "nishio": 7.4, "digit": 7.5, "empty": 8.0,
                           "multiple": 8.2}

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


def _choices(c: Candidates) -> list[list[int]]:
    """The choices of a state, two or more each: a cell's candidates, a unit's places of a
    value."""
    n = c.size
    masks, values = c.masks, c.values
    out = [[x * n + d for d in range(n) if m >> d & 1]
           for x, m in enumerate(masks) if not values[x] and m.bit_count() >= 2]
    for u in c.geometry.units:
        for d in range(n):
            places = [x * n + d for x in u if not values[x] and masks[x] >> d & 1]
            if len(places) >= 2:
                out.append(places)
    return out


class _Links:
    """The static links of one state, as bit sets over the state's candidates."""

    def __init__(self, c: Candidates, choices: list[list[int]]) -> None:
        geo = c.geometry
        n = c.size
        self.n = n
        masks, values = c.masks, c.values
        alive = 0
        for x, m in enumerate(masks):
            if not values[x]:
                alive |= m << (x * n)  # candidate x * n + d is bit d of the cell's mask
        self.alive = alive
        # on(i) puts off every other candidate of its cell and its value in every peer.
        every = (1 << n) - 1
        self.kill: dict[int, int] = {}
        for x in range(len(masks)):
            if not values[x]:
                peer_bits = sum(1 << (p * n) for p in geo.peers[x])
                for d in range(n):
                    if masks[x] >> d & 1:
                        i = x * n + d
                        self.kill[i] = (every << (x * n) & ~(1 << i) | peer_bits << d) & alive
        # off(i) puts on the other choice of a choice of two: the other candidate of a
        # two-candidate cell, the other place of a two-place unit.
        self.force: dict[int, int] = {}
        for group in choices:
            if len(group) == 2:
                a, b = group
                self.force[a] = self.force.get(a, 0) | 1 << b
                self.force[b] = self.force.get(b, 0) | 1 << a
        # The candidates whose removal forces something: only these are followed off.
        self.forcing = sum(1 << i for i in self.force)

    def branch(self, i: int) -> tuple[int, int, Levels]:
        """Everything on and off once candidate ``i`` is assumed true, and when it came."""
        on, off = 1 << i, 0
        levels: Levels = [(on, 0)]
        front_on, front_off = on, 0
        kill, force = self.kill, self.force
        while front_on or front_off:
            new_off = 0
            while front_on:  # the set bits, lowest first, inline: this loop is the search's cost
                low = front_on & -front_on
                new_off |= kill[low.bit_length() - 1]
                front_on ^= low
            new_off &= ~off
            new_on = 0
            front_off &= self.forcing
            while front_off:
                low = front_off & -front_off
                new_on |= force[low.bit_length() - 1]
                front_off ^= low
            new_on &= ~on
            if not new_on and not new_off:
                break
            on |= new_on
            off |= new_off
            levels.append((new_on, new_off))
            front_on, front_off = new_on, new_off
        return on, off, levels


class Deduction(NamedTuple):
    """What a chain proves: candidate ``cell``/``value`` true (``place``) or false."""

    place: bool
    cell: int
    value: int


class StaticChains(NamedTuple):
    """The static chains of a state: the nodes of the shortest of each kind found, and what the
    cheapest of them (by the bases asked) prove: ``every`` deduction of the least difficulty,
    shortest first, and ``best``, the first of them (None when there is none)."""

    nodes: dict[str, int]
    best: Deduction | None
    every: tuple[Deduction, ...] = ()


def static_difficulty(nodes: Mapping[str, int], bases: Mapping[str, float] = BASES
                      ) -> float | None:
    """SE's difficulty of the cheapest chain of ``nodes`` (None: none, SE would need a dynamic
    chain): its base plus the length adjustment."""
    found = [bases[kind] + length_bonus(size) for kind, size in nodes.items()]
    return round(min(found), 1) if found else None


class _Search:
    """The static chains of one state; each branch is followed once and shared."""

    def __init__(self, c: Candidates, bases: Mapping[str, float]) -> None:
        self.groups = _choices(c)
        self.links = _Links(c, self.groups)
        self.n = self.links.n
        self.bases = bases
        self.memo: dict[int, tuple[int, int, Levels]] = {}
        self.nodes: dict[str, int] = {}
        # The least difficulty found, and what the chains of that difficulty prove (place or
        # remove candidate i), with the fewest nodes of each.
        self.least = 99.0
        self.proved: dict[tuple[bool, int], int] = {}

    def keep(self, kind: str, size: int, place: bool, i: int) -> None:
        if kind not in self.nodes or size < self.nodes[kind]:
            self.nodes[kind] = size
        d = round(self.bases[kind] + length_bonus(size), 1)
        if d < self.least:
            self.least, self.proved = d, {}
        if d == self.least and size < self.proved.get((place, i), size + 1):
            self.proved[place, i] = size

    def branch(self, i: int) -> tuple[int, int, Levels]:
        got = self.memo.get(i)
        if got is None:
            budget.check()
            got = self.memo[i] = self.links.branch(i)
            on, off, levels = got
            both = on & off
            if both:  # the assumption leads to j and to not j: i is false
                self._contradiction(i, both, levels)
        return got

    def _contradiction(self, i: int, both: int, levels: Levels) -> None:
        """Keep the shortest of the contradictions ``both`` of the branch of ``i``. The
        assumption starts both paths, so it is counted once."""
        first: dict[int, int] = {}  # j -> the level it came at, on or off (whichever first)
        size = {"one": 0, "nishio": 0}
        for k, (got_on, got_off) in enumerate(levels, 1):
            for j in cells_of((got_on | got_off) & both):
                if j not in first:
                    first[j] = k
                    if not got_on & got_off & (1 << j):
                        continue
                kind = "one" if j == i else "nishio"  # the second of on and off: a path each
                total = first[j] + k - 1
                if not size[kind] or total < size[kind]:
                    size[kind] = total
        for kind, total in size.items():
            if total:
                self.keep(kind, total, False, i)

    def common(self, group: list[int], kind: str) -> None:
        """A result every choice of ``group`` reaches."""
        branches = [self.branch(i) for i in group]
        common_on = common_off = self.links.alive & ~sum(1 << i for i in group)
        for on, off, _ in branches:
            common_on &= on
            common_off &= off
        if not common_on and not common_off:
            return
        sizes: dict[int, int] = {}  # 2 * candidate + (1 if on), summed over the branches
        for _, _, levels in branches:
            for k, (got_on, got_off) in enumerate(levels, 1):
                for mask, flag in ((got_on & common_on, 1), (got_off & common_off, 0)):
                    while mask:
                        low = mask & -mask
                        key = 2 * (low.bit_length() - 1) + flag
                        sizes[key] = sizes.get(key, 0) + k
                        mask ^= low
        key, size = min(sizes.items(), key=lambda kv: (kv[1], kv[0]))
        self.keep(kind, size, bool(key & 1), key >> 1)

    def empty(self) -> None:
        """A candidate that leaves a cell, or a unit's value, with no place (a group of two is
        left out: its last choice is forced on, so that is a "nishio" already)."""
        # off_in(j): the assumptions that put candidate j off. A branch puts off exactly what
        # its on candidates kill, and j kills what kills j (its cell's other candidates, its
        # value in its peers), so it is the assumptions with an on candidate among j's kills:
        # fewer bits to read than every branch's off set.
        on_in: dict[int, int] = {}  # candidate -> the assumptions that put it on
        for i, (on, _, _) in self.memo.items():
            for k in cells_of(on):
                on_in[k] = on_in.get(k, 0) | 1 << i
        kill = self.links.kill
        off_in: dict[int, int] = {}

        def assumptions_off(j: int) -> int:
            got = off_in.get(j)
            if got is None:
                got = 0
                for k in cells_of(kill[j]):
                    got |= on_in.get(k, 0)
                off_in[j] = got
            return got

        for group in self.groups:
            if len(group) < 3:
                continue
            by = -1
            for j in group:
                by &= assumptions_off(j)
                if not by:
                    break
            places = sum(1 << j for j in group)
            for i in cells_of(by):
                # Each place's depth, summed; the assumption starts every path: counted once.
                total = sum(k * (got_off & places).bit_count()
                            for k, (_, got_off) in enumerate(self.memo[i][2], 1))
                self.keep("empty", total - len(group) + 1, False, i)


def _digit_branch(places: int, x: int, units: tuple[int, ...], peers: tuple[int, ...]
                  ) -> int:
    """The digit's value assumed in cell ``x`` and followed on that digit alone (``places``: its
    cells; ``units``: the units still to hold it): the nodes of its shortest contradiction at
    the first level that has one (0: none). A node's path is its level (the assumption is 1);
    the paths of a contradiction share the assumption, counted once."""
    level_on, level_off = {x: 1}, {}
    on, off, front, level = 1 << x, 0, 1 << x, 1
    while front:
        level += 1  # each new value removes the digit from its peers
        for y in cells_of(front):
            for p in cells_of(peers[y] & places & ~off):
                level_off[p] = level
            off |= peers[y] & places
        sizes = [level_on[y] + level_off[y] - 1 for y in cells_of(on & off)]  # both given and not
        front = 0
        for u in units:
            if u & on:
                continue
            left = u & places & ~off
            if not left:  # a unit left without the digit
                gone = cells_of(u & places)
                sizes.append(sum(level_off[z] for z in gone) - len(gone) + 1)
            elif not left & (left - 1):  # its last place, counting what the chain removed
                front |= left
        if sizes:
            return min(sizes)
        level += 1
        for y in cells_of(front):
            level_on[y] = level
        on |= front
    return 0


def digit_nishio(c: Candidates) -> list[tuple[int, int]]:
    """SE's Nishio: a value assumed in a cell and followed on its own digit only, where a unit
    left with one place of the digit puts it there, counting every place the chain has removed
    (so dynamic, unlike the chains above). If a unit is left with no place, or a place is both
    given the digit and not, the assumption is false. Per such candidate (``cell * n + d``), the
    nodes of its contradiction."""
    n = c.size
    um = unit_masks(c.shape)
    where = value_cells(c)
    placed = [0] * (n + 1)  # per digit, the cells that hold it
    for x, v in enumerate(c.values):
        placed[v] |= 1 << x
    out: list[tuple[int, int]] = []
    for d in range(1, n + 1):
        units = tuple(u for u in um if u & where[d] and not u & placed[d])
        out.extend((x * n + d - 1, size) for x, size in _digit_refuted(c.shape, where[d], units))
        budget.check()
    return out


# A digit's Nishio depends only on its places and the units still to hold it, and a step of SE's
# path changes few digits: the others' answers are taken from the states before.
@lru_cache(maxsize=1024)
def _digit_refuted(shape: Shape, places: int, units: tuple[int, ...]
                   ) -> tuple[tuple[int, int], ...]:
    """(cell, nodes) for each place of the digit whose assumption meets a contradiction."""
    pm = peer_masks(shape)
    return tuple((x, size) for x in cells_of(places)
                 if (size := _digit_branch(places, x, units, pm)))


def static_chains(c: Candidates, bases: Mapping[str, float] = BASES, *,
                  every_kind: bool = False) -> StaticChains:
    """The static chains of ``c`` that place or remove something: the shortest of each kind,
    and what the cheapest proves. A kind that cannot beat the cheapest already found (its base
    alone is dearer) is not searched, unless ``every_kind``."""
    search = _Search(c, bases)
    alive = search.links.alive
    for i in cells_of(alive):
        search.branch(i)
    for group in search.groups:
        if len(group) == 2:
            search.common(group, "one")
    if every_kind or search.least > bases["digit"]:
        for i, size in digit_nishio(c):
            search.keep("digit", size, False, i)
    if every_kind or search.least > bases["empty"]:
        search.empty()
    if every_kind or search.least > bases["multiple"]:
        for group in search.groups:
            if len(group) > 2:
                search.common(group, "multiple")
    n = search.n
    proved = sorted(search.proved.items(), key=lambda kv: (kv[1], kv[0]))
    every = tuple(Deduction(place, i // n, i % n + 1) for (place, i), _ in proved)
    return StaticChains(search.nodes, every[0] if every else None, every)
