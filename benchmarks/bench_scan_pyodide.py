"""Time the photo scan inside Pyodide (the page's runtime) beside CPython, on the same pictures.

Run from the repo root:  .venv/bin/python benchmarks/bench_scan_pyodide.py [SET] [--limit N]
    SET        a folder made by scripts/make_scan_set.py (default build/scan-set)
    --limit N  the first N pictures (default 24)
    --wheel W  the wheel to install in Pyodide (default: built here, as the page's is)

Pillow decodes each picture here (the page's canvas does it there), the grey bytes go to both
runtimes, and each side times ``scan_image`` alone, as CPU time (``time.process_time``; the
Pyodide side under Node, where process time is the Node process's). Printed: per side, the
median and max ms, the grids verified, and the ratio of the medians; with the load average,
since the machine is shared. This file is also the script bench_pyodide.mjs runs in Pyodide.
"""

from __future__ import annotations

import base64
import json
import statistics
import sys
import time
from typing import Any


def measure(data: dict[str, Any]) -> dict[str, Any]:
    """Scan every picture of the payload: {name: [ms, verified, values-right]}."""
    from sudoku_core.scan import scan_image
    from sudoku_core.scan.image import Gray

    out = {}
    for pic in data["pictures"]:
        gray = Gray(pic["width"], pic["height"], base64.b64decode(pic["gray"]))
        start = time.process_time()
        try:
            result = scan_image(gray, time_limit=10)
            right = list(result.grid.cells) == pic["values"]
            verified = result.verdict == "unique"
        except Exception:  # a picture the scan refuses counts as not read
            right = verified = False
        out[pic["name"]] = [(time.process_time() - start) * 1000, verified, right]
    return out


def payload(folder: Any, limit: int) -> dict[str, Any]:
    """The first ``limit`` pictures of the set as grey bytes, with their truth."""
    from pathlib import Path

    from sudoku_core.scan.load import load_image

    truth = json.loads((Path(folder) / "truth.json").read_text())
    items = truth["images"] if isinstance(truth, dict) else truth
    pictures = []
    for item in items[:limit]:
        gray = load_image(Path(folder) / item["file"])
        pictures.append({"name": item["file"], "width": gray.width, "height": gray.height,
                         "gray": base64.b64encode(gray.pixels).decode(),
                         "values": item["values"]})
    return {"pictures": pictures}


def summary(name: str, times: dict[str, list[Any]]) -> float:
    """Print one side's line; its median ms."""
    ms = [t for t, _, _ in times.values()]
    median = statistics.median(ms)
    print(f"{name:8} {len(ms)} pictures: median {median:.0f} ms, max {max(ms):.0f} ms CPU; "
          f"verified {sum(v for _, v, _ in times.values())}, "
          f"read right {sum(r for _, _, r in times.values())}")
    return median


def main() -> int:
    import argparse
    import os
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "benchmarks"))
    from bench_constraints import run_pyodide

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("set", nargs="?", default=str(root / "build" / "scan-set"))
    ap.add_argument("--limit", type=int, default=24)
    ap.add_argument("--wheel")
    args = ap.parse_args()
    if not (Path(args.set) / "truth.json").is_file():
        sys.exit(f"bench_scan_pyodide: no {args.set}/truth.json: run scripts/make_scan_set.py")
    data = payload(args.set, args.limit)
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    mine = summary("CPython", measure(data))
    theirs = summary("Pyodide", run_pyodide(root, data, args.wheel, Path(__file__).resolve()))
    print(f"Pyodide / CPython medians: {theirs / mine:.2f}; load average after: "
          f"{os.getloadavg()[0]:.2f}")
    return 0


if sys.platform == "emscripten":  # inside Pyodide (bench_pyodide.mjs): the last value is shown
    RESULT = json.dumps(measure(json.loads(BENCH_INPUT)))  # type: ignore[name-defined]  # noqa: F821
elif __name__ == "__main__":
    sys.exit(main())
