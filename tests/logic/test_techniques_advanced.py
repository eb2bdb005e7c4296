"""One hand-built candidate state per advanced technique, with the exact eliminations expected.

Each state starts from an empty grid (every candidate everywhere, so no accidental pattern) and
removes candidates until only the pattern under test is left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from helpers import NINE, cell, every_candidate, only_in, set_cands

from sudoku_core.logic.techniques.base import Step
from sudoku_core.logic.techniques.chains import iter_aic, iter_x_chain, iter_xy_chain
from sudoku_core.logic.techniques.colouring import iter_simple_colouring
from sudoku_core.logic.techniques.forcing import iter_forcing_chain
from sudoku_core.logic.techniques.single_digit import (
    iter_empty_rectangle,
    iter_skyscraper,
    iter_two_string_kite,
)
from sudoku_core.logic.techniques.uniqueness import iter_bug_plus_one, iter_unique_rectangle
from sudoku_core.logic.techniques.wings import iter_w_wing, iter_xy_wing, iter_xyz_wing
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape


def row(i: int) -> int:
    return i - 1


def col(i: int) -> int:
    return 9 + i - 1


def box(i: int) -> int:
    return 18 + i - 1


def run(iterate: Callable[[Candidates], Iterator[Step]], c: Candidates) -> Step:
    """Take the first instance, check the search left the state alone, and return it."""
    before = c.copy()
    step = next(iterate(c), None)
    assert c == before, "a finder changed the candidate state"
    assert step is not None
    return step


def elims(*pairs: tuple[str, int]) -> set[tuple[int, int]]:
    return {(cell(name), v) for name, v in pairs}


def test_skyscraper_rows() -> None:
    c = every_candidate()
    only_in(c, 1, row(1), ["r1c1", "r1c5"])
    only_in(c, 1, row(5), ["r5c1", "r5c6"])
    step = run(iter_skyscraper, c)
    assert step.technique == "Skyscraper"
    assert set(step.eliminations) == elims(("r2c6", 1), ("r3c6", 1), ("r4c5", 1), ("r6c5", 1))
    assert step.text.startswith("Skyscraper on 1 in rows 1 and 5")
    assert (cell("r1c5"), "roof") in step.cells and (cell("r5c1"), "base") in step.cells


def test_skyscraper_columns_and_none_for_x_wing() -> None:
    c = every_candidate()
    only_in(c, 4, col(2), ["r1c2", "r7c2"])
    only_in(c, 4, col(8), ["r7c8", "r2c8"])
    step = run(iter_skyscraper, c)
    assert set(step.eliminations) == elims(("r1c7", 4), ("r1c9", 4), ("r2c1", 4), ("r2c3", 4))
    assert "columns 2 and 8" in step.text
    x_wing = every_candidate()
    only_in(x_wing, 4, col(2), ["r1c2", "r7c2"])
    only_in(x_wing, 4, col(8), ["r1c8", "r7c8"])
    assert next(iter_skyscraper(x_wing), None) is None


def test_two_string_kite() -> None:
    c = every_candidate()
    only_in(c, 1, row(1), ["r1c2", "r1c8"])
    only_in(c, 1, col(3), ["r2c3", "r7c3"])
    step = run(iter_two_string_kite, c)
    assert step.technique == "2-String Kite"
    assert set(step.eliminations) == elims(("r7c8", 1))
    assert "row 1 and column 3" in step.text and "box 1" in step.text


def test_empty_rectangle() -> None:
    c = every_candidate()
    for name in ("r1c1", "r1c3", "r3c1", "r3c3"):
        c.eliminate(cell(name), 1)  # box 1 keeps 1 only on row 2 and column 2
    only_in(c, 1, col(6), ["r2c6", "r7c6"])
    step = run(iter_empty_rectangle, c)
    assert step.technique == "Empty Rectangle"
    assert set(step.eliminations) == elims(("r7c2", 1))
    assert "box 1" in step.text


def test_xy_wing() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", (1, 2))
    set_cands(c, "r1c5", (1, 3))
    set_cands(c, "r5c1", (2, 3))
    step = run(iter_xy_wing, c)
    assert set(step.eliminations) == elims(("r5c5", 3))
    assert step.text == ("XY-Wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: "
                         "remove 3 from r5c5")
    assert (cell("r1c1"), "pivot") in step.cells


def test_xyz_wing() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", (1, 2, 3))
    set_cands(c, "r1c5", (1, 3))
    set_cands(c, "r2c2", (2, 3))
    assert next(iter_xy_wing(c), None) is None
    step = run(iter_xyz_wing, c)
    assert step.technique == "XYZ-Wing"
    assert set(step.eliminations) == elims(("r1c2", 3), ("r1c3", 3))


def test_w_wing() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", (1, 2))
    set_cands(c, "r5c6", (1, 2))
    only_in(c, 1, row(9), ["r9c1", "r9c6"])
    step = run(iter_w_wing, c)
    assert step.technique == "W-Wing"
    assert set(step.eliminations) == elims(("r1c6", 2), ("r5c1", 2))
    without_link = every_candidate()
    set_cands(without_link, "r1c1", (1, 2))
    set_cands(without_link, "r5c6", (1, 2))
    assert next(iter_w_wing(without_link), None) is None


def test_simple_colouring_trap() -> None:
    c = every_candidate()
    only_in(c, 1, row(1), ["r1c2", "r1c7"])
    only_in(c, 1, box(3), ["r1c7", "r3c9"])
    only_in(c, 1, col(9), ["r3c9", "r5c9"])
    step = run(iter_simple_colouring, c)
    assert step.technique == "Simple Colouring"
    assert set(step.eliminations) == elims(("r5c2", 1))
    assert "colour trap" in step.text


def test_simple_colouring_wrap() -> None:
    c = every_candidate()
    only_in(c, 1, row(1), ["r1c1", "r1c5"])
    only_in(c, 1, col(5), ["r1c5", "r5c5"])
    only_in(c, 1, row(5), ["r5c5", "r5c2"])
    only_in(c, 1, col(2), ["r5c2", "r2c2"])
    step = run(iter_simple_colouring, c)
    assert set(step.eliminations) == elims(("r1c1", 1), ("r2c2", 1), ("r5c5", 1))
    assert "colour wrap" in step.text


def ur_floor() -> Candidates:
    c = every_candidate()
    set_cands(c, "r1c1", (1, 2))
    set_cands(c, "r1c2", (1, 2))
    return c


def test_unique_rectangle_type_1() -> None:
    c = ur_floor()
    set_cands(c, "r4c1", (1, 2))
    set_cands(c, "r4c2", (1, 2, 5))
    step = run(iter_unique_rectangle, c)
    assert step.technique == "Unique Rectangle Type 1"
    assert set(step.eliminations) == elims(("r4c2", 1), ("r4c2", 2))


def test_unique_rectangle_type_2() -> None:
    c = ur_floor()
    set_cands(c, "r4c1", (1, 2, 5))
    set_cands(c, "r4c2", (1, 2, 5))
    step = run(iter_unique_rectangle, c)
    assert step.technique == "Unique Rectangle Type 2"
    expected = {(cell(f"r4c{k}"), 5) for k in range(3, 10)}
    expected |= {(cell(f"r{r}c{k}"), 5) for r in (5, 6) for k in (1, 2, 3)}
    assert set(step.eliminations) == expected


def test_unique_rectangle_type_4() -> None:
    c = ur_floor()
    set_cands(c, "r4c1", (1, 2, 5))
    set_cands(c, "r4c2", (1, 2, 6))
    # no type applies until 1 is locked in the roof
    assert next(iter_unique_rectangle(c), None) is None
    only_in(c, 1, row(4), ["r4c1", "r4c2"])
    step = run(iter_unique_rectangle, c)
    assert step.technique == "Unique Rectangle Type 4"
    assert set(step.eliminations) == elims(("r4c1", 2), ("r4c2", 2))


def test_unique_rectangle_needs_two_boxes() -> None:
    c = every_candidate()
    for name in ("r1c1", "r1c2", "r2c1"):
        set_cands(c, name, (1, 2))
    set_cands(c, "r2c2", (1, 2, 5))  # all four in box 1: not a deadly pattern
    assert next(iter_unique_rectangle(c), None) is None


def state(values: str, cands: str) -> Candidates:
    """A 9x9 state from its values line and the candidates of each empty cell in order."""
    grid = Grid(NINE, tuple(0 if ch == "." else int(ch) for ch in values))
    c = Candidates.from_grid(grid)
    empties = [i for i, v in enumerate(grid.cells) if not v]
    tokens = cands.split()
    assert len(tokens) == len(empties)
    for i, tok in zip(empties, tokens, strict=True):
        c.masks[i] = sum(1 << (int(ch) - 1) for ch in tok)
    return c


# From top95 #4 after the simpler techniques: every empty cell bivalue but r7c4.
BUG_VALUES = ".3...9.4.9628.45.1.7..5..9.283497615.41.68.2.69.12.8.432..4.18.85.9...62.1..82.53"
BUG_CANDS = ("15 58 26 17 27 68 37 37 14 48 23 16 23 68 57 35 39 79 57 35 37 69 567 56 79 47 13 "
             "13 47 47 69 67 49")


def test_bug_plus_one() -> None:
    c = state(BUG_VALUES, BUG_CANDS)
    step = run(iter_bug_plus_one, c)
    assert step.technique == "BUG+1"
    assert step.placements == ((cell("r7c4"), 6),)
    assert not step.eliminations
    c.eliminate(cell("r1c1"), 5)  # a naked single now: no longer a BUG
    assert next(iter_bug_plus_one(c), None) is None


def test_x_chain() -> None:
    c = every_candidate()
    only_in(c, 1, row(1), ["r1c1", "r1c5"])
    only_in(c, 1, row(4), ["r4c5", "r4c8"])
    only_in(c, 1, row(7), ["r7c8", "r7c2"])
    step = run(iter_x_chain, c)
    assert step.technique == "X-Chain"
    assert set(step.eliminations) == elims(("r2c2", 1), ("r3c2", 1), ("r8c1", 1), ("r9c1", 1))
    assert len([r for r in step.candidates if r[2] in ("on", "off")]) == 6


def test_xy_chain() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", (1, 2))
    set_cands(c, "r1c5", (2, 3))
    set_cands(c, "r5c5", (3, 4))
    set_cands(c, "r5c9", (4, 1))
    step = run(iter_xy_chain, c)
    assert step.technique == "XY-Chain"
    assert set(step.eliminations) == elims(("r1c9", 1), ("r5c1", 1))
    set_cands(c, "r5c9", (4, 6))  # the ends no longer share a digit
    assert next(iter_xy_chain(c), None) is None


def test_x_chain_continuous_loop() -> None:
    # An X-Wing read as a loop r1c1=r1c5-r5c5=r5c1-r1c1: both columns lose the other 1s.
    c = every_candidate()
    only_in(c, 1, row(1), ["r1c1", "r1c5"])
    only_in(c, 1, row(5), ["r5c1", "r5c5"])
    step = run(iter_x_chain, c)
    assert set(step.eliminations) == {
        (cell(f"r{r}c{k}"), 1) for r in (2, 3, 4, 6, 7, 8, 9) for k in (1, 5)}
    assert "continuous loop" in step.text


def test_xy_chain_continuous_loop() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", (1, 2))
    set_cands(c, "r1c5", (2, 3))
    set_cands(c, "r5c5", (3, 4))
    set_cands(c, "r5c1", (4, 1))
    step = run(iter_xy_chain, c)
    expected = {(cell(f"r1c{k}"), 2) for k in (2, 3, 4, 6, 7, 8, 9)}
    expected |= {(cell(f"r5c{k}"), 4) for k in (2, 3, 4, 6, 7, 8, 9)}
    expected |= {(cell(f"r{r}c5"), 3) for r in (2, 3, 4, 6, 7, 8, 9)}
    expected |= {(cell(f"r{r}c1"), 1) for r in (2, 3, 4, 6, 7, 8, 9)}
    assert set(step.eliminations) == expected


def test_aic_mixes_conjugate_pairs_and_cells() -> None:
    c = every_candidate()
    only_in(c, 1, col(1), ["r1c1", "r5c1"])
    only_in(c, 2, row(5), ["r5c1", "r5c3"])
    only_in(c, 3, col(3), ["r5c3", "r2c3"])
    assert next(iter_x_chain(c), None) is None
    step = run(iter_aic, c)
    assert step.technique == "AIC"
    assert set(step.eliminations) == elims(("r1c1", 3), ("r2c3", 1))
    assert step.text.startswith("AIC (")


# From top95 #9 after the simpler techniques.
FORCING_VALUES = ("6.2.5.........3.42.....2...43..28....1....2........7..5..27........"
                  "...81...68..27")
FORCING_SOLUTION = ("68215437995176384237489216543752891681693725429541673856827149372934"
                    "5681143689527")
FORCING_CANDS = (
    "4789 14789 479 1389 179 39 1789 5789 15789 1789 169 1689 13789 4789 13489 14789 1469 1689 "
    "15679 569 5679 1579 169 1569 569 789 56789 34579 349 45679 3569 48 289 25689 5689 13459 1349 "
    "4569 13569 48 4689 134689 149 3469 69 369 279 24679 4679 3459 349 459 4569 139 49 1349 1459 "
    "3459"
)


def test_forcing_chain_is_sound_on_a_hard_state() -> None:
    c = state(FORCING_VALUES, FORCING_CANDS)
    step = run(iter_forcing_chain, c)
    assert step.technique == "Forcing Chain"
    assert step.placements or step.eliminations
    for x, v in step.placements:
        assert int(FORCING_SOLUTION[x]) == v
    for x, v in step.eliminations:
        assert int(FORCING_SOLUTION[x]) != v
        assert c.has(x, v)


# From top95 #10: both candidates of r4c8 (6 and 8) lead by singles to the same removals.
CELL_VALUES = ("..247..58..............1.4.....2...952819.4....9...1252......3.3....75.2685"
               "..2...")
CELL_CANDS = (
    "19 136 369 369 4789 34567 3467 235689 3568 35689 23679 1679 1367 789 3567 367 235689 3568 "
    "23679 367 147 13467 13467 3567 3456 368 68 36 67 367 47 3467 3678 3468 3468 1479 147 5689 "
    "14568 45689 689 146 149 14 689 1468 1689 39 134 79 179 147"
)


def test_forcing_chain_cell_branches_agree() -> None:
    c = state(CELL_VALUES, CELL_CANDS)
    step = run(iter_forcing_chain, c)
    assert set(step.eliminations) == elims(("r7c7", 6), ("r7c5", 8), ("r7c6", 8))
    assert step.text.startswith("Forcing Chain: r4c8 is 6/8; either way")
    assert {(x, v) for x, v, _ in step.candidates if _ == "key"} == {
        (cell("r4c8"), 6), (cell("r4c8"), 8)}


# From top95 #11: 6 at r5c8 runs, by singles, into a contradiction.
CONTRA_VALUES = ("6.2.5.........4.32.....2...43..28....1....2........7..5..27..........."
                 "81...68..27")
CONTRA_CANDS = (
    "4789 13789 379 1489 179 49 1789 5789 15789 1789 169 1689 13789 4789 13489 1789 169 14689 "
    "15679 4569 5679 1579 169 1569 569 789 56789 34579 349 35679 4569 38 289 25689 5689 13459 "
    "1349 3569 14569 38 4689 134689 139 3469 69 469 2379 2679 3679 3459 349 359 3569 139 49 1349 "
    "1359 3459"
)


def test_forcing_chain_contradiction() -> None:
    c = state(CONTRA_VALUES, CONTRA_CANDS)
    step = run(iter_forcing_chain, c)
    assert step.eliminations == ((cell("r5c8"), 6),)
    assert "contradiction" in step.text and not step.placements


@pytest.mark.parametrize("finder", [
    iter_skyscraper, iter_two_string_kite, iter_empty_rectangle, iter_xy_wing, iter_xyz_wing,
    iter_w_wing, iter_simple_colouring, iter_unique_rectangle, iter_bug_plus_one, iter_x_chain,
    iter_xy_chain, iter_aic, iter_forcing_chain,
])
@pytest.mark.parametrize("shape", [Shape(2, 2), Shape(2, 3), Shape(3, 3), Shape(4, 4)])
def test_nothing_to_find_on_an_empty_grid(finder: Callable[[Candidates], Iterator[Step]],
                                          shape: Shape) -> None:
    assert next(finder(every_candidate(shape)), None) is None


def test_step_serialises() -> None:
    c = every_candidate()
    set_cands(c, "r1c1", (1, 2))
    set_cands(c, "r1c5", (1, 3))
    set_cands(c, "r5c1", (2, 3))
    data = run(iter_xy_wing, c).to_json(NINE)
    assert data["eliminations"] == [{"cell": [4, 4], "index": 40, "symbol": "3", "value": 3}]
    assert {"cell": [0, 0], "index": 0, "role": "pivot"} in data["cells"]
