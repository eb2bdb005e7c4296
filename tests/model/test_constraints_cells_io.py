"""Placed rules on cells and pairs: their JSON read back, bad items refused by name, broken
rules reported by validate, and hand-made 9x9 puzzles solved to grids that keep the rules."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from helpers import four

from sudoku_core.model.constraints import by_json_key, by_name
from sudoku_core.model.constraints.nonconsecutive import apart, neighbours
from sudoku_core.model.constraints.rule import pair_table, run_to_fixed_point
from sudoku_core.model.errors import VariantError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json
from sudoku_core.solver.exact import solve
from sudoku_core.solver.validate import validate

# A classic 9x9 solution the marks below are read from.
CLASSIC = tuple(int(c) for c in "534678912672195348198342567859761423426853791713924856"
                                "961537284287419635345286179")
# A 9x9 grid with no consecutive neighbours and every disjoint group distinct.
CALM = tuple(int(c) for c in "427961358853724916619358472274196835538472691196835247"
                             "742619583385247169961583724")
EDGES9 = ([(r * 9 + c, r * 9 + c + 1) for r in range(9) for c in range(8)]
          + [(r * 9 + c, (r + 1) * 9 + c) for r in range(8) for c in range(9)])


def around9(cell: int) -> list[int]:
    return [b for a, b in EDGES9 if a == cell] + [a for a, b in EDGES9 if b == cell]


EVERY_TYPE = {
    "white_dots": [{"cells": [0, 1], "value": 1}, {"cells": [9, 18], "value": 3}],
    "black_dots": [{"cells": [2, 3], "value": 2}],
    "kropki_negative": True,
    "xv": [{"cells": [4, 5], "sum": 10}, {"cells": [5, 14], "sum": 5}],
    "xv_negative": True,
    "nonconsecutive": True,
    "odd": [{"cells": [20, 30]}], "even": [{"cells": [21]}],
    "minimums": [{"cells": [40]}], "maximums": [{"cells": [80]}],
    "quadruples": [{"cells": [60, 61, 69, 70], "digits": [1, 1, 2]}],
    "clones": [{"cells": [72, 73], "copy": [76, 77]}],
    "diagonal_plus": True, "diagonal_minus": True,
    "extra_regions": [{"cells": [10, 11, 12]}, {"cells": list(range(27, 36))}],
    "disjoint_groups": True,
}


@pytest.mark.parametrize("key", sorted(EVERY_TYPE))
def test_each_type_reads_back_from_its_json(key: str) -> None:
    variant = variant_from_json({key: EVERY_TYPE[key]}, 9)
    data = variant.to_json()
    assert list(data) == [key]
    assert variant_from_json(data, 9) == variant
    row = by_json_key(key)
    assert row is not None and by_name(row.name) is row and row.present(variant)


def test_every_type_together_reads_back() -> None:
    variant = variant_from_json(EVERY_TYPE, 9)
    assert variant_from_json(variant.to_json(), 9) == variant
    assert variant.to_json()["white_dots"] == EVERY_TYPE["white_dots"]


def test_defaults_and_order() -> None:
    variant = variant_from_json({"white_dots": [{"cells": [0, 1]}],
                                 "black_dots": [{"cells": [2, 3]}],
                                 "quadruples": [{"cells": [0, 1, 9, 10], "digits": [3, 1]}]}, 9)
    data = variant.to_json()
    assert data["white_dots"] == [{"cells": [0, 1], "value": 1}]
    assert data["black_dots"] == [{"cells": [2, 3], "value": 2}]
    assert data["quadruples"] == [{"cells": [0, 1, 9, 10], "digits": [1, 3]}]


@pytest.mark.parametrize(("obj", "size", "message"), [
    ({"white_dots": [{"cells": [0, 1]}, {"cells": [0, 2]}]}, 9,
     "white dot 2: cells 0 and 2 do not share an edge"),
    ({"white_dots": [{"cells": [0, 1], "value": 9}]}, 9, "white dot 1: 'value' must lie in 1 .. 8"),
    ({"white_dots": [{"cells": [0, 0]}]}, 9, "white dot 1: a cell is listed twice"),
    ({"white_dots": [{"cells": [0, 1], "colour": "white"}]}, 9,
     "white dot 1: field 'colour' is not supported"),
    ({"black_dots": [{"cells": [0, 1, 2]}]}, 9, "black dot 1: needs exactly 2 cells, not 3"),
    ({"black_dots": [{"cells": [0, 1], "value": 1}]}, 9, "black dot 1: 'value' must lie in 2 .. 9"),
    ({"black_dots": [{"cells": [0, 81]}]}, 9, "black dot 1: cell 81 is off the 9x9 grid"),
    ({"kropki_negative": "yes"}, 9, "variant 'kropki_negative' must be true or false"),
    ({"xv": [{"cells": [0, 1], "sum": 7}]}, 9, "XV pair 1: 'sum' must be 5 \\(V\\) or 10 \\(X\\)"),
    ({"xv": [{"cells": [0, 1]}]}, 9, "XV pair 1: 'sum' must be a whole number, not None"),
    ({"xv": [{"cells": [0, 1], "sum": 10}]}, 4, "XV pair 1: no two digits 1 .. 4 add up to 10"),
    ({"xv": [{"cells": [0, 10], "sum": 5}]}, 9, "XV pair 1: cells 0 and 10 do not share"),
    ({"xv_negative": 1}, 9, "variant 'xv_negative' must be true or false"),
    ({"nonconsecutive": [0]}, 9, "variant 'nonconsecutive' must be true or false"),
    ({"odd": [{"cells": []}]}, 9, "odd cell 1: needs at least 1 cell"),
    ({"even": [{"cells": [3], "digit": 2}]}, 9, "even cell 1: field 'digit' is not supported"),
    ({"minimums": [{"cells": [0, 1]}]}, 9, "minimum 1: needs exactly 1 cell, not 2"),
    ({"maximums": [{"cell": 0}]}, 9, "maximum 1: field 'cell' is not supported"),
    ({"quadruples": [{"cells": [0, 1, 2, 3, 4], "digits": [1]}]}, 9,
     "quadruple 1: needs 2 to 4 cells, not 5"),
    ({"quadruples": [{"cells": [0, 1], "digits": [0]}]}, 9, "quadruple 1: 'digits' must be"),
    ({"quadruples": [{"cells": [0, 1], "digits": [1, 2, 3]}]}, 9,
     "quadruple 1: 3 digits do not fit in 2 cells"),
    ({"clones": [{"cells": [0, 1], "copy": [5]}]}, 9,
     "clone 1: 'cells' has 2 cells but 'copy' has 1"),
    ({"clones": [{"cells": [0, 1], "copy": [1, 0]}, {"cells": [3], "copy": [3]}]}, 9,
     "clone 2: cell 3 is its own copy"),
    ({"clones": [{"cells": [0]}]}, 9, "clone 1: 'copy' must be a list of cell indices"),
    ({"diagonal_plus": "on"}, 9, "variant 'diagonal_plus' must be true or false"),
    ({"extra_regions": [{"cells": list(range(10))}]}, 9,
     "extra region 1: 10 cells cannot all differ on a 9x9 grid"),
    ({"disjoint_groups": None}, 9, "variant 'disjoint_groups' must be true or false"),
])
def test_a_bad_item_is_refused_by_name(obj: dict[str, object], size: int, message: str) -> None:
    with pytest.raises(VariantError, match=message):
        variant_from_json(obj, size)


@pytest.mark.parametrize(("obj", "givens", "unit", "cells", "unit_cells"), [
    ({"white_dots": [{"cells": [0, 1]}]}, {0: 1, 1: 3}, "white dot", (0, 1), (0, 1)),
    ({"black_dots": [{"cells": [1, 0]}]}, {0: 1, 1: 3}, "black dot", (1, 0), (1, 0)),
    ({"kropki_negative": True}, {5: 1, 6: 2}, "kropki negative", (5, 6), (5, 6)),
    ({"xv": [{"cells": [0, 4], "sum": 5}]}, {0: 1, 4: 2}, "XV pair", (0, 4), (0, 4)),
    ({"xv_negative": True}, {0: 1, 4: 4}, "XV negative", (0, 4), (0, 4)),
    ({"nonconsecutive": True}, {14: 3, 15: 4}, "nonconsecutive", (14, 15), (14, 15)),
    ({"odd": [{"cells": [3, 7]}]}, {7: 2}, "odd cell", (7,), (3, 7)),
    ({"even": [{"cells": [3]}]}, {3: 1}, "even cell", (3,), (3,)),
    # The minimum's own cell is empty: its neighbour's 1 already leaves it nothing.
    ({"minimums": [{"cells": [0]}]}, {1: 1}, "minimum", (1,), (0, 1, 4)),
    ({"maximums": [{"cells": [5]}]}, {5: 1}, "maximum", (5,), (5, 1, 4, 6, 9)),
    ({"quadruples": [{"cells": [1, 2, 5, 6], "digits": [4]}]}, {1: 1, 2: 2, 5: 3, 6: 1},
     "quadruple", (1, 2, 5, 6), (1, 2, 5, 6)),
    ({"clones": [{"cells": [0], "copy": [15]}]}, {0: 1, 15: 2}, "clone", (0, 15), (0, 15)),
    ({"extra_regions": [{"cells": [0, 5, 10]}]}, {0: 1, 10: 1}, "extra region", (0, 10),
     (0, 10)),
])
def test_validate_names_a_broken_rule(obj: dict[str, object], givens: dict[int, int],
                                      unit: str, cells: tuple[int, ...],
                                      unit_cells: tuple[int, ...]) -> None:
    report = validate(four(obj, givens))
    assert report.status == "invalid"
    assert [(c.unit, c.cells, c.unit_cells, c.reason) for c in report.conflicts] == [
        (unit, cells, unit_cells, "rule broken")]
    assert "the digits break the" in report.conflicts[0].describe(4)


def test_a_dot_exempts_its_pair_from_the_negative_rules() -> None:
    assert validate(four({"kropki_negative": True, "white_dots": [{"cells": [6, 5]}]},
                         {5: 1, 6: 2})).status != "invalid"
    assert validate(four({"xv_negative": True, "xv": [{"cells": [0, 4], "sum": 5}]},
                         {0: 1, 4: 4})).status != "invalid"


@pytest.mark.parametrize(("obj", "givens", "unit", "cells"), [
    ({"diagonal_plus": True}, {12: 1, 3: 1}, "anti-diagonal", (12, 3)),
    ({"diagonal_minus": True}, {0: 1, 15: 1}, "main diagonal", (0, 15)),
    ({"extra_regions": [{"cells": [0, 5, 10, 15]}]}, {0: 1, 15: 1}, "extra region", (0, 15)),
    ({"disjoint_groups": True}, {0: 1, 10: 1}, "disjoint group", (0, 10)),
])
def test_validate_names_a_repeat_in_a_unit_rule(obj: dict[str, object], givens: dict[int, int],
                                                unit: str, cells: tuple[int, ...]) -> None:
    report = validate(four(obj, givens))
    assert report.status == "invalid"
    assert [(c.unit, c.value, sorted(c.cells), c.reason) for c in report.conflicts] == [
        (unit, 1, sorted(cells), "repeated digit")]


def solves_to(obj: dict[str, object], source: Sequence[int], given: int, seed: int) -> Grid:
    """Solve the 9x9 variant ``obj`` with ``given`` cells of ``source`` filled in; the first
    solution found (which the rules were read from, when unique)."""
    picked = random.Random(seed).sample(range(81), given)
    grid = Grid.empty(Shape(3, 3, variant_from_json(obj, 9))).with_values(
        (i, source[i]) for i in picked)
    result = solve(grid, limit=2, time_limit=20)
    assert result.status == "solved" and result.solution is not None
    assert validate(result.solution).status == "solved"
    return result.solution


def test_nine_kropki_with_every_dot() -> None:
    white = [(a, b) for a, b in EDGES9 if abs(CLASSIC[a] - CLASSIC[b]) == 1]
    black = [(a, b) for a, b in EDGES9 if (a, b) not in white
             and (CLASSIC[a] == 2 * CLASSIC[b] or CLASSIC[b] == 2 * CLASSIC[a])]
    obj = {"white_dots": [{"cells": list(p)} for p in white],
           "black_dots": [{"cells": list(p)} for p in black], "kropki_negative": True}
    g = solves_to(obj, CLASSIC, 3, 1).cells
    for a, b in EDGES9:
        consecutive, double = abs(g[a] - g[b]) == 1, g[a] == 2 * g[b] or g[b] == 2 * g[a]
        assert consecutive if (a, b) in white else double if (a, b) in black else not (
            consecutive or double)


def test_nine_xv_with_every_mark() -> None:
    marks = {(a, b): CLASSIC[a] + CLASSIC[b] for a, b in EDGES9
             if CLASSIC[a] + CLASSIC[b] in (5, 10)}
    obj = {"xv": [{"cells": list(p), "sum": s} for p, s in marks.items()], "xv_negative": True}
    g = solves_to(obj, CLASSIC, 4, 2).cells
    assert all(g[a] + g[b] == marks[a, b] if (a, b) in marks else g[a] + g[b] not in (5, 10)
               for a, b in EDGES9)


def test_nine_parity_extremes_quadruples() -> None:
    low = [c for c in range(81) if all(CLASSIC[c] < CLASSIC[n] for n in around9(c))]
    high = [c for c in range(81) if all(CLASSIC[c] > CLASSIC[n] for n in around9(c))]
    corners = [(r * 9 + c, r * 9 + c + 1, r * 9 + c + 9, r * 9 + c + 10)
               for r in range(0, 8, 3) for c in range(1, 8, 3)]
    quads = [(q, sorted(CLASSIC[c] for c in q)[:2]) for q in corners]
    obj = {"odd": [{"cells": [c for c in range(0, 81, 2) if CLASSIC[c] % 2]}],
           "even": [{"cells": [c for c in range(1, 81, 2) if CLASSIC[c] % 2 == 0]}],
           "minimums": [{"cells": [c]} for c in low], "maximums": [{"cells": [c]} for c in high],
           "quadruples": [{"cells": list(q), "digits": d} for q, d in quads]}
    g = solves_to(obj, CLASSIC, 8, 3).cells
    assert low and high
    assert all(g[c] % 2 == CLASSIC[c] % 2 for c in range(81)
               if CLASSIC[c] % 2 or c % 2)
    assert all(g[c] < g[n] for c in low for n in around9(c))
    assert all(g[c] > g[n] for c in high for n in around9(c))
    assert all(Counter(g[c] for c in q) >= Counter(d) for q, d in quads)


def test_nine_clones() -> None:
    # Pairs of cells that hold the same two digits side by side in the classic grid.
    seen: dict[tuple[int, int], int] = {}
    clones = []
    for a in range(81):
        if a % 9 < 8:
            key = (CLASSIC[a], CLASSIC[a + 1])
            if key in seen and seen[key] + 1 < a:
                clones.append(([seen[key], seen[key] + 1], [a, a + 1]))
            seen.setdefault(key, a)
    assert clones
    obj = {"clones": [{"cells": c, "copy": k} for c, k in clones]}
    g = solves_to(obj, CLASSIC, 22, 4).cells
    assert all(g[x] == g[y] for c, k in clones for x, y in zip(c, k, strict=True))


def test_nine_flags_together() -> None:
    # CALM: no consecutive neighbours, distinct disjoint groups; extra regions read off it.
    whole = [CALM.index(d) for d in range(1, 10)]  # a region of 9 cells: a unit
    part: list[int] = []  # down the long diagonal: four cells of distinct digits
    for c in range(0, 81, 10):
        if len(part) < 4 and CALM[c] not in {CALM[x] for x in part}:
            part.append(c)
    regions = [whole, part]
    obj = {"nonconsecutive": True, "disjoint_groups": True,
           "extra_regions": [{"cells": r} for r in regions]}
    g = solves_to(obj, CALM, 12, 5).cells
    assert all(abs(g[a] - g[b]) != 1 for a, b in EDGES9)
    assert all(len({g[r * 9 + c] for r in range(dr, 9, 3) for c in range(dc, 9, 3)}) == 9
               for dr in range(3) for dc in range(3))
    assert all(len({g[c] for c in r}) == len(r) for r in regions)


@pytest.mark.parametrize(("key", "cells"), [
    ("diagonal_plus", [(8 - i) * 9 + i for i in range(9)]),
    ("diagonal_minus", [i * 10 for i in range(9)]),
])
def test_nine_one_diagonal(key: str, cells: list[int]) -> None:
    variant = variant_from_json({key: True}, 9)
    result = solve(Grid.empty(Shape(3, 3, variant)), limit=1, time_limit=20)
    assert result.solution is not None
    assert len({result.solution.cells[c] for c in cells}) == 9
    assert validate(result.solution).status == "solved"


@pytest.mark.parametrize("seed", range(5))
def test_neighbours_prunes_as_the_pair_tables_do(seed: int) -> None:
    # The one-table propagator of non-consecutive and the negative rules, against a pair
    # table per pair, both run to a fixed point from the same random candidates.
    rng = random.Random(seed)
    for _ in range(40):
        masks = [rng.choice([rng.randrange(1, 512), 1 << rng.randrange(9), 511]) for _ in range(81)]
        fast, slow = list(masks), list(masks)
        ok = run_to_fixed_point(neighbours(EDGES9, 9, apart), fast)
        assert ok == run_to_fixed_point([pair_table(a, b, 9, apart) for a, b in EDGES9], slow)
        assert not ok or fast == slow
