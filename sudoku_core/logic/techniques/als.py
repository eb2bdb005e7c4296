"""Almost Locked Sets: ALS-XZ (singly and doubly linked), ALS-XY-Wing, ALS chains, Death Blossom.

An almost locked set (ALS) is k cells of one unit holding k+1 digits between them: take one digit
away and the rest are locked. Two ALSs share a *restricted common* digit x when every cell of
one holding x sees every cell of the other holding x: x is then true in at most one of them, so
the other is locked on its remaining digits.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...model.budget import check
from ...model.candidates import Candidates, bits
from ...model.step import Chain, ChainLink, ChainNode, compact_result
from ...solver.bitboards import cells_of
from .base import Step
from .single_digit import digits, make_step, name, names, peer_masks, removal_text, value_cells
from .subsets import spanning_combinations

MAX_ALS_CELLS = 4  # larger sets rarely add a step and multiply the pairs to check
MAX_CHAIN = 5  # ALSs in a chain (ALS-XZ is 2, ALS-XY-Wing 3)


@dataclass(frozen=True)
class Als:
    """k cells of one unit with k+1 digits; per digit, its cells and the cells seeing them all."""

    unit: int
    cells: tuple[int, ...]
    mask: int  # bit = cell
    digits: int  # bit v-1 = digit v
    where: tuple[int, ...]  # per digit v (index v): cells of the set holding v
    sees: tuple[int, ...]  # per digit v: cells (outside the set) seeing every holder of v


_cache: dict[tuple[object, ...], list[Als]] = {}


def almost_locked_sets(c: Candidates, max_cells: int = MAX_ALS_CELLS) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells (a set found in two units counted once)."""
    # The ALS finders run one after another on the same state: keep the last list.
    key = (c.shape, max_cells, tuple(c.masks))
    found = _cache.get(key)
    if found is None:
        found = _find_sets(c, max_cells)
        _cache.clear()
        _cache[key] = found
    return found


def _find_sets(c: Candidates, max_cells: int) -> list[Als]:
    out: list[Als] = []
    seen: set[int] = set()
    masks = c.masks
    for u, unit in enumerate(c.geometry.units):
        for s in _unit_sets(c, u, tuple(masks[x] for x in unit), max_cells):
            if s.mask not in seen:  # else found in another unit (its first one keeps it)
                seen.add(s.mask)
                out.append(s)
        check()
    return out


# A unit's sets depend only on its cells' candidates, and a walk's step changes few units:
# the sets of the others are taken from the states before (same sets, no search).
_unit_cache: dict[tuple[object, ...], list[Als]] = {}
_UNIT_CACHE_SIZE = 1024  # unit states: a hard walk meets a few hundred


def _unit_sets(c: Candidates, u: int, unit_masks: tuple[int, ...], max_cells: int) -> list[Als]:
    """Every ALS of up to ``max_cells`` cells of unit ``u`` (whose cells have ``unit_masks``)."""
    key = (c.shape, u, max_cells, unit_masks)
    found = _unit_cache.get(key)
    if found is not None:
        return found
    n = c.size
    masks = c.masks
    pm = peer_masks(c.shape)
    found = []
    empty = [x for x in c.geometry.units[u] if masks[x]]
    for k in range(1, min(max_cells, len(empty) - 1) + 1):
        for group, union in spanning_combinations(empty, masks, k, k + 1):
            if union.bit_count() != k + 1:
                continue  # not k+1 digits in k cells
            cmask = sum(1 << x for x in group)
            where = [0] * (n + 1)
            sees = [0] * (n + 1)
            for v in bits(union):
                holders = [x for x in group if masks[x] >> (v - 1) & 1]
                s = -1
                for x in holders:
                    s &= pm[x]
                    where[v] |= 1 << x
                sees[v] = s & ~cmask
            found.append(Als(u, group, cmask, union, tuple(where), tuple(sees)))
    if len(_unit_cache) >= _UNIT_CACHE_SIZE:
        _unit_cache.clear()
    _unit_cache[key] = found
    return found


# The last list of sets and its links (without and with overlapping sets), swapped as one
# reference (safe for threads).
_last_links: tuple[list[Als], bool, dict[int, list[tuple[int, int]]]] = ([], False, {})


def _links(sets: list[Als], pm: Sequence[int],
           overlap: bool = False) -> dict[int, list[tuple[int, int]]]:
    """Per ALS index, (other index, restricted common digit) for every linked ALS: digit by
    digit (in the order digits first appear in ``sets``), the others in index order.

    ``overlap``: two sets sharing cells are linked too. The restricted common is never in the
    shared cells: a holder of x in set B must see every holder of x in set A, and a cell of A
    does not count as seeing A's cells (``Als.sees``). So x is still true in at most one of the
    two sets, which is all the techniques need (HoDoKu's rule for overlapping sets).
    """
    # The ALS finders of one state share one list of sets (almost_locked_sets keeps it): keep
    # the links of the last list too. Callers only read them.
    global _last_links
    last = _last_links
    if last[0] is sets and last[1] == overlap and sets:
        return last[2]
    out: dict[int, list[tuple[int, int]]] = {i: [] for i in range(len(sets))}
    by_digit: dict[int, list[int]] = {}
    for i, a in enumerate(sets):
        for v in bits(a.digits):
            by_digit.setdefault(v, []).append(i)
    for v, members in by_digit.items():
        _link_digit(sets, v, members, pm, overlap, out)
        check()
    _last_links = (sets, overlap, out)
    return out


def _link_digit(sets: list[Als], v: int, members: list[int], pm: Sequence[int], overlap: bool,
                out: dict[int, list[tuple[int, int]]]) -> None:
    """Add the links on digit v between ``members`` (the sets holding v) to ``out``."""
    # Sets with the same holders of v link alike: group them by holders, and the groups by
    # their lowest cell. Each group looks once for the groups inside the cells its holders all
    # see; its sets then drop those with a holder among their own cells (a cell does not count
    # as seeing its own set's cells: ``Als.sees``).
    groups: dict[int, list[int]] = {}
    for j in members:
        groups.setdefault(sets[j].where[v], []).append(j)
    by_low: dict[int, list[tuple[int, list[int]]]] = {}
    for held, js in groups.items():
        by_low.setdefault((held & -held).bit_length() - 1, []).append((held, js))
    for held, mine in groups.items():
        near = _groups_seen(held, by_low, pm)
        for i in mine if near else ():  # never linked to itself: no cell sees itself
            am = sets[i].mask
            found: list[int] = []
            for other, js in near:
                if not other & am:
                    found.extend(js if overlap else [j for j in js if not am & sets[j].mask])
            if found:
                found.sort()
                out[i].extend([(j, v) for j in found])


def _groups_seen(held: int, by_low: dict[int, list[tuple[int, list[int]]]],
                 pm: Sequence[int]) -> list[tuple[int, list[int]]]:
    """The groups (holders, sets) whose holders all see every cell of ``held``."""
    seen_by_all = -1
    rest = held
    while rest:
        low = rest & -rest
        seen_by_all &= pm[low.bit_length() - 1]
        rest ^= low
    near: list[tuple[int, list[int]]] = []
    rest = seen_by_all
    while rest:
        low = rest & -rest
        rest ^= low
        for g in by_low.get(low.bit_length() - 1, ()):
            if not g[0] & ~seen_by_all:
                near.append(g)
    return near


def _common_elims(a: Als, b: Als, skip: int, vcells: list[int]) -> list[tuple[int, int]]:
    """Digits of both sets but not in ``skip``: removed from cells seeing all their holders."""
    out: list[tuple[int, int]] = []
    common = a.digits & b.digits & ~skip
    while common:
        low = common & -common
        common ^= low
        z = low.bit_length()
        hit = a.sees[z] & b.sees[z] & vcells[z]
        if hit:
            out.extend((x, z) for x in cells_of(hit))
    return out


def iter_als_xz(c: Candidates, max_cells: int = MAX_ALS_CELLS) -> Iterator[Step]:
    """Two ALSs with a restricted common digit x: a digit z of both goes from the cells seeing
    every z of both (one set is locked). With two restricted digits (doubly linked) both sets
    are locked: each digit goes from the cells seeing all its holders in either set."""
    sets = almost_locked_sets(c, max_cells)
    links = _links(sets, peer_masks(c.shape))
    vcells = value_cells(c)
    for i, a in enumerate(sets):
        by_other: dict[int, list[int]] = {}
        for j, v in links[i]:
            if j > i:
                by_other.setdefault(j, []).append(v)
        for j, xs in by_other.items():
            b = sets[j]
            rcc = sum(1 << (x - 1) for x in xs)
            if len(xs) == 1:
                elims = _common_elims(a, b, rcc, vcells)
            else:
                elims = _doubly_elims(a, b, rcc, vcells)
            if elims:
                yield _als_step(c, "ALS-XZ", [a, b], [xs], elims,
                                "doubly linked, both sets are locked" if len(xs) > 1 else
                                "one of the sets is locked")


def _doubly_elims(a: Als, b: Als, rcc: int, vcells: list[int]) -> list[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    outside = ~(a.mask | b.mask)
    for x in bits(rcc):
        out.update((y, x) for y in cells_of(a.sees[x] & b.sees[x] & vcells[x] & outside))
    for s in (a, b):
        for z in bits(s.digits & ~rcc):
            out.update((y, z) for y in cells_of(s.sees[z] & vcells[z] & outside))
    return sorted(out)


def iter_als_xy_wing(c: Candidates, max_cells: int = MAX_ALS_CELLS,
                     overlap: bool = False) -> Iterator[Step]:
    """ALSs A and B each linked to a pivot ALS C by different restricted digits x and y: a digit
    z of A and B (not x or y) goes from the cells seeing every z of both.

    ``overlap``: the three sets may share cells (C holds x or y, so A or B is locked, whatever
    cells they share; the digits removed are never from a cell of A or B)."""
    sets = almost_locked_sets(c, max_cells)
    links = _links(sets, peer_masks(c.shape), overlap)
    vcells = value_cells(c)
    for k, pivot in enumerate(sets):
        near = links[k]
        for p, (i, x) in enumerate(near):
            for j, y in near[p + 1:]:
                if x == y or i == j:
                    continue
                a, b = sets[i], sets[j]
                if a.mask & b.mask and not overlap or a.mask == b.mask:
                    continue
                elims = _common_elims(a, b, 1 << (x - 1) | 1 << (y - 1), vcells)
                if elims:
                    yield _als_step(c, "ALS-XY-Wing", [a, pivot, b], [[x], [y]], elims,
                                    "one of the outer sets is locked")
        check()


def iter_als_chain(c: Candidates, max_sets: int = MAX_CHAIN,
                   max_cells: int = MAX_ALS_CELLS, overlap: bool = False) -> Iterator[Step]:
    """ALSs A1 - A2 - ... - An (n >= 4) linked by restricted digits, no two consecutive links on
    the same digit: a digit z of A1 and An other than the end links goes from the cells seeing
    every z of both ends (one end set is locked).

    ``overlap``: the sets may share cells (each set once in a chain): if A1 has no z it is
    locked, so it holds x1, so A2 has no x1 and holds x2, ... and An holds z."""
    sets = almost_locked_sets(c, max_cells)
    links = _links(sets, peer_masks(c.shape), overlap)
    vcells = value_cells(c)
    seen: set[tuple[int, int, int]] = set()
    # Per set, the digits it could remove (some cell outside sees all its holders of them).
    removable = [sum(1 << (z - 1) for z in bits(s.digits) if s.sees[z] & vcells[z])
                 for s in sets]

    def extend(path: list[int], used: int, rccs: list[int], ends: int) -> Iterator[Step]:
        # ends: the digits the first set could remove, but its link (an end digit z must be
        # in both end sets, and not a link of either).
        last = path[-1]
        for j, v in links[last]:
            b = sets[j]
            if (j in path if overlap else b.mask & used) or v == rccs[-1]:
                continue
            path.append(j)
            rccs.append(v)
            if len(path) >= 4 and ends & b.digits & ~(1 << (v - 1)):
                a = sets[path[0]]
                elims = _common_elims(a, b, 1 << (rccs[0] - 1) | 1 << (v - 1), vcells)
                if elims and (overlap or not a.mask & b.mask):
                    key = (min(path[0], j), max(path[0], j), sum(1 << (x - 1) for x in rccs))
                    if key not in seen:
                        seen.add(key)
                        yield _als_step(c, "ALS Chain", [sets[i] for i in path],
                                        [[x] for x in rccs], elims,
                                        "one of the end sets is locked")
            if len(path) < max_sets:
                yield from extend(path, used | b.mask, rccs, ends)
            path.pop()
            rccs.pop()
        check()

    for i, a in enumerate(sets):
        for j, v in links[i]:
            yield from extend([i, j], a.mask | sets[j].mask, [v], removable[i] & ~(1 << (v - 1)))


def iter_death_blossom(c: Candidates, max_cells: int = MAX_ALS_CELLS,
                       max_stem: int = 3, overlap: bool = False) -> Iterator[Step]:
    """A stem cell, and for each of its digits a petal ALS whose cells holding that digit all
    see the stem: whichever digit the stem takes locks its petal, so a digit z of every petal
    (none of the stem's) goes from the cells seeing every z of all petals.

    ``overlap``: petals may share cells (each petal is locked on its own when the stem takes
    its digit, shared cells or not; a petal is still never the stem's cell)."""
    sets = almost_locked_sets(c, max_cells)
    vcells = value_cells(c)
    pm = peer_masks(c.shape)
    with_digit: dict[int, list[Als]] = {}  # the sets holding each digit, in their order
    for s in sets:
        for v in bits(s.digits):
            with_digit.setdefault(v, []).append(s)
    for stem, smask in enumerate(c.masks):
        if not 2 <= smask.bit_count() <= max_stem:
            continue
        stem_bit = 1 << stem
        petals: list[list[Als]] = []
        seen_by_stem = pm[stem]
        for v in bits(smask):
            petals.append([s for s in with_digit.get(v, ()) if not s.mask & stem_bit
                           and not s.where[v] & ~seen_by_stem])
        if not all(petals):
            continue
        common = c.full & ~smask
        # Per digit z the stem lacks, the cells z could leave (z's cells, not the stem).
        targets = [vcells[z] & ~stem_bit if z and common >> (z - 1) & 1 else 0
                   for z in range(c.size + 1)]
        yield from _blossom(c, stem, bits(smask), petals, [], 0, common, targets, overlap)
        check()


def _blossom(c: Candidates, stem: int, stem_digits: list[int], petals: list[list[Als]],
             chosen: list[Als], used: int, common: int, targets: list[int],
             overlap: bool = False) -> Iterator[Step]:
    # common: the digits every petal so far holds with cells left to remove them from
    # (targets[z]: those cells, seeing every z of the petals so far); none left, no step.
    if len(chosen) == len(petals):
        elims = [(x, z) for z in bits(common) for x in cells_of(targets[z])]
        yield _blossom_step(c, stem, stem_digits, chosen, elims)
        return
    for s in petals[len(chosen)]:
        check()  # overlapping petals multiply the choices: every choice is budgeted
        if s.mask & used and (not overlap or s in chosen):
            continue
        left = targets[:]
        still = 0
        for z in bits(common & s.digits):
            hit = left[z] = targets[z] & s.sees[z]
            if hit:
                still |= 1 << (z - 1)
        if still:
            chosen.append(s)
            yield from _blossom(c, stem, stem_digits, petals, chosen, used | s.mask, still,
                                left, overlap)
            chosen.pop()


def _als_text(c: Candidates, s: Als) -> str:
    return f"{names(c, s.cells)} {digits(c, s.digits)}"


def _als_roles(c: Candidates, sets: list[Als], role: str = "base") -> tuple[
        list[tuple[int, str]], list[tuple[int, int, str]]]:
    cells = [(x, role) for s in sets for x in s.cells]
    cands = [(x, v, "key") for s in sets for x in s.cells for v in c.candidates_of(x)]
    return cells, cands


def _als_step(c: Candidates, technique: str, sets: list[Als], rccs: list[list[int]],
              elims: list[tuple[int, int]], why: str) -> Step:
    sym = c.shape.symbol
    parts = [_als_text(c, sets[0])]
    for s, xs in zip(sets[1:], rccs, strict=True):
        parts.append(f"-{'/'.join(sym(x) for x in xs)}- {_als_text(c, s)}")
    text = f"{technique}: {' '.join(parts)}: {why}: {removal_text(c, elims)}"
    cells, cands = _als_roles(c, sets)
    linked = ", ".join("/".join(sym(x) for x in xs) for xs in rccs)
    summary = (f"{technique}: {len(sets)} almost locked sets linked by {linked}, {why}: "
               f"{compact_result((), tuple(elims), c.shape)}")
    return make_step(technique, text, eliminations=elims, cells=cells,
                     units=[s.unit for s in sets], candidates=cands,
                     region=names(c, sets[0].cells), summary=summary,
                     chains=_als_chains(sets, rccs, elims))


def _als_node(s: Als, v: int, on: bool) -> ChainNode:
    """The digit of a set as a node: "v is in one of the set's cells holding v"."""
    return ChainNode(tuple(cells_of(s.where[v])), v, on, als=s.cells)


def _als_chains(sets: list[Als], rccs: list[list[int]],
                elims: list[tuple[int, int]]) -> tuple[Chain, ...]:
    """Sets linked by restricted commons as AICs: (z)A = (x)A - (x)B = (z)B, one per digit z
    removed; two sets linked by two digits as the loop (x)A = (y)A - (y)B = (x)B - (x)A."""
    if len(rccs) == 1 and len(rccs[0]) == 2:
        a, b = sets
        x, y = rccs[0]
        nodes = (_als_node(a, x, False), _als_node(a, y, True), _als_node(b, y, False),
                 _als_node(b, x, True))
        loop = (ChainLink(0, 1, "strong"), ChainLink(1, 2, "weak"), ChainLink(2, 3, "strong"),
                ChainLink(3, 0, "weak"))
        return (Chain("loop", nodes, loop),)
    out = []
    for z in sorted({v for _, v in elims}):
        chain = [_als_node(sets[0], z, False)]
        for i, (xs, s) in enumerate(zip(rccs, sets[1:], strict=True)):
            chain += [_als_node(sets[i], xs[0], True), _als_node(s, xs[0], False)]
        chain.append(_als_node(sets[-1], z, True))
        links = tuple(ChainLink(i, i + 1, "strong" if i % 2 == 0 else "weak")
                      for i in range(len(chain) - 1))
        out.append(Chain("chain", tuple(chain), links))
    return tuple(out)


def _blossom_step(c: Candidates, stem: int, stem_digits: list[int], petals: list[Als],
                  elims: list[tuple[int, int]]) -> Step:
    sym = c.shape.symbol
    parts = [f"{sym(v)}: {_als_text(c, s)}" for v, s in zip(stem_digits, petals, strict=True)]
    text = (f"Death Blossom: stem {name(c, stem)} {digits(c, c.masks[stem])}, petals "
            f"{'; '.join(parts)}: whichever digit the stem takes locks a petal: "
            f"{removal_text(c, elims)}")
    cells, cands = _als_roles(c, petals)
    zs = sorted({v for _, v in elims})
    branches = []
    for v, s in zip(stem_digits, petals, strict=True):
        # If the stem is v, the petal has no v: it is locked on its other digits, each z too.
        nodes = [ChainNode((stem,), v, True), _als_node(s, v, False)] + [
            _als_node(s, z, True) for z in zs]
        links = [ChainLink(0, 1, "weak")] + [ChainLink(1, i, "strong")
                                             for i in range(2, len(nodes))]
        branches.append(Chain("branch", tuple(nodes), tuple(links)))
    summary = (f"Death Blossom: whichever of {digits(c, c.masks[stem])} {name(c, stem)} "
               f"takes, one of {len(petals)} almost locked sets is locked: "
               f"{compact_result((), tuple(elims), c.shape)}")
    return make_step("Death Blossom", text, eliminations=elims, summary=summary,
                     chains=tuple(branches),
                     cells=[(stem, "pivot")] + cells,
                     units=[s.unit for s in petals],
                     candidates=[(stem, v, "key") for v in stem_digits] + cands,
                     region=name(c, stem))
