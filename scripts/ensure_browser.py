"""Make sure a Chromium for the end-to-end tests exists: Playwright's own, else the system's.

Order: Playwright's downloaded Chromium if installed; else /usr/bin/chromium; else, when running
as root, `apt-get install -y chromium` (Debian/Ubuntu); else a message saying what to install.
The e2e conftest calls browser_executable() to launch the same browser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SYSTEM_CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def playwright_chromium() -> str | None:
    """Path of Playwright's own Chromium when it is installed, else None."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Exception:
        return None
    return path if path and Path(path).is_file() else None


def system_chromium() -> str | None:
    """Path of the system's Chromium, else None."""
    for path in SYSTEM_CHROMIUM:
        if Path(path).is_file() and os.access(path, os.X_OK):
            return path
    return None


def browser_executable() -> str | None:
    """The executable_path to launch: None means Playwright's own browser."""
    if os.environ.get("SUDOKU_CHROMIUM"):
        return os.environ["SUDOKU_CHROMIUM"]
    if playwright_chromium():
        return None
    return system_chromium()


def install_system_chromium() -> bool:
    """apt-get install chromium (as root, non-interactive); True when it worked."""
    if shutil.which("apt-get") is None:
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print("ensure_browser: installing chromium with apt-get", file=sys.stderr)
    for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", "--no-install-recommends",
                                         "chromium"]):
        if subprocess.run(cmd, env=env).returncode != 0:
            return False
    return system_chromium() is not None


def main() -> int:
    """Exit 0 when a browser is available (installing one if allowed), else 1 with advice."""
    if os.environ.get("SUDOKU_CHROMIUM"):
        print(f"ensure_browser: using $SUDOKU_CHROMIUM={os.environ['SUDOKU_CHROMIUM']}")
        return 0
    own = playwright_chromium()
    if own:
        print(f"ensure_browser: using Playwright's Chromium ({own})")
        return 0
    found = system_chromium()
    if found:
        print(f"ensure_browser: using the system Chromium ({found})")
        return 0
    if hasattr(os, "geteuid") and os.geteuid() == 0 and install_system_chromium():
        print(f"ensure_browser: installed the system Chromium ({system_chromium()})")
        return 0
    print(
        "ensure_browser: no Chromium found for the end-to-end tests. Install one of:\n"
        "  sudo apt-get install chromium            (Debian/Ubuntu; then re-run make e2e)\n"
        "  .venv/bin/playwright install chromium    (Playwright's own build)\n"
        "or set SUDOKU_CHROMIUM=/path/to/chromium.",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
