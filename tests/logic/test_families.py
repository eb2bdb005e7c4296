"""The last expert families: Dual Empty Rectangle, Multi-Colours bridged twice, Unique Rectangle
Type 3 with its line and box parts, Mutant fish of sizes 5 and 6, Template Set and Delete.

Each hand-made state is checked by brute force, not by the finder's own reasoning: a
single-digit step against every placement of its digit the marks allow (one a row, column and
box), a Type 3 against every filling of the few cells its subsets use.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import product
from pathlib import Path

import pytest
from conftest import SHAPES, broken_marks, check_step, dug_puzzle, random_state, read_corpus
from helpers import cell, every_candidate, only_in, set_cands
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main
from sudoku_core.formats.drawing import format_candidates
from sudoku_core.logic.find_all import find_all, resolve
from sudoku_core.logic.techniques import TECHNIQUES
from sudoku_core.logic.techniques.colouring import iter_multi_colours
from sudoku_core.logic.techniques.dual_patterns import iter_dual_empty_rectangle
from sudoku_core.logic.techniques.templates import iter_template_delete, iter_template_set
from sudoku_core.logic.techniques.uniqueness import iter_unique_rectangle
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.step import Step
from sudoku_core.solver.exact import solve

NEW = ("Dual Empty Rectangle", "Template Set", "Template Delete", "Multi-Colours")
ROW1, BOX5 = 0, 18 + 4


def placements(c: Candidates, d: int) -> list[frozenset[int]]:
    """Every way to put d once in each row, never twice in a column or box, on its marks (a
    cell holding d must keep it): plain search over rows, written apart from templates.py."""
    geo = c.geometry
    n = c.size
    out: list[frozenset[int]] = []

    def go(r: int, cols: set[int], boxes: set[int], cells: list[int]) -> None:
        if r == n:
            out.append(frozenset(cells))
            return
        row = geo.units[r]
        placed = [x for x in row if c.values[x] == d]
        for x in placed or [x for x in row if not c.values[x] and c.has(x, d)]:
            col, box = x % n, geo.box_of[x]
            if col not in cols and box not in boxes:
                go(r + 1, cols | {col}, boxes | {box}, cells + [x])

    go(0, set(), set(), [])
    return out


def never(c: Candidates, step: Step) -> None:
    """Each elimination of a single-digit step is in no placement of its digit, and each
    placement is in every one."""
    for d in {v for _, v in step.eliminations + step.placements}:
        every = placements(c, d)
        assert every, "the hand-made state must leave the digit somewhere to go"
        for x, v in step.eliminations:
            if v == d:
                assert all(x not in p for p in every), step.text
        for x, v in step.placements:
            if v == d:
                assert all(x in p for p in every), step.text


def names(*cells: str) -> set[int]:
    return {cell(x) for x in cells}


def dual_er_state() -> Candidates:
    """Digit 1: box 5 holds it only on row 5 and column 5 (hinge r5c5); column 2 holds it only
    at r5c2 (on the hinge row) and r8c2; row 2 only at r2c5 (on the hinge column) and r2c9."""
    c = every_candidate()
    for x in ("r4c4", "r4c6", "r6c4", "r6c6"):
        c.eliminate(cell(x), 1)
    only_in(c, 1, 9 + 1, ["r5c2", "r8c2"])
    only_in(c, 1, 1, ["r2c5", "r2c9"])
    return c


def test_dual_empty_rectangle_by_hand() -> None:
    c = dual_er_state()
    # r8c5 = 1 would take r8c2's 1, so r5c2 holds it, and box 5 has none left off column 5;
    # r5c9 = 1 likewise through row 2 and row 5.
    expected = {(cell("r8c5"), 1), (cell("r5c9"), 1)}
    steps = [s for s in iter_dual_empty_rectangle(c) if set(s.eliminations) == expected]
    assert len(steps) == 1
    never(c, steps[0])
    check = [s for s in find_all(c, ["Dual Empty Rectangle"])[0]]
    assert [s.eliminations for s in check] == [steps[0].eliminations]


def test_double_empty_rectangle_by_hand() -> None:
    # Digit 1: row 1 only at r1c2/r1c5; box 4 holds it only on row 5 and column 2, box 5 only
    # on row 5 and column 5. r1c2 true puts box 4's 1 at r5c1/r5c3, r1c5 true puts box 5's at
    # r5c4/r5c6: row 5's other cells lose 1, r5c7-9 as well as the two single targets.
    c = every_candidate()
    only_in(c, 1, ROW1, ["r1c2", "r1c5"])
    for x in ("r4c1", "r4c3", "r6c1", "r6c3", "r4c4", "r4c6", "r6c4", "r6c6"):
        c.eliminate(cell(x), 1)
    expected = {(x, 1) for x in names("r5c2", "r5c5", "r5c7", "r5c8", "r5c9")}
    steps = list(iter_dual_empty_rectangle(c))
    assert {(cell("r5c2"), 1), (cell("r5c5"), 1)} in [set(s.eliminations) for s in steps]
    double = [s for s in steps if set(s.eliminations) == expected]
    assert len(double) == 1
    never(c, double[0])


def test_dual_empty_rectangle_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    c = dual_er_state()
    text = format_candidates(c.to_grid(), c.masks)
    assert main(["steps", text, "--all", "--only", "Dual Empty Rectangle", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["techniques"] == ["Dual Empty Rectangle"] and data["count"] == 1
    removed = {(e["index"], e["value"]) for e in data["steps"][0]["eliminations"]}
    assert removed == {(cell("r8c5"), 1), (cell("r5c9"), 1)}


def test_multi_colours_bridged_twice_by_hand() -> None:
    c = every_candidate()
    # Digit 1: row 1 only at r1c1/r1c5, row 2 only at r2c2/r2c6: two clusters, bridged by box
    # 1 (r1c1 sees r2c2) and by box 2 (r1c5 sees r2c6).
    only_in(c, 1, ROW1, ["r1c1", "r1c5"])
    only_in(c, 1, 1, ["r2c2", "r2c6"])
    singles = [s for s in iter_multi_colours(c) if s.technique == "Multi-Colours Type 1"]
    box1 = {(x, 1) for x in names("r3c1", "r3c2", "r3c3")}
    box2 = {(x, 1) for x in names("r3c4", "r3c5", "r3c6")}
    assert {frozenset(s.eliminations) for s in singles} >= {frozenset(box1), frozenset(box2)}
    joined = [s for s in singles if set(s.eliminations) == box1 | box2]
    assert len(joined) == 1
    never(c, joined[0])
    # HoDoKu's names list the whole family, the joined step among them.
    for name in ("Multi Colors 1", "Multi Colors 2"):
        listed, _ = find_all(c, [name])
        assert any(set(s.eliminations) == box1 | box2 for s in listed)


def ut3_state() -> Candidates:
    """Rectangle r1c1, r1c2, r4c1, r4c2 on {1,2}: roofs r1c1 {1,2,3}, r1c2 {1,2,4} in row 1
    and box 1; r1c7 {3,4} makes a naked pair with them in the row, r2c3 {3,4} in the box."""
    c = every_candidate()
    for name, values in {"r4c1": {1, 2}, "r4c2": {1, 2}, "r1c1": {1, 2, 3},
                         "r1c2": {1, 2, 4}, "r1c7": {3, 4}, "r2c3": {3, 4}}.items():
        set_cands(c, name, values)
    return c


def fillings(c: Candidates, cells: list[int], fixed: tuple[int, int]) -> Iterator[dict[int, int]]:
    """Every filling of the cells from their marks (``fixed`` set), all different by unit."""
    x0, v0 = fixed
    choices = [[v0] if x == x0 else c.candidates_of(x) for x in cells]
    peers = c.geometry.peers
    for values in product(*choices):
        fill = dict(zip(cells, values, strict=True))
        if all(fill[a] != fill[b] for a in cells for b in cells if a < b and b in peers[a]):
            yield fill


def test_ut3_line_and_box_parts_as_one_step_by_hand() -> None:
    c = ut3_state()
    roofs = [cell("r1c1"), cell("r1c2")]
    line = {(x, v) for x in names("r1c3", "r1c4", "r1c5", "r1c6", "r1c8", "r1c9") for v in (3, 4)}
    box = {(x, v) for x in names("r1c3", "r2c1", "r2c2", "r3c1", "r3c2", "r3c3")
           for v in (3, 4)}
    found = [s for s in iter_unique_rectangle(c, joined=True)
             if s.technique == "Unique Rectangle Type 3" and set(s.eliminations) == line | box]
    assert len(found) == 1 and len(found[0].units) == 2
    # Brute force: with any removed candidate true, the roofs hold only 1 and 2 (and the
    # rectangle would be deadly), whatever the roofs and the two subset cells hold.
    for x, v in found[0].eliminations:
        helpers = [cell("r1c7") if (x, v) in line else cell("r2c3")]
        for fill in fillings(c, roofs + helpers + [x], (x, v)):
            assert {fill[r] for r in roofs} <= {1, 2}, (x, v, fill)
    # The walker's search is unchanged: no joined step without the listing's option.
    assert all(len(s.units) <= 1 for s in iter_unique_rectangle(c)
               if s.technique == "Unique Rectangle Type 3")
    listed, _ = find_all(c, ["Uniqueness Test 3"])
    assert any(set(s.eliminations) == line | box for s in listed)


def test_templates_match_brute_force_by_hand() -> None:
    c = dual_er_state()
    c.eliminate(cell("r9c9"), 2)
    every = placements(c, 1)
    live = set().union(*every)
    deleted = [s for s in iter_template_delete(c, combined=False)
               if s.eliminations[0][1] == 1]
    assert len(deleted) == 1
    assert set(deleted[0].eliminations) == {
        (x, 1) for x in range(81) if c.has(x, 1) and x not in live}
    assert {(cell("r8c5"), 1), (cell("r5c9"), 1)} <= set(deleted[0].eliminations)
    assert not [s for s in iter_template_set(c, combined=False)]  # no cell in every one


def test_template_set_and_the_combined_check_by_hand() -> None:
    # Digit 2 marked on one pattern only (r1c1, r2c4, r3c7, r4c2, ...): that is where the 2s
    # go. Digit 1 marked on that pattern and on the one beside it (r1c2, r2c5, ...): alone,
    # 1's templates still use the first; against 2's one template, none does.
    c = every_candidate()
    pattern = [r * 9 + (3 * (r % 3) + r // 3) for r in range(9)]
    beside = [r * 9 + (3 * (r % 3) + r // 3 + 1) % 9 for r in range(9)]
    for x in range(81):
        if x not in pattern:
            c.eliminate(x, 2)
            if x not in beside:
                c.eliminate(x, 1)
    placed = [s for s in iter_template_set(c) if s.placements[0][1] == 2]
    assert len(placed) == 1 and {x for x, _ in placed[0].placements} == set(pattern)
    never(c, placed[0])
    alone = {e for s in iter_template_delete(c, combined=False) for e in s.eliminations}
    together = {e for s in iter_template_delete(c) for e in s.eliminations}
    assert not {(x, 1) for x in pattern} & alone
    assert {(x, 1) for x in pattern} <= together
    # The plain steps come as they are; the combined check's step for 1 comes on its own.
    plain = [s.text for s in iter_template_delete(c, combined=False)]
    both = [s.text for s in iter_template_delete(c)]
    assert [t for t in both if "leaving room" not in t] == plain
    assert len([t for t in both if t.startswith("Template Delete on 1:")]) == 1 + any(
        t.startswith("Template Delete on 1:") for t in plain)
    # Brute force: 2 has one placement, so no other digit fits those cells; 1 has the two.
    assert placements(c, 2) == [frozenset(pattern)]
    assert frozenset(pattern) in placements(c, 1) and frozenset(beside) in placements(c, 1)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.floats(0.4, 0.9), st.floats(0.0, 0.7))
def test_templates_without_the_combined_check_are_exactly_brute_force(
        seed: int, blank: float, drop: float) -> None:
    c, _ = random_state(Shape(3, 3), seed, blank, drop)
    deleted = {e for s in iter_template_delete(c, combined=False) for e in s.eliminations}
    placed = {p for s in iter_template_set(c, combined=False) for p in s.placements}
    for d in range(1, 10):
        every = placements(c, d)
        live = set().union(*every)
        common = set.intersection(*(set(p) for p in every))
        assert {x for x, v in deleted if v == d} == {
            x for x in range(81) if not c.values[x] and c.has(x, d) and x not in live}
        assert {x for x, v in placed if v == d} == {x for x in common if not c.values[x]}


@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES[:6]), seed=st.integers(0, 10**6),
       blank=st.floats(0.4, 0.9), drop=st.floats(0.0, 0.7))
def test_new_families_are_sound_on_random_states(shape: Shape, seed: int, blank: float,
                                                 drop: float) -> None:
    c, solution = random_state(shape, seed, blank, drop)
    before = c.copy()
    for name in (*NEW, "Mutant Fish"):
        found, _ = find_all(c, [name], time_limit=1)  # what a cut search lists must hold
        for step in found:
            check_step(step, c, solution.cells, name)
    assert c == before


def joined_type_3s(shape: Shape, seed: int, drop: float) -> int:
    """Check every Unique Rectangle step, joined Type 3s included, on a dug puzzle (one
    solution) with wrong candidates dropped at random; the number of joined ones."""
    puzzle, solution = dug_puzzle(shape, seed)
    c = Candidates.from_grid(puzzle)
    rng = random.Random(seed)
    for x, right in enumerate(solution.cells):
        for v in c.candidates_of(x):
            if v != right and rng.random() < drop:
                c.eliminate(x, v)
    joined = 0
    for step in iter_unique_rectangle(c, joined=True):
        check_step(step, c, solution.cells, step.technique)
        joined += step.technique == "Unique Rectangle Type 3" and len(step.units) == 2
    return joined


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6), drop=st.floats(0.0, 0.5))
def test_joined_type_3_holds_on_unique_puzzles(shape: Shape, seed: int, drop: float) -> None:
    joined_type_3s(shape, seed, drop)


def test_joined_type_3_fires_on_a_fixed_sample() -> None:
    assert sum(joined_type_3s(Shape(3, 3), seed, 0.3) for seed in range(40)) >= 1


@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES[:5]), seed=st.integers(0, 10**6),
       drop=st.floats(0.0, 0.7))
def test_broken_marks_are_handled_quietly(shape: Shape, seed: int, drop: float) -> None:
    c = broken_marks(shape, seed, drop)
    for f in (iter_dual_empty_rectangle, iter_template_set, iter_template_delete):
        for step in f(c):
            assert all(c.has(x, v) for x, v in step.eliminations), step.text
            assert all(not c.values[x] for x, _ in step.placements), step.text


@pytest.mark.parametrize(("name", "entry", "kind"), [
    ("Mutant Squirmbag", "Mutant Fish", "mutant squirmbag"),
    ("Finned Mutant Whale", "Mutant Fish", "finned mutant whale"),
    ("Mutant Jellyfish", "Mutant Fish", "mutant jellyfish"),
    ("Multi Colors 1", "Multi-Colours", None),
    ("Multi-Colours type 1", "Multi-Colours", "multi colours type 1"),
    ("Dual Empty Rectangle", "Dual Empty Rectangle", None),
    ("Template Set", "Template Set", None),
    ("Template Delete", "Template Delete", None),
])
def test_hodoku_names_resolve(name: str, entry: str, kind: str | None) -> None:
    tech, asked = resolve(name)
    assert (tech.name, asked) == (entry, kind)


def stalled(line: str, top: int = 40) -> tuple[Candidates, list[int]]:
    """A corpus puzzle walked with the techniques up to weight ``top``, where they stall."""
    grid = Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line[:81]))
    result = solve(grid, time_limit=60)
    assert result.solution is not None and result.unique
    c = Candidates.from_grid(grid)
    basic = [t for t in TECHNIQUES if t.weight <= top]
    for _ in range(300):
        step = next((s for t in basic if (s := t.find(c)) is not None), None)
        if step is None:
            break
        c.apply(step)
    return c, list(result.solution.cells)


def test_corpus_sample_every_listed_step_holds(corpora_dir: Path) -> None:
    lines = read_corpus(corpora_dir / "sudoku-top95.txt")[:30]
    checked = 0
    for line in lines:
        c, solution = stalled(line)
        for name in (*NEW, "Uniqueness Test 3"):
            found, _ = find_all(c, [name])
            for step in found:
                check_step(step, c, solution, name)
            checked += len(found)
    assert checked > 0


def test_mutant_squirmbags_and_whales_on_corpus_states(corpora_dir: Path) -> None:
    # The 12th puzzle stalls (up to Swordfish) where both sizes have finned mutant fish.
    lines = read_corpus(corpora_dir / "sudoku-top95.txt")[11:12]
    sizes = set()
    for line in lines:
        c, solution = stalled(line, 50)
        for name in ("Finned Mutant Squirmbag", "Finned Mutant Whale"):
            found, _ = find_all(c, [name], time_limit=60)
            for step in found[:20]:
                assert step.technique == name
                check_step(step, c, solution, name)
                never(c, step)
            sizes |= {name} if found else set()
    assert sizes == {"Finned Mutant Squirmbag", "Finned Mutant Whale"}


def test_a_fish_size_asked_is_searched_alone(corpora_dir: Path) -> None:
    # 'Finned Mutant Whale' searches size 6 only: the same steps as the whole listing's.
    line = read_corpus(corpora_dir / "sudoku-top95.txt")[11]
    c, _ = stalled(line, 50)
    every, cut = find_all(c, ["Mutant Fish"], time_limit=120)
    assert not cut
    for name in ("Finned Mutant Whale", "Finned Mutant Squirmbag", "Finned Mutant Jellyfish"):
        alone, _ = find_all(c, [name], time_limit=120)
        assert alone and alone == [s for s in every if s.technique == name]
