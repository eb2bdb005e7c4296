"""Community variant puzzles: every row of community-train.tsv that f-puzzles can carry is read
from its f-puzzles link and solved; the one solution must be the published one.

The corpus lives outside the repository (``../shared/variants`` from the repository's root
or from a folder above it, or the folder ``SUDOKU_VARIANTS`` names); without it the test is
skipped with a message. A row whose rule this build has no type for fails with the reader's
refusal, naming the rule.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from sudoku_core.formats.links import read_link
from sudoku_core.solver.exact import solve

_ROOT = Path(__file__).resolve().parent.parent
# ../shared/variants from the root; a worktree one level deeper finds it a level further up.
_FOLDER = Path(os.environ.get("SUDOKU_VARIANTS") or next(
    (p / "shared" / "variants" for p in _ROOT.parents if (p / "shared" / "variants").is_dir()),
    _ROOT.parent / "shared" / "variants"))
_CORPUS = _FOLDER / "community-train.tsv"
_BUDGET = 60.0  # seconds per puzzle: the slowest (The Barbed Cross) takes ~20 s CPU here


def _rows() -> list[dict[str, str]]:
    if not _CORPUS.is_file():
        return []
    with _CORPUS.open(encoding="utf-8", newline="") as f:
        return [row for row in csv.DictReader(f, delimiter="\t")
                if row.get("expressible") == "yes" and row.get("fp_link")]


_ROWS = _rows()


def _values(solution: str, size: int) -> list[int]:
    """The published solution's digits: '1'-'9' up to 9x9, 'A'-'P' (1-16) on larger grids."""
    if size <= 9:
        return [int(ch) for ch in solution]
    return [ord(ch.upper()) - ord("A") + 1 for ch in solution]


def test_the_corpus_is_there() -> None:
    if not _ROWS:
        pytest.skip(f"no community corpus at {_CORPUS} (set SUDOKU_VARIANTS to its folder)")
    assert len(_ROWS) >= 30


@pytest.mark.parametrize("row", _ROWS, ids=[r["name"][:40] for r in _ROWS])
def test_a_community_puzzle_reads_and_solves_to_its_solution(row: dict[str, str]) -> None:
    grid = read_link(row["fp_link"]).givens
    assert grid.size == int(row["size"])
    result = solve(grid, limit=2, max_nodes=None, time_limit=_BUDGET)
    assert result.status == "solved", result.message()
    assert result.solution is not None
    assert list(result.solution.cells) == _values(row["solution"], grid.size)
    assert result.unique is True, result.message()
