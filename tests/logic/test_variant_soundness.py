"""Human logic on variant puzzles: a technique is listed or walked only where its argument holds
under every rule of the puzzle (the table's ``holds_under`` column), and every listed step of
every technique holds for the one solution of a variant puzzle, from untidy marks too."""

from __future__ import annotations

import json
import random

import pytest
from conftest import check_step
from helpers import unique_variant_puzzle, untidy
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main
from sudoku_core.formats.drawing import format_candidates
from sudoku_core.formats.read import parse
from sudoku_core.logic.find_all import find_all, technique_names
from sudoku_core.logic.techniques import TABLE
from sudoku_core.logic.walk import next_step
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.constraints import FIRST, PLACED
from sudoku_core.model.constraints import TABLE as CONSTRAINTS
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Cage, Variant
from sudoku_core.solver.exact import solve

# From the audit: with the windows, r1c9 holds 6, yet a classic reading of the rectangle
# r1c7, r1c9, r7c7, r7c9 on {1,6} removes it.
WINDOKU = {"puzzle": (".9.287.......3.9..72.......57..9632898.3.246.63284.7198.7.23.9..."
                      "96...47...7..58."),
           "variant": {"windows": True}}
# From the audit: 28 hidden singles read as classic, 38 with the diagonals.
X_LINE = "69.74.3....5..3.84.1.....2754.867231.6.395..88..4.1..69......6.....3.85..8.954172"

# `sudoku generate --variant killer --seed 305`: a Killer with two givens.
KILLER_305 = {"puzzle": "." * 20 + "2" + "." * 31 + "4" + "." * 28,
              "variant": {"cages": [
                  {"cells": [0, 1, 10], "sum": 21}, {"cells": [2, 3, 11], "sum": 12},
                  {"cells": [4, 5, 12, 13, 14], "sum": 26}, {"cells": [6, 15, 16, 24], "sum": 15},
                  {"cells": [7, 8, 17], "sum": 18}, {"cells": [9, 18, 19], "sum": 12},
                  {"cells": [20, 29], "sum": 7}, {"cells": [21, 22, 23], "sum": 17},
                  {"cells": [25, 26, 35, 44], "sum": 18},
                  {"cells": [27, 28, 36, 37, 45], "sum": 21},
                  {"cells": [30, 31, 39, 48, 49], "sum": 27}, {"cells": [32, 33], "sum": 5},
                  {"cells": [34, 43, 52], "sum": 20}, {"cells": [38, 46, 47], "sum": 19},
                  {"cells": [40, 41, 50], "sum": 16}, {"cells": [42, 51, 60], "sum": 18},
                  {"cells": [53], "sum": 2}, {"cells": [54, 63, 72], "sum": 19},
                  {"cells": [55, 56, 64, 73], "sum": 19}, {"cells": [57, 58], "sum": 6},
                  {"cells": [59, 68, 77], "sum": 19}, {"cells": [61], "sum": 6},
                  {"cells": [62, 70, 71], "sum": 12}, {"cells": [65, 74, 75], "sum": 14},
                  {"cells": [66, 67, 76], "sum": 13}, {"cells": [69, 78, 79, 80], "sum": 23}]}}
# A grid that keeps rows, columns and boxes but not the cages: where it differs from the
# solution, the cells are marked with both digits (a BUG the cages break), and r4c1 gets a 6.
KILLER_305_TWIN = ("493271586587693214162845739758426391234918675619537842876159423925384167"
                   "341762958")

RULES = tuple(row.name for row in FIRST)  # x, windoku, jigsaw, killer, antiknight, antiking
PLACED_NAMES = frozenset(row.name for row in PLACED)  # thermometers, dots, lines, clues ...
BOXES = [(2, 2), (2, 3), (3, 2), (3, 3)]  # 4x4, 6x6 (both ways) and 9x9
PER_LISTING = 0.1  # seconds per technique and state: a slow search cut short must still hold


def check_every_listing(c: Candidates, solution: Grid) -> int:
    """Every step every technique lists in ``c`` holds for the solution; how many were checked."""
    checked = 0
    for name in technique_names():
        found, _ = find_all(c, [name], time_limit=PER_LISTING)
        for step in found:
            check_step(step, c, solution.cells, f"{name} on {solution.shape.variant}")
        checked += len(found)
    return checked


def test_the_table_says_where_each_uniqueness_argument_holds() -> None:
    unique = [t for t in TABLE if t.needs_unique]
    assert {t.name for t in unique} >= {"Unique Rectangle", "Avoidable Rectangle",
                                         "Hidden Rectangle", "BUG+1", "BUG+n"}
    for t in unique:
        # Cage sums and knight or king moves forbid the swap (or the BUG's other grid), and so
        # may any placed rule (a thermometer orders the digits it swaps).
        assert not t.holds_under & {"killer", "antiknight", "antiking"}, t.name
        assert not t.holds_under & PLACED_NAMES, t.name
        assert "jigsaw" in t.holds_under, t.name  # they read the regions as the boxes
        if "Rectangle" in t.name:
            assert not t.holds_under & {"x", "windoku"}, t.name  # a swap moves a diagonal's
    for t in TABLE:
        if not t.needs_unique:  # a deduction from some of the rules holds under them all
            assert t.holds_under == frozenset(row.name for row in CONSTRAINTS), t.name


def rule_shape(rule: str) -> Shape:
    """A 9x9 shape with one rule on (jigsaw: the boxes as regions; killer: one cage)."""
    flags = {"x": Variant(diagonals=True), "windoku": Variant(windows=True),
             "jigsaw": Variant(regions=Shape(3, 3).geometry.box_of),
             "killer": Variant(cages=(Cage((0, 1), 3),)),
             "antiknight": Variant(anti_knight=True), "antiking": Variant(anti_king=True)}
    return Shape(3, 3, flags[rule])


@pytest.mark.parametrize("rule", RULES)
def test_sound_on_reads_the_column(rule: str) -> None:
    by_name = {t.name: t for t in TABLE}
    shape = rule_shape(rule)
    assert shape.variant is not None and shape.variant.names == (rule,)
    assert by_name["Hidden Single"].sound_on(shape)
    assert by_name["Unique Rectangle"].sound_on(shape) == (rule == "jigsaw")
    assert by_name["BUG+1"].sound_on(shape) == (rule in ("x", "windoku", "jigsaw"))
    assert by_name["Unique Rectangle"].sound_on(Shape(3, 3))
    assert not by_name["Unique Rectangle"].sound_on(Shape(3, 3), unique=False)


def test_a_windoku_lists_no_unique_rectangle(capsys: pytest.CaptureFixture[str]) -> None:
    asked = ["steps", "--all", "--only", "Unique Rectangle Type 1", json.dumps(WINDOKU)]
    assert main([*asked, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["count"] == 0 and data["steps"] == [] and data["status"] == "none"
    assert data["variant"] == {"windows": True}
    main(asked)
    out = capsys.readouterr().out
    assert "Unique Rectangle" in out and "Windoku" in out  # says why nothing is listed


def test_the_walker_keeps_rectangles_on_jigsaw_only() -> None:
    # The same marks on three shapes: classic, jigsaw with the boxes as regions (the swap
    # argument holds), and windoku (it does not).
    grid = parse(json.dumps(WINDOKU))
    classic = Candidates.from_grid(Grid(Shape(3, 3), grid.cells))
    c = Candidates.from_grid(grid)
    box_regions = Shape(3, 3).geometry.box_of
    ur = tuple(t for t in TABLE if t.name == "Unique Rectangle")
    for shape, walks in ((Shape(3, 3), True),
                         (Shape(3, 3, Variant(regions=box_regions)), True),
                         (grid.shape, False)):
        state = Candidates(shape, list(c.values), list(c.masks))
        step = next_step(state, techniques=ur)
        assert (step is not None) == walks, shape.variant
        found, _ = find_all(state, ["Unique Rectangle"])
        assert bool(found) == walks, shape.variant
    assert next_step(classic, techniques=ur) is not None


def test_steps_all_reads_the_variant_option(capsys: pytest.CaptureFixture[str]) -> None:
    asked = ["steps", "--all", "--only", "Hidden Single", "--json"]
    assert main([*asked, "--variant", "x", X_LINE]) == 0
    by_option = json.loads(capsys.readouterr().out)
    assert main([*asked, json.dumps({"puzzle": X_LINE, "variant": {"diagonals": True}})]) == 0
    by_json = json.loads(capsys.readouterr().out)
    assert by_option["variant"] == {"diagonals": True}
    assert by_option["steps"] == by_json["steps"] and by_option["count"] == by_json["count"]
    assert main([*asked, X_LINE]) == 0
    assert json.loads(capsys.readouterr().out)["count"] < by_option["count"]  # the diagonals


def test_steps_all_variant_option_on_a_file(capsys: pytest.CaptureFixture[str],
                                           tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "x.txt"  # type: ignore[operator]
    path.write_text(X_LINE + "\n")
    assert main(["steps", "--all", "--only", "Hidden Single", "--json", "--variant", "x",
                 "-f", str(path)]) == 0
    data = json.loads(capsys.readouterr().out.splitlines()[0])
    assert data["variant"] == {"diagonals": True} and data["line"] == 1


def test_steps_all_refuses_a_jigsaw_option_without_regions(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", "--all", "--only", "Hidden Single", "--variant", "jigsaw",
                 X_LINE]) == 2
    assert "no region map" in capsys.readouterr().err


def test_bug_plus_one_places_no_wrong_value_on_the_killer() -> None:
    # The cages rule the twin out, so the BUG's "other grid" is no solution there: BUG+1 does
    # not hold on a Killer. On the classic grid the same marks would be a true BUG+1.
    puzzle = parse(json.dumps(KILLER_305))
    solution = solve(puzzle, time_limit=30).solution
    assert solution is not None
    twin = tuple(int(ch) for ch in KILLER_305_TWIN)
    assert solve(Grid(Shape(3, 3), twin)).status == "solved"  # keeps rows, columns, boxes
    values = [s if s == t else 0 for s, t in zip(solution.cells, twin, strict=True)]
    masks = [0 if v else 1 << (s - 1) | 1 << (t - 1)
             for v, s, t in zip(values, solution.cells, twin, strict=True)]
    masks[27] |= 1 << 5  # r4c1: 6
    givens = sum(1 << i for i, v in enumerate(puzzle.cells) if v)
    c = Candidates(puzzle.shape, values, masks, givens)
    assert not find_all(c, ["BUG+1"])[0]
    assert next_step(c, techniques=tuple(t for t in TABLE if t.name == "BUG+1")) is None
    check_every_listing(c, solution)
    classic = Candidates(Shape(3, 3), values, list(masks), givens)
    assert find_all(classic, ["BUG+1"])[0]  # the technique itself still finds it


@st.composite
def variant_states(draw: st.DrawFn, boxes: list[tuple[int, int]]) -> tuple[Candidates, Grid]:
    """An untidy player's state of a unique variant puzzle with random rules, and its solution."""
    box = draw(st.sampled_from(boxes))
    rules = draw(st.sets(st.sampled_from(RULES), min_size=1, max_size=4))
    seed = draw(st.integers(0, 10**6))
    made = unique_variant_puzzle(box, rules, seed)
    assume(made is not None)
    assert made is not None
    puzzle, solution = made
    givens = sum(1 << i for i, v in enumerate(puzzle.cells) if v)
    grid, masks = untidy(puzzle, solution, random.Random(seed), draw(st.floats(0.1, 0.7)),
                         draw(st.floats(0.0, 0.8)), draw(st.floats(0.0, 0.3)))
    return Candidates(puzzle.shape, list(grid.cells), masks, givens), solution


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(state=variant_states(BOXES[:3]))
def test_every_listed_step_holds_on_small_variants(state: tuple[Candidates, Grid]) -> None:
    check_every_listing(*state)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(state=variant_states(BOXES[3:]))
def test_every_listed_step_holds_on_9x9_variants(state: tuple[Candidates, Grid]) -> None:
    check_every_listing(*state)


@pytest.mark.parametrize("rule", RULES)
def test_every_listed_step_holds_under_each_rule_alone(rule: str) -> None:
    # Every rule at least once at 9x9, whatever hypothesis draws; the seed is fixed.
    made = unique_variant_puzzle((3, 3), {rule}, 29)
    assert made is not None
    puzzle, solution = made
    grid, masks = untidy(puzzle, solution, random.Random(29), 0.3, 0.5, 0.1)
    check_every_listing(Candidates(puzzle.shape, list(grid.cells), masks), solution)


def test_marks_a_diagonal_rules_out_are_left_out_and_counted(
        capsys: pytest.CaptureFixture[str]) -> None:
    # Marks written for the classic grid, one true elimination made, read with --variant x:
    # the marks a value on the same diagonal rules out are left out, and the message says so.
    classic = Candidates.from_grid(parse(X_LINE))
    x = Candidates.from_grid(parse(json.dumps({"puzzle": X_LINE,
                                               "variant": {"diagonals": True}})))
    masks = list(classic.masks)
    cell = next(i for i, m in enumerate(masks) if m.bit_count() > 1)
    solution = solve(x.to_grid()).solution
    assert solution is not None
    masks[cell] &= ~(1 << (next(v for v in classic.candidates_of(cell)
                                if v != solution.cells[cell]) - 1))
    text = format_candidates(classic.to_grid(), masks)
    more = sum(m.bit_count() - (m & k).bit_count() for m, k in zip(masks, x.masks, strict=True))
    assert more > 0
    assert main(["steps", "--all", "--only", "Hidden Single", "--variant", "x", "--json",
                 text]) == 0
    data = json.loads(capsys.readouterr().out)
    assert f"{more} more marks left out" in data["message"]
    for step in data["steps"]:
        assert all(solution.cells[p["index"]] == p["value"] for p in step["placements"])
