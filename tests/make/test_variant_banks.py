"""The page's variant banks (web/banks/variants/, made by scripts/make_variant_banks.py): every
puzzle's rules read back, it has one solution and is rated at the level it is filed under, the
index lists what the files hold, and a seed remakes its puzzle."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sudoku_core.logic.rate import rate
from sudoku_core.logic.techniques import LEVELS
from sudoku_core.make.variant_generate import generate_puzzle
from sudoku_core.model.constraints import TABLE
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.model.variants import variant_from_json
from sudoku_core.solver.exact import count_solutions

BANKS = Path(__file__).resolve().parents[2] / "web" / "banks"
FILES = sorted((BANKS / "variants").glob("*-[0-9]x[0-9].json"))
KROPKI = {"kropki-white", "kropki-black"}
RATED = 2  # puzzles per level rated here (each is rated when made; rating all costs minutes)


def load(path: Path) -> dict[str, Any]:
    bank: dict[str, Any] = json.loads(path.read_text())
    return bank


def grid_of(bank: dict[str, Any], record: dict[str, Any]) -> Grid:
    shape = Shape(*bank["box"])
    return Grid(shape.with_variant(variant_from_json(record["variant"], shape.size)),
                tuple(record["values"]))


def test_the_banks_are_there_and_the_index_lists_them() -> None:
    index = json.loads((BANKS / "variants.json").read_text())
    expected: dict[str, dict[str, dict[str, int]]] = {}
    for path in FILES:
        bank = load(path)
        assert path.name == f"{bank['key']}-{bank['box'][0]}x{bank['box'][1]}.json"
        assert bank["command"].startswith("python scripts/make_variant_banks.py")
        assert set(bank["levels"]) <= set(LEVELS)
        counts = {lv: len(p) for lv, p in bank["levels"].items()}
        assert all(counts.values()), f"{path.name}: an empty level would be offered"
        if counts:
            expected.setdefault(bank["key"], {})[f"{bank['box'][0]}x{bank['box'][1]}"] = counts
    assert {k: v["boxes"] for k, v in index.items()} == expected
    # The rules, alone and with Killer, each at 6x6 and 9x9.
    for key in ("thermometer", "arrow", "kropki", "xv", "sandwich", "little-killer",
                "whispers", "renban", "killer", "killer-thermometer"):
        assert set(index[key]["boxes"]) == {"2x3", "3x3"}, key


@pytest.mark.parametrize("name", [p.name for p in FILES])
def test_every_puzzle_has_its_rules_and_one_solution(name: str) -> None:
    bank = load(BANKS / "variants" / name)
    names = set(bank["names"].split(","))
    for puzzles in bank["levels"].values():
        assert len({tuple(p["values"]) for p in puzzles}) == len(puzzles), "a puzzle twice"
        for record in puzzles:
            grid = grid_of(bank, record)
            assert grid.given_count == record["givens"]
            assert grid.shape.variant is not None
            # Every rule asked for is there (a Kropki puzzle may lack one colour of dot).
            present = {t.name for t in TABLE if t.present(grid.shape.variant)}
            assert names - KROPKI <= present and (not names & KROPKI or present & KROPKI), name
            assert count_solutions(grid, 2, time_limit=60) == 1


@pytest.mark.parametrize("name", [p.name for p in FILES])
def test_puzzles_are_rated_at_their_level(name: str) -> None:
    bank = load(BANKS / "variants" / name)
    for level, puzzles in bank["levels"].items():
        for record in puzzles[:RATED]:
            rating = rate(grid_of(bank, record), time_limit=300)  # wall-clock: loaded machines
            assert (rating.level, rating.score) == (level, record["score"]), name


def test_a_seed_remakes_its_puzzle() -> None:
    for key in ("killer", "thermometer"):
        bank = load(BANKS / "variants" / f"{key}-3x3.json")
        level = next(iter(bank["levels"]))
        record = bank["levels"][level][0]
        made = generate_puzzle(Shape(3, 3), bank["names"].split(","), level, record["seed"],
                               max_attempts=bank["plan"][level]["max_attempts"], time_limit=300)
        assert list(made.grid.cells) == record["values"]
        rules = made.grid.shape.variant
        assert rules is not None and rules.to_json() == record["variant"]
