"""Basic fish of size 2..4 (X-Wing, Swordfish, Jellyfish), rows or columns as base."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

from ...model import budget
from ...model.candidates import Candidates, bits
from ...model.grid import Shape
from .base import Step, and_list, cells_text, elimination_roles, removal_text
from .subsets import _combos, spanning_combinations

# Sizes 5 to 7 as the forums name them; only Mutant fish are listed at sizes 5 and 6.
FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish", 5: "Squirmbag", 6: "Whale",
              7: "Leviathan"}


def iter_fish(c: Candidates, sizes: Sequence[int] = (2, 3, 4)) -> Iterator[Step]:
    """Every basic fish of the given sizes, smallest first."""
    n = c.size
    rows, cols = _line_positions(c)
    for k in sizes:
        for value in range(1, n + 1):
            budget.check()  # a 64x64 grid has many lines to combine
            for rows_base in (True, False):
                pos = rows[value - 1] if rows_base else cols[value - 1]
                items = [(i, p) for i, p in enumerate(pos) if 2 <= p.bit_count() <= k]
                if len(items) < k:
                    continue
                for base, cover in _combos(items, k):
                    covers = [j - 1 for j in bits(cover)]
                    elims = []
                    for j in covers:
                        for i in pos_in_cover(pos, j, base):
                            cell = i * n + j if rows_base else j * n + i
                            elims.append((cell, value))
                    if elims:
                        elims.sort()
                        yield _step(c, k, value, rows_base, base, covers, elims)


def pos_in_cover(pos: list[int], j: int, base: list[int]) -> list[int]:
    """Base-kind lines outside ``base`` that have the value in cover line ``j``."""
    bit = 1 << j
    return [i for i, p in enumerate(pos) if p & bit and i not in base]


def _step(c: Candidates, k: int, value: int, rows_base: bool, base: list[int],
          covers: list[int], elims: list[tuple[int, int]], fins: Sequence[int] = ()) -> Step:
    shape = c.shape
    n = c.size
    name = FISH_NAMES.get(k, f"Fish of size {k}")
    if fins:
        name = f"Finned {name}"
    base_kind, cover_kind = ("rows", "columns") if rows_base else ("columns", "rows")
    base_text = f"{base_kind} {and_list([str(i + 1) for i in base])}"
    cover_text = f"{cover_kind} {and_list([str(j + 1) for j in covers])}"
    eliminations = tuple(elims)
    ecells, ecands = elimination_roles(eliminations)
    base_cells = [
        (i * n + j if rows_base else j * n + i)
        for i in base for j in covers
        if c.has(i * n + j if rows_base else j * n + i, value)
    ]
    base_units = [i if rows_base else n + i for i in base]
    cover_units = [n + j if rows_base else j for j in covers]
    fin_text = f", fin{'s' if len(fins) > 1 else ''} {cells_text(shape, fins)}" if fins else ""
    text = (
        f"{name} on {shape.symbol(value)} in {base_text}, {cover_text}{fin_text}: "
        f"{removal_text(shape, eliminations)}"
    )
    return Step(
        name,
        (),
        eliminations,
        text,
        cells=tuple((cell, "base") for cell in sorted(base_cells))
        + tuple((cell, "fin") for cell in fins) + tuple(ecells),
        units=tuple(base_units + cover_units),
        candidates=tuple((cell, value, "key") for cell in sorted(base_cells))
        + tuple((cell, value, "fin") for cell in fins) + tuple(ecands),
        region=base_text,
    )


@cache
def _box_lines(shape: Shape) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per box: bitmask of its rows and bitmask of its columns."""
    geo = shape.geometry
    n = shape.size
    rows = tuple(sum(1 << r for r in {cell // n for cell in box}) for box in geo.boxes)
    cols = tuple(sum(1 << col for col in {cell % n for cell in box}) for box in geo.boxes)
    return rows, cols


# The finned fish of one value and base direction depend only on where the value sits in the
# lines: a walk's step changes few values, so the others' fish are remembered from the step
# before (same steps, in the same order, without the search).
_finned_seen: dict[tuple[Shape, int, int, bool, tuple[int, ...]], list[Step]] = {}
_FINNED_SEEN_MAX = 4096


def iter_finned_fish(c: Candidates, sizes: Sequence[int] = (2, 3, 4)) -> Iterator[Step]:
    """Every finned (or sashimi) row/column fish whose fins share one box."""
    n = c.size
    box_rows, box_cols = _box_lines(c.shape)
    lines = _line_positions(c)
    for k in sizes:
        for value in range(1, n + 1):
            budget.check()  # finned jellyfish on 64x64: seconds without this
            for rows_base in (True, False):
                pos = lines[0][value - 1] if rows_base else lines[1][value - 1]
                band_base, band_cover = (box_rows, box_cols) if rows_base else (box_cols, box_rows)
                width = band_cover[0].bit_count()  # cells of a line inside one box
                key = (c.shape, k, value, rows_base, tuple(pos))
                found = _finned_seen.get(key)
                if found is None:
                    items = [i for i, p in enumerate(pos) if 1 <= p.bit_count() <= k + width]
                    found = [step for base, _ in spanning_combinations(items, pos, k, k + width)
                             for step in
                             _finned(c, k, value, rows_base, pos, base, band_base, band_cover)]
                    if len(_finned_seen) >= _FINNED_SEEN_MAX:
                        _finned_seen.clear()
                    _finned_seen[key] = found
                yield from found


def _line_positions(c: Candidates) -> tuple[list[list[int]], list[list[int]]]:
    """rows[v-1][r]: columns of row r holding v; cols[v-1][col]: rows of column col likewise."""
    n = c.size
    rows = [[0] * n for _ in range(n)]
    cols = [[0] * n for _ in range(n)]
    for cell, m in enumerate(c.masks):
        if m:
            r, col = divmod(cell, n)
            rbit, cbit = 1 << col, 1 << r
            while m:
                low = m & -m
                v = low.bit_length() - 1
                rows[v][r] |= rbit
                cols[v][col] |= cbit
                m ^= low
    return rows, cols


def _finned(c: Candidates, k: int, value: int, rows_base: bool, pos: list[int],
            base: tuple[int, ...], band_base: tuple[int, ...],
            band_cover: tuple[int, ...]) -> Iterator[Step]:
    n = c.size
    union = 0
    base_mask = 0
    for i in base:
        union |= pos[i]
        base_mask |= 1 << i
    if union.bit_count() <= k:
        return  # a plain fish (or a broken state): not finned
    for box in range(n):
        bbase, bcover = band_base[box], band_cover[box]
        if not bbase & base_mask:
            continue
        outside = 0
        for i in base:
            outside |= pos[i] & ~bcover if bbase >> i & 1 else pos[i]
        free = k - outside.bit_count()
        if free < 0:
            continue
        choices = [j - 1 for j in bits(union & bcover & ~outside)]
        for extra in combinations(choices, free):
            cover = outside | sum(1 << j for j in extra)
            step = _finned_step(c, k, value, rows_base, pos, base, base_mask, bbase, bcover,
                                cover)
            if step is not None:
                yield step


def _finned_step(c: Candidates, k: int, value: int, rows_base: bool, pos: list[int],
                 base: tuple[int, ...], base_mask: int, bbase: int, bcover: int,
                 cover: int) -> Step | None:
    """The finned fish with these cover lines and its fins in one box, if it removes any."""
    n = c.size
    fins = [(i, j - 1) for i in base if (bbase >> i) & 1 for j in bits(pos[i] & ~cover)]
    if not fins:
        return None
    # Cells of the fin box, in the cover lines, off the base lines.
    targets = [(i - 1, j - 1) for i in bits(bbase & ~base_mask)
               for j in bits(pos[i - 1] & cover & bcover)]
    if not targets:
        return None

    def cell(i: int, j: int) -> int:
        return i * n + j if rows_base else j * n + i

    elims = sorted((cell(i, j), value) for i, j in targets)
    covers = [j - 1 for j in bits(cover)]
    fin_cells = sorted(cell(i, j) for i, j in fins)
    if c.shape.variant is not None:
        # A region is no rectangle: keep the targets that see every fin.
        peers = c.geometry.peers
        elims = [e for e in elims if all(e[0] in peers[f] for f in fin_cells)]
        if not elims:
            return None
    return _step(c, k, value, rows_base, list(base), covers, elims, fin_cells)
