"""The speed work changes nothing the engine finds: walks and listings match the recorded ones.

``tests/data/logic_fixture.json`` was written by ``benchmarks/make_logic_fixture.py`` on the
commit before the finders were optimised: the technique of every step of ``steps()`` on 30
magictour puzzles, and for 68 candidate states taken along walks, a digest of every instance
each pattern finder lists. A finder that now finds more, less, or in another order fails here.
A brute-force Franken X-Wing search checks the fish finder independently of its old self.
"""

from __future__ import annotations

import json
from itertools import combinations, islice
from pathlib import Path
from typing import Any

import pytest

from benchmarks.make_logic_fixture import FINDERS, LIMIT, candidates_of, digest, grid_of
from sudoku_core.logic.explain import steps
from sudoku_core.logic.find_all import instances, listable
from sudoku_core.logic.techniques.franken import fishes, kind_of
from sudoku_core.logic.techniques.single_digit import peer_masks, unit_masks, value_cells
from sudoku_core.model.candidates import Candidates

DATA = Path(__file__).resolve().parents[1] / "data"
FIXTURE = json.loads((DATA / "logic_fixture.json").read_text())
# Listing these at full width (sizes up to 4, two fins) costs about a second a state: a sample.
SLOW = ("Franken Fish", "Mutant Fish", "Siamese Fish")
SLOW_EVERY = 8


def _states() -> list[tuple[int, dict[str, Any]]]:
    return list(enumerate(FIXTURE["states"]))


@pytest.mark.parametrize("walk", FIXTURE["walks"], ids=lambda w: w["puzzle"][:12])
def test_walk_takes_the_recorded_techniques(walk: dict[str, Any]) -> None:
    path = steps(grid_of(walk["puzzle"]), time_limit=None)
    assert path.status == "solved"
    assert [s.technique for s in path.steps] == walk["techniques"]


@pytest.mark.parametrize("entry", _states(), ids=lambda e: f"state{e[0]}")
def test_finders_list_the_recorded_instances(entry: tuple[int, dict[str, Any]]) -> None:
    index, state = entry
    c = candidates_of(state["state"])
    by_name = {t.name: t for t in listable()}
    for name in FINDERS:
        if name in SLOW and index % SLOW_EVERY:
            continue
        found = list(islice(instances(by_name[name], c), LIMIT))
        assert [len(found), digest(found)] == state["found"][name], name


def _brute_franken_x_wings(c: Candidates, digit: int) -> set[tuple[object, ...]]:
    """Every Franken X-Wing (rows and boxes against columns and boxes, or the transpose) with
    at most one exo fin and two endo fins (cells in both base units), by trying every pair of
    base units against every pair of cover units."""
    n = c.size
    um, pm = unit_masks(c.shape), peer_masks(c.shape)
    have = value_cells(c)[digit]
    rows, cols, boxes = range(n), range(n, 2 * n), range(2 * n, 3 * n)
    out: set[tuple[object, ...]] = set()
    for base_side, cover_side in (([*rows, *boxes], [*cols, *boxes]),
                                  ([*cols, *boxes], [*rows, *boxes])):
        for base in combinations(base_side, 2):
            a, b = (um[u] & have for u in base)
            endo = a & b
            if (a.bit_count() < 2 or b.bit_count() < 2 or endo.bit_count() > 2
                    or not a & ~endo or not b & ~endo):
                continue
            bmask = a | b
            for cover in combinations([u for u in cover_side if u not in base], 2):
                held = [um[u] & bmask & ~endo for u in cover]
                # Each cover holds a base cell the other does not (else it is a smaller fish).
                if not held[0] & ~held[1] or not held[1] & ~held[0]:
                    continue
                exo = bmask & ~endo & ~(held[0] | held[1])
                if exo.bit_count() > 1:
                    continue
                elims = (um[cover[0]] | um[cover[1]]) & have & ~bmask
                both = um[cover[0]] & um[cover[1]] & bmask
                elims |= both  # a base cell in both covers (cannibalism)
                for x in range(n * n):
                    if (exo | endo) >> x & 1:
                        elims &= pm[x]
                if elims:
                    out.add((digit, base, cover, exo | endo, elims))
    return out


@pytest.mark.parametrize("entry", _states()[::6], ids=lambda e: f"state{e[0]}")
def test_franken_x_wings_match_a_brute_force_search(entry: tuple[int, dict[str, Any]]) -> None:
    c = candidates_of(entry[1]["state"])
    n = c.size
    rows, cols, boxes = list(range(n)), list(range(n, 2 * n)), list(range(2 * n, 3 * n))
    for digit in range(1, n + 1):
        found = {(f.digit, f.base, f.cover, f.fins, f.elims)
                 for base, cover in ((rows + boxes, cols + boxes), (cols + boxes, rows + boxes))
                 for f in fishes(c, digit, base, cover, 2, max_fins=1)}
        # The brute force also lists basic X-Wings (rows against columns); so does fishes().
        assert found == _brute_franken_x_wings(c, digit), digit
        assert all(kind_of(n, f) in ("", "Franken") for f in
                   fishes(c, digit, rows + boxes, cols + boxes, 2, max_fins=1))
