"""Isomorphisms of variant puzzles: the image keeps every rule, so it is the same puzzle.

Rules are drawn at random (X, Windoku, Jigsaw regions, Killer cages with or without sums,
anti-knight, anti-king, and their combinations); the puzzle is a solution of those rules with
cells emptied. Its image must validate as the puzzle does, and a unique puzzle's solution
must be the image of the original's solution, through the library and through the facade.
"""

from __future__ import annotations

import json
import random

from helpers import random_cages
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sudoku_core.make.isomorph import keeps_rules, random_isomorphism
from sudoku_core.make.regions import random_regions
from sudoku_core.model.conflicts import find_conflicts
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import Variant, variant_from_json
from sudoku_core.solver.exact import solve
from sudoku_core.solver.validate import validate
from sudoku_core.web_api import handle

BOXES = [(2, 2), (2, 3), (3, 2), (3, 3)]
seeds = st.integers(0, 2**32 - 1)


@st.composite
def variant_puzzles(draw: st.DrawFn) -> tuple[Grid, Grid]:
    """A puzzle with random rules (at least one) and a solution of them."""
    box = draw(st.sampled_from(BOXES))
    rng = random.Random(draw(seeds))
    shape = Shape(*box)
    flags = Variant(diagonals=draw(st.booleans()), windows=draw(st.booleans()),
                    regions=random_regions(shape, rng) if draw(st.booleans()) else (),
                    anti_knight=draw(st.booleans()), anti_king=draw(st.booleans()))
    base = shape.with_variant(flags)
    r = solve(Grid.empty(base), limit=1, max_nodes=20_000, time_limit=10, rng=rng)
    assume(r.solution is not None)
    assert r.solution is not None
    cages = random_cages(r.solution, rng, draw(st.booleans())) if draw(st.booleans()) else ()
    rules = Variant(flags.diagonals, flags.windows, flags.regions, cages, flags.anti_knight,
                    flags.anti_king)
    assume(not rules.is_classic)
    full = Grid(shape.with_variant(rules), r.solution.cells)
    keep = draw(st.floats(0.5 if shape.size == 9 else 0.2, 0.9))
    puzzle = Grid(full.shape, tuple(v if rng.random() < keep else 0 for v in full.cells))
    return puzzle, full


def check_image(puzzle: Grid, solution: Grid, image: Grid, mapped: Grid) -> None:
    """The image validates as the puzzle does; a unique one is solved by the mapped solution."""
    assert not find_conflicts(mapped), mapped.shape.variant
    before = validate(puzzle, time_limit=30)
    after = validate(image, time_limit=30)
    assert after.status == before.status, after.message()
    assert all(v in (0, s) for v, s in zip(image.cells, mapped.cells, strict=True))
    if before.status == "unique":
        assert before.solution == solution
        assert after.solution == mapped


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(pair=variant_puzzles(), iso_seed=seeds)
def test_the_image_of_a_variant_puzzle_is_the_same_puzzle(pair: tuple[Grid, Grid],
                                                          iso_seed: int) -> None:
    puzzle, solution = pair
    iso = random_isomorphism(puzzle.shape, random.Random(iso_seed))
    assert keeps_rules(iso)
    check_image(puzzle, solution, iso.apply(puzzle), iso.apply(solution))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(pair=variant_puzzles(), iso_seed=seeds)
def test_the_facade_maps_the_rules_with_the_cells(pair: tuple[Grid, Grid], iso_seed: int) -> None:
    puzzle, solution = pair
    shape = puzzle.shape
    assert shape.variant is not None
    box = [shape.box_rows, shape.box_cols]
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "isomorph", "args": {
        "cells": list(puzzle.cells), "box": box, "variant": shape.variant.to_json(),
        "seed": iso_seed, "solution": list(solution.cells)}})))["result"]
    assert "variant" in reply  # the reply carries the rules, moved with the cells
    rules = Shape(*box).with_variant(variant_from_json(reply["variant"], shape.size))
    image = Grid(rules, tuple(reply["values"]))
    mapped = Grid(rules, tuple(reply["solution_values"]))
    check_image(puzzle, solution, image, mapped)


def test_an_x_puzzle_keeps_its_diagonals_for_every_seed() -> None:
    # The audit's case: 20 of 20 images of an X puzzle broke a diagonal.
    rules = Shape(3, 3, Variant(diagonals=True))
    full = solve(Grid.empty(rules), limit=1, rng=random.Random(5)).solution
    assert full is not None
    puzzle = Grid(rules, tuple(v if i % 3 else 0 for i, v in enumerate(full.cells)))
    images = set()
    for seed in range(20):
        iso = random_isomorphism(rules, random.Random(seed))
        image = iso.apply(full)
        assert not find_conflicts(image)
        images.add(iso.apply(puzzle).cells)
    assert len(images) > 10  # still a wide family: relabelling, turns, mirrored line swaps


def test_a_killer_with_sums_is_relabelled_by_complement_only() -> None:
    shape = Shape(2, 2)
    full = solve(Grid.empty(shape), limit=1, rng=random.Random(2)).solution
    assert full is not None
    cages = random_cages(full, random.Random(3), True)
    killer = Grid(shape.with_variant(Variant(cages=cages)), full.cells)
    seen = set()
    for seed in range(30):
        iso = random_isomorphism(killer.shape, random.Random(seed))
        seen.add(iso.symbols)
        assert not find_conflicts(iso.apply(killer))
    assert seen == {(0, 1, 2, 3, 4), (0, 4, 3, 2, 1)}
