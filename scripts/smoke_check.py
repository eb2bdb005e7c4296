"""The Pyodide smoke check as CPython runs it: scripts/pyodide_smoke.mjs on a built site, and
what its report must say. Shared by tests/frontends/test_pyodide.py (a site built there) and
e2e/test_pyodide_node.py (the site `make site` built)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")


def run_smoke(site: Path, puzzles: Path | None = None) -> dict[str, object]:
    """Run the Node smoke script on a built site (solving ``puzzles`` too); its report."""
    assert NODE is not None
    extra = [str(puzzles)] if puzzles else []
    proc = subprocess.run(
        [NODE, str(ROOT / "scripts" / "pyodide_smoke.mjs"), str(site), *extra],
        capture_output=True, text=True, timeout=300,
    )
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    assert lines, f"no report (exit {proc.returncode}): {proc.stderr[-2000:]}"
    report: dict[str, object] = json.loads(lines[-1])
    assert proc.returncode == 0, report
    return report


def check_report(report: dict[str, object]) -> None:
    assert report["ok"] is True, report
    assert str(report["python"]).startswith("3.14"), report
    assert report["platform"] == "emscripten"
    results = report["results"]
    assert isinstance(results, dict)
    assert set(results) >= {"4x4", "9x9", "16x16"}
    assert all(r["ok"] and r["status"] == "solved" for r in results.values())
    # Same seed, same puzzle on CPython and in Pyodide (the generator's promise).
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from pyodide_smoke import generated
    finally:
        sys.path.pop(0)
    assert report["generated"] == generated()
    # The site ships the standard library and the engine as bytecode: nothing is compiled.
    assert report["compiled_from_source"] == [], report["compiled_from_source"]
    assert report["stdlib_not_bytecode"] == [], report["stdlib_not_bytecode"][:5]
