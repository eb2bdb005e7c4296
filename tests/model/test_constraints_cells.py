"""Placed rules on cells and pairs (dots, XV, non-consecutive, parity, extremes, quadruples,
clones, one diagonal, extra regions, disjoint groups): on 4x4 grids the exact search counts
what a brute force over all 288 grids counts, with each rule's test written here from its
words alone."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from brute4 import all_grids, brute_count
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json
from sudoku_core.solver.exact import solve

Holds = Callable[[Sequence[int]], bool]
# Every two cells of a 4x4 grid that share an edge: across a row, then down a column.
EDGES = ([(r * 4 + c, r * 4 + c + 1) for r in range(4) for c in range(3)]
         + [(r * 4 + c, (r + 1) * 4 + c) for r in range(3) for c in range(4)])


def around(cell: int) -> list[int]:
    """The cells that share an edge with ``cell`` on a 4x4 grid."""
    return [b for a, b in EDGES if a == cell] + [a for a, b in EDGES if b == cell]


# Givens: a few cells of one of the 288 grids (they may break the rule: then no grid passes).
givens = st.tuples(st.integers(0, 287), st.sets(st.integers(0, 15), max_size=4)).map(
    lambda t: tuple(all_grids()[t[0]][i] if i in t[1] else 0 for i in range(16)))


def agree(obj: dict[str, object], holds: Holds, cells: Sequence[int]) -> None:
    """The search's count of the 4x4 variant ``obj`` with the givens ``cells`` is the brute
    force's count under ``holds``; its JSON reads back to the same variant."""
    variant = variant_from_json(obj, 4)
    assert variant_from_json(variant.to_json(), 4) == variant
    grid = Grid.empty(Shape(2, 2, variant)).with_values(
        (i, v) for i, v in enumerate(cells) if v)
    assert solve(grid, limit=300, time_limit=10).count == brute_count(holds, cells)


edges = st.lists(st.sampled_from(EDGES), max_size=5, unique=True)


@settings(max_examples=40)
@given(edges, st.lists(st.integers(1, 3), min_size=5, max_size=5), givens)
def test_white_dots(pairs: list[tuple[int, int]], values: list[int],
                    cells: tuple[int, ...]) -> None:
    dots = list(zip(pairs, values, strict=False))
    # A dot of value 1 is written without its value half the time (the default).
    items = [{"cells": list(p)} if v == 1 and p[0] % 2 else {"cells": list(p), "value": v}
             for p, v in dots]
    agree({"white_dots": items},
          lambda g: all(abs(g[a] - g[b]) == v for (a, b), v in dots), cells)


@settings(max_examples=40)
@given(edges, st.lists(st.integers(2, 4), min_size=5, max_size=5), givens)
def test_black_dots(pairs: list[tuple[int, int]], values: list[int],
                    cells: tuple[int, ...]) -> None:
    dots = list(zip(pairs, values, strict=False))
    items = [{"cells": [b, a], "value": v} for (a, b), v in dots]
    agree({"black_dots": items},
          lambda g: all(g[a] == v * g[b] or g[b] == v * g[a] for (a, b), v in dots), cells)


# Marks read off one of the 288 grids, some left out: with every mark kept that grid passes
# the negative rule, so the counts are seldom zero (a 4x4 grid without marks has none).
marked_grid = st.tuples(st.integers(0, 287), st.sets(st.integers(0, 23), max_size=2))


@settings(max_examples=60)
@given(marked_grid, givens)
def test_kropki_negative(source: tuple[int, set[int]], cells: tuple[int, ...]) -> None:
    grid, dropped = all_grids()[source[0]], source[1]
    kept = [e for k, e in enumerate(EDGES) if k not in dropped]
    white = [(a, b) for a, b in kept if abs(grid[a] - grid[b]) == 1]
    black = [(a, b) for a, b in kept if (a, b) not in white
             and (grid[a] == 2 * grid[b] or grid[b] == 2 * grid[a])]
    dotted = set(white) | set(black)

    def holds(g: Sequence[int]) -> bool:
        if not all(abs(g[a] - g[b]) == 1 for a, b in white):
            return False
        if not all(g[a] == 2 * g[b] or g[b] == 2 * g[a] for a, b in black):
            return False
        return all(abs(g[a] - g[b]) != 1 and g[a] != 2 * g[b] and g[b] != 2 * g[a]
                   for a, b in EDGES if (a, b) not in dotted)

    agree({"white_dots": [{"cells": list(p)} for p in white],
           "black_dots": [{"cells": list(p)} for p in black], "kropki_negative": True},
          holds, cells)


@settings(max_examples=60)
@given(marked_grid, st.booleans(), givens)
def test_xv_and_its_negative(source: tuple[int, set[int]], negative: bool,
                             cells: tuple[int, ...]) -> None:
    grid, dropped = all_grids()[source[0]], source[1]
    # On a 4x4 grid only a V (5) fits: two digits 1..4 never add up to 10.
    pairs = [(a, b) for k, (a, b) in enumerate(EDGES)
             if k not in dropped and grid[a] + grid[b] == 5]

    def holds(g: Sequence[int]) -> bool:
        if not all(g[a] + g[b] == 5 for a, b in pairs):
            return False
        return not negative or all(g[a] + g[b] not in (5, 10) for a, b in EDGES
                                   if (a, b) not in pairs)

    obj: dict[str, object] = {"xv": [{"cells": list(p), "sum": 5} for p in pairs]}
    if negative:
        obj["xv_negative"] = True
    agree(obj, holds, cells)


@settings(max_examples=30)
@given(givens)
def test_nonconsecutive(cells: tuple[int, ...]) -> None:
    agree({"nonconsecutive": True},
          lambda g: all(abs(g[a] - g[b]) != 1 for a, b in EDGES), cells)


cell_sets = st.lists(st.lists(st.integers(0, 15), min_size=1, max_size=4, unique=True),
                     max_size=2)


@settings(max_examples=40)
@given(cell_sets, cell_sets, givens)
def test_odd_and_even(odd: list[list[int]], even: list[list[int]],
                      cells: tuple[int, ...]) -> None:
    agree({"odd": [{"cells": c} for c in odd], "even": [{"cells": c} for c in even]},
          lambda g: all(g[c] % 2 for cs in odd for c in cs)
          and all(g[c] % 2 == 0 for cs in even for c in cs), cells)


@settings(max_examples=40)
@given(st.lists(st.integers(0, 15), max_size=3, unique=True),
       st.lists(st.integers(0, 15), max_size=3, unique=True), givens)
def test_minimums_and_maximums(low: list[int], high: list[int],
                               cells: tuple[int, ...]) -> None:
    agree({"minimums": [{"cells": [c]} for c in low], "maximums": [{"cells": [c]} for c in high]},
          lambda g: all(g[c] < g[n] for c in low for n in around(c))
          and all(g[c] > g[n] for c in high for n in around(c)), cells)


quads = st.lists(st.tuples(st.lists(st.integers(0, 15), min_size=2, max_size=4, unique=True),
                           st.lists(st.integers(1, 4), min_size=1, max_size=4)), max_size=2)


@settings(max_examples=60)
@given(quads, givens)
def test_quadruples(items: list[tuple[list[int], list[int]]], cells: tuple[int, ...]) -> None:
    items = [(c, d[:len(c)]) for c, d in items]

    def holds(g: Sequence[int]) -> bool:
        return all(Counter(g[c] for c in cs) >= Counter(ds) for cs, ds in items)

    agree({"quadruples": [{"cells": c, "digits": d} for c, d in items]}, holds, cells)


@settings(max_examples=40)
@given(st.lists(st.integers(0, 15), min_size=1, max_size=4, unique=True),
       st.permutations(range(16)), givens)
def test_clones(shape: list[int], order: list[int], cells: tuple[int, ...]) -> None:
    copy = order[:len(shape)]  # the shapes may overlap, but no cell is its own copy
    assume(all(a != b for a, b in zip(shape, copy, strict=True)))
    agree({"clones": [{"cells": shape, "copy": copy}]},
          lambda g: all(g[a] == g[b] for a, b in zip(shape, copy, strict=True)), cells)


@settings(max_examples=40)
@given(st.booleans(), st.booleans(), st.booleans(), givens)
def test_single_diagonals_and_disjoint_groups(plus: bool, minus: bool, disjoint: bool,
                                              cells: tuple[int, ...]) -> None:
    rising = [12, 9, 6, 3]  # r4c1 up to r1c4
    falling = [0, 5, 10, 15]

    def holds(g: Sequence[int]) -> bool:
        if plus and len({g[c] for c in rising}) < 4:
            return False
        if minus and len({g[c] for c in falling}) < 4:
            return False
        # The same place in each 2x2 box: the same row and column parity.
        return not disjoint or all(
            len({g[r * 4 + c] for r in range(dr, 4, 2) for c in range(dc, 4, 2)}) == 4
            for dr in (0, 1) for dc in (0, 1))

    obj = {key: True for key, on in (("diagonal_plus", plus), ("diagonal_minus", minus),
                                     ("disjoint_groups", disjoint)) if on}
    agree(obj, holds, cells)


@settings(max_examples=40)
@given(st.lists(st.lists(st.integers(0, 15), min_size=1, max_size=4, unique=True),
                max_size=3), givens)
def test_extra_regions(regions: list[list[int]], cells: tuple[int, ...]) -> None:
    agree({"extra_regions": [{"cells": r} for r in regions]},
          lambda g: all(len({g[c] for c in r}) == len(r) for r in regions), cells)


@settings(max_examples=40)
@given(edges, st.lists(st.integers(0, 15), max_size=3, unique=True), givens)
def test_several_rules_at_once(pairs: list[tuple[int, int]], odd: list[int],
                               cells: tuple[int, ...]) -> None:
    # White dots on some edges, the negative XV rule, odd cells and one diagonal together.
    def holds(g: Sequence[int]) -> bool:
        return (all(abs(g[a] - g[b]) == 1 for a, b in pairs)
                and all(g[a] + g[b] != 5 for a, b in EDGES)
                and all(g[c] % 2 for c in odd)
                and len({g[c] for c in (0, 5, 10, 15)}) == 4)

    obj: dict[str, object] = {"white_dots": [{"cells": list(p)} for p in pairs],
                              "xv_negative": True, "diagonal_minus": True}
    if odd:
        obj["odd"] = [{"cells": odd}]
    agree(obj, holds, cells)
