"""The page's puzzle banks (web/banks/, made by scripts/make_banks.py): every puzzle is unique
and rated at its level, the index lists what the files hold, and a seed remakes its puzzle."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sudoku_core.logic.rate import rate
from sudoku_core.logic.techniques import LEVELS
from sudoku_core.make.generate import generate
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import count_solutions

BANKS = Path(__file__).resolve().parents[2] / "web" / "banks"
FILES = sorted(BANKS.glob("[0-9]*x[0-9]*.json"))
# Up to 12x12 every puzzle is rated; above, rating costs seconds each: the first two per level
# (every puzzle's uniqueness is still checked).
RATE_ALL_UP_TO = 12
SAMPLE = 2


def load(path: Path) -> dict[str, Any]:
    bank: dict[str, Any] = json.loads(path.read_text())
    return bank


def entries() -> list[tuple[str, str, int]]:
    """(file name, level, index) of every puzzle to check."""
    out: list[tuple[str, str, int]] = []
    for path in FILES:
        bank = load(path)
        r, c = bank["box"]
        for level, puzzles in bank["levels"].items():
            count = len(puzzles) if r * c <= RATE_ALL_UP_TO else min(SAMPLE, len(puzzles))
            out.extend((path.name, level, i) for i in range(count))
    return out


def test_the_banks_are_there_with_their_header() -> None:
    names = {p.name for p in FILES}
    assert {"3x3.json", "2x3.json", "3x4.json", "4x4.json", "5x5.json"} <= names
    for path in FILES:
        bank = load(path)
        assert bank["command"].startswith("python scripts/make_banks.py")
        assert path.name == f"{bank['box'][0]}x{bank['box'][1]}.json"
        assert set(bank["levels"]) <= set(LEVELS)
        for level, puzzles in bank["levels"].items():
            assert puzzles, f"{path.name} {level}: an empty level would be offered"
            assert level in bank["plan"]
            seeds = [p["seed"] for p in puzzles]
            assert len(set(seeds)) == len(seeds)
            lines = {tuple(p["values"]) for p in puzzles}
            assert len(lines) == len(puzzles), f"{path.name} {level}: a puzzle twice"


def test_every_level_of_9x9_is_there() -> None:
    bank = load(BANKS / "3x3.json")
    assert list(bank["levels"]) == list(LEVELS)


def test_the_index_lists_the_files() -> None:
    index = json.loads((BANKS / "index.json").read_text())
    expected = {}
    for path in FILES:
        bank = load(path)
        expected[f"{bank['box'][0]}x{bank['box'][1]}"] = {
            level: len(puzzles) for level, puzzles in bank["levels"].items()}
    assert index == expected


@pytest.mark.parametrize(("name", "level", "i"), entries())
def test_a_bank_puzzle_is_unique_and_at_its_level(name: str, level: str, i: int) -> None:
    bank = load(BANKS / name)
    shape = Shape(*bank["box"])
    record = bank["levels"][level][i]
    grid = Grid(shape, tuple(record["values"]))
    assert grid.given_count == record["givens"]
    assert count_solutions(grid, 2, time_limit=60) == 1
    rating = rate(grid, time_limit=300)  # wall-clock: a loaded machine is slow
    assert (rating.level, rating.score) == (level, record["score"])


@pytest.mark.parametrize("name", [p.name for p in FILES])
def test_every_big_bank_puzzle_is_unique(name: str) -> None:
    bank = load(BANKS / name)
    shape = Shape(*bank["box"])
    if shape.size <= RATE_ALL_UP_TO:
        pytest.skip("checked puzzle by puzzle above")
    for puzzles in bank["levels"].values():
        for record in puzzles[SAMPLE:]:
            assert count_solutions(Grid(shape, tuple(record["values"])), 2, time_limit=60) == 1


def test_a_seed_remakes_its_puzzle() -> None:
    bank = load(BANKS / "3x3.json")
    for level in ("Easy", "Hard"):
        record = bank["levels"][level][0]
        plan = bank["plan"][level]
        made = generate(Shape(3, 3), level, seed=record["seed"],
                        max_attempts=plan["max_attempts"], time_limit=plan["time_limit"])
        assert list(made.grid.cells) == record["values"]
