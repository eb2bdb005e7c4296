"""Cage splitting: a known sum over part of a cage splits the cage's sum in two.

The rule of 45 gives equations over a few cells (the innies of box 1, r3c2 and r3c3, add up
to 10). When the cells of one lie in one or two cages with sums, each cage's cells all innies
or all outies, and leave some of a cage's cells out, that cage splits into two parts with sums
of their own: cage 20 over r3c2, r3c3, r4c2 and r4c3 splits into r3c2+r3c3 = 10 and
r4c2+r4c3 = 20 - 10 = 10. With two cages the equation's total is shared between them: each
possible share splits both cages (a sum for the innies, a difference for innies and outies).

Then every part keeps only the digit sets of its sub-sum, and the two parts of a cage take
digit sets with no digit in common (a cage's digits differ). The rule of 45 alone reads the
equation without the rest of its cages, and a cage combination reads the whole cage without
the split; together, the split removes digits neither does at once (when r4c2+r4c3 can only
be 1+9, r3c2 and r3c3 lose 1 and 9).

Only digit sets are compared (each cell must hold some digit of its part's set), so a cell may
keep a digit no solution gives it, never lose one it needs: the step is sound.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from math import comb

from ...model.candidates import Candidates
from ...model.grid import Shape
from .base import Step, cells_text, removal_text
from .rule45 import Equation, equation_text, equations

_NAME = "Cage Splitting"

# Digit sets a part of a split may list (9 digits: at most 126): on big grids a long part
# would list too many to read at every step, and a person would not split it either.
MAX_SETS = 2000

# (cage index, the cage's cells in the equation, its other cells, the cage's sum, +1 when those
# cells are innies and -1 when outies)
Piece = tuple[int, tuple[int, ...], tuple[int, ...], int, int]


@dataclass(frozen=True)
class Split:
    """A rule-of-45 equation over cells of one or two cages that splits at least one."""

    source: Equation  # sum(innies) - sum(outies) == source.total
    pieces: tuple[Piece, ...]


@cache
def splits(shape: Shape) -> tuple[Split, ...]:
    """Every split of a Killer shape's cages by its rule-of-45 equations (once per shape)."""
    variant = shape.variant
    if variant is None:
        return ()
    owner = {x: k for k, cage in enumerate(variant.cages) if cage.total is not None
             for x in cage.cells}
    cages = variant.cages
    out = []
    for eq in equations(shape):
        pieces = _pieces(eq, owner, [(cage.cells, cage.total or 0) for cage in cages])
        if pieces and any(rest for _, _, rest, _, _ in pieces) and all(
                comb(shape.size, len(cells)) <= MAX_SETS
                for _, part, rest, _, _ in pieces for cells in (part, rest)):
            out.append(Split(eq, pieces))
    return tuple(out)


def _pieces(eq: Equation, owner: dict[int, int],
            cages: list[tuple[tuple[int, ...], int]]) -> tuple[Piece, ...] | None:
    """The equation's cells cut by cage, or None when it cannot split them by sight: a cell in
    no summed cage, more than two cages, or innies and outies in one cage."""
    cells = eq.innies + eq.outies
    ks = sorted({owner.get(x, -1) for x in cells})
    if ks[0] < 0 or len(ks) > 2:
        return None
    pieces = []
    for k in ks:
        cage_cells, total = cages[k]
        part = tuple(x for x in cage_cells if x in cells)
        signs = {1 if x in eq.innies else -1 for x in part}
        if len(signs) > 1:
            return None
        pieces.append((k, part, tuple(x for x in cage_cells if x not in part), total,
                       signs.pop()))
    return tuple(pieces)


@lru_cache(maxsize=1 << 14)
def _sets(cell_masks: tuple[int, ...], used: int, n: int) -> dict[int, tuple[int, ...]]:
    """Sum -> the digit sets (masks) of open cells with these masks making it, each cell
    holding one of the set's digits and no set holding a digit the cage has placed (``used``).
    Kept, as rule45's part sums are: most parts are the same from one step to the next."""
    union = 0
    for m in cell_masks:
        union |= m
    union &= ~used
    digits = [d for d in range(1, n + 1) if union >> (d - 1) & 1]
    out: dict[int, list[int]] = {}
    for combo in combinations(digits, len(cell_masks)):
        m = sum(1 << (d - 1) for d in combo)
        if all(cm & m for cm in cell_masks):
            out.setdefault(sum(combo), []).append(m)
    return {s: tuple(sets) for s, sets in out.items()}


def _piece_table(c: Candidates, piece: Piece) -> dict[int, tuple[int, int]]:
    """The part's possible sums -> the digits its open cells and the rest's may hold then."""
    _, part, rest, total, _ = piece
    values = c.values
    used = 0
    for x in part + rest:
        if values[x]:
            used |= 1 << (values[x] - 1)
    fixed_part = sum(values[x] for x in part)
    rest_open = total - fixed_part - sum(values[x] for x in rest)
    masks = c.masks
    part_sets = _sets(tuple(masks[x] for x in part if not values[x]), used, c.size)
    rest_sets = _sets(tuple(masks[x] for x in rest if not values[x]), used, c.size)
    out: dict[int, tuple[int, int]] = {}
    for s, options in part_sets.items():
        keep_part = keep_rest = 0
        for a in options:
            for b in rest_sets.get(rest_open - s, ()):
                if not a & b:
                    keep_part |= a
                    keep_rest |= b
        if keep_part or keep_rest:
            out[fixed_part + s] = (keep_part, keep_rest)
    return out


def _solve(c: Candidates, split: Split) -> tuple[dict[int, int], list[list[int]]] | None:
    """Per open cell the digits kept, and per piece the part's sums that fit; None: broken."""
    tables = [_piece_table(c, piece) for piece in split.pieces]
    total = split.source.total
    first = split.pieces[0][4]
    if len(tables) == 1:
        sums = [[s for s in tables[0] if first * s == total]]
    else:
        # first * s1 + second * s2 == total, so s2 = second * (total - first * s1).
        second = split.pieces[1][4]
        sums = [[s for s in tables[0] if second * (total - first * s) in tables[1]]]
        sums.append([second * (total - first * s) for s in sums[0]])
    if not sums[0]:
        return None
    keep: dict[int, int] = {}
    for piece, table, fits in zip(split.pieces, tables, sums, strict=True):
        _, part, rest, _, _ = piece
        for s in fits:
            for cells, mask in ((part, table[s][0]), (rest, table[s][1])):
                for x in cells:
                    if not c.values[x]:
                        keep[x] = keep.get(x, 0) | mask
    return keep, sums


def iter_cage_splitting(c: Candidates) -> Iterator[Step]:
    """Cages split by a rule-of-45 sum over part of them, each part kept to its sub-sum."""
    for split in splits(c.shape):
        solved = _solve(c, split)
        if solved is None:
            continue  # a broken state: the walker's contradiction check says so
        keep, sums = solved
        elims = tuple((x, v) for x, m in keep.items() for v in c.candidates_of(x)
                      if not m >> (v - 1) & 1)
        if elims:
            yield _step(c, split, sums, elims)


def _step(c: Candidates, split: Split, sums: list[list[int]],
          elims: tuple[tuple[int, int], ...]) -> Step:
    shape = c.shape
    variant = shape.variant
    assert variant is not None
    words = []
    for (k, part, rest, total, _), fits in zip(split.pieces, sums, strict=True):
        name = f"cage {total} at {cells_text(shape, variant.cages[k].cells[:1])}"
        if not rest:
            words.append(f"{name} lies wholly in it")
            continue
        words.append(f"{name} splits into {_joined(c, part)} = {_or_list(fits)} and "
                     f"{_joined(c, rest)} = {_or_list([total - s for s in fits])}")
    cells = [x for _, part, rest, _, _ in split.pieces for x in part + rest]
    return Step(
        _NAME, (), elims,
        f"Cage splitting: {equation_text(c, split.source)}; {'; '.join(words)}: "
        f"{removal_text(shape, elims)}",
        cells=tuple((x, "base") for x in cells),
        units=split.source.units,
        candidates=tuple((x, v, "remove") for x, v in elims),
        region=split.source.name)


def _joined(c: Candidates, cells: tuple[int, ...]) -> str:
    """'r1c1+r1c2' for a part of a cage."""
    return cells_text(c.shape, cells).replace(", ", "+")


def _or_list(sums: list[int]) -> str:
    """'7', '7 or 9', '5, 7 or 9'."""
    words = [str(s) for s in sorted(sums)]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
