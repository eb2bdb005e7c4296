"""Every placed rule checked by an independent SAT encoding, on 6x6 and 9x9 grids.

The CNF (``sat_rules``) is written from docs/constraints.md alone; the random rules
(``sat_instances``) are read off a solution grid, so at least that grid keeps them, then
some of them are mutated (a clue's number changed, a rule moved to where another grid put
it, givens taken from another grid) so that puzzles with no solution come up too. The SAT
solver counts up to 2 solutions (each found one is blocked); the project's exact search must
give the same count, and the same grid when there is one. Nothing of the package is used but
the reader of the JSON ``variant`` object, the grid and the solver under test (which also
fills the random solution grids).
"""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter
from collections.abc import Sequence

import pytest

pytest.importorskip("pysat.solvers", reason="python-sat is not installed (the SAT cross-check)")

from sat_instances import FIRST_MAKERS, MAKERS, SOLUTION_FLAGS, Box, Fragment, merge, mutate  # noqa: E402
from sat_rules import FIRST, FLAGS, ITEMS, Cnf, TooHard  # noqa: E402

from sudoku_core.model.errors import VariantError  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.model.variants import variant_from_json  # noqa: E402
from sudoku_core.solver.exact import solve  # noqa: E402

TYPES = sorted(MAKERS)
ALL_MAKERS = {**MAKERS, **FIRST_MAKERS}  # mixes may take the first rules too (not Jigsaw)
TIME_LIMIT = 30  # seconds per solve; a search that gives up fails the test (it should not)


def describe(box: Box, variant: Fragment, cells: Sequence[int]) -> str:
    """The puzzle as JSON, to paste into `sudoku solve` when a check fails."""
    n = box[0] * box[1]
    text = "".join(str(v) if v else "." for v in cells) if n < 10 else list(cells)
    return json.dumps({"box": list(box), "puzzle": text, "variant": variant})


def agree(box: Box, variant: Fragment, cells: Sequence[int]) -> int | None:
    """Assert the exact search and the SAT encoding count (up to 2) and solve alike; the
    count, or None when the reader refuses the rules (a mutated number out of range)."""
    try:
        grid = Grid(Shape(*box, variant_from_json(variant, box[0] * box[1])), tuple(cells))
    except VariantError:  # (or cages that overlap, refused with the shape)
        return None
    ours = solve(grid, limit=2, time_limit=TIME_LIMIT)
    sat = Cnf(box, variant, cells).solutions(2)
    where = describe(box, variant, cells)
    assert ours.status != "gave_up", f"{ours.message()}: {where}"
    assert ours.count == len(sat), f"ours {ours.count}, SAT {len(sat)}: {where}"
    if len(sat) == 1:
        assert ours.solution is not None and ours.solution.cells == sat[0], where
    elif sat:  # several: ours need not be one the SAT solver found, but it keeps every rule
        assert ours.solution is not None, where
        found = ours.solution.cells
        assert Cnf(box, variant, found).solutions(2) == [found], f"{found}: {where}"
    else:
        assert ours.solution is None, where
    return len(sat)


def fill(box: Box, flags: Fragment, rng: random.Random) -> tuple[int, ...] | None:
    """A random solution grid keeping the on/off rules ``flags``, or None when there is none
    (the exact search must agree). The SAT solver fills it: the exact search is slow on an
    empty 9x9 nonconsecutive grid (seconds), which is not what these tests measure."""
    try:
        sol = Cnf(box, flags, ()).random_solution(rng)
    except TooHard:  # whether any grid keeps these rules stays open: nothing to check
        return None
    if sol is None:
        assert agree(box, flags, (0,) * (box[0] * box[1]) ** 2) == 0
    return sol


def made(box: Box, keys: Sequence[str], rng: random.Random
         ) -> tuple[Fragment, tuple[int, ...]] | None:
    """Random rules of the types ``keys`` read off a random grid, and the grid."""
    sol = fill(box, {k: True for k in keys if k in SOLUTION_FLAGS}, rng)
    if sol is None:
        return None
    fragments = []
    for key in keys:
        for _ in range(rng.randint(1, 4 if box == (3, 3) else 3)):
            fragment = ALL_MAKERS[key](sol, box, rng)
            if fragment is not None:
                fragments.append(fragment)
    variant = merge(*fragments)
    if "cages" in variant:  # cages may not overlap: keep the first of any that do
        used: set[int] = set()
        variant["cages"] = [c for c in variant["cages"]
                            if not used & set(c["cells"]) and not used.update(c["cells"])]
    # The second reading of the rules (the makers' plain tests) against the CNF: the grid
    # they were read off is the one grid that keeps them and all its digits.
    assert Cnf(box, variant, sol).solutions(2) == [sol], describe(box, variant, sol)
    return variant, sol


def some(sol: Sequence[int], share: float, rng: random.Random) -> tuple[int, ...]:
    return tuple(v if rng.random() < share else 0 for v in sol)


def check(box: Box, keys: Sequence[str], seed: int, seen: Counter[int | None]) -> None:
    """A puzzle with few givens, one with many, and three mutated ones (with many givens).
    The exact search takes seconds on a 9x9 nonconsecutive puzzle of 8 givens, so 9x9
    puzzles have a quarter of their cells given at least."""
    rng = random.Random(zlib.crc32(repr((box, tuple(keys), seed)).encode()))
    found = made(box, keys, rng)
    if found is None:
        return
    variant, sol = found
    for share in (0.1 if box == (2, 3) else 0.25, 0.4):
        seen[agree(box, variant, some(sol, share, rng))] += 1
    other = fill(box, {}, rng)
    assert other is not None  # a classic grid
    for _ in range(2):
        changed = mutate(variant, other, box, rng)
        if changed is not None:
            seen[agree(box, changed, some(sol, 0.45, rng))] += 1
    seen[agree(box, variant, some(other, 0.3, rng))] += 1  # givens of another grid


@pytest.mark.parametrize("key", TYPES)
def test_each_rule_agrees_with_sat(key: str) -> None:
    seen: Counter[int | None] = Counter()
    for box, rounds in (((2, 3), 3), ((3, 3), 2)):
        for seed in range(rounds):
            check(box, (key,), seed, seen)
    assert sum(n for count, n in seen.items() if count is not None) >= 10, seen


MIXES = 24


@pytest.mark.parametrize("seed", range(MIXES))
def test_mixes_of_rules_agree_with_sat(seed: int) -> None:
    rng = random.Random(seed)
    keys = rng.sample(sorted(ALL_MAKERS), rng.choice((2, 3)))
    check((2, 3) if seed % 3 else (3, 3), keys, seed, Counter())


def test_every_count_comes_up() -> None:
    """The checks above are not all 'several solutions': over a few types, puzzles with no
    solution, one and several all come up."""
    seen: Counter[int | None] = Counter()
    for key in ("thermometers", "sandwiches", "white_dots", "renban", "x_sums"):
        check((2, 3), (key,), 99, seen)
    assert seen[0] and seen[1] and seen[2], seen


def test_the_encoding_itself_counts() -> None:
    """The SAT side can fail: rules no grid keeps give nothing, loose ones several."""
    box = (2, 3)
    assert len(Cnf(box, {}, ()).solutions(2)) == 2
    assert Cnf(box, {"thermometers": [{"cells": [0, 1, 2, 3, 4, 5, 11]}]}, ()).solutions(2) == []
    # X = 1 sums to 1, X = 2 to 2 and more: no row starts with an X-sum of 2.
    assert Cnf(box, {"x_sums": [{"row": 0, "end": "start", "sum": 2}]}, ()).solutions(2) == []
    assert Cnf(box, {"sandwiches": [{"row": 0, "sum": 0}], "x_sums": [
        {"row": 0, "end": "start", "sum": 1}]}, ()).solutions(1)[0][:2] == (1, 6)
    assert len(Cnf(box, {"skyscrapers": [{"row": 0, "end": "start", "count": 6}]},
                   ()).solutions(2)) == 2  # 123456 on top: the rest is still open
    grid = Cnf(box, {"skyscrapers": [{"column": 2, "end": "end", "count": 6}]}, ()).solutions(1)
    assert [grid[0][r * 6 + 2] for r in range(6)] == [6, 5, 4, 3, 2, 1]


def test_every_placed_type_is_encoded() -> None:
    """A new row in the constraint table needs its CNF and its maker here."""
    from sudoku_core.model.constraints import PLACED

    assert sorted(row.json_key for row in PLACED) == TYPES
    assert sorted(ITEMS | FLAGS) == sorted(TYPES + list(FIRST)) == sorted(ALL_MAKERS)


# Corners of the rules' words on an empty 6x6 grid (r1c1 is 0, r2c1 is 6), with the count
# both must find (2: several).
EDGES: list[tuple[Fragment, int]] = [
    ({"arrows": [{"circle": [0, 1], "cells": [6, 7, 8]}]}, 2),  # a two-cell circle: 12+
    ({"arrows": [{"circle": [0, 1], "cells": [6, 7]}]}, 0),  # two digits make 11 at most
    ({"sandwiches": [{"row": 0, "sum": 0}, {"column": 5, "sum": 14}]}, 2),  # crusts touch
    ({"x_sums": [{"row": 2, "end": "end", "sum": 21}]}, 2),  # X = 6: the whole row
    ({"skyscrapers": [{"column": 1, "end": "start", "count": 1},
                      {"column": 1, "end": "end", "count": 6}]}, 2),  # 6 5 4 3 2 1 down
    ({"skyscrapers": [{"row": 0, "end": "start", "count": 6},
                      {"row": 0, "end": "end", "count": 2}]}, 0),  # 123456: 1 from the end
    ({"renban": [{"cells": [0, 7, 14, 21, 28, 35]}]}, 2),  # the whole diagonal, any order
    ({"zipper_lines": [{"cells": [0, 1, 2, 3]}], "odd": [{"cells": [1]}]}, 2),  # even length
    ({"region_sum_lines": [{"cells": [0, 3, 1, 4]}]}, 0),  # boxes entered twice: r1c1 = r1c2
    ({"between_lines": [{"cells": [0, 6, 1]}], "white_dots": [{"cells": [0, 1]}]}, 0),
    ({"entropic_lines": [{"cells": [0, 1, 2, 3, 4, 5]}], "even": [{"cells": [0]}]}, 2),
    ({"quadruples": [{"cells": [2, 3, 8, 9], "digits": [5, 5]}]}, 2),  # 5 twice: a diagonal
    ({"quadruples": [{"cells": [0, 1], "digits": [5, 5]}]}, 0),  # 5 twice in a row
    ({"clones": [{"cells": [0, 9], "copy": [9, 20]}]}, 2),  # a chain: three cells alike
    ({"clones": [{"cells": [0, 8], "copy": [8, 16]}]}, 0),  # r1c1 and r2c3 share a box
    ({"kropki_negative": True, "black_dots": [{"cells": [0, 1], "value": 3}]}, 0),
    ({"xv_negative": True, "xv": [{"cells": [0, 6], "sum": 5}], "nonconsecutive": True}, 0),
    ({"little_killers": [{"cells": [5, 10, 15, 20, 25, 30], "sum": 6}]}, 0),  # six 1s
    ({"extra_regions": [{"cells": [0, 7, 14, 21, 28, 35]}], "diagonal_plus": True,
      "disjoint_groups": True}, 0),
    ({"whispers": [{"cells": [0, 1, 2], "difference": 5}]}, 0),  # 1 6 1 or 6 1 6
    ({"minimums": [{"cells": [7]}], "maximums": [{"cells": [8]}],
      "double_arrows": [{"cells": [6, 7, 8, 9]}]}, 2),
]


@pytest.mark.parametrize(("variant", "count"), EDGES,
                         ids=[",".join(v) for v, _ in EDGES])
def test_corner_cases_agree_with_sat(variant: Fragment, count: int) -> None:
    assert agree((2, 3), variant, (0,) * 36) == count
