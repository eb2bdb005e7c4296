"""Wings: XY-Wing, XYZ-Wing and W-Wing (short chains through bivalue cells).

XY-Wing and W-Wing also cross the placed rules' weak links where a puzzle has such rules,
after the classic instances (see "Wings over the placed rules' links" below)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ...model.budget import check
from ...model.candidates import Candidates
from .base import Step
from .rule_links import Node, rule_weak_links
from .single_digit import (
    conjugate_pairs,
    digits,
    elims_for,
    make_step,
    name,
    peer_masks,
    removal_text,
    value_cells,
)


def _bivalue_cells(c: Candidates) -> list[int]:
    return [cell for cell, m in enumerate(c.masks) if m.bit_count() == 2]


def _wing_step(c: Candidates, technique: str, pivot: int, pincers: tuple[int, int], z: int,
               hit: int) -> Step:
    elims = elims_for(z, hit)
    m = c.masks
    text = (f"{technique}: pivot {name(c, pivot)} {digits(c, m[pivot])}, pincers "
            f"{name(c, pincers[0])} {digits(c, m[pincers[0]])} and {name(c, pincers[1])} "
            f"{digits(c, m[pincers[1]])}: {removal_text(c, elims)}")
    return make_step(
        technique,
        text,
        eliminations=elims,
        cells=[(pivot, "pivot")] + [(x, "pincer") for x in pincers],
        candidates=[(x, v, "key") for x in (pivot, *pincers) for v in c.candidates_of(x)],
        region=f"{name(c, pivot)} and its peers",
    )


def iter_xy_wing(c: Candidates) -> Iterator[Step]:
    """Every XY-Wing."""
    masks = c.masks
    peers = c.geometry.peers
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    for pivot in _bivalue_cells(c):
        pmask = masks[pivot]
        # Bivalue peers sharing exactly one value with the pivot, grouped by that value.
        wings = [p for p in peers[pivot]
                 if masks[p].bit_count() == 2 and (masks[p] & pmask).bit_count() == 1]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                if masks[a] & masks[b] & pmask:
                    continue  # both pincers share the same pivot value
                zbit = masks[a] & masks[b] & ~pmask
                if not zbit:
                    continue
                z = zbit.bit_length()
                hit = pm[a] & pm[b] & vcells[z]
                if hit:
                    yield _wing_step(c, "XY-Wing", pivot, (a, b), z, hit)
    yield from rule_xy_wings(c)  # wings across the placed rules' links, if any


def iter_xyz_wing(c: Candidates) -> Iterator[Step]:
    """Every XYZ-Wing."""
    masks = c.masks
    peers = c.geometry.peers
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    for pivot, pmask in enumerate(masks):
        if pmask.bit_count() != 3:
            continue
        wings = [p for p in peers[pivot]
                 if masks[p].bit_count() == 2 and masks[p] & pmask == masks[p]]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                if masks[a] == masks[b] or masks[a] | masks[b] != pmask:
                    continue
                z = (masks[a] & masks[b]).bit_length()
                hit = pm[pivot] & pm[a] & pm[b] & vcells[z]
                if hit:
                    yield _wing_step(c, "XYZ-Wing", pivot, (a, b), z, hit)


def iter_w_wing(c: Candidates) -> Iterator[Step]:
    """Every W-Wing."""
    masks = c.masks
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    units = range(3 * c.size)
    pairs_of: dict[int, list[tuple[int, int, int]]] = {}
    by_mask: dict[int, list[int]] = {}
    for cell in _bivalue_cells(c):
        by_mask.setdefault(masks[cell], []).append(cell)
    for mask, cells in by_mask.items():
        values = c.candidates_of(cells[0])
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                if pm[a] >> b & 1:
                    continue  # peers: a naked pair, not a wing
                for x in values:
                    y = (mask & ~(1 << (x - 1))).bit_length()
                    hit = pm[a] & pm[b] & vcells[y]
                    if not hit:
                        continue
                    if x not in pairs_of:
                        pairs_of[x] = conjugate_pairs(c, x, units, vcells)
                    for u, p, q in pairs_of[x]:
                        for near, far in ((p, q), (q, p)):
                            if (near not in (a, b) and far not in (a, b)
                                    and pm[a] >> near & 1 and pm[b] >> far & 1):
                                yield _w_step(c, (a, b), (near, far), u, x, y, hit)
    yield from rule_w_wings(c)  # wings across the placed rules' links, if any


def _w_step(c: Candidates, ends: tuple[int, int], link: tuple[int, int], unit: int, x: int,
            y: int, hit: int) -> Step:
    elims = elims_for(y, hit)
    sym = c.shape.symbol
    a, b = ends
    text = (f"W-Wing: {name(c, a)} and {name(c, b)} {digits(c, c.masks[a])} joined by the "
            f"strong link on {sym(x)} {name(c, link[0])}={name(c, link[1])}: "
            f"{removal_text(c, elims)}")
    return make_step(
        "W-Wing",
        text,
        eliminations=elims,
        cells=[(a, "pincer"), (b, "pincer")] + [(p, "link") for p in link],
        units=(unit,),
        candidates=[(e, v, "key") for e in ends for v in (x, y)] + [(p, x, "key") for p in link],
        region=f"{name(c, a)} and {name(c, b)}",
    )


def iter_wxyz_wing(c: Candidates) -> Iterator[Step]:
    """A pivot and three peers of it holding four digits between them, every digit but one
    (z) only in cells that see each other: one cell is z, so z leaves the cells seeing them all."""
    masks = c.masks
    pm = peer_masks(c.shape)
    vcells = value_cells(c)
    seen: set[frozenset[int]] = set()
    for pivot, pmask in enumerate(masks):
        if not 2 <= pmask.bit_count() <= 4:
            continue
        check()  # many pivots and peers on a big grid
        near = [p for p in c.geometry.peers[pivot]
                if 2 <= masks[p].bit_count() <= 4 and (masks[p] | pmask).bit_count() <= 4]
        for i, a in enumerate(near):
            ua = pmask | masks[a]
            for j in range(i + 1, len(near)):
                b = near[j]
                ub = ua | masks[b]
                if ub.bit_count() > 4:
                    continue
                for d in near[j + 1:]:
                    union = ub | masks[d]
                    if union.bit_count() != 4:
                        continue
                    cells = (pivot, a, b, d)
                    key = frozenset(cells)
                    if key in seen:
                        continue
                    seen.add(key)
                    step = _wxyz(c, cells, pm, vcells)
                    if step is not None:
                        yield step


def _wxyz(c: Candidates, cells: tuple[int, ...], pm: tuple[int, ...],
          vcells: list[int]) -> Step | None:
    masks = c.masks
    # A digit is loose when two cells that do not see each other both hold it.
    loose = 0
    for i, x in enumerate(cells):
        for y in cells[i + 1:]:
            if not pm[x] >> y & 1:
                loose |= masks[x] & masks[y]
    if loose.bit_count() != 1:
        return None
    z = loose.bit_length()
    holders = [x for x in cells if masks[x] >> (z - 1) & 1]
    hit = vcells[z]
    for x in holders:
        hit &= pm[x]
    if not hit:
        return None
    elims = elims_for(z, hit)
    pivot, *pincers = cells
    text = (f"WXYZ-Wing: {', '.join(f'{name(c, x)} {digits(c, masks[x])}' for x in cells)} "
            f"hold four digits, and only {c.shape.symbol(z)} is not confined to cells that see "
            f"each other, so one of them is {c.shape.symbol(z)}: {removal_text(c, elims)}")
    return make_step(
        "WXYZ-Wing",
        text,
        eliminations=elims,
        cells=[(pivot, "pivot")] + [(x, "pincer") for x in pincers],
        candidates=[(x, v, "key") for x in cells for v in c.candidates_of(x)],
        region=f"{name(c, pivot)} and its peers",
    )


# --- Wings over the placed rules' links ----------------------------------------------------
# XY-Wing and W-Wing over the placed rules' weak links as well as the peers'.
#
# A wing is a short chain: two bivalue cells (the pincers) of which one must take its "other"
# digit, so what both other digits rule out goes. The classic wings (above) read only the
# peers' links (the same digit twice in a unit). A placed rule forbids pairs too (a white dot
# forbids 5 beside 8, a thermometer a higher digit below a lower one: ``rule_links``), and each
# such pair is a weak link the wing may cross:
#
# - *XY-Wing*: a bivalue pivot {p, q}. If it is p, a pincer linked to that p (by a peer or a
#   rule) loses the linked digit and takes its other one; if it is q, the second pincer does.
#   Either way one pincer takes its other digit: a candidate linked to both of those goes.
# - *W-Wing*: a strong link (a digit with two places in a unit, one of them true) between two
#   cells each linked to a pincer's digit: one end is true, so one pincer loses the linked
#   digit and takes its other one; a candidate linked to both other digits goes.
#
# Each link is a real "not both", so a removal needs no uniqueness and holds under every rule.
# Only wings that cross at least one rule's link are listed here; the others are the classic
# finders' (they come first in the same rows of the table). Without placed rules nothing
# changes.

Rules = dict[Node, set[Node]]


class _Links:
    """Weak links of a state: two digits of one cell, one digit in two peers, a rule's pair."""

    def __init__(self, c: Candidates, rules: Rules) -> None:
        self.c, self.rules, self.n = c, rules, c.size
        self.pm = peer_masks(c.shape)
        self.vcells = value_cells(c)
        self._memo: dict[Node, set[Node]] = {}

    def of(self, node: Node) -> set[Node]:
        """Every candidate that cannot be true beside ``node``."""
        got = self._memo.get(node)
        if got is None:
            cell, vi = divmod(node, self.n)
            got = {cell * self.n + d - 1 for d in self.c.candidates_of(cell) if d != vi + 1}
            peers = self.pm[cell] & self.vcells[vi + 1]
            while peers:
                low = peers & -peers
                got.add((low.bit_length() - 1) * self.n + vi)
                peers ^= low
            got |= self.rules.get(node, set())
            self._memo[node] = got
        return got

    def by_rule(self, a: Node, b: Node) -> bool:
        """True when only a placed rule links a and b (not one cell, not one digit in peers)."""
        if b not in self.rules.get(a, ()):
            return False
        ca, va = divmod(a, self.n)
        cb, vb = divmod(b, self.n)
        return ca != cb and (va != vb or not self.pm[ca] >> cb & 1)

    def text(self, a: Node, b: Node) -> str:
        """Why a and b cannot both be true, in words."""
        return "a placed rule" if self.by_rule(a, b) else "peers"

    def node(self, node: Node, verb: str = "is") -> str:
        """'r1c5 is 3' (or 'r1c5 is not 3')."""
        cell, vi = divmod(node, self.n)
        return f"{name(self.c, cell)} {verb} {self.c.shape.symbol(vi + 1)}"


def _other(c: Candidates) -> dict[Node, Node]:
    """For each candidate of a bivalue cell, the cell's other candidate."""
    n = c.size
    out = {}
    for cell, m in enumerate(c.masks):
        if m.bit_count() == 2:
            lo, hi = cell * n + (m & -m).bit_length() - 1, cell * n + m.bit_length() - 1
            out[lo], out[hi] = hi, lo
    return out


def _targets(links: _Links, za: Node, zb: Node) -> tuple[set[Node], bool]:
    """Candidates linked to both pincer ends, and whether a rule's link is among those used."""
    both = links.of(za) & links.of(zb)
    by_rule = any(links.by_rule(za, t) or links.by_rule(zb, t) for t in both)
    return both, by_rule


def rule_xy_wings(c: Candidates) -> Iterator[Step]:
    """XY-Wings crossing at least one placed rule's weak link."""
    rules = rule_weak_links(c)
    if not rules:
        return
    links, other, n = _Links(c, rules), _other(c), c.size
    for p, q in ((a, b) for a, b in other.items() if a < b):
        pivot = p // n
        # Each pincer end: a bivalue cell's digit linked to the pivot's digit, and its other.
        sides = [[(x, other[x]) for x in sorted(links.of(v)) if x in other and x // n != pivot]
                 for v in (p, q)]
        for xa, za in sides[0]:
            for xb, zb in sides[1]:
                if za // n == zb // n:
                    continue
                both, by_rule = _targets(links, za, zb)
                by_rule = by_rule or links.by_rule(p, xa) or links.by_rule(q, xb)
                if both and by_rule:
                    yield _step(links, "XY-Wing", [(p, xa, za), (q, xb, zb)], both)


def rule_w_wings(c: Candidates) -> Iterator[Step]:
    """W-Wings crossing at least one placed rule's weak link."""
    rules = rule_weak_links(c)
    if not rules:
        return
    links, other, n = _Links(c, rules), _other(c), c.size
    for x in range(1, n + 1):
        for _, s1, s2 in conjugate_pairs(c, x, range(len(c.geometry.units)), links.vcells):
            e1, e2 = s1 * n + x - 1, s2 * n + x - 1
            ends = [[(y, other[y]) for y in sorted(links.of(e)) if y in other
                     and y // n not in (s1, s2)] for e in (e1, e2)]
            for ya, za in ends[0]:
                for yb, zb in ends[1]:
                    if za // n == zb // n:
                        continue
                    both, by_rule = _targets(links, za, zb)
                    by_rule = by_rule or links.by_rule(e1, ya) or links.by_rule(e2, yb)
                    if both and by_rule:
                        yield _step(links, "W-Wing", [(e1, ya, za), (e2, yb, zb)], both,
                                    strong=(e1, e2))


def _step(links: _Links, technique: str, arms: list[tuple[Node, Node, Node]],
          both: set[Node], strong: tuple[Node, Node] | None = None) -> Step:
    """The wing's step: each arm is (a true-or-false start, the pincer digit it rules out,
    the pincer's other digit)."""
    c, n = links.c, links.n
    elims = sorted((t // n, t % n + 1) for t in both)
    said: Callable[..., str] = links.node
    words = [f"if {said(s)}, {said(x, 'is not')} ({links.text(s, x)}), so {said(z)}"
             for s, x, z in arms]
    sym = c.shape.symbol
    head = (f"{said(strong[0])} or {said(strong[1])} (a strong link)"
            if strong is not None else f"pivot {name(c, arms[0][0] // n)} is "
            f"{sym(arms[0][0] % n + 1)} or {sym(arms[1][0] % n + 1)}")
    za, zb = arms[0][2], arms[1][2]
    text = (f"{technique} (with the placed rules' links): {head}; {'; '.join(words)}. "
            f"Either way {said(za)} or {said(zb)}: {removal_text(c, elims)}")
    cells = [(z // n, "pincer") for _, _, z in arms]
    if strong is None:
        cells.insert(0, (arms[0][0] // n, "pivot"))
    else:
        cells += [(s // n, "link") for s in strong]
    return make_step(technique, text, eliminations=elims, cells=cells,
                     candidates=[(v // n, v % n + 1, "key") for arm in arms for v in arm],
                     region=f"{name(c, za // n)} and {name(c, zb // n)}")
