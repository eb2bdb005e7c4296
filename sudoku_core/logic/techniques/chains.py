"""Chains: X-Chain, XY-Chain and alternating inference chains (AIC), shortest first.

A chain is a list of candidates (nodes) joined alternately by strong links ("if one is false
the other is true": a conjugate pair in a unit, or the two values of a bivalue cell) and weak
links ("not both": the same value in two peers, or two values of one cell). A chain that starts
and ends with a strong link proves "first node or last node is true"; every candidate that
would falsify both is eliminated. One breadth-first search serves all three techniques, run
for every start at once, one link deeper each round, so the first chain found is a shortest one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import wraps

from ...model import budget
from ...model.candidates import Candidates
from ...model.step import Chain, ChainLink, ChainNode, compact_result, node_text
from .base import Step
from .rule_links import rule_weak_links
from .single_digit import conjugate_pairs, make_step, name, peer_masks, removal_text, value_cells

Node = int  # cell * N + (value - 1)
Links = Callable[[Node], Iterable[Node]]

MAX_X_NODES = 13  # 12 links
MAX_XY_CELLS = 8
MAX_AIC_NODES = 12
_BUDGET = 300_000  # node expansions per search: keeps huge grids from stalling the rating loop


class _Graph:
    """Strong and weak links of the current candidates, as node -> nodes tables."""

    def __init__(self, c: Candidates) -> None:
        n = c.size
        self.c = c
        self.n = n
        self.masks = c.masks
        self.peers = c.geometry.peers
        self.bilocal: dict[Node, list[Node]] = {}
        vcells = value_cells(c)
        for v in range(1, n + 1):
            for _, a, b in conjugate_pairs(c, v, range(3 * n), vcells):
                na, nb = a * n + v - 1, b * n + v - 1
                self.bilocal.setdefault(na, []).append(nb)
                self.bilocal.setdefault(nb, []).append(na)
        self.rule_weak = rule_weak_links(c)  # pairs the placed rules forbid (variants)
        self.bivalue: dict[Node, list[Node]] = {}
        for cell, m in enumerate(self.masks):
            if m.bit_count() == 2:
                lo = (m & -m).bit_length()
                hi = m.bit_length()
                self.bivalue[cell * n + lo - 1] = [cell * n + hi - 1]
                self.bivalue[cell * n + hi - 1] = [cell * n + lo - 1]

    def same_value_peers(self, node: Node, only_bivalue: bool = False) -> list[Node]:
        """The same value in the peers of the node's cell (weak links)."""
        n = self.n
        cell, vi = divmod(node, n)
        bit = 1 << vi
        masks = self.masks
        if only_bivalue:
            return [p * n + vi for p in self.peers[cell]
                    if masks[p] & bit and masks[p].bit_count() == 2]
        return [p * n + vi for p in self.peers[cell] if masks[p] & bit]

    def same_cell(self, node: Node) -> list[Node]:
        """The other candidates of the node's cell (weak links)."""
        n = self.n
        cell, vi = divmod(node, n)
        m = self.masks[cell] & ~(1 << vi)
        out = []
        while m:
            low = m & -m
            out.append(cell * n + low.bit_length() - 1)
            m ^= low
        return out


class _Logic:
    """What a chain proves: eliminations for "a or b" and for a continuous (nice) loop."""

    def __init__(self, c: Candidates, rule_weak: dict[Node, set[Node]] | None = None) -> None:
        self.n = c.size
        self.pm = peer_masks(c.shape)
        self.masks = c.masks
        self.vcells = value_cells(c)
        # The placed rules' weak links (AIC reads them; X- and XY-Chains keep to peers).
        self.rule_weak = rule_weak or {}

    def _sees(self, a: Node, b: Node) -> bool:
        """True if a and b cannot both be true, by any link this search reads."""
        ca, va = divmod(a, self.n)
        cb, vb = divmod(b, self.n)
        if ca == cb:
            return va != vb
        return (va == vb and bool(self.pm[ca] >> cb & 1)) or b in self.rule_weak.get(a, ())

    def _rule_common(self, a: Node, b: Node) -> list[tuple[int, int]]:
        """Candidates a placed rule forbids beside one of a, b and some link beside the other:
        when a or b is true, they are false."""
        out = []
        for one, other in ((a, b), (b, a)):
            for z in self.rule_weak.get(one, ()):
                if z not in (a, b) and self._sees(z, other):
                    out.append(divmod(z, self.n))
        return [(cell, vi + 1) for cell, vi in out]

    def seen_by_both(self, ca: int, cb: int, v: int) -> list[tuple[int, int]]:
        """Remove v from the cells that see both ca and cb."""
        hit = self.pm[ca] & self.pm[cb] & self.vcells[v]
        out = []
        while hit:
            low = hit & -hit
            out.append((low.bit_length() - 1, v))
            hit ^= low
        return out

    def either(self, a: Node, b: Node) -> list[tuple[int, int]]:
        """Eliminations proved by "a or b is true"."""
        found = self._either_by_peers(a, b)
        if self.rule_weak:
            found = sorted(set(found) | set(self._rule_common(a, b)))
        return found

    def _either_by_peers(self, a: Node, b: Node) -> list[tuple[int, int]]:
        n, masks = self.n, self.masks
        ca, va = divmod(a, n)
        cb, vb = divmod(b, n)
        va, vb = va + 1, vb + 1
        if ca == cb:
            if va == vb:
                return []
            keep = (1 << (va - 1)) | (1 << (vb - 1))
            return [(ca, v) for v in range(1, n + 1) if (masks[ca] & ~keep) >> (v - 1) & 1]
        if va == vb:
            return self.seen_by_both(ca, cb, va)
        out = []
        if self.pm[ca] >> cb & 1:
            if masks[ca] >> (vb - 1) & 1:
                out.append((ca, vb))
            if masks[cb] >> (va - 1) & 1:
                out.append((cb, va))
        return out

    def weak(self, a: Node, b: Node, same_cell: bool) -> bool:
        """True if a and b cannot both be true (a weak link); two digits of one cell count
        only with ``same_cell``."""
        if a // self.n == b // self.n and not same_cell:
            return False
        return self._sees(a, b)

    def loop(self, chain: list[Node]) -> list[tuple[int, int]]:
        """Eliminations of a continuous loop: every weak link in it holds exactly one truth."""
        n = self.n
        out: set[tuple[int, int]] = set()
        for i in range(1, len(chain), 2):
            a, b = chain[i], chain[(i + 1) % len(chain)]
            ca, va = divmod(a, n)
            cb, vb = divmod(b, n)
            if ca == cb:
                keep = (1 << va) | (1 << vb)
                m = self.masks[ca] & ~keep
                out.update((ca, v) for v in range(1, n + 1) if m >> (v - 1) & 1)
            elif va == vb and self.pm[ca] >> cb & 1:
                out.update(self.seen_by_both(ca, cb, va + 1))
            # A rule's link (or any link) holds exactly one truth here: what a rule forbids
            # beside one end and some link beside the other goes too.
            out.update(self._rule_common(a, b))
        # A loop cell can be caught by a weak link it is part of; keep the loop's own nodes.
        nodes = {(x // n, x % n + 1) for x in chain}
        return sorted(out - nodes)

    def valid(self, chain: list[Node]) -> bool:
        """True if no candidate appears twice in the chain."""
        return len(set(chain)) == len(chain)

    def placement(self, node: Node) -> tuple[int, int] | None:
        """The (cell, value) a node stands for, when it is one candidate."""
        return divmod(node, self.n)[0], node % self.n + 1


# chain, eliminations, is a loop, placements (a discontinuous loop: "if x is false, x is true")
Found = tuple[list[Node], list[tuple[int, int]], bool, list[tuple[int, int]]]


def _search(starts: Iterable[Node], strong: Links, weak: Links, logic: _Logic,
            max_nodes: int, *, min_nodes: int = 4, same_value: bool = False,
            same_cell: bool = False, work: int = _BUDGET) -> Found | None:
    """Shortest chain strong-weak-...-strong (or nice loop) with eliminations, or None."""
    return next(_search_all(starts, strong, weak, logic, max_nodes, min_nodes=min_nodes,
                            same_value=same_value, same_cell=same_cell, work=work), None)


def _search_all(starts: Iterable[Node], strong: Links, weak: Links, logic: _Logic,
                max_nodes: int, *, min_nodes: int = 4, same_value: bool = False,
                same_cell: bool = False, work: int = _BUDGET) -> Iterator[Found]:
    """Every chain with a conclusion, shortest first: per start, the shortest chain to each
    end (the breadth-first search reaches each node once), until the work budget is spent."""
    # Per start: parents of (node, parity) states; parity 1 = "true" (reached by a strong link).
    searches: list[tuple[Node, dict[int, int], list[Node]]] = [
        (s, {s * 2: -1}, [s]) for s in starts
    ]
    # Every start's search asks for the links of the same nodes: each node's are listed once.
    tables: tuple[dict[Node, list[Node]], dict[Node, list[Node]]] = ({}, {})
    for depth in range(1, max_nodes):
        parity = depth & 1
        links = strong if parity else weak
        known = tables[parity]
        # Only a chain that ends on a strong link, long enough, concludes anything.
        ends = bool(parity) and depth + 1 >= min_nodes
        alive = []
        for start, parent, frontier in searches:
            budget.check()
            work -= len(frontier)
            nxt: list[Node] = []
            for node in frontier:
                nbs = known.get(node)
                if nbs is None:
                    nbs = known[node] = list(links(node))
                back = node * 2 + (1 - parity)
                for nb in nbs:
                    key = nb * 2 + parity
                    if key in parent:
                        continue
                    parent[key] = back
                    nxt.append(nb)
                    if ends:
                        found = _conclude(parent, key, start, logic, same_value, same_cell)
                        if found is not None:
                            yield found
            if nxt:
                alive.append((start, parent, nxt))
            if work < 0:
                return
        searches = alive
        if not searches:
            break


def _conclude(parent: dict[int, int], key: int, start: Node, logic: _Logic, same_value: bool,
              same_cell: bool) -> Found | None:
    """What the chain from ``start`` to the node of ``key`` (reached by a strong link) proves."""
    nb = key // 2
    if nb == start:
        # A discontinuous nice loop: if start is false, start is true.
        chain = _path(parent, key)
        place = logic.placement(start)
        if place is not None and logic.valid(chain[:-1]):
            return chain, [], False, [place]
        return None
    closes = logic.weak(nb, start, same_cell)
    if same_value and nb % logic.n != start % logic.n and not closes:
        return None
    elims = [] if closes else logic.either(start, nb)
    if not (closes or elims):
        return None
    chain = _path(parent, key)
    if not logic.valid(chain):
        return None
    if closes:
        elims = logic.loop(chain)
    return (chain, elims, closes, []) if elims else None


def _path(parent: dict[int, int], key: int) -> list[Node]:
    out = []
    while key >= 0:
        out.append(key // 2)
        key = parent[key]
    return out[::-1]


def _cand(c: Candidates, node: Node) -> str:
    cell, vi = divmod(node, c.size)
    return f"({c.shape.symbol(vi + 1)}){name(c, cell)}"


def _eureka(c: Candidates, chain: list[Node]) -> str:
    """Eureka notation: (4)r1c1=(4)r1c5-(7)r1c5=(7)r3c4."""
    parts = [_cand(c, chain[0])]
    for i, node in enumerate(chain[1:]):
        parts.append(("=" if i % 2 == 0 else "-") + _cand(c, node))
    return "".join(parts)


def _chain_step(c: Candidates, technique: str, found: Found, text: str,
                nodes: Callable[[Node], list[tuple[int, int]]] | None = None,
                als_of: Callable[[Node], tuple[int, ...]] | None = None) -> Step:
    chain, elims, is_loop, places = found
    n = c.size

    def plain(node: Node) -> list[tuple[int, int]]:
        return [(node // n, node % n + 1)]

    of = nodes or plain
    structure = chain_structure(chain, of, is_loop, bool(places), als_of)
    if places:
        chain = chain[:-1]  # the start closes the loop: listed once
    cells = list(dict.fromkeys(x for node in chain for x, _ in of(node)))
    # Odd positions are "on" (true when the first node is false), even ones "off".
    cands = [(x, v, "on" if i % 2 else "off") for i, node in enumerate(chain)
             for x, v in of(node) if (x, v) not in places]
    result = compact_result(tuple(places), tuple(sorted(set(elims))), c.shape)
    size = c.size
    sym = c.shape.symbol
    links = len(structure.links)
    if places:
        kind = "discontinuous nice loop"
        x, v = places[0]
        start = node_text(structure.nodes[0], size, sym)
        result_text = (f"if {name(c, x)} is not {c.shape.symbol(v)}, it is: place "
                       f"{c.shape.symbol(v)} at {name(c, x)}")
        summary = (f"{technique}: a loop of {links} links from {start} comes back to "
                   f"{node_text(structure.nodes[-1], size, sym)}: {result}")
    else:
        kind = "continuous loop" if is_loop else "chain"
        result_text = removal_text(c, elims)
        if is_loop:
            summary = f"{technique}: a continuous loop of {links} links: {result}"
        else:
            first = replace(structure.nodes[0], on=True)
            summary = (f"{technique}: {node_text(first, size, sym)} or "
                       f"{node_text(structure.nodes[-1], size, sym)} (a chain of {links} "
                       f"links): {result}")
    return make_step(
        technique,
        f"{text}{f' ({kind})' if kind != 'chain' else ''}: {result_text}",
        eliminations=elims,
        placements=places,
        cells=[(x, "link") for x in cells],
        candidates=cands,
        region=f"a {kind} from {name(c, of(chain[0])[0][0])}",
        summary=summary,
        chains=(structure,),
    )


def chain_structure(chain: list[Node], of: Callable[[Node], list[tuple[int, int]]],
                    is_loop: bool, discontinuous: bool,
                    als_of: Callable[[Node], tuple[int, ...]] | None = None) -> Chain:
    """An alternating chain as data: the first node off, links strong then weak by turns.

    A discontinuous loop keeps its closing node (the start again, now on); a continuous loop
    gets its closing weak link from the last node back to the first.
    """
    out = []
    for i, node in enumerate(chain):
        cands = of(node)
        als = als_of(node) if als_of is not None else ()
        out.append(ChainNode(tuple(x for x, _ in cands), cands[0][1], bool(i % 2), als=als))
    links = [ChainLink(i, i + 1, "strong" if i % 2 == 0 else "weak")
             for i in range(len(chain) - 1)]
    if is_loop and not discontinuous:
        links.append(ChainLink(len(chain) - 1, 0, "weak"))
    kind = "discontinuous loop" if discontinuous else "loop" if is_loop else "chain"
    return Chain(kind, tuple(out), tuple(links))


def each_conclusion_once(listing: Callable[..., Iterator[Step]]) -> Callable[..., Iterator[Step]]:
    """A listing that gives each conclusion once (the first, shortest chain that proves it)."""
    @wraps(listing)
    def distinct(c: Candidates, **options: int) -> Iterator[Step]:
        seen: set[tuple[object, ...]] = set()
        for step in listing(c, **options):
            key = (step.placements, tuple(sorted(step.eliminations)))
            if key not in seen:
                seen.add(key)
                yield step
    return distinct


@each_conclusion_once
def iter_x_chain(c: Candidates, max_nodes: int = MAX_X_NODES) -> Iterator[Step]:
    """Every X-Chain conclusion, shortest chain first."""
    g = _Graph(c)
    n = c.size

    def strong(node: Node) -> list[Node]:
        return g.bilocal.get(node, [])

    # All digits in one search, so a short chain on a high digit wins over a long one on 1.
    for found in _search_all(sorted(g.bilocal), strong, g.same_value_peers, _Logic(c),
                             max_nodes):
        chain = found[0]
        sym = c.shape.symbol(chain[0] % n + 1)
        closed = found[2] and not found[3]
        cells = "".join(("=" if i % 2 else "-") * (i > 0) + name(c, node // n)
                        for i, node in enumerate(chain + chain[:1] if closed else chain))
        yield _chain_step(c, "X-Chain", found, f"X-Chain on {sym}: {cells}")


@each_conclusion_once
def iter_xy_chain(c: Candidates, max_nodes: int = 2 * MAX_XY_CELLS) -> Iterator[Step]:
    """Every XY-Chain conclusion, shortest chain first."""
    g = _Graph(c)
    n = c.size

    def strong(node: Node) -> list[Node]:
        return g.bivalue.get(node, [])

    def weak(node: Node) -> list[Node]:
        return g.same_value_peers(node, only_bivalue=True)

    for found in _search_all(sorted(g.bivalue), strong, weak, _Logic(c), max_nodes,
                             min_nodes=6, same_value=True):
        chain = found[0][:-1] if found[3] else found[0]
        sym = c.shape.symbol
        cells = "-".join(
            f"({sym(chain[i] % n + 1)}={sym(chain[i + 1] % n + 1)}){name(c, chain[i] // n)}"
            for i in range(0, len(chain), 2)
        )
        yield _chain_step(c, "XY-Chain", found, f"XY-Chain {cells}")


@each_conclusion_once
def iter_aic(c: Candidates, max_nodes: int = MAX_AIC_NODES) -> Iterator[Step]:
    """Every AIC or nice loop conclusion, shortest chain first."""
    g = _Graph(c)

    def strong(node: Node) -> list[Node]:
        return g.bilocal.get(node, []) + g.bivalue.get(node, [])

    def weak(node: Node) -> list[Node]:
        return g.same_value_peers(node) + g.same_cell(node) + sorted(g.rule_weak.get(node, ()))

    starts = sorted(set(g.bilocal) | set(g.bivalue))
    logic = _Logic(c, g.rule_weak)
    for found in _search_all(starts, strong, weak, logic, max_nodes, same_cell=True):
        chain = found[0]
        text = _eureka(c, chain) + ("-" + _cand(c, chain[0]) if found[2] and not found[3]
                                    else "")
        yield _chain_step(c, "AIC", found, f"AIC {text}")
