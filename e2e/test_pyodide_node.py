"""The built site's runtime and wheel under Node: scripts/smoke_check.py, the same check as
tests/frontends/test_pyodide.py."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from smoke_check import check_report, run_smoke  # noqa: E402


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_built_site_in_pyodide_under_node(site: Path) -> None:
    check_report(run_smoke(site))
