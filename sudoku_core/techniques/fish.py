"""Basic fish of size 2..4 (X-Wing, Swordfish, Jellyfish), rows or columns as base."""

from __future__ import annotations

from collections.abc import Sequence

from ..candidates import Candidates, bits
from .base import Step, and_list, elimination_roles, removal_text
from .subsets import _combos

FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def find_fish(c: Candidates, sizes: Sequence[int] = (2, 3, 4)) -> Step | None:
    """k base lines whose value sits in only k cover lines: remove it from the cover lines."""
    n = c.size
    masks = c.masks
    # rows[v][r]: columns of row r where value v+1 is a candidate; cols[v][c]: rows likewise.
    rows = [[0] * n for _ in range(n)]
    cols = [[0] * n for _ in range(n)]
    for cell, m in enumerate(masks):
        if m:
            r, col = divmod(cell, n)
            rbit, cbit = 1 << col, 1 << r
            while m:
                low = m & -m
                v = low.bit_length() - 1
                rows[v][r] |= rbit
                cols[v][col] |= cbit
                m ^= low
    for k in sizes:
        for value in range(1, n + 1):
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
                        return _step(c, k, value, rows_base, base, covers, elims)
    return None


def pos_in_cover(pos: list[int], j: int, base: list[int]) -> list[int]:
    """Base-kind lines outside ``base`` that have the value in cover line ``j``."""
    bit = 1 << j
    return [i for i, p in enumerate(pos) if p & bit and i not in base]


def _step(c: Candidates, k: int, value: int, rows_base: bool, base: list[int],
          covers: list[int], elims: list[tuple[int, int]]) -> Step:
    shape = c.shape
    n = c.size
    name = FISH_NAMES.get(k, f"Fish of size {k}")
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
    text = (
        f"{name} on {shape.symbol(value)} in {base_text}, {cover_text}: "
        f"{removal_text(shape, eliminations)}"
    )
    return Step(
        name,
        (),
        eliminations,
        text,
        cells=tuple((cell, "base") for cell in sorted(base_cells)) + tuple(ecells),
        units=tuple(base_units + cover_units),
        candidates=tuple((cell, value, "key") for cell in sorted(base_cells)) + tuple(ecands),
        region=base_text,
    )
