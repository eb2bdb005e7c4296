"""Clues outside the grid: little killers, sandwiches, X-sums and skyscrapers.

Each rule is checked against a plain test written here from the rule's words (no code shared
with the package): on 4x4 the exact search must count as many grids as the brute force, and
on 9x9 clue sets read off a known solution must solve to grids that pass the test.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest
from brute4 import all_grids, brute_count
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.model.constraints.little_killer import LittleKiller, little_killer_from_clue
from sudoku_core.model.constraints.sandwich import clue_line
from sudoku_core.model.errors import VariantError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant, variant_from_json
from sudoku_core.solver.exact import solve
from sudoku_core.solver.validate import validate

Item = dict[str, object]

# A 9x9 solution the hand-made cases read their clues from.
SOLUTION = tuple(int(ch) for ch in (
    "534678912" "672195348" "198342567" "859761423" "426853791"
    "713924856" "961537284" "287419635" "345286179"))


# --- the rules in plain words -----------------------------------------------------------

def line(grid: Sequence[int], n: int, item: Item) -> list[int]:
    """The digits of the item's row or column, read from its end."""
    if "row" in item:
        k = item["row"]
        assert isinstance(k, int)
        digits = [grid[k * n + c] for c in range(n)]
    else:
        k = item["column"]
        assert isinstance(k, int)
        digits = [grid[r * n + k] for r in range(n)]
    return digits[::-1] if item.get("end") == "end" else digits


def sandwich_holds(grid: Sequence[int], n: int, item: Item) -> bool:
    digits = line(grid, n, item)
    a, b = sorted((digits.index(1), digits.index(n)))
    return sum(digits[a + 1:b]) == item["sum"]


def x_sum_holds(grid: Sequence[int], n: int, item: Item) -> bool:
    digits = line(grid, n, item)
    return sum(digits[:digits[0]]) == item["sum"]


def skyscraper_holds(grid: Sequence[int], n: int, item: Item) -> bool:
    seen, tallest = 0, 0
    for d in line(grid, n, item):
        if d > tallest:
            seen, tallest = seen + 1, d
    return seen == item["count"]


def little_killer_holds(grid: Sequence[int], n: int, item: Item) -> bool:
    cells = item["cells"]
    assert isinstance(cells, list)
    return sum(grid[c] for c in cells) == item["sum"]


def diagonals(n: int) -> list[list[int]]:
    """Every whole diagonal, from the edge it enters by, once per way it runs."""
    found = []
    for dr in (-1, 1):
        for dc in (-1, 1):
            for r in range(n):
                for c in range(n):
                    if 0 <= r - dr < n and 0 <= c - dc < n:
                        continue  # not where a diagonal enters
                    cells = []
                    rr, cc = r, c
                    while 0 <= rr < n and 0 <= cc < n:
                        cells.append(rr * n + cc)
                        rr, cc = rr + dr, cc + dc
                    found.append(cells)
    return found


HOLDS = {"sandwiches": sandwich_holds, "x_sums": x_sum_holds, "skyscrapers": skyscraper_holds,
         "little_killers": little_killer_holds}


def holds_all(key: str, items: list[Item], n: int):  # type: ignore[no-untyped-def]
    test = HOLDS[key]
    return lambda grid: all(test(grid, n, item) for item in items)


def clue_of(key: str, grid: Sequence[int], n: int, place: Item) -> Item:
    """The true clue of ``grid`` at ``place`` (its row/column and end, or its cells)."""
    if key == "little_killers":
        cells = place["cells"]
        assert isinstance(cells, list)
        return {**place, "sum": sum(grid[c] for c in cells)}
    digits = line(grid, n, place)
    if key == "sandwiches":
        a, b = sorted((digits.index(1), digits.index(n)))
        return {**place, "sum": sum(digits[a + 1:b])}
    if key == "x_sums":
        return {**place, "sum": sum(digits[:digits[0]])}
    seen, tallest = 0, 0
    for d in digits:
        if d > tallest:
            seen, tallest = seen + 1, d
    return {**place, "count": seen}


def places(key: str, n: int) -> list[Item]:
    """Every place a clue of the type may stand."""
    if key == "little_killers":
        return [{"cells": cells} for cells in diagonals(n)]
    lines: list[Item] = [{axis: k} for axis in ("row", "column") for k in range(n)]
    if key == "sandwiches":
        return lines
    return [{**at, "end": end} for at in lines for end in ("start", "end")]


# --- 4x4: the search counts as the brute force ------------------------------------------

KEYS = sorted(HOLDS)


@st.composite
def instances(draw: st.DrawFn) -> tuple[str, list[Item], list[int]]:
    """A type, 1-3 of its clues (mostly true of some grid, some nudged) and a few givens."""
    key = draw(st.sampled_from(KEYS))
    grid = all_grids()[draw(st.integers(0, len(all_grids()) - 1))]
    spots = places(key, 4)
    chosen = draw(st.lists(st.integers(0, len(spots) - 1), min_size=1, max_size=3,
                           unique=True))
    items = []
    for k in chosen:
        item = clue_of(key, grid, 4, spots[k])
        field = "count" if key == "skyscrapers" else "sum"
        value = item[field]
        assert isinstance(value, int)
        low, high = bounds(key, 4, spots[k])
        item[field] = min(high, max(low, value + draw(st.sampled_from((0, 0, 0, 1, -1, 2)))))
        items.append(item)
    givens = [0] * 16
    for cell in draw(st.lists(st.integers(0, 15), max_size=3, unique=True)):
        givens[cell] = grid[cell] if draw(st.booleans()) else draw(st.integers(1, 4))
    return key, items, givens


def bounds(key: str, n: int, place: Item) -> tuple[int, int]:
    """The values the JSON form lets a clue take."""
    if key == "sandwiches":
        return 0, n * (n + 1) // 2 - 1 - n
    if key == "x_sums":
        return 1, n * (n + 1) // 2
    if key == "skyscrapers":
        return 1, n
    cells = place["cells"]
    assert isinstance(cells, list)
    return len(cells), n * len(cells)


@settings(max_examples=150, deadline=None)
@given(instances())
def test_4x4_counts_match_the_brute_force(case: tuple[str, list[Item], list[int]]) -> None:
    key, items, givens = case
    variant = variant_from_json({key: items}, 4)
    grid = Grid.empty(Shape(2, 2, variant)).with_values(enumerate(givens))
    result = solve(grid, limit=300, time_limit=10)
    assert result.count == brute_count(holds_all(key, items, 4), givens)


@pytest.mark.parametrize("key", KEYS)
def test_4x4_every_single_clue_counts_right(key: str) -> None:
    """Each place and each value a clue may take, alone on an empty 4x4 grid."""
    field = "count" if key == "skyscrapers" else "sum"
    for place in places(key, 4):
        low, high = bounds(key, 4, place)
        for value in range(low, high + 1):
            item = {**place, field: value}
            variant = variant_from_json({key: [item]}, 4)
            result = solve(Grid.empty(Shape(2, 2, variant)), limit=300, time_limit=10)
            assert result.count == brute_count(holds_all(key, [item], 4)), item


# --- JSON: round trip, refusals ---------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_json_round_trip(key: str) -> None:
    items = [clue_of(key, SOLUTION, 9, place) for place in places(key, 9)[::3]]
    variant = variant_from_json({key: items}, 9)
    assert len(variant.constraints) == len(items)
    data = variant.to_json()
    assert sorted(map(repr, data[key])) == sorted(map(repr, items))  # type: ignore[arg-type]
    assert variant_from_json(data, 9) == variant


BAD = [
    ("sandwiches", {"row": 9, "sum": 5}, "sandwich 2: 'row' must lie in 0 .. 8"),
    ("sandwiches", {"sum": 5}, "sandwich 2: needs one of 'row' or 'column'"),
    ("sandwiches", {"row": 1, "column": 2, "sum": 5}, "needs one of"),
    ("sandwiches", {"column": 1, "sum": 36}, "'sum' must lie in 0 .. 35"),
    ("sandwiches", {"column": 1, "sum": 3, "end": "start"}, "field 'end' is not supported"),
    ("x_sums", {"row": 0, "sum": 5}, "X-sum 2: 'end' must be \"start\" or \"end\""),
    ("x_sums", {"row": 0, "end": "left", "sum": 5}, "'end' must be"),
    ("x_sums", {"row": 0, "end": "end", "sum": 46}, "'sum' must lie in 1 .. 45"),
    ("skyscrapers", {"column": 3, "end": "start", "count": 0}, "skyscraper 2: 'count'"),
    ("skyscrapers", {"column": 3, "end": "start", "sum": 3}, "field 'sum' is not supported"),
    ("little_killers", {"cells": [0, 10, 18], "sum": 9}, "turns at r2c2"),
    ("little_killers", {"cells": [0, 1], "sum": 9}, "r1c1 and r1c2 are not diagonal"),
    ("little_killers", {"cells": [10, 20, 30, 40, 50, 60, 70, 80], "sum": 40},
     "must start at the grid's edge"),
    ("little_killers", {"cells": [0, 10, 20], "sum": 12}, "must run on to the grid's edge, "
     "not stop at r3c3"),
    ("little_killers", {"cells": [4], "sum": 4}, "must run on to the grid's edge"),
    ("little_killers", {"cells": [1, 9], "sum": 19}, "'sum' must lie in 2 .. 18"),
    ("little_killers", {"cells": [1, 99], "sum": 9}, "cell 99 is off the 9x9 grid"),
]


@pytest.mark.parametrize(("key", "item", "words"), BAD)
def test_a_bad_item_is_refused_by_name(key: str, item: Item, words: str) -> None:
    good = clue_of(key, SOLUTION, 9, places(key, 9)[0])
    with pytest.raises(VariantError, match="2: ") as caught:
        variant_from_json({key: [good, item]}, 9)
    assert words in str(caught.value)


# --- the conflict check names a broken clue ----------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_validate_names_a_broken_clue(key: str) -> None:
    grids = all_grids()
    place = places(key, 4)[1]
    item = clue_of(key, grids[0], 4, place)
    variant = variant_from_json({key: [item]}, 4)
    kind = variant.constraints[0].kind
    test = HOLDS[key]
    broken = next(g for g in grids if not test(g, 4, item))
    report = validate(Grid(Shape(2, 2, variant), broken))
    assert [c.unit for c in report.conflicts] == [kind]
    assert validate(Grid(Shape(2, 2, variant), grids[0])).conflicts == ()
    # Part of the line filled is no conflict while the rest can still make the clue.
    part = tuple(v if i in variant.constraints[0].scope()[:1] else 0
                 for i, v in enumerate(grids[0]))
    assert validate(Grid(Shape(2, 2, variant), part)).conflicts == ()


# --- 9x9: clue sets read off a known solution --------------------------------------------

CASES = [  # (key, how many clues, the givens: every k-th cell of the solution)
    ("sandwiches", 8, 13),
    ("sandwiches", 18, 0),
    ("x_sums", 10, 11),
    ("skyscrapers", 12, 9),
    ("little_killers", 10, 6),
]


@pytest.mark.parametrize(("key", "count", "every"), CASES)
def test_9x9_clues_of_a_solution_solve_to_a_grid_that_passes(key: str, count: int,
                                                             every: int) -> None:
    spots = places(key, 9)
    step = max(1, len(spots) // count)
    items = [clue_of(key, SOLUTION, 9, place) for place in spots[::step][:count]]
    variant = variant_from_json({key: items}, 9)
    givens = [(c, SOLUTION[c]) for c in range(0, 81, every)] if every else []
    grid = Grid.empty(Shape(3, 3, variant)).with_values(givens)
    start = time.process_time()
    result = solve(grid, limit=2, time_limit=60)
    spent = time.process_time() - start
    assert result.count >= 1 and result.solution is not None
    found = result.solution.cells
    assert all(found[c] == v for c, v in givens)
    assert holds_all(key, items, 9)(found)
    for k in range(9):  # a sudoku still: rows, columns and boxes
        assert len({found[k * 9 + c] for c in range(9)}) == 9
        assert len({found[r * 9 + k] for r in range(9)}) == 9
        assert len({found[(k // 3 * 3 + r) * 9 + k % 3 * 3 + c]
                    for r in range(3) for c in range(3)}) == 9
    assert spent < 30  # generous: a shared machine; these take well under a second alone


# --- the clue's place outside the grid (the f-puzzles helpers) --------------------------

def test_a_little_killers_clue_and_way_read_back() -> None:
    for n in (4, 9):
        for cells in diagonals(n):
            rule = LittleKiller(n, tuple(cells), len(cells))
            row, col = rule.clue_cell()
            assert not (0 <= row < n and 0 <= col < n)
            assert -1 <= row <= n and -1 <= col <= n
            dr, dc = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}[
                rule.direction()]
            assert (row + dr) * n + col + dc == cells[0]
            if len(cells) > 1:
                assert little_killer_from_clue(n, row, col, rule.direction(),
                                               len(cells)) == rule
    assert LittleKiller(9, (8,), 5).clue_cell() == (-1, 7)  # a lone corner: from above
    assert LittleKiller(9, (72,), 5).direction() == "UL"
    assert little_killer_from_clue(9, 9, 1, "UL", 5) == LittleKiller(9, (72,), 5)
    assert little_killer_from_clue(9, -1, 0, "DR", 40).cells == tuple(range(1, 81, 10))[:8]
    with pytest.raises(VariantError, match="misses the grid"):
        little_killer_from_clue(9, -1, 9, "DR", 5)
    with pytest.raises(VariantError, match="direction 'D'"):
        little_killer_from_clue(9, -1, 3, "D", 5)


@pytest.mark.parametrize("key", ["sandwiches", "x_sums", "skyscrapers"])
def test_a_line_clues_place_reads_back(key: str) -> None:
    items = [clue_of(key, SOLUTION, 9, place) for place in places(key, 9)]
    for rule in variant_from_json({key: items}, 9).constraints:
        axis, index, end = clue_line(9, *rule.clue_cell())  # type: ignore[attr-defined]
        data = rule.to_json()
        assert data[axis] == index and data.get("end", "start") == end
    with pytest.raises(VariantError, match="not a clue's place"):
        clue_line(9, -1, -1)
    assert Variant() == variant_from_json({}, 9)
