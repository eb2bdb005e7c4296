"""Scan benchmark: how many cells and grids of the test set are read right, and how fast.

Run from the repo root after `python scripts/make_scan_set.py` (writes build/scan-set):
    .venv/bin/python benchmarks/bench_scan.py [SET_DIR] [--mode auto|reader|full] [--limit N]
        [--style STYLE]...

reader mode: each picture's cells are cut at the TRUE corners (from truth.json; the
pipeline's cut_cells when it exists, else this script's own warp) and read by
sudoku_core.scan.digits.read_cell: the reader alone, without the grid finder's errors.
Prints the cells read right, the reader's accuracy on filled and on empty cells, the grids
whose every cell is right, the worst fonts and styles, and the CPU time per cell.

full mode (when sudoku_core.scan.scan_image exists): the whole scan from the picture's grey
pixels: cells right, grids right after the solver's check (verified and equal to the truth),
and CPU and wall time per picture. auto (the default) runs both when it can.
Goals: >= 99.5% of cells and >= 97% of grids right after the check. Times are CPU seconds
(time.process_time) and wall seconds; the load average is printed before and after.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.scan.digits import read_cell  # noqa: E402
from sudoku_core.scan.image import CELL_PX, Gray  # noqa: E402


def load_gray(path: Path, invert: bool = False) -> Gray:
    img = Image.open(path).convert("L")
    if invert:
        img = img.point(lambda v: 255 - v)
    return Gray(img.width, img.height, img.tobytes())


def own_cutter(gray: Gray, quad: list[list[float]], size: int) -> list[Gray]:
    """Cells from grid-line centre to centre, 2x2 samples a pixel averaged (numpy)."""
    arr = np.frombuffer(gray.pixels, np.uint8).reshape(gray.height, gray.width)
    src = np.array([(0, 0), (1, 0), (1, 1), (0, 1)], float)
    rows, rhs = [], []
    for (x, y), (u, v) in zip(src, quad, strict=True):
        rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        rhs += [u, v]
    h = np.append(np.linalg.solve(np.array(rows), np.array(rhs)), 1).reshape(3, 3)
    k = 2
    sub = (np.arange(CELL_PX * k) + 0.5) / (CELL_PX * k)
    cells = []
    for i in range(size * size):
        r, c = divmod(i, size)
        uu, vv = np.meshgrid((c + sub) / size, (r + sub) / size)
        den = h[2, 0] * uu + h[2, 1] * vv + 1
        x = np.clip((h[0, 0] * uu + h[0, 1] * vv + h[0, 2]) / den - 0.5, 0, gray.width - 1.001)
        y = np.clip((h[1, 0] * uu + h[1, 1] * vv + h[1, 2]) / den - 0.5, 0, gray.height - 1.001)
        x0, y0 = x.astype(int), y.astype(int)
        fx, fy = x - x0, y - y0
        a = arr.astype(np.float32)
        s = ((a[y0, x0] * (1 - fx) + a[y0, x0 + 1] * fx) * (1 - fy)
             + (a[y0 + 1, x0] * (1 - fx) + a[y0 + 1, x0 + 1] * fx) * fy)
        s = s.reshape(CELL_PX, k, CELL_PX, k).mean(axis=(1, 3))
        cells.append(Gray(CELL_PX, CELL_PX, np.clip(s + 0.5, 0, 255).astype(np.uint8).tobytes()))
    return cells


def pipeline_cutter() -> Callable[[Gray, list[list[float]], int], list[Gray]] | None:
    """The pipeline's cut_cells, when that module exists on this tree."""
    try:
        mod = importlib.import_module("sudoku_core.scan.cells")
    except ImportError:
        return None
    cut: Callable[[Gray, list[list[float]], int], list[Gray]] = mod.cut_cells
    return lambda gray, quad, size: cut(gray, [tuple(p) for p in quad], size)


def reader_mode(root: Path, images: list[dict[str, Any]]) -> None:
    cut = pipeline_cutter()
    print(f"reader mode: cells cut at the true corners by "
          f"{'the pipeline' if cut else 'this script'}'s cutter")
    cut = cut or own_cutter
    right = Counter[str]()
    total = Counter[str]()
    bad_by = Counter[str]()
    grids_right, cpu, filled_cpu, filled_n, confusions = 0, 0.0, 0.0, 0, Counter[str]()
    sure: dict[bool, list[float]] = {True: [], False: []}  # confidence of right/wrong reads
    second = 0  # misreads whose truth the reader ranked second
    for item in images:
        gray = load_gray(root / item["file"], invert=item["dark"])
        cells = cut(gray, item["corners"], item["size"])
        wrong = 0
        for cell, truth in zip(cells, item["values"], strict=True):
            start = time.process_time()
            ranking = read_cell(cell, item["size"])
            spent = time.process_time() - start
            best = ranking[0][0]
            sure[best == truth].append(ranking[0][1])
            if best != truth:
                second += ranking[1][0] == truth
            cpu += spent
            kind = "filled" if truth else "empty"
            filled_cpu, filled_n = filled_cpu + spent * bool(truth), filled_n + bool(truth)
            total[kind] += 1
            right[kind] += best == truth
            if best != truth:
                wrong += 1
                confusions[f"{truth}->{best}"] += 1
                bad_by[f"font {item['font']}"] += 1
                bad_by[f"style {item['style']}"] += 1
                bad_by[f"size {item['size']}"] += 1
        grids_right += wrong == 0
    cells_n = total["filled"] + total["empty"]
    print(f"cells right: {(right['filled'] + right['empty']) / cells_n:.3%} of {cells_n}")
    print(f"filled cells right: {right['filled'] / total['filled']:.3%} of {total['filled']}; "
          f"empty cells right: {right['empty'] / total['empty']:.3%} of {total['empty']}")
    print(f"grids with every cell right (no check): {grids_right}/{len(images)} "
          f"({grids_right / len(images):.1%})")
    print(f"read_cell CPU: {cpu / cells_n * 1000:.2f} ms a cell, "
          f"{filled_cpu / max(1, filled_n) * 1000:.2f} ms a filled cell")
    if sure[False]:
        print(f"misreads: truth ranked second in {second}/{len(sure[False])}; median "
              f"confidence {np.median(sure[False]):.3f} (right reads: "
              f"{np.median(sure[True]):.3f}, lowest 1%: {np.percentile(sure[True], 1):.3f})")
    print("misreads by:", ", ".join(f"{k}: {v}" for k, v in bad_by.most_common(12)) or "none")
    print("confusions (truth->read):",
          ", ".join(f"{k}: {v}" for k, v in confusions.most_common(15)) or "none")


def full_mode(root: Path, images: list[dict[str, Any]], scan_image: Callable[..., Any]) -> None:
    print("full mode: sudoku_core.scan.scan_image on each picture's grey pixels")
    cells_right = cells_n = grids_right = verified = offered_right = wrong_verified = 0
    cpu = wall = 0.0
    failures = Counter[str]()
    missed: list[str] = []
    for item in images:
        gray = load_gray(root / item["file"])
        start, wall_start = time.process_time(), time.perf_counter()
        try:
            found = scan_image(gray).to_json()
        except Exception as exc:  # a ScanError is a miss; anything else is counted too
            found = None
            failures[type(exc).__name__] += 1
            missed.append(f"{item['file']}: {type(exc).__name__}: {str(exc)[:70]}")
        cpu += time.process_time() - start
        wall += time.perf_counter() - wall_start
        cells_n += len(item["values"])
        if found is None or len(found["values"]) != len(item["values"]):
            if found is not None:
                missed.append(f"{item['file']}: read {found['size']}x{found['size']}")
            continue
        cells_right += sum(a == b for a, b in zip(found["values"], item["values"], strict=True))
        verified += bool(found["verified"])
        same = found["values"] == item["values"]
        offered_right += same
        wrong_verified += bool(found["verified"]) and not same
        right = bool(found["verified"]) and same
        grids_right += right
        if not right:
            wrong = sum(a != b for a, b in zip(found["values"], item["values"], strict=True))
            missed.append(f"{item['file']}: {found['verdict']}, {wrong} cells wrong")
    n = len(images)
    print(f"cells right: {cells_right / cells_n:.3%} of {cells_n}")
    print(f"grids offered right after the check: {offered_right}/{n} "
          f"({offered_right / n:.1%}); verified and right: {grids_right}/{n} "
          f"({grids_right / n:.1%}); verified but wrong: {wrong_verified}; "
          f"failures: {dict(failures) or 'none'}")
    print(f"time a picture: {cpu / n * 1000:.0f} ms CPU, {wall / n * 1000:.0f} ms wall")
    for line in missed:
        print("  missed:", line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("set", nargs="?", default=str(ROOT / "build" / "scan-set"))
    ap.add_argument("--mode", choices=("auto", "reader", "full"), default="auto")
    ap.add_argument("--limit", type=int, default=0, help="only the first N pictures")
    ap.add_argument("--style", action="append", default=[],
                    help="only pictures of this style (newspaper, plain, app, dark, page, "
                         "page-dark); repeatable")
    args = ap.parse_args(argv)
    root = Path(args.set)
    if not (root / "truth.json").is_file():
        ap.error(f"no {root / 'truth.json'}: run scripts/make_scan_set.py first")
    images = json.loads((root / "truth.json").read_text())["images"]
    images = [i for i in images if not args.style or i["style"] in args.style]
    images = images[:args.limit] if args.limit else images
    scan_image = getattr(importlib.import_module("sudoku_core.scan"), "scan_image", None)
    if args.mode == "full" and scan_image is None:
        ap.error("sudoku_core.scan.scan_image is not on this tree: --mode reader")
    print(f"{len(images)} pictures from {root}; load average {os.getloadavg()}")
    if args.mode in ("auto", "reader"):
        reader_mode(root, images)
    if args.mode in ("auto", "full") and scan_image is not None:
        full_mode(root, images, scan_image)
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
