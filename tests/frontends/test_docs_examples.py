"""The docs' command lines run as written: every `$ sudoku ...` line of a console block in the
README and docs/*.md whose arguments are all there (no PLACEHOLDER, file, pipe or redirect)
is run through the CLI and must succeed. (The `>>>` examples are doctests: pyproject.toml.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from sudoku_core.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def command_lines() -> list[tuple[str, str]]:
    """(document, command line) of every `$ sudoku` line in a console block."""
    out = []
    for doc in DOCS:
        for block in re.findall(r"```console\n(.*?)```", doc.read_text(), re.S):
            out += [(doc.name, line[2:]) for line in block.splitlines()
                    if line.startswith("$ sudoku ")]
    return out


def runnable(line: str) -> list[str] | None:
    """The CLI arguments of a line that needs nothing else, else None."""
    words = shlex.split(line, comments=True)
    if any(w in ("|", ">", "<") or "$(" in w or re.fullmatch(r"[A-Z][A-Z.]+", w)
           or re.search(r"\.(txt|csv|jsonl)$", w) for w in words):
        return None
    return words[1:]


LINES = command_lines()


def test_the_docs_show_commands_and_some_run_as_written() -> None:
    assert len(LINES) >= 20
    assert sum(runnable(line) is not None for _, line in LINES) >= 5


@pytest.mark.parametrize(("doc", "line"), [(d, ln) for d, ln in LINES if runnable(ln)],
                         ids=[f"{d}:{ln[:40]}" for d, ln in LINES if runnable(ln)])
def test_a_documented_command_succeeds(doc: str, line: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    args = runnable(line)
    assert args is not None
    code = main(args)
    out = capsys.readouterr().out
    assert code == 0, f"{doc}: {line}\n{out}"
    assert out.strip(), f"{doc}: {line} printed nothing"
