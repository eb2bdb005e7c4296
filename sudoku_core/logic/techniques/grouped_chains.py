"""Grouped AIC and grouped nice loops: chains whose nodes may be box groups.

A *group* is two or more cells of one box in one row or column that hold a value; as a node it
stands for "the value is in one of these cells". Strong link: in a unit, the value's cells
split into two nodes (cells or groups). Weak link: two nodes of one value whose cells all see
each other, or two values of one cell. The search is the one of :mod:`.chains` (shortest first,
"first node or last node is true", continuous loops, discontinuous loops that place a value);
a chain is reported here only when it uses a group (else the plain AIC has it).

Listed with ``als_nodes=True`` (``steps --all``, as the expert tools' grouped nice loops), a
node may also be an almost locked set's digit: "x is in one of the set's cells holding x". An
ALS (k cells of a unit, k+1 digits) links its digits strongly: if none of its cells is x, the
k cells hold the k other digits, so each other digit y is in the set. Weak links enter and
leave it like a group's: through candidates of the digit that see all its cells holding it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ...model import budget
from ...model.candidates import Candidates
from ...model.grid import Shape
from ...solver.bitboards import cells_of
from .als import Als, almost_locked_sets
from .base import Step
from .chains import Found, Node, _chain_step, _Logic, _search, _search_all, each_conclusion_once
from .single_digit import name, unit_masks

MAX_GROUPED_NODES = 10  # 9 links: as many chains as 12 on the corpora, at less cost when none
GROUPED_WORK = 60_000  # node expansions: the chains found on the corpora need far fewer
ALS_NODE_CELLS = 4  # sets of 2 to 4 cells as nodes (one cell is a bivalue cell: a plain link)

@cache
def _segments_of(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Per cell, the masks of its box's row part and column part (the places a group lives)."""
    geo = shape.geometry
    n = shape.size
    um = unit_masks(shape)
    out = []
    for cell in range(shape.cell_count):
        r, col, b = geo.units_of[cell][:3]
        out.append((um[b] & um[r], um[b] & um[col]))
    del n
    return tuple(out)


class _GroupedLogic(_Logic):
    """Nodes are single candidates (cell * N + value - 1) or groups (ids from ``base``)."""

    def __init__(self, c: Candidates, als_nodes: bool = False) -> None:
        super().__init__(c)
        self.c = c
        self.base = c.shape.cell_count * self.n
        self.groups: list[tuple[int, int]] = []  # (cell mask, value) per group id - base
        self.ids: dict[tuple[int, int], int] = {}
        self.um = unit_masks(c.shape)
        self.segs = _segments_of(c.shape)
        self.units_of = c.geometry.units_of
        self._strong: dict[Node, list[Node]] = {}
        self._weak: dict[Node, list[Node]] = {}
        self._seen: dict[int, int] = {}
        # ALS nodes: per node id, its set and the set's nodes (one per digit); per value, the
        # (node, cells holding the value) of every set.
        self.als: dict[Node, tuple[Als, list[Node]]] = {}
        self.als_by_value: dict[int, list[tuple[Node, int]]] = {}
        if als_nodes:
            for s in almost_locked_sets(c, ALS_NODE_CELLS):
                if len(s.cells) < 2:
                    continue
                members: list[Node] = []
                for v in range(1, self.n + 1):
                    if s.digits >> (v - 1) & 1:
                        node = self.base + len(self.groups)
                        self.groups.append((s.where[v], v))
                        self.als[node] = (s, members)
                        self.als_by_value.setdefault(v, []).append((node, s.where[v]))
                        members.append(node)

    # --- nodes ------------------------------------------------------------------------------

    def node(self, mask: int, v: int) -> Node:
        """The node of a cell mask (one cell, or a group) and a value."""
        if not mask & (mask - 1):
            return (mask.bit_length() - 1) * self.n + v - 1
        key = (mask, v)
        got = self.ids.get(key)
        if got is None:
            got = self.ids[key] = self.base + len(self.groups)
            self.groups.append(key)
        return got

    def of(self, node: Node) -> tuple[int, int]:
        """(cell mask, value) of a node."""
        if node >= self.base:
            return self.groups[node - self.base]
        cell, vi = divmod(node, self.n)
        return 1 << cell, vi + 1

    def cands(self, node: Node) -> list[tuple[int, int]]:
        """The (cell, value) candidates a node stands for."""
        mask, v = self.of(node)
        return [(x, v) for x in cells_of(mask)]

    def grouped(self, mask: int) -> bool:
        """True if a mask of two or more cells lies in one box and one row or column."""
        row_part, col_part = self.segs[(mask & -mask).bit_length() - 1]
        return not mask & ~row_part or not mask & ~col_part

    def seen_by_all(self, mask: int) -> int:
        """Cells that see every cell of the mask."""
        got = self._seen.get(mask)
        if got is None:
            out = -1
            for x in cells_of(mask):
                out &= self.pm[x]
            got = self._seen[mask] = out & ~mask
        return got

    # --- links ------------------------------------------------------------------------------

    def strong(self, node: Node) -> list[Node]:
        """Nodes strongly linked to ``node`` (computed once per node)."""
        got = self._strong.get(node)
        if got is None:
            got = self._strong[node] = self._strong_links(node)
        return got

    def weak_links(self, node: Node) -> list[Node]:
        """Nodes weakly linked to ``node`` (computed once per node)."""
        got = self._weak.get(node)
        if got is None:
            got = self._weak[node] = self._weak_links(node)
        return got

    def _strong_links(self, node: Node) -> list[Node]:
        mask, v = self.of(node)
        have = self.vcells[v]
        out: list[Node] = []
        if node in self.als:  # without v, the set's cells hold each of its other digits
            out.extend(other for other in self.als[node][1] if other != node)
        low = (mask & -mask).bit_length() - 1
        for u in self.units_of[low]:
            um = self.um[u]
            if mask & ~um:
                continue
            rest = have & um & ~mask
            if rest and (not rest & (rest - 1) or self.grouped(rest)):
                out.append(self.node(rest, v))
        if node < self.base:
            m = self.masks[low]
            if m.bit_count() == 2:
                out.append(self.node(mask, (m & ~(1 << (v - 1))).bit_length()))
        return out

    def _weak_links(self, node: Node) -> list[Node]:
        mask, v = self.of(node)
        have = self.vcells[v]
        seen = self.seen_by_all(mask) & have
        n = self.n
        segs = self.segs
        out = []
        # Groups of the value (all its cells in a box row or column part) that all cells see,
        # listed after the cells.
        groups: list[Node] = []
        done = set()
        rest = seen
        while rest:
            low = rest & -rest
            rest ^= low
            x = low.bit_length() - 1
            out.append(x * n + v - 1)
            for seg in segs[x]:
                g = have & seg
                if g & (g - 1) and not g & ~seen and g not in done:
                    done.add(g)
                    groups.append(self.node(g, v))
        out += groups
        if node < self.base:
            cell = mask.bit_length() - 1
            m = self.masks[cell] & ~(1 << (v - 1))
            out.extend(cell * self.n + w - 1 for w in range(1, self.n + 1) if m >> (w - 1) & 1)
        # Sets whose cells holding the value all see every cell of this node.
        everyone = self.seen_by_all(mask)
        out.extend(other for other, held in self.als_by_value.get(v, ())
                   if other != node and not held & ~everyone)
        return out

    # --- what a chain proves -------------------------------------------------------------------

    def weak(self, a: Node, b: Node, same_cell: bool) -> bool:
        base = self.base
        if a < base and b < base:
            return super().weak(a, b, same_cell)
        ma, va = self.of(a)
        mb, vb = self.of(b)
        if va == vb:
            return not ma & mb and not mb & ~self.seen_by_all(ma)
        return same_cell and ma == mb and a < self.base

    def either(self, a: Node, b: Node) -> list[tuple[int, int]]:
        if a < self.base and b < self.base:
            return super().either(a, b)
        ma, va = self.of(a)
        mb, vb = self.of(b)
        if va != vb:
            return []
        hit = self.seen_by_all(ma) & self.seen_by_all(mb) & self.vcells[va] & ~(ma | mb)
        return [(x, va) for x in cells_of(hit)]

    def loop(self, chain: list[Node]) -> list[tuple[int, int]]:
        out: set[tuple[int, int]] = set()
        for i in range(1, len(chain), 2):
            a, b = chain[i], chain[(i + 1) % len(chain)]
            ma, va = self.of(a)
            mb, vb = self.of(b)
            if va == vb:
                hit = self.seen_by_all(ma) & self.seen_by_all(mb) & self.vcells[va]
                out.update((x, va) for x in cells_of(hit & ~(ma | mb)))
            else:
                cell = ma.bit_length() - 1
                m = self.masks[cell] & ~(1 << (va - 1)) & ~(1 << (vb - 1))
                out.update((cell, w) for w in range(1, self.n + 1) if m >> (w - 1) & 1)
        own = {p for node in chain for p in self.cands(node)}
        return sorted(out - own)

    def valid(self, chain: list[Node]) -> bool:
        """No candidate twice, and at least one group (else the plain AIC finds it)."""
        seen: set[tuple[int, int]] = set()
        for node in chain:
            for p in self.cands(node):
                if p in seen:
                    return False
                seen.add(p)
        return any(node >= self.base for node in chain)

    def placement(self, node: Node) -> tuple[int, int] | None:
        return super().placement(node) if node < self.base else None


def _starts(g: _GroupedLogic) -> list[Node]:
    """Every candidate, box group and ALS node with a strong link."""
    n = g.n
    out = []
    for v in range(1, n + 1):
        budget.check()  # an empty 64x64: 3 s of CPU for this list without it
        have = g.vcells[v]
        for x in cells_of(have):
            node = x * n + v - 1
            if g.strong(node):
                out.append(node)
        groups = {have & seg for x in cells_of(have) for seg in g.segs[x]}
        for mask in sorted(groups):
            if mask.bit_count() >= 2:
                node = g.node(mask, v)
                if g.strong(node):
                    out.append(node)
        out.extend(node for node, _ in g.als_by_value.get(v, ()))
    return out


def _name(g: _GroupedLogic, node: Node) -> str:
    """``(4)r1c23`` for a group in row 1, ``(4)r5c1`` for a cell, ``(4)r1c2|r3c1`` for the
    cells of an ALS holding 4, followed by the set: ``[ALS r1c2 r1c3 r3c1 {147}]``."""
    mask, v = g.of(node)
    if node in g.als:
        s = g.als[node][0]
        sym = g.c.shape.symbol
        held = "|".join(name(g.c, x) for x in cells_of(mask))
        every = " ".join(name(g.c, x) for x in s.cells)
        digits = "".join(sym(w) for w in range(1, g.n + 1) if s.digits >> (w - 1) & 1)
        return f"({sym(v)}){held}[ALS {every} {{{digits}}}]"
    cells = list(cells_of(mask))
    n = g.n
    rows = sorted({x // n + 1 for x in cells})
    cols = sorted({x % n + 1 for x in cells})
    sep = "," if n > 9 else ""
    return (f"({g.c.shape.symbol(v)})r{sep.join(map(str, rows))}"
            f"c{sep.join(map(str, cols))}")


def grouped_chain(c: Candidates) -> tuple[_GroupedLogic, Found] | None:
    """The shortest grouped chain or loop with a conclusion, and the logic that names its nodes."""
    g = _GroupedLogic(c)
    found = _search(_starts(g), g.strong, g.weak_links, g, MAX_GROUPED_NODES, same_cell=True,
                    work=GROUPED_WORK)
    return None if found is None else (g, found)


# HoDoKu's names for the three shapes of a grouped chain (``steps --all`` lists them so).
CONTINUOUS = "Grouped Continuous Nice Loop"
DISCONTINUOUS = "Grouped Discontinuous Nice Loop"
KIND_NAMES = ("Grouped AIC", CONTINUOUS, DISCONTINUOUS)


def kind_of(g: _GroupedLogic, found: Found) -> str:
    """HoDoKu's name for a grouped chain: a continuous loop; a discontinuous loop (it places
    its start, or removes a digit from the cell of a chain end that is one candidate: the loop
    from that candidate through the chain and back to its own cell); else an AIC."""
    chain, elims, is_loop, places = found
    if places:
        return DISCONTINUOUS
    if is_loop:
        return CONTINUOUS
    ends = {node // g.n for node in (chain[0], chain[-1]) if node < g.base}
    if any(x in ends for x, _ in elims):
        return DISCONTINUOUS
    return "Grouped AIC"


@each_conclusion_once
def iter_grouped_aic(c: Candidates, max_nodes: int = MAX_GROUPED_NODES,
                     als_nodes: bool = False, kinds: bool = False,
                     work: int = GROUPED_WORK) -> Iterator[Step]:
    """Every grouped AIC or grouped nice loop conclusion, shortest chain first (with ALS
    nodes too when asked: the walker does without them). ``kinds``: each step named as HoDoKu
    names its shape (``KIND_NAMES``), as the listing does; the walker calls them all Grouped
    AIC. ``work``: node expansions of the whole search."""
    g = _GroupedLogic(c, als_nodes)
    for found in _search_all(_starts(g), g.strong, g.weak_links, g, max_nodes,
                             same_cell=True, work=work):
        chain, _elims, is_loop, places = found
        parts = [_name(g, chain[0])]
        for i, node in enumerate(chain[1:]):
            parts.append(("=" if i % 2 == 0 else "-") + _name(g, node))
        text = "".join(parts) + ("-" + _name(g, chain[0]) if is_loop and not places else "")
        technique = kind_of(g, found) if kinds else "Grouped AIC"
        yield _chain_step(c, technique, found, f"{technique} {text}", nodes=g.cands,
                          als_of=lambda node: g.als[node][0].cells if node in g.als else ())
