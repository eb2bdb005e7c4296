"""Statuses and levels are Literal types: mypy --strict rejects a misspelled one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SNIPPET = '''
from sudoku_core import hint, parse, rate, solve, steps, validate

puzzle = parse("..3..4.221......")
if solve(puzzle).status == "sovled":  # misspelled
    pass
if validate(puzzle).status == "uniqe":  # misspelled
    pass
if steps(puzzle).level == "Hrad":  # misspelled
    pass
if rate(puzzle).status == "gave up":  # the convention is "gave_up"
    pass
hint(puzzle).to_json("apply-it")  # not a hint level
if solve(puzzle).status == "solved" and steps(puzzle).status == "multiple":  # both fine
    pass
'''


def test_mypy_catches_misspelled_statuses(tmp_path: Path) -> None:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.skip("mypy is not installed in this environment (pip install -e .[dev])")
    (tmp_path / "snippet.py").write_text(SNIPPET)
    done = subprocess.run(
        [mypy, "--strict", "--strict-equality", "--no-incremental", "snippet.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    errors = [ln for ln in done.stdout.splitlines() if ": error:" in ln]
    lines = sorted({int(ln.split(":")[1]) for ln in errors})
    # One error per misspelling (lines 5, 7, 9, 11 and 13 of the snippet), none for line 15.
    assert lines == [5, 7, 9, 11, 13], done.stdout
