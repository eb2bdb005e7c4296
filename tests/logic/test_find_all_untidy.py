"""Listings from untidy pencil marks: values placed after the marks were written, the marks of
their peers left in place. Every listed step of every technique must hold for the puzzle's one
solution whenever the marks keep every true digit, and the marks a placed value rules out are
reported on their own (`stale_marks`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import check_step, dug_puzzle, read_corpus
from helpers import untidy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudoku_core.cli import main
from sudoku_core.formats.drawing import format_candidates
from sudoku_core.logic.find_all import (
    candidates_from_text,
    find_all,
    instances,
    listable,
    technique_names,
)
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

# From the report: r2c3 holds 1, yet r1c4 still marks it, and column 4 / box 2 would make
# "1 fits only r1c4" of it; the answer there is 4.
UNTIDY_4X4 = "| 12 12 | 3 14 |\n| 3 4 | 1 2 |\n| 2 1 | 34 34 |\n| 34 34 | 2 1 |\n"

# 4x4 to 9x9, every box shape between.
SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(4, 2), Shape(3, 3)]
# Seconds per technique and state: the slow searches (ALS chains, forcing chains) are cut
# short, which is fine here: whatever they list before the cut must hold.
PER_TECHNIQUE = 0.25


def check_listings(text: str, solution: Grid) -> int:
    """Every instance of every technique listed from the text's state holds for the solution;
    the number of instances checked."""
    c = candidates_from_text(text)
    before = c.copy()
    checked = 0
    for name in technique_names():
        found, _ = find_all(c, [name], time_limit=PER_TECHNIQUE)
        for step in found:
            check_step(step, c, solution.cells, name)
            # Said in the brief's words: no placement or kept digit repeats a placed value.
            for cell, v in step.placements:
                assert all(c.values[p] != v for p in c.geometry.peers[cell]), step.text
        checked += len(found)
    assert c == before, "find_all changed the state it was given"
    return checked


def test_the_reported_state_lists_no_false_single(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", UNTIDY_4X4, "--all", "--only", "Hidden Single", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    placed = {(p["index"], p["value"]) for s in data["steps"] for p in s["placements"]}
    assert (3, 1) not in placed  # r1c4 = 1 is false: r2c3 holds the 1 of box 2
    assert (3, 4) in placed  # the true single there is still found
    solution = solve(candidates_from_text(UNTIDY_4X4).to_grid()).solution
    assert solution is not None
    assert all(solution.cells[i] == v for i, v in placed)
    stale = {(m["index"], m["value"]): m for m in data["stale_marks"]}
    assert (3, 1) in stale and 6 in stale[(3, 1)]["placed_indices"]
    assert {u["unit"] for u in stale[(3, 1)]["placed_units"]} == {"column", "box"}
    assert "6 stale marks left out" in data["message"]


def test_the_reported_state_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", UNTIDY_4X4, "--all", "--only", "Hidden Single"]) == 0
    out = capsys.readouterr().out
    assert "1 fits only r1c4" not in out
    assert "r1c4 still marks 1, placed in column 4 at r4c4 and in box 2 at r2c3" in out


def test_a_tidy_state_reports_no_stale_marks(capsys: pytest.CaptureFixture[str]) -> None:
    c = candidates_from_text(UNTIDY_4X4).tidied()
    text = format_candidates(c.to_grid(), c.masks)
    assert main(["steps", text, "--all", "--only", "Hidden Single", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stale_marks"] == [] and "stale" not in data["message"]


def test_every_digit_marked_lists_as_the_plain_grid(capsys: pytest.CaptureFixture[str]) -> None:
    # Marks never tidied at all (every digit in every empty cell) leave, once the stale ones are
    # out, the grid's own candidates: the listing is the plain grid's, and every stale mark is
    # named (the text the first ones, the JSON all).
    line = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    grid = candidates_from_text(line).to_grid()
    every = format_candidates(grid, [0 if v else 0b111111111 for v in grid.cells])
    asked = ["--all", "--only", "Hidden Single", "--only", "Locked Candidates", "--json"]
    assert main(["steps", line, *asked]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["steps", every, *asked]) == 0
    marked = json.loads(capsys.readouterr().out)
    assert marked["steps"] == plain["steps"] and plain["stale_marks"] == []
    geo = grid.shape.geometry
    assert len(marked["stale_marks"]) == sum(
        len({grid.cells[p] for p in geo.peers[cell]} - {0})
        for cell, v in enumerate(grid.cells) if not v)
    assert main(["steps", every, *asked[:-1]]) == 0
    text = capsys.readouterr().out
    more = len(marked["stale_marks"]) - 100
    assert more > 0 and f"... and {more} more (--json lists them all)" in text
    assert marked["stale_marks"][0]["text"] in text


def test_instances_reads_the_state_without_its_stale_marks() -> None:
    c = candidates_from_text(UNTIDY_4X4)
    single = next(t for t in listable() if t.name == "Hidden Single")
    placed = {p for s in instances(single, c) for p in s.placements}
    assert (3, 1) not in placed and (3, 4) in placed
    assert c.has(3, 1)  # the caller's state keeps its marks


@settings(max_examples=12, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 10**6),
       placed=st.floats(0.1, 0.7), drop=st.floats(0.0, 0.8), extra=st.floats(0.0, 0.3))
def test_every_listed_step_holds_in_untidy_states(shape: Shape, seed: int, placed: float,
                                                  drop: float, extra: float) -> None:
    # Dug puzzles have one solution, so the uniqueness techniques are asked too.
    puzzle, solution = dug_puzzle(shape, seed)
    grid, masks = untidy(puzzle, solution, random.Random(seed), placed, drop, extra)
    assume(Candidates(shape, list(grid.cells), masks).stale_marks())
    check_listings(format_candidates(grid, masks), solution)


def test_untidy_corpus_states(corpora_dir: Path) -> None:
    # Published 9x9 puzzles (one solution each), a fixed sample: harder patterns than the
    # dug ones, and enough of them that a listing unsound again would show.
    lines = read_corpus(corpora_dir / "sudoku-top95.txt")
    rng = random.Random(18)
    checked = 0
    for line in rng.sample(lines, 3):
        puzzle = Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line[:81]))
        result = solve(puzzle, time_limit=60)
        assert result.solution is not None and result.unique
        grid, masks = untidy(puzzle, result.solution, rng, 0.4, 0.3, 0.1)
        assert Candidates(puzzle.shape, list(grid.cells), masks).stale_marks()
        checked += check_listings(format_candidates(grid, masks), result.solution)
    assert checked > 0  # the sample lists something to check
