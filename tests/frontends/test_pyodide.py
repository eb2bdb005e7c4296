"""The wheel works on Pyodide's Python 3.14: parse/validate/solve smoke set under Node.

A sample of every corpus is solved there too, and must get CPython's answers (status, count,
uniqueness, solution): the engine behind ``solve`` may differ per runtime, the answers not.

Runs scripts/pyodide_smoke.mjs against a freshly built site (the runtime, micropip and wheel
the browser gets). Needs `node` and `npm ci` (node_modules/pyodide); `make e2e` runs the same
check after `make site` (e2e/test_pyodide_node.py), so a fresh clone never skips it there.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from sudoku_core import parse, solve

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from smoke_check import NODE, check_report, run_smoke  # noqa: E402

CORPORA = ("puzzles1_unbiased", "puzzles2_17_clue", "puzzles3_magictour_top1465",
           "puzzles5_forum_hardest_1905_11+", "puzzles6_forum_hardest_1106", "sudoku10k.txt",
           "puzzles7_serg_benchmark")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.skipif(not (ROOT / "node_modules" / "pyodide" / "package.json").is_file(),
                    reason="node_modules/pyodide is missing: run `npm ci` (make site does)")
def test_wheel_in_pyodide_under_node(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_site
    finally:
        sys.path.pop(0)
    site = tmp_path / "site"
    build_site.build(site, ROOT / "build" / "cache")
    from conftest import find_corpora  # here: e2e imports this module beside its own conftest

    corpora = find_corpora()
    lines = corpus_sample(corpora) if corpora else []
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(lines))
    report = run_smoke(site, puzzles)
    check_report(report)
    expected = []
    for line in lines:
        r = solve(parse(line))
        expected.append([r.status, r.count, r.unique, r.solution.line() if r.solution else None])
    assert report["corpus"] == expected


def corpus_sample(corpora: Path, per_file: int = 8) -> list[str]:
    """Puzzles spread evenly through each corpus file the benchmarks time."""
    from conftest import read_corpus

    out = []
    for name in CORPORA:
        lines = read_corpus(corpora / name)
        out += lines[:: len(lines) // per_file][:per_file]
    return out
