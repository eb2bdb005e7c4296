"""Every line of every public corpus file parses, alone and through read_puzzles."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import find_corpora

from sudoku_core.formats.read import parse, read_puzzles
from sudoku_core.formats.write import format_grid

FILES = sorted(p.name for p in (find_corpora() or Path("/nonexistent")).glob("*")
               if p.is_file() and p.suffix != ".md")


@pytest.mark.parametrize("name", FILES or ["(no corpora)"])
def test_every_corpus_line_parses(corpora_dir: Path, name: str) -> None:
    text = (corpora_dir / name).read_text()
    lines = [ln.strip() for ln in text.splitlines()]
    puzzles = [ln for ln in lines if ln and not ln.startswith("#")]
    records = list(read_puzzles(text))
    assert len(records) == len(puzzles) > 0
    for rec, line in zip(records, puzzles, strict=True):
        assert rec.grid.size == 9
        assert rec.grid.line() == line.replace("0", ".")
        assert lines[rec.line - 1] == line
    for line in puzzles[:200]:
        g = parse(line)
        assert g == parse(format_grid(g, "pretty")) == parse(format_grid(g, "json"))
