"""`sudoku steps -f FILE --all --only NAME --json`: one listing per pencil-mark state, in order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_core.cli import main
from sudoku_core.commands.steps_all import records
from sudoku_core.formats.drawing import format_candidates
from sudoku_core.model.candidates import Candidates
from sudoku_core.model.grid import Grid, Shape
from tests.conftest import read_corpus

ONLY = ["--only", "Locked Candidates", "--only", "X-Wing", "--only", "XY-Wing"]


def grid_of(line: str) -> Grid:
    return Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line))


def states(corpora_dir: Path) -> list[str]:
    """Twelve states of magictour puzzles: puzzle lines and drawn grids, some marks removed."""
    out = []
    for i, line in enumerate(read_corpus(corpora_dir / "puzzles3_magictour_top1465", 12)):
        grid = grid_of(line)
        c = Candidates.from_grid(grid)
        for cell in range(i, 81, 7):  # a different, still sound, pencil state each time
            m = c.masks[cell]
            if m & (m - 1):
                c.masks[cell] = m & ~(m & -m) if i % 2 else m
        out.append(format_candidates(grid, c.masks) if i % 3 else line)
    return out


def single(text: str, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    main(["steps", text, "--all", *ONLY, "--json"])
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_each_record_gets_the_listing_a_single_run_gives(
        corpora_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    texts = states(corpora_dir)
    expected = [single(t, capsys) for t in texts]
    # A drawn grid stands between blank lines; one-line records may follow each other.
    body = ""
    for t in texts:
        drawn = "\n" in t.strip()
        body += ("\n" if drawn and not body.endswith("\n\n") else "") + t
        body += "\n\n" if drawn else "\n"
    path = tmp_path / "states.txt"
    path.write_text("# a library of cases\n" + body)
    code = main(["steps", "-f", str(path), "--all", *ONLY, "--json"])
    out = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert len(out) == len(texts)
    lines = [d.pop("line") for d in out]
    assert lines == sorted(lines) and lines[0] == 2  # after the comment line, in input order
    assert out == expected
    assert code == (0 if all(d["status"] == "found" for d in expected) else 1)


def test_a_bad_record_is_named_and_the_rest_go_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = "..3......4..7........6...1569..1....2.....3.4.....6...87...31.9...15.7...6..2...8"
    path = tmp_path / "states.txt"
    path.write_text(f"{good}\n{good[:40]}\n{good}\n")
    assert main(["steps", "-f", str(path), "--all", "--only", "Locked Candidates",
                 "--json"]) == 2
    captured = capsys.readouterr()
    assert [json.loads(ln)["line"] for ln in captured.out.splitlines()] == [1, 3]
    assert f"{path}: line 2:" in captured.err and "Traceback" not in captured.err


def test_an_empty_file_is_a_clear_error(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.txt"
    path.write_text("# nothing here\n\n")
    assert main(["steps", "-f", str(path), "--all", "--only", "X-Wing"]) == 2
    assert "no pencil-mark state found" in capsys.readouterr().err


def test_records_split_blocks_and_lines() -> None:
    line = "." * 81
    drawn = "1 2 . .\n. . 1 2\n2 . . 1\n. 1 2 .\n"
    text = f"{line}\n{line}\n\n{drawn}\n{line}\n"
    assert [n for n, _ in records(text)] == [1, 2, 4, 9]
    assert list(records(text))[2][1] == drawn.rstrip("\n")
