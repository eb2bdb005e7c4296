"""Make sure the fonts the scan tests draw with are installed (Debian packages).

The scan tests render digits in fonts the reader was trained on (DejaVu) and in fonts it
never saw (Roboto, Caladea); without them those tests skip and say which package to install.
As root with apt-get (CI's fresh machine) this installs them; elsewhere it prints the command.
``--all`` installs every font of the renderer's tables (scripts/scan_render.py), what
scripts/train_digits.py and scripts/make_scan_set.py draw with.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

# Package -> one file it installs (the check that it is there).
TEST_FONTS = {
    "fonts-dejavu-core": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "fonts-roboto-unhinted":
        "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
    "fonts-crosextra-caladea": "/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf",
}


def missing(packages: dict[str, str]) -> list[str]:
    """The packages whose marker file is absent."""
    return [name for name, path in packages.items() if not Path(path).exists()]


def all_packages() -> list[str]:
    """Every package of the renderer's font tables (imported lazily: it needs Pillow)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from scan_render import FONT_PACKAGES

    return list(FONT_PACKAGES)


def install(packages: list[str]) -> bool:
    """apt-get install the packages (root only); True when it worked."""
    if not packages:
        return True
    if shutil.which("apt-get") is None or not (hasattr(os, "geteuid") and os.geteuid() == 0):
        return False
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print(f"ensure_fonts: installing {' '.join(packages)} with apt-get", file=sys.stderr)
    for cmd in (["apt-get", "update", "-q"],
                ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages]):
        if subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL).returncode != 0:
            return False
    return True


def main(argv: list[str]) -> int:
    """Exit 0 always: a missing font skips the tests that need it, with its package named."""
    wanted = all_packages() if "--all" in argv else missing(TEST_FONTS)
    if not wanted:
        print("ensure_fonts: the scan tests' fonts are installed")
        return 0
    if install(wanted):
        print(f"ensure_fonts: installed {' '.join(wanted)}")
        return 0
    print(f"ensure_fonts: missing fonts; the scan tests that draw with them will skip. "
          f"Install with: sudo apt-get install {' '.join(wanted)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
