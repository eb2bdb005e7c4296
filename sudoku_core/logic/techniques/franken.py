"""Fish over any units: Franken and Mutant fish (finned or not), and Siamese fish.

A fish on digit d takes k base units (each holds d once) and k cover units that hold every
base cell but the fins. A cell in two base units (Franken and Mutant fish: a row and a box
overlap) is an endo fin: if it held d, the k base units would hold fewer than k distinct d's.
With no fin true, the base holds k true d's in distinct cells, and they fill the k covers, so
d leaves the cover cells outside the base; with fins (the uncovered exo fins and the endo
fins), either a fin is true or the fish is, so d leaves only the cover cells (outside the
base) that see every fin. A base cell in two cover units would fill both with one d, so it
loses d too (cannibalism; again only if it sees every fin). Basic fish use rows against
columns; Franken fish add boxes (rows and boxes against columns and boxes, or the transpose);
Mutant fish mix any kinds. Two finned fish on the same digit and base units but different
covers are reported together as a Siamese fish.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate

from ...model.budget import check
from ...model.candidates import Candidates
from ...model.grid import Shape
from ...solver.bitboards import cells_of
from .base import Step
from .fish import FISH_NAMES
from .single_digit import (
    elims_for,
    make_step,
    names,
    peer_masks,
    removal_text,
    unit_masks,
    value_cells,
)
from .single_digit import unit_name as unit_text

MAX_FINS = 2
MAX_ENDO_FINS = 2  # cells in two base units, on top of the (exo) fins the covers leave out


@dataclass(frozen=True)
class Fish:
    """One fish: digit, base and cover units, fins and eliminations (cell bitmasks)."""

    digit: int
    base: tuple[int, ...]
    cover: tuple[int, ...]
    base_cells: int
    fins: int  # every fin, exo and endo
    elims: int
    endo: int = 0  # the fins that lie in two base units


@cache
def _cell_units(shape: Shape) -> tuple[tuple[int, ...], ...]:
    return tuple(shape.geometry.units_of)


def fishes(c: Candidates, digit: int, base_units: Sequence[int], cover_units: Sequence[int],
           k: int, max_fins: int = MAX_FINS, max_endo: int = MAX_ENDO_FINS) -> list[Fish]:
    """Every fish of size k on ``digit`` with base and cover units from the given lists, with
    up to ``max_fins`` exo fins and ``max_endo`` endo fins."""
    check()  # one digit's search on an empty 64x64: tens of ms, 256 of them per size
    have = value_cells(c)[digit]
    if have.bit_count() < 2 * k:
        return []
    return list(_fishes(c.shape, digit, have, tuple(base_units), tuple(cover_units), k,
                        max_fins, max_endo))


# The fish of a digit depend only on the cells holding it: a walk's step changes few digits, so
# the searches of the others are remembered from the step before (same answers, no search).
@lru_cache(maxsize=2048)
def _fishes(shape: Shape, digit: int, have: int, base_units: tuple[int, ...],
            cover_units: tuple[int, ...], k: int, max_fins: int,
            max_endo: int) -> tuple[Fish, ...]:
    search = _Search(shape, digit, have, cover_units, k, max_fins, max_endo)
    search.prune_bases(base_units)
    if k >= 1:
        # Zero-padded so that the k largest counts exist however few units there are.
        search.bases(0, [], 0, 0, [0] * max(len(search.cm), k), 0)
    return tuple(search.out)


def _sees_all(target: int, fins: int, pm: Sequence[int]) -> int:
    """The cells of ``target`` that see every fin (``pm``: each cell's peers)."""
    while fins and target:
        low = fins & -fins
        target &= pm[low.bit_length() - 1]
        fins ^= low
    return target


def _cannibals(held: list[int]) -> int:
    """The base cells in two covers (``held``: each cover's base cells), when every cover
    holds a base cell of its own (else fewer covers do: a smaller fish)."""
    twice = 0
    for i, m in enumerate(held):
        others = 0
        for j, o in enumerate(held):
            if j != i:
                others |= o
        if not m & ~others:
            return 0
        twice |= m & others
    return twice


class _Search:
    """One digit's search for fish of size k: the tables it reads, the base being covered,
    and the fish found. Bases are chosen unit by unit (``bases``, ``last``), then the covers
    of each base (``covers``), and a fish with eliminations is kept (``keep``)."""

    def __init__(self, shape: Shape, digit: int, have: int, cover_units: tuple[int, ...],
                 k: int, max_fins: int, max_endo: int) -> None:
        self.digit, self.have, self.k = digit, have, k
        self.max_fins, self.max_endo = max_fins, max_endo
        self.pm = peer_masks(shape)
        self.allowed = set(cover_units)
        self.cm = [m & have for m in unit_masks(shape)]  # per unit, its cells holding the digit
        # Per cell, the cover units through it (in the units_of order the search has always
        # used).
        self.through = {x: tuple(u for u in units if u in self.allowed)
                        for x, units in enumerate(_cell_units(shape)) if have >> x & 1}
        self.cand: list[tuple[int, int]] = []
        self.overlaps: dict[int, list[tuple[int, int]]] = {}
        self.seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        self.out: list[Fish] = []
        # The base being covered, shared by the cover search (set by ``last``): its units,
        # cells, the bound on what j covers can hold, its endo fins, the cells outside it.
        self.base: tuple[int, ...] = ()
        self.bmask = 0
        self.most: list[int] = []
        self.endo = 0
        self.outside = 0

    def prune_bases(self, base_units: tuple[int, ...]) -> None:
        """The base units worth trying, and per base unit the covers touching it."""
        cm, spare = self.cm, self.max_fins + self.max_endo
        # A base unit whose cells k covers cannot hold (but for the fins) is in no fish of
        # size k.
        self.cand = [(u, cm[u]) for u in base_units
                     if cm[u].bit_count() >= 2 and self.coverable(cm[u], self.k, spare, (u,))]
        # Per base unit, (cover unit, cells of the base unit it holds) for every cover
        # touching it.
        self.overlaps = {u: [(v, (m & cm[v]).bit_count()) for v in self.allowed
                             if v != u and m & cm[v]] for u, m in self.cand}

    def coverable(self, mask: int, left: int, spare: int, banned: tuple[int, ...]) -> bool:
        """Can ``left`` cover units (none of ``banned``) hold every cell of mask but ``spare``?"""
        if not mask:
            return True
        if not left:
            return mask.bit_count() <= spare
        x = (mask & -mask).bit_length() - 1
        cm = self.cm
        for u in self.through[x]:
            if u not in banned and self.coverable(mask & ~cm[u], left - 1, spare, banned):
                return True
        return spare > 0 and self.coverable(mask & (mask - 1), left, spare - 1, banned)

    def bases(self, start: int, chosen: list[int], mask: int, endo: int, held: list[int],
              taken: int) -> None:
        """Choose the base units but the last. held: per cover unit, the base cells it holds
        (summed as base units are added); endo: the base cells in two base units so far;
        taken: bit u set per base unit."""
        if len(chosen) == self.k - 1:
            self.last(start, chosen, mask, endo, held, taken)
            return
        cand, overlaps = self.cand, self.overlaps
        for i in range(start, len(cand)):
            u, m = cand[i]
            more_endo = endo | m & mask
            if more_endo.bit_count() <= self.max_endo:
                chosen.append(u)
                more = held[:]
                for v, count in overlaps[u]:
                    more[v] += count
                self.bases(i + 1, chosen, mask | m, more_endo, more, taken | 1 << u)
                chosen.pop()

    def last(self, start: int, chosen: list[int], mask: int, inner: int, held: list[int],
             taken: int) -> None:
        """Each choice of the last base unit completes a base: bound it, then search covers."""
        check()
        cm, cand, k, have = self.cm, self.cand, self.k, self.have
        for i in range(start, len(cand)):
            u, m = cand[i]
            more_endo = inner | m & mask
            if more_endo.bit_count() > self.max_endo:
                continue
            units = (*chosen, u)
            cells = mask | m
            if more_endo and (any(not cm[b] & ~more_endo for b in units)
                              or not _sees_all(have & ~cells, more_endo, self.pm)):
                continue  # a base unit of endo fins only, or nothing sees every endo fin
            counts = held[:]
            for v, count in self.overlaps[u]:
                counts[v] += count
            for b in units:
                counts[b] = 0
            # most[j]: the most base cells j covers can hold (the j largest overlaps), a
            # bound that prunes the cover search.
            bound = [0, *accumulate(sorted(counts, reverse=True)[:k])]
            uncovered = cells & ~more_endo
            if uncovered.bit_count() <= bound[k] + self.max_fins:
                self.base, self.bmask, self.most = units, cells, bound
                self.endo, self.outside = more_endo, have & ~cells
                self.covers(uncovered, [], 0, more_endo, taken | 1 << u, k, self.max_fins)

    def covers(self, uncovered: int, chosen: list[int], cmask: int, fins: int, taken: int,
               left: int, spare: int) -> None:
        """Choose the covers of the current base. fins starts as the endo fins; the covers may
        leave ``spare`` more cells out. taken: bit u set for the base units and the covers
        chosen so far; left: covers to go."""
        if not uncovered:
            return  # fewer covers than base units: a smaller fish, found at its own size
        if uncovered.bit_count() > self.most[left] + spare:
            return  # the covers left cannot hold what is still uncovered
        x = (uncovered & -uncovered).bit_length() - 1
        cm = self.cm
        for u in self.through[x]:
            if not taken >> u & 1:
                chosen.append(u)
                cu = cm[u]
                if left == 1:  # the last cover: what it leaves are fins
                    rest = uncovered & ~cu
                    if not rest or rest.bit_count() <= spare:
                        self.keep(chosen, cmask | cu, fins | rest)
                else:
                    self.covers(uncovered & ~cu, chosen, cmask | cu, fins, taken | 1 << u,
                                left - 1, spare)
                chosen.pop()
        if spare:
            fins |= 1 << x
            if _sees_all(self.outside, fins, self.pm):
                self.covers(uncovered & ~(1 << x), chosen, cmask, fins, taken, left, spare - 1)

    def keep(self, chosen: list[int], cmask: int, fins: int) -> None:
        """Keep the fish of the current base and these covers when it eliminates."""
        # Only cells that see every fin go, and they lie in the covers: when no cover cell
        # sees every fin (most calls), there is nothing to weigh.
        seen_by_fins = _sees_all(cmask, fins, self.pm)
        if not seen_by_fins:
            return
        bmask = self.bmask
        elims = seen_by_fins & ~bmask
        if seen_by_fins & bmask:
            # A base cell in two covers would fill both with one digit (cannibalism): it goes
            # too.
            elims |= _cannibals([self.cm[u] & bmask for u in chosen]) & seen_by_fins
        if elims:
            key = (self.base, tuple(sorted(chosen)))
            if key not in self.seen:
                self.seen.add(key)
                self.out.append(Fish(self.digit, self.base, key[1], bmask, fins, elims,
                                     self.endo))


def _kinds(n: int, units: Sequence[int]) -> set[int]:
    return {u // n for u in units}  # 0 rows, 1 columns, 2 boxes


def kind_of(n: int, fish: Fish) -> str:
    """'' (basic), 'Franken' or 'Mutant'."""
    base, cover = _kinds(n, fish.base), _kinds(n, fish.cover)
    if (base, cover) in (({0}, {1}), ({1}, {0})):
        return ""
    if (base <= {0, 2} and cover <= {1, 2}) or (base <= {1, 2} and cover <= {0, 2}):
        return "Franken"
    return "Mutant"


def fish_name(n: int, fish: Fish, siamese: bool = False) -> str:
    """'Finned Franken Swordfish' and the like."""
    parts = ["Siamese"] if siamese else []
    if fish.fins:
        parts.append("Finned")
    kind = kind_of(n, fish)
    if kind:
        parts.append(kind)
    parts.append(FISH_NAMES.get(len(fish.base), f"Fish of size {len(fish.base)}"))
    return " ".join(parts)


def _franken_sides(n: int) -> tuple[tuple[list[int], list[int]], ...]:
    rows, cols, boxes = list(range(n)), list(range(n, 2 * n)), list(range(2 * n, 3 * n))
    return ((rows + boxes, cols + boxes), (cols + boxes, rows + boxes))


def iter_franken_fish(c: Candidates, sizes: Sequence[int] = (2, 3, 4),
                      max_fins: int = MAX_FINS) -> Iterator[Step]:
    """Every Franken fish: rows and boxes against columns and boxes (or the transpose)."""
    n = c.size
    for k in sizes:
        for digit in range(1, n + 1):
            for base, cover in _franken_sides(n):
                for fish in fishes(c, digit, base, cover, k, max_fins):
                    if kind_of(n, fish) == "Franken":
                        yield _step(c, fish)


def iter_mutant_fish(c: Candidates, sizes: Sequence[int] = (2, 3),
                     max_fins: int = MAX_FINS) -> Iterator[Step]:
    """Every Mutant fish: base and cover units of any kinds, neither basic nor Franken."""
    n = c.size
    every = list(range(3 * n))
    for k in sizes:
        for digit in range(1, n + 1):
            for fish in fishes(c, digit, every, every, k, max_fins):
                if kind_of(n, fish) == "Mutant":
                    yield _step(c, fish)


def iter_siamese_fish(c: Candidates, sizes: Sequence[int] = (2, 3, 4)) -> Iterator[Step]:
    """Two finned fish (basic or Franken) on the same digit and base units with different
    covers: one step with the eliminations of both."""
    n = c.size
    rows, cols = list(range(n)), list(range(n, 2 * n))
    for k in sizes:
        for digit in range(1, n + 1):
            by_base: dict[tuple[int, ...], list[Fish]] = {}
            for base, cover in ((rows, cols), (cols, rows), *_franken_sides(n)):
                for fish in fishes(c, digit, base, cover, k):
                    if fish.fins:
                        by_base.setdefault(fish.base, []).append(fish)
            for group in by_base.values():
                for i, a in enumerate(group):
                    for b in group[i + 1:]:
                        if a.cover != b.cover and a.elims | b.elims not in (a.elims, b.elims):
                            yield _siamese_step(c, a, b)


def _step(c: Candidates, fish: Fish) -> Step:
    technique = fish_name(c.size, fish)
    elims = elims_for(fish.digit, fish.elims)
    text = f"{technique} {_describe(c, fish)}: {removal_text(c, elims)}"
    return _make(c, technique, text, (fish,), elims)


def _siamese_step(c: Candidates, a: Fish, b: Fish) -> Step:
    technique = fish_name(c.size, a, siamese=True)
    elims = elims_for(a.digit, a.elims | b.elims)
    text = (f"{technique}: two fish on the same base, {_describe(c, a)}, and "
            f"{_describe(c, b)}: {removal_text(c, elims)}")
    return _make(c, technique, text, (a, b), elims)


def _describe(c: Candidates, fish: Fish) -> str:
    base = ", ".join(unit_text(c, u) for u in fish.base)
    cover = ", ".join(unit_text(c, u) for u in fish.cover)
    exo, endo = fish.fins & ~fish.endo, fish.endo
    fins = f", fins {names(c, cells_of(exo))}" if exo else ""
    fins += f", endo fins {names(c, cells_of(endo))}" if endo else ""
    return f"on {c.shape.symbol(fish.digit)} with base {base} and cover {cover}{fins}"


def _make(c: Candidates, technique: str, text: str, parts: tuple[Fish, ...],
          elims: tuple[tuple[int, int], ...]) -> Step:
    first = parts[0]
    d = first.digit
    gone = {x for x, _ in elims}  # a cannibalistic base cell is drawn as removed only
    base_cells = [x for x in cells_of(first.base_cells & ~first.fins) if x not in gone]
    fins = sorted({x for f in parts for x in cells_of(f.fins)})
    units = list(first.base) + [u for f in parts for u in f.cover]
    return make_step(
        technique,
        text,
        eliminations=elims,
        cells=[(x, "base") for x in base_cells if x not in fins] + [(x, "fin") for x in fins],
        units=units,
        candidates=[(x, d, "key") for x in base_cells if x not in fins]
        + [(x, d, "fin") for x in fins],
        region=", ".join(unit_text(c, u) for u in first.base),
    )
