"""Every writer of `sudoku show --to` (FORMATS) writes the box shape, the rules and the givens,
so that its output parses back, with no --box, to the same puzzle: for every box shape up to
16x16 (3x2 as well as 2x3) and the six variant rules. A writer that cannot hold a puzzle
refuses it in words instead; only the one-line form needs --box for a box it cannot name."""

from __future__ import annotations

import random

import pytest
from helpers import random_cages
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.read import parse
from sudoku_core.formats.write import CARRY_RULES, FORMATS, format_grid
from sudoku_core.make.regions import random_regions
from sudoku_core.model.errors import VariantError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant
from sudoku_core.solver.exact import solve

SHAPES = [Shape(r, c) for r in range(2, 9) for c in range(2, 9) if r * c <= 16]
# Writers that need the box from the reader (--box): the one line is cells and nothing else.
NEEDS_BOX = frozenset({"line"})
# Writers of other sites' links, which draw only the default boxes of 4x4 to 16x16.
SITES = frozenset({"fpuzzles", "sudokupad"})


@st.composite
def puzzles(draw: st.DrawFn) -> Grid:
    """A puzzle of any box shape, with any of the six rules, givens from a solution."""
    shape = draw(st.sampled_from(SHAPES))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    sol = solve(Grid.empty(shape), limit=1, rng=rng).solution
    assert sol is not None
    rules = draw(st.sets(st.sampled_from(["x", "windoku", "jigsaw", "killer", "antiknight",
                                          "antiking"])))
    regions = random_regions(shape, rng, 40) if "jigsaw" in rules else ()
    cages = random_cages(sol, rng, draw(st.booleans())) if "killer" in rules else ()
    variant = Variant("x" in rules, "windoku" in rules, regions, cages,
                      "antiknight" in rules, "antiking" in rules)
    ruled = shape if variant.is_classic else shape.with_variant(variant)
    density = draw(st.sampled_from([0.0, 0.3, 1.0]))
    return Grid(ruled, tuple(v if rng.random() < density else 0 for v in sol.cells))


def test_the_sites_are_show_formats() -> None:
    assert set(FORMATS) >= SITES and "link" in FORMATS


@pytest.mark.parametrize("to", sorted(FORMATS))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid=puzzles())
def test_every_writer_keeps_box_rules_and_givens(to: str, grid: Grid) -> None:
    shape = grid.shape
    try:
        text = format_grid(grid, to)
    except VariantError as err:
        # Only a puzzle with rules, in a format with no room for them, and said in words.
        assert shape.variant is not None and not grid.is_complete(), to
        assert "cannot carry the rules" in str(err)
        return
    except ValueError as err:
        assert to in SITES, (to, err)
        assert shape.classic != Shape.for_size(shape.size), err
        assert "f-puzzles draws" in str(err)
        return
    back = parse(text, shape.classic if to in NEEDS_BOX else None)
    if shape.variant is not None and to not in CARRY_RULES:
        # A solution's digits say it all: the rules are left out where they do not fit.
        assert grid.is_complete(), to
        assert back == Grid(shape.classic, grid.cells), (to, text)
        return
    assert back == grid, (to, text)
    assert back.shape == shape  # the box shape too (3x2 is not 2x3)


def test_a_3x2_anti_king_reads_back_as_3x2() -> None:
    """The audit's case: 3 rows x 2 columns boxes, one rule; `variant` and `grid` lost the box."""
    shape = Shape(3, 2)
    sol = solve(Grid.empty(shape), limit=1, rng=random.Random(5)).solution
    assert sol is not None
    classic = Grid(shape, sol.cells[:18] + (0,) * 18)
    assert parse(format_grid(classic, "grid")).shape == shape
    assert parse(format_grid(classic, "tokens")).shape == shape
    anti = Grid(shape.with_variant(Variant(anti_king=True)), classic.cells)
    assert parse(format_grid(anti, "variant")) == anti
    assert parse(format_grid(anti, "link")) == anti
