"""Basic techniques: one puzzle (or candidate state) per technique where it is the next step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.logic.techniques import TABLE, registry
from sudoku_core.logic.techniques.fish import iter_finned_fish, iter_fish
from sudoku_core.logic.techniques.intersections import iter_locked_candidates
from sudoku_core.logic.techniques.singles import (
    iter_full_house,
    iter_hidden_single,
    iter_naked_single,
)
from sudoku_core.logic.techniques.subsets import iter_hidden_subset, iter_naked_subset
from sudoku_core.logic.walk import next_step as find_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

NINE = Shape(3, 3)
SINGLES = ("Full House", "Hidden Single", "Naked Single")


def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line))


def after_singles(grid: Grid) -> Candidates:
    """The candidate state once no single is left (singles taken one at a time)."""
    c = Candidates.from_grid(grid)
    singles = [t for t in registry() if t.name in SINGLES]
    while True:
        for tech in singles:
            step = tech.find(c)
            if step is not None:
                c.apply(step)
                break
        else:
            return c


# (technique, puzzle, the sentence of the first step after singles), from the public corpora.
CASES = [
    ("Locked Candidates (Pointing)",
     "...9.457...6...3...8.35.4.....4..2....2.3....67...1...9..5..12..18.47....65......",
     "Locked candidates (pointing): in box 2, 7 is only in row 2 (r2c4, r2c5), so remove 7 "
     "from r2c1"),
    ("Locked Candidates (Claiming)",
     "..6..3....97..513..2..91.8........7.6.........41.....9...5..8.....3.47....4.16..5",
     "Locked candidates (claiming): in column 6, 8 is only in box 5 (r4c6, r5c6, r6c6), so "
     "remove 8 from r4c4, r4c5, r5c4, r5c5, r6c4, r6c5"),
    ("Naked Pair",
     "8.2.....4.9......7..5..139..8..17......5.2..1.....8.36..71.....4...7....32...5...",
     "Naked Pair: in row 6 and box 5, r6c4, r6c5 hold only 4/9, so remove 4 from r4c4, r5c5, r6c2, "
     "r6c3, r6c7; remove 9 from r4c4, r5c5, r6c1, r6c3, r6c7"),
    ("Hidden Pair",
     "...9...86......5......5...1.2......47.85...9.4..36....2....3....4.69..7.67..1.4..",
     "Hidden Pair: in row 7, 4/7 fit only in r7c4, r7c5, so remove 8 from r7c4, r7c5"),
    ("Naked Triple",
     "....1..594...5.8...5.7........59..8..1.2.3....34........38...........6.7.729...1.",
     "Naked Triple: in row 4 and box 4, r4c1, r4c2, r4c3 hold only 2/6/7, so remove 2 from "
     "r4c7, r4c9, r6c1; remove 6 from r4c6, r4c9, r5c1, r5c3, r6c1; remove 7 from r4c6, "
     "r4c7, r5c1, r5c3, r6c1"),
    ("Hidden Triple",
     ".4.7...6...39............57.......3.2...8.....19...57.6...4.....5.1......2...6.84",
     "Hidden Triple: in box 5, 1/7/9 fit only in r4c5, r4c6, r5c6, so remove 2 from r4c5, "
     "r4c6; remove 3 from r5c6; remove 4 from r4c6, r5c6; remove 5 from r4c5, r4c6, r5c6; "
     "remove 6 from r4c5"),
    ("X-Wing",
     "9..7..3...5..2..1...7.....93..6..7...6..5..3...2..8..61..4..6...4..6..8...6..3..4",
     "X-Wing on 7 in rows 5 and 8, columns 1 and 6: remove 7 from r6c1, r7c6, r9c1"),
]


@pytest.mark.parametrize("technique, puzzle, text", CASES, ids=[c[0] for c in CASES])
def test_next_step_after_singles(technique: str, puzzle: str, text: str) -> None:
    c = after_singles(grid9(puzzle))
    before = c.copy()
    step = find_step(c)
    assert c == before, "a technique must not change the candidates it reads"
    assert step is not None
    assert step.technique == technique
    assert step.text == text
    _assert_sound(grid9(puzzle), step.placements, step.eliminations)


def _assert_sound(puzzle: Grid, placements: tuple[tuple[int, int], ...],
                  eliminations: tuple[tuple[int, int], ...]) -> None:
    sol = solve(puzzle).solution
    assert sol is not None
    for cell, v in placements:
        assert sol.cells[cell] == v
    for cell, v in eliminations:
        assert sol.cells[cell] != v


def test_full_house() -> None:
    line = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    grid = grid9(line[:40] + "." + line[41:])  # r5c5 empty
    step = find_step(Candidates.from_grid(grid))
    assert step is not None and step.technique == "Full House"
    assert step.placements == ((40, 5),)
    assert step.text == "Full house: r5c5 is the last empty cell in box 5, so it is 5"
    assert next(iter_full_house(Candidates.from_grid(grid9("." * 81))), None) is None


def test_hidden_single_box_first() -> None:
    # 1s in rows 2 and 3 and in columns 2 and 3 leave only r1c1 for 1 in box 1.
    cells = [0] * 81
    cells[1 * 9 + 4] = 1  # r2c5
    cells[2 * 9 + 7] = 1  # r3c8
    cells[4 * 9 + 1] = 1  # r5c2
    cells[7 * 9 + 2] = 1  # r8c3
    c = Candidates.from_grid(Grid(NINE, tuple(cells)))
    step = find_step(c)
    assert step is not None and step.technique == "Hidden Single"
    assert step.text == "Hidden single: in box 1, 1 fits only r1c1"
    assert step.units == (18,) and step.region == "box 1"
    assert next(iter_hidden_single(c), None) == step


def test_hidden_single_in_a_row() -> None:
    # In row 1, 5 is seen in every column but c9 (no box is confined to one cell).
    c = Candidates.from_grid(Grid.empty(NINE))
    for cell in range(8):
        c.eliminate(cell, 5)
    step = next(iter_hidden_single(c), None)
    assert step is not None and step.text == "Hidden single: in row 1, 5 fits only r1c9"


def test_naked_single() -> None:
    cells = [0] * 81
    for cell, v in [(3, 1), (4, 2), (5, 3), (27, 4), (36, 5), (45, 6), (10, 7), (20, 8)]:
        cells[cell] = v
    c = Candidates.from_grid(Grid(NINE, tuple(cells)))
    step = find_step(c)
    assert step is not None and step.technique == "Naked Single"
    assert step.text == "Naked single: r1c1 can only be 9" and step.placements == ((0, 9),)
    assert next(iter_naked_single(c), None) == step


def _masks(c: Candidates, row: int, marks: dict[int, str]) -> None:
    """Set the candidates of cells of a row (column -> digits)."""
    for col, digits in marks.items():
        c.masks[row * 9 + col] = sum(1 << (int(d) - 1) for d in digits)


def test_naked_quad_in_built_state() -> None:
    c = Candidates.from_grid(Grid.empty(NINE))
    _masks(c, 0, {0: "12", 1: "23", 2: "34", 3: "14"})
    step = find_step(c)
    assert step is not None and step.technique == "Naked Quad", step
    assert step.text.startswith("Naked Quad: in row 1, r1c1, r1c2, r1c3, r1c4 hold only 1/2/3/4")
    assert {cell for cell, _ in step.eliminations} == set(range(4, 9))
    assert next(iter_naked_subset(c, sizes=(2, 3)), None) is None


def test_hidden_quad_in_built_state() -> None:
    c = Candidates.from_grid(Grid.empty(NINE))
    rest = "56789"
    _masks(c, 0, {0: "134" + rest, 1: "234" + rest, 3: "124" + rest, 6: "123" + rest,
                  2: rest, 4: rest, 5: rest, 7: rest, 8: rest})
    step = find_step(c)
    assert step is not None and step.technique == "Hidden Quad", step
    assert step.text.startswith("Hidden Quad: in row 1, 1/2/3/4 fit only in r1c1, r1c2, r1c4, "
                                "r1c7, so remove 5 from")
    assert set(step.eliminations) == {(cell, v) for cell in (0, 1, 3, 6) for v in range(5, 10)}
    assert next(iter_hidden_subset(c, sizes=(2, 3)), None) is None


def test_jellyfish_in_built_state() -> None:
    c = Candidates.from_grid(Grid.empty(NINE))
    allowed = {0: {0, 3, 6}, 3: {1, 3, 6}, 6: {0, 1, 6}, 1: {0, 1, 3}}  # row -> columns with 1
    for row, cols in allowed.items():
        for col in range(9):
            if col not in cols:
                c.eliminate(row * 9 + col, 1)
    step = find_step(c)
    assert step is not None and step.technique == "Jellyfish", step
    assert step.text.startswith("Jellyfish on 1 in rows 1, 2, 4 and 7, columns 1, 2, 4 and 7: ")
    expected = {(r * 9 + col, 1) for r in (2, 4, 5, 7, 8) for col in (0, 1, 3, 6)}
    assert set(step.eliminations) == expected
    assert next(iter_fish(c, sizes=(2, 3)), None) is None


def test_swordfish_in_built_state() -> None:
    c = Candidates.from_grid(Grid.empty(NINE))
    for row in (0, 3, 6):  # 1 in rows 1, 4 and 7 only in columns 1, 4 and 7
        for col in range(9):
            if col not in (0, 3, 6):
                c.eliminate(row * 9 + col, 1)
    step = find_step(c)
    assert step is not None and step.technique == "Swordfish", step
    assert step.text.startswith("Swordfish on 1 in rows 1, 4 and 7, columns 1, 4 and 7: "
                                "remove 1 from r2c1, r2c4, r2c7, r3c1")
    assert len(step.eliminations) == 18
    assert next(iter_finned_fish(c, sizes=(2,)), None) is None


def test_finned_x_wing_in_built_state() -> None:
    c = Candidates.from_grid(Grid.empty(NINE))
    for row, cols in ((0, {1, 7, 8}), (4, {1, 7})):  # 1 in r1: c2, c8, c9; in r5: c2, c8
        for col in range(9):
            if col not in cols:
                c.eliminate(row * 9 + col, 1)
    step = find_step(c)
    assert step is not None and step.technique == "Finned X-Wing", step
    assert step.text == ("Finned X-Wing on 1 in rows 1 and 5, columns 2 and 8, fin r1c9: "
                         "remove 1 from r2c8, r3c8")
    assert (8, "fin") in step.cells and (8, 1, "fin") in step.candidates
    assert next(iter_fish(c), None) is None


def test_locked_candidates_on_six_by_six() -> None:
    # 2x3 boxes: in box 1 (rows 1-2, columns 1-3), 1 only in row 1 -> not elsewhere in row 1.
    shape = Shape(2, 3)
    c = Candidates.from_grid(Grid.empty(shape))
    for cell in (6, 7, 8):  # r2c1..r2c3
        c.eliminate(cell, 1)
    step = next(iter_locked_candidates(c), None)
    assert step is not None and step.technique == "Locked Candidates (Pointing)"
    assert step.eliminations == ((3, 1), (4, 1), (5, 1))
    assert step.text == ("Locked candidates (pointing): in box 1, 1 is only in row 1 (r1c1, "
                         "r1c2, r1c3), so remove 1 from r1c4, r1c5, r1c6")


def test_x_wing_with_columns_as_base_on_six_by_six() -> None:
    shape = Shape(2, 3)
    c = Candidates.from_grid(Grid.empty(shape))
    # 1 in columns 1 and 4 only in rows 1 and 4; every row keeps 1 in four or more columns.
    for col in (0, 3):
        for row in (1, 2, 4, 5):
            c.eliminate(row * 6 + col, 1)
    assert next(iter_locked_candidates(c), None) is None
    step = next(iter_fish(c, sizes=(2,)), None)
    assert step is not None
    assert step.text == ("X-Wing on 1 in columns 1 and 4, rows 1 and 4: remove 1 from r1c2, "
                         "r1c3, r1c5, r1c6, r4c2, r4c3, r4c5, r4c6")
    assert step.units == (6, 9, 0, 3)


def test_symbols_above_nine() -> None:
    # A 16x16 hidden single speaks in the puzzle's symbols (G = 16).
    shape = Shape(4, 4)
    c = Candidates.from_grid(Grid.empty(shape))
    for cell in range(15):
        c.eliminate(cell, 16)
    step = next(iter_hidden_single(c), None)
    assert step is not None and step.text == "Hidden single: in row 1, G fits only r1c16"
    assert step.to_json(shape)["placements"] == [
        {"cell": [0, 15], "index": 15, "symbol": "G", "value": 16}]


BASIC = [
    iter_full_house, iter_hidden_single, iter_naked_single, iter_locked_candidates,
    iter_naked_subset, iter_hidden_subset, iter_fish, iter_finned_fish,
]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(3, 3),
                        Shape(3, 4)]),
       st.integers(0, 10**9), st.floats(0.05, 0.6), st.floats(0.0, 0.7))
def test_basic_techniques_keep_a_solution_of_any_consistent_state(
        shape: Shape, seed: int, keep: float, drop: float) -> None:
    """Random givens and random pencil marks, all consistent with one solution S: no step of a
    basic technique may contradict S (a technique must keep every solution of the state)."""
    rng = random.Random(seed)
    sol = solve(Grid.empty(shape), limit=1, rng=rng, time_limit=120).solution
    assert sol is not None
    grid = Grid(shape, tuple(v if rng.random() < keep else 0 for v in sol.cells))
    c = Candidates.from_grid(grid)
    for cell in range(shape.cell_count):
        for v in c.candidates_of(cell):
            if v != sol.cells[cell] and rng.random() < drop:
                c.eliminate(cell, v)
    for find in BASIC:
        before = c.copy()
        step = next(find(c), None)
        assert c == before
        if step is None:
            continue
        assert step.placements or step.eliminations
        for cell, v in step.placements:
            assert sol.cells[cell] == v, step.text
        for cell, v in step.eliminations:
            assert sol.cells[cell] != v, step.text
            assert c.has(cell, v), "only existing candidates are eliminated"


def test_the_registry_is_every_technique_module_imported() -> None:
    # A technique module that fails to import fails this import (no silent "not there yet").
    import pkgutil

    import sudoku_core.logic.techniques as techniques

    helpers = {"base", "dynamic", "chain_trace", "rule_links"}  # shared code, no finder
    modules = {m.name for m in pkgutil.iter_modules(techniques.__path__)} - helpers
    used = {t.iterate.__module__.rsplit(".", 1)[1] for t in TABLE}
    assert used == modules, "every technique module has a row in the table"
    assert len({t.name for t in TABLE}) == len(TABLE)
