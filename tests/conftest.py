"""Shared fixtures: where the public puzzle corpora live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def find_corpora() -> Path | None:
    """The corpora folder: $SUDOKU_CORPORA, else ../shared/corpora next to the repo."""
    env = os.environ.get("SUDOKU_CORPORA")
    for candidate in ([Path(env)] if env else []) + [
        ROOT.parent / "shared" / "corpora",
        ROOT.parent.parent / "shared" / "corpora",
    ]:
        if candidate.is_dir():
            return candidate
    return None


@pytest.fixture(scope="session")
def corpora_dir() -> Path:
    """Folder of the public corpora; tests that need it skip when it is absent."""
    found = find_corpora()
    if found is None:
        pytest.skip("puzzle corpora not found: set SUDOKU_CORPORA or add ../shared/corpora")
    return found


def read_corpus(path: Path, limit: int | None = None) -> list[str]:
    """The puzzle lines of a corpus file (81 characters each)."""
    lines = [ln.strip() for ln in path.read_text().splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    return lines[:limit] if limit else lines
