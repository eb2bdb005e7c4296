"""Random Jigsaw region maps: N connected regions of N cells, grown from the boxes by swaps."""

from __future__ import annotations

import random

from ..model import budget
from ..model.grid import Shape


def random_regions(shape: Shape, rng: random.Random, swaps: int | None = None) -> tuple[int, ...]:
    """A region index per cell: the boxes reshaped by random swaps that keep each connected.

    Why swaps: growing N regions from seeds often strands cells; a swap of two border cells
    between neighbouring regions keeps both at N cells, and is kept only if both stay whole.
    """
    n = shape.size
    geo = shape.classic.geometry
    regions = list(geo.box_of)
    swaps = swaps if swaps is not None else 6 * n * n
    for _ in range(swaps):
        budget.check()  # a 16x16 map takes 1,536 swaps of O(N^2) each: the call's deadline binds
        a = rng.randrange(n * n)
        ra = regions[a]
        others = [b for b in _sides(a, n) if regions[b] != ra]
        if not others:
            continue
        rb = regions[rng.choice(others)]
        # A cell of region B touching region A goes the other way.
        back = [b for b in range(n * n) if regions[b] == rb and b != a
                and any(regions[x] == ra for x in _sides(b, n))]
        if not back:
            continue
        b = rng.choice(back)
        regions[a], regions[b] = rb, ra
        if not (_connected(regions, ra, n) and _connected(regions, rb, n)):
            regions[a], regions[b] = ra, rb
    return tuple(regions)


def _sides(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _connected(regions: list[int], region: int, n: int) -> bool:
    cells = [i for i, r in enumerate(regions) if r == region]
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        for x in _sides(todo.pop(), n):
            if regions[x] == region and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(cells)
