"""Rating: levels from the hardest technique, the same verdict as the full path, JSON pinned."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import read_corpus

from sudoku_core.logic.explain import steps
from sudoku_core.logic.rate import rate
from sudoku_core.logic.techniques import LEVELS, level_of, registry, weight_of
from sudoku_core.model.grid import Grid, Shape

NINE = Shape(3, 3)
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
POINTING = "...9.457...6...3...8.35.4.....4..2....2.3....67...1...9..5..12..18.47....65......"
PLATINUM = ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6..."


def grid9(line: str) -> Grid:
    return Grid(NINE, tuple(0 if ch in ".0" else int(ch) for ch in line))


def test_levels() -> None:
    easy = rate(grid9(EASY))
    assert (easy.level, easy.trial, easy.status) == ("Easy", False, "solved")
    assert easy.hardest in ("Hidden Single", "Naked Single", "Full House")
    mid = rate(grid9(POINTING))
    # A WXYZ-Wing (r8c4, r7c5, r7c6, r8c1: 3 leaves r7c2) is its hardest step.
    assert mid.level == "Hard" and mid.hardest == "WXYZ-Wing" and mid.score == 46
    hard = rate(grid9(PLATINUM), time_limit=120)  # about 2 s of CPU: room for a loaded machine
    # Platinum Blonde: nested forcing chains crack it, no guess needed.
    assert (hard.level, hard.hardest, hard.trial) == ("Extreme", "Nested Forcing Chain", False)
    assert easy.score < mid.score < hard.score


def test_json_contract() -> None:
    data = rate(grid9(POINTING)).to_json()
    assert {"level", "score", "hardest"} <= set(data)
    assert data["level"] == "Hard" and data["score"] == 46
    assert data["hardest"] == "WXYZ-Wing" and data["trial"] is False
    assert data["counts"]["Locked Candidates (Pointing)"] == 6


@pytest.mark.usefixtures("ticking_clock")
def test_time_limit_bounds_the_whole_rating() -> None:
    r = rate(grid9(PLATINUM), time_limit=0.01)  # ten clock reads
    assert (r.status, r.timed_out, r.level) == ("gave_up", True, None)
    assert r.to_json()["timed_out"] is True
    full = rate(grid9(PLATINUM), time_limit=10_000)
    assert (full.status, full.timed_out, full.level) == ("solved", False, "Extreme")


def test_bad_puzzles_get_a_status() -> None:
    r = rate(grid9("11" + "." * 79))
    assert (r.status, r.level, r.score) == ("invalid", None, 0)
    assert r.to_json()["level"] is None
    several = rate(Grid.empty(Shape(2, 2)))
    assert (several.status, several.level) == ("multiple", None)
    none = rate(grid9("12345678." + "." * 17 + "9" + "." * 54))
    assert (none.status, none.level) == ("no_solution", None)


def test_registry_weights_and_levels_are_ordered() -> None:
    techs = registry()
    names = [t.name for t in techs]
    assert names[:7] == ["Full House", "Hidden Single", "Naked Single", "Cage Combination",
                         "Innies and Outies", "Variant Rule", "Locked Candidates"]
    weights = [t.weight for t in techs]
    assert weights == sorted(weights), "the registry tries simpler techniques first"
    for t in techs:
        assert level_of(t.weight) == t.level
    assert [level_of(w) for w in (10, 26, 40, 52, 75, 90)] == list(LEVELS) + ["Extreme"]
    assert weight_of("Unique Rectangle Type 2") == 55
    assert weight_of("Locked Candidates (Claiming)") == 28
    assert weight_of("Trial and Error") == 110


@pytest.mark.parametrize("name, count", [("puzzles1_unbiased", 60), ("sudoku10k.txt", 40),
                                         ("puzzles3_magictour_top1465", 15)])
def test_rate_agrees_with_the_full_path(corpora_dir: Path, name: str, count: int) -> None:
    for line in read_corpus(corpora_dir / name)[::7][:count]:
        grid = grid9(line)
        r, p = rate(grid), steps(grid)
        assert (r.level, r.score, r.hardest, r.trial) == (p.level, p.score, p.hardest, p.trial)


def test_easy_sets_rate_low(corpora_dir: Path) -> None:
    levels = [rate(grid9(line)).level for line in read_corpus(corpora_dir / "sudoku-easy50.txt")]
    assert levels.count("Easy") + levels.count("Medium") >= 45
    assert "Extreme" not in levels


@pytest.mark.parametrize("name, count", [("puzzles1_unbiased", 40), ("sudoku10k.txt", 30),
                                         ("puzzles3_magictour_top1465", 12)])
def test_grade_agrees_with_rate(corpora_dir: Path, name: str, count: int) -> None:
    # grade.solves_within(grid, L) answers "rate(grid).level <= L" without rating (its
    # docstring's promise); trial steps are outside every cap, so a trial puzzle is never within.
    from sudoku_core.logic.grade import solves_within

    levels = set()
    for line in read_corpus(corpora_dir / name)[::11][:count]:
        grid = grid9(line)
        r = rate(grid, time_limit=60)
        assert r.level is not None
        levels.add(r.level)
        for cap in LEVELS:
            expected = LEVELS.index(r.level) <= LEVELS.index(cap) and not r.trial
            assert solves_within(grid, cap) is expected, (line, r.level, cap)
    assert len(levels) >= 2  # the sample spans levels, or the test proves little


def test_level_at_least_when_the_time_runs_out(corpora_dir: Path) -> None:
    data = rate(grid9(POINTING)).to_json()
    assert data["level_at_least"] == data["level"] == "Hard"
    # A forum hardest puzzle cut short once its first forcing chain is met: at least Extreme.
    line = read_corpus(corpora_dir / "puzzles6_forum_hardest_1106")[0]
    full = rate(grid9(line), time_limit=120)
    assert full.level == "Extreme"
    cut = None
    for limit in (0.05, 0.1, 0.2, 0.4, 0.8, 1.6):
        r = rate(grid9(line), time_limit=limit)
        if r.timed_out and r.score:
            cut = r
            break
    assert cut is not None, "no budget cut the walk after its first step"
    data = cut.to_json()
    assert data["level"] is None
    assert data["level_at_least"] == level_of(cut.score)
    assert LEVELS.index(data["level_at_least"]) <= LEVELS.index(full.level)
