"""The rule of 45 (innies and outies) on units and on groups of adjacent units.

N units that share no cell (one row; rows 1-3; two side-by-side boxes; two jigsaw regions)
hold 1..N each, so together they add up to N x 45 on a 9x9 grid. Split the group by the
cages with a sum: a cage wholly inside gives its sum; a cage that crosses the group's border
is read from inside (its cells in the group are *innies*) or from outside (its sum, less its
cells out of the group, the *outies*); cells in no summed cage are innies. Then

    sum(innies) - sum(outies) = N x 45 - (sums of the cages inside and of those read outside)

and the candidates of those few cells that fit no solution of that equation go (cells that see
each other differ). Each group is read three ways: every crossing cage from inside (the
innies), from outside (the outies), and each from its smaller side. The groups and their
equations depend only on the cages, so they are built once per shape; a state only fills in
the candidates, and each equation is solved part by part (cells that see each other).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from ...model.candidates import Candidates
from ...model.grid import Shape
from ...solver.variant_search import digit_sets
from .base import Step, cells_text, removal_text, unit_name, units_name

# Innies + outies per equation: more and a person no longer sums them by sight.
MAX_EQUATION_CELLS = 6


@dataclass(frozen=True)
class Equation:
    """``sum(innies) - sum(outies) == total`` for a group of units."""

    name: str  # "rows 1-3", "box 4", "boxes 1 and 2"
    units: tuple[int, ...]
    innies: tuple[int, ...]
    outies: tuple[int, ...]
    total: int
    parts: tuple[tuple[tuple[int, ...], int], ...]  # cells that see each other, and +1 / -1


def _groups(shape: Shape) -> list[tuple[str, tuple[int, ...]]]:
    """Disjoint unit groups: every unit, runs of adjacent rows and columns, touching boxes."""
    geo = shape.geometry
    n = shape.size
    out: list[tuple[str, tuple[int, ...]]] = [(unit_name(shape, u), (u,))
                                              for u in range(len(geo.units))]
    for first, word in ((0, "rows"), (n, "columns")):
        for k in range(2, n):
            for start in range(n - k + 1):
                out.append((f"{word} {start + 1}-{start + k}",
                            tuple(range(first + start, first + start + k))))
    boxes = range(2 * n, 3 * n)
    sides = {(a, b) for a in boxes for b in boxes if a < b and _touch(geo.units[a],
                                                                     geo.units[b], n)}
    out += [(units_name(shape, (a, b)), (a, b)) for a, b in sorted(sides)]
    return out


def _touch(a: tuple[int, ...], b: tuple[int, ...], n: int) -> bool:
    """True when a cell of ``a`` is side by side with a cell of ``b``."""
    inside = set(b)
    for cell in a:
        r, c = divmod(cell, n)
        if ((c + 1 < n and cell + 1 in inside) or (c > 0 and cell - 1 in inside)
                or cell + n in inside or cell - n in inside):
            return True
    return False


@cache
def equations(shape: Shape) -> tuple[Equation, ...]:
    """Every rule-of-45 equation of a Killer shape, of at most MAX_EQUATION_CELLS cells (once)."""
    variant = shape.variant
    if variant is None:
        return ()
    cages = [(cage.cells, cage.total) for cage in variant.cages if cage.total is not None]
    if not cages:
        return ()
    n = shape.size
    whole = n * (n + 1) // 2
    geo = shape.geometry
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    exact = {tuple(sorted(cells)) for cells, _ in cages}
    out = []
    for name, units in _groups(shape):
        group = {x for u in units for x in geo.units[u]}
        for innies, outies, total in _readings(group, cages, whole * len(units)):
            key = (innies, outies)
            if (not 0 < len(innies) + len(outies) <= MAX_EQUATION_CELLS or key in seen
                    or (not outies and innies in exact)):
                continue
            seen.add(key)
            out.append(Equation(name, units, innies, outies, total,
                                parts_of(innies, outies, geo.peers)))
    return tuple(out)


def parts_of(innies: tuple[int, ...], outies: tuple[int, ...],
           peers: tuple[tuple[int, ...], ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Innies, then outies, cut into groups of cells that all see each other (greedy)."""
    out: list[tuple[list[int], int]] = []
    for cells, sign in ((innies, 1), (outies, -1)):
        start = len(out)
        for x in cells:
            for part, _ in out[start:]:
                if all(y in peers[x] for y in part):
                    part.append(x)
                    break
            else:
                out.append(([x], sign))
    return tuple((tuple(part), sign) for part, sign in out)


def _readings(group: set[int], cages: list[tuple[tuple[int, ...], int]],
              total: int) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """The group's equation with crossing cages read from inside, outside, the smaller side."""
    loose = set(group)
    crossing = []
    for cells, cage_sum in cages:
        inside = [x for x in cells if x in group]
        if not inside:
            continue
        loose.difference_update(inside)
        if len(inside) == len(cells):
            total -= cage_sum
        else:
            crossing.append((tuple(inside), tuple(x for x in cells if x not in group), cage_sum))
    out = []
    for pick in ("in", "out", "small"):
        innies: list[int] = sorted(loose)
        outies: list[int] = []
        rest = total
        for part_in, outside, cage_sum in crossing:
            if pick == "in" or (pick == "small" and len(part_in) <= len(outside)):
                innies.extend(part_in)
            else:
                outies.extend(outside)
                rest -= cage_sum
        out.append((tuple(sorted(innies)), tuple(sorted(outies)), rest))
    return out


def solve_equation(c: Candidates, eq: Equation) -> dict[int, int] | None:
    """Per open cell of ``eq``, the mask of values some solution of it may give that cell.

    Each part (cells that see each other) takes a set of distinct digits; parts are summed
    apart (cells of two parts may repeat a digit), so the masks may keep a little too much,
    never too little. None when no cell is open; an empty dict when the equation has no
    solution (a broken state, the walker's check says so).
    """
    values, masks = c.values, c.masks
    rest = eq.total - sum(values[x] for x in eq.innies) + sum(values[x] for x in eq.outies)
    parts = []
    for cells, sign in eq.parts:
        free = tuple(x for x in cells if not values[x])
        if free:
            parts.append((free, sign, _part_sums(tuple(masks[x] for x in free))))
    if not parts:
        return None
    signed = [(sign, sums) for _, sign, sums in parts]
    reach = _totals(signed)
    back = _totals(signed[::-1])[::-1]
    fits: dict[int, int] = {}
    for j, (free, sign, sums) in enumerate(parts):
        others = {a + b for a in reach[j] for b in back[j + 1]}
        for x in free:
            fits[x] = 0
        for s, cell_masks in sums.items():
            if rest - sign * s in others:
                for x, m in zip(free, cell_masks, strict=True):
                    fits[x] |= m
    return fits if all(fits.values()) else {}


def _totals(parts: list[tuple[int, dict[int, tuple[int, ...]]]]) -> list[set[int]]:
    """out[j]: the totals the parts before j can make (each part's sum times its sign)."""
    out: list[set[int]] = [{0}]
    for sign, sums in parts:
        out.append({a + sign * s for a in out[-1] for s in sums})
    return out


@lru_cache(maxsize=1 << 15)
def _part_sums(cell_masks: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Sum -> per cell, the digits of the digit sets making it that fit the cells' masks.

    A function of the masks alone, kept: a step changes a few cells, so most parts of most
    equations are the same at the next step (a third of a slow Killer walk went here). The
    dict is shared between callers, which only read it.
    """
    union = 0
    for m in cell_masks:
        union |= m
    k = len(cell_masks)
    digits = [d for d in range(1, union.bit_length() + 1) if union >> (d - 1) & 1]
    out: dict[int, tuple[int, ...]] = {}
    if k > len(digits):
        return out
    for s in range(sum(digits[:k]), sum(digits[-k:]) + 1):
        combos = digit_sets(union, k, s)
        if combos is None:
            out[s] = cell_masks  # too many to list: nothing is pruned
            continue
        allowed = 0
        for combo in combos:
            if all(m & combo for m in cell_masks):
                allowed |= combo
        if allowed:
            out[s] = tuple(m & allowed for m in cell_masks)
    return out


def iter_innies_outies(c: Candidates) -> Iterator[Step]:
    """The rule of 45 on every unit and group of adjacent units: innies, outies, both."""
    for eq in equations(c.shape):
        fits = solve_equation(c, eq)
        if not fits:
            continue
        why = f"Rule of {c.size * (c.size + 1) // 2}: {equation_text(c, eq)}"
        step = equation_step(c, eq, fits, "Innies and Outies", why)
        if step is not None:
            yield step


def equation_step(c: Candidates, eq: Equation, fits: dict[int, int], technique: str,
                  why: str) -> Step | None:
    """The step an equation's solution ``fits`` gives: its one cell placed, or the
    candidates no solution keeps removed (None when nothing goes); ``why`` opens the text."""
    shape = c.shape
    role = {x: "base" for x in eq.innies} | {x: "cover" for x in eq.outies}
    cells = tuple((x, role[x]) for x in eq.innies + eq.outies)
    if len(fits) == 1:
        (x, m), = fits.items()
        if not m & (m - 1):
            v = m.bit_length()
            return Step(technique, ((x, v),), (),
                        f"{why}, so {cells_text(shape, [x])} is {shape.symbol(v)}",
                        cells=tuple((y, r) for y, r in cells if y != x) + ((x, "target"),),
                        units=eq.units, candidates=((x, v, "place"),), region=eq.name)
    elims = tuple((x, v) for x, m in fits.items() for v in c.candidates_of(x)
                  if not m >> (v - 1) & 1)
    if not elims:
        return None
    return Step(technique, (), elims, f"{why}: {removal_text(shape, elims)}",
                cells=cells, units=eq.units,
                candidates=tuple((x, v, "remove") for x, v in elims), region=eq.name)


def equation_text(c: Candidates, eq: Equation) -> str:
    """'the innies of rows 1-2 (r1c1, r2c5) add up to 11' and the like."""
    shape = c.shape
    ins, outs = cells_text(shape, eq.innies), cells_text(shape, eq.outies)
    s_in = "s" if len(eq.innies) > 1 else ""
    s_out = "s" if len(eq.outies) > 1 else ""
    if not eq.outies:
        verb = "add" if len(eq.innies) > 1 else "adds"
        return f"the innie{s_in} of {eq.name} ({ins}) {verb} up to {eq.total}"
    if not eq.innies:
        verb = "add" if len(eq.outies) > 1 else "adds"
        return f"the outie{s_out} of {eq.name} ({outs}) {verb} up to {-eq.total}"
    if eq.total == 0:
        verb = "equal" if len(eq.innies) > 1 else "equals"
        return f"the innie{s_in} of {eq.name} ({ins}) {verb} its outie{s_out} ({outs})"
    more = "more" if eq.total > 0 else "less"
    verb = "add up to" if len(eq.innies) > 1 else "is"
    return (f"the innie{s_in} of {eq.name} ({ins}) {verb} {abs(eq.total)} {more} than its "
            f"outie{s_out} ({outs})")
