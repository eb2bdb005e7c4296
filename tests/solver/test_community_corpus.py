"""Community variant puzzles: every row of community-train.tsv that f-puzzles can carry is read
from its f-puzzles link and solved; the one solution must be the published one.

The corpus lives outside the repository (``../shared/variants`` from the repository's root
or from a folder above it, or the folder ``SUDOKU_VARIANTS`` names); without it the test is
skipped with a message. A row whose rule this build has no type for fails with the reader's
refusal, naming the rule.
"""

from __future__ import annotations

import pytest
from helpers import COMMUNITY as _CORPUS
from helpers import community_rows, published_values

from sudoku_core.formats.links import read_link
from sudoku_core.solver.exact import solve

_BUDGET = 60.0  # seconds per puzzle: the slowest (The Barbed Cross) takes ~20 s CPU here
_ROWS = community_rows()
_values = published_values


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
