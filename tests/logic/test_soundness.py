"""Soundness on the corpora and on dug puzzles: no step ever contradicts the unique solution.

One walk per puzzle: the logical path without the safety net (``verify=False``), every step
checked against the solution. On the harder corpora ("probe"), wherever the path needs more than
the basic techniques (singles, locked candidates, pairs and triples), every technique of the
registry is asked too and each step it offers is checked, so a
finder that the path rarely reaches is still tested; on every INSTANCE_EVERY-th puzzle of those,
the first states past singles also have every instance of the pattern families checked (as
found, and with more wrong candidates gone). Corpus samples keep the unit suite fast;
benchmarks/bench_logic.py runs thousands.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import check_step, dug_puzzle, read_corpus
from helpers import NEW_FAMILIES, UNIQUENESS_ITERS, check_all, remove_wrong

from sudoku_core.logic.explain import steps
from sudoku_core.logic.techniques import TECHNIQUES, weight_of
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve
from sudoku_core.solver.propagate import SINGLES

NINE = Shape(3, 3)

# (file, how many (0: all), stride, probe): strided samples reach past the first lines of
# ordered files; "probe" asks every technique wherever the path needs more than singles.
SAMPLES = [
    ("puzzles1_unbiased", 150, 6, False),
    ("puzzles2_17_clue", 100, 500, True),
    ("sudokus_17.txt", 40, 251, False),
    ("sudoku10k.txt", 100, 97, False),
    ("sudoku-easy50.txt", 50, 1, False),
    ("sudoku-top95.txt", 0, 1, True),
    ("sudoku-hardest.txt", 0, 1, True),
    ("puzzles3_magictour_top1465", 40, 37, True),
    ("puzzles5_forum_hardest_1905_11+", 5, 1999, False),
    ("puzzles6_forum_hardest_1106", 4, 93, False),
    ("plb_sudoku_hard20.txt", 3, 7, False),
]
BASIC_WEIGHT = 38  # up to hidden triples: probe only where the path needs more than these
INSTANCE_EVERY = 4  # every instance listed on a quarter of a probed sample: enough to meet each
STATES_PER_PUZZLE = 3  # states past singles where every instance is checked
# A finder that never fires on this set is broken: it needs every family.
NEEDED = {"sudoku-top95.txt": {"Skyscraper", "XY-Wing", "AIC", "Forcing Chain", "XY-Chain"}}
# Nor is a pattern family whose instances never show where they are all listed.
LISTED = {"sudoku-top95.txt": {"ALS-XZ", "ALS-XY-Wing", "ALS Chain", "Death Blossom",
                               "WXYZ-Wing", "Hidden Rectangle", "Sue de Coq"}}


def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line[:81]))


def probe(c: Candidates, sol: Grid) -> set[str]:
    """Ask every technique of the registry at this state; check each step offered."""
    seen = set()
    before = c.copy()
    for tech in TECHNIQUES:
        if tech.name in SINGLES or tech.weight >= 85:
            # The dynamic and nested forcing chains (each call up to a second) have their own
            # soundness tests (test_forcing_chains.py); the walked paths still check them.
            continue
        step = tech.find(c)
        assert c == before, f"{tech.name} changed the state"
        if step is not None and (step.eliminations or step.placements):
            check_step(step, c, sol.cells, tech.name)
            seen.add(step.technique)
    return seen


def assert_sound_path(grid: Grid, probing: bool = False,
                      rng: random.Random | None = None) -> tuple[set[str], set[str]]:
    """Walk the path without the safety net and check every step; the techniques probed and
    the ones whose instances were listed.

    With ``rng``, every instance of the pattern families is checked at the first states past
    singles, as they are and with random wrong candidates removed.
    """
    result = solve(grid, time_limit=120)
    assert result.unique, "the puzzle should have one solution"
    sol = result.solution
    assert sol is not None
    path = steps(grid, verify=False, time_limit=120)
    assert path.status == "solved"
    c = Candidates.from_grid(grid)
    seen: set[str] = set()
    listed: set[str] = set()
    states = 0
    for step in path.steps:
        if probing and weight_of(step.technique) > BASIC_WEIGHT:
            seen |= probe(c, sol)
        if rng is not None and states < STATES_PER_PUZZLE and step.technique not in SINGLES:
            states += 1
            listed |= check_all(c, sol.cells, NEW_FAMILIES + UNIQUENESS_ITERS)
            thinner = c.copy()
            remove_wrong(thinner, sol.cells, rng, 0.3)
            listed |= check_all(thinner, sol.cells, NEW_FAMILIES + UNIQUENESS_ITERS)
        check_step(step, c, sol.cells, step.technique, region=False)
        c.apply(step)
    assert c.to_grid() == sol
    assert path.solution == sol
    return seen, listed


@pytest.mark.parametrize("name, count, stride, probing", SAMPLES, ids=[s[0] for s in SAMPLES])
def test_corpus_paths_are_sound(corpora_dir: Path, name: str, count: int, stride: int,
                                probing: bool) -> None:
    lines = read_corpus(corpora_dir / name)[::stride]
    lines = lines[:count] if count else lines
    assert lines
    seen: set[str] = set()
    listed: set[str] = set()
    rng = random.Random(13)
    for k, line in enumerate(lines):
        listing = probing and k % INSTANCE_EVERY == 0
        probed, found = assert_sound_path(grid9(line), probing, rng if listing else None)
        seen |= probed
        listed |= found
    assert NEEDED.get(name, set()) <= seen, NEEDED[name] - seen
    assert LISTED.get(name, set()) <= listed, LISTED[name] - listed
    if name in LISTED:
        assert any("Franken" in t for t in listed) and any("Unique Rectangle" in t for t in listed)


@pytest.mark.parametrize("shape, seeds, share", [
    (Shape(2, 2), range(20), 1.0),
    (Shape(2, 3), range(20), 1.0),
    (Shape(3, 2), range(10), 1.0),
    (Shape(2, 4), range(10), 1.0),
    (Shape(3, 3), range(10), 1.0),
    (Shape(3, 4), range(6), 1.0),
    (Shape(4, 3), range(3), 1.0),
    (Shape(4, 4), range(2), 0.45),
], ids=["4x4", "6x6", "6x6-3x2", "8x8", "9x9", "12x12", "12x12-4x3", "16x16"])
def test_dug_paths_are_sound(shape: Shape, seeds: range, share: float) -> None:
    for seed in seeds:
        puzzle, solution = dug_puzzle(shape, seed, share)
        assert_sound_path(puzzle, probing=shape.size <= 9)
        assert solve(puzzle).solution == solution
