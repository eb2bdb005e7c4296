"""Benchmark the forum's hardest lists: share of trial steps, `steps` wall and CPU time per puzzle.

Every step is checked against the solution (walked without the safety net): "unsound" must be 0.

    python benchmarks/bench_hardest.py                  # all of puzzles6, 1,000 of puzzles5
    python benchmarks/bench_hardest.py --sample 30 100  # a quick look: 30 and 100 (strided)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_logic import corpora_dir  # noqa: E402

from sudoku_core.logic.explain import steps  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402

CORPORA = ("puzzles6_forum_hardest_1106", "puzzles5_forum_hardest_1905_11+")
DEFAULT_SAMPLE = (0, 1000)  # 0: the whole file
TIME_LIMIT = 120.0  # seconds per puzzle: above the 60 s goal, so a slow one shows as slow

# (status, trial, hardest, wall s, cpu s, unsound steps, steps per technique)
Result = tuple[str, bool, str, float, float, int, dict[str, int]]


def measure(line: str) -> Result:
    """Walk one puzzle; time it and check every step against the solution."""
    grid = Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line[:81]))
    wall, cpu = time.perf_counter(), time.process_time()
    path = steps(grid, time_limit=TIME_LIMIT, verify=False)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    bad = 0
    sol = path.solution
    if sol is not None:
        for s in path.steps:
            bad += sum(sol.cells[c] != v for c, v in s.placements)
            bad += sum(sol.cells[c] == v for c, v in s.eliminations)
    return path.status, path.trial, path.hardest, wall, cpu, bad, path.counts


def report(name: str, results: list[Result]) -> str:
    """One Markdown table row."""
    count = len(results)
    trial = sum(r[1] for r in results)
    wall = [r[3] for r in results]
    cpu = [r[4] for r in results]
    bad = sum(r[5] for r in results)
    unsolved = sum(r[0] != "solved" for r in results)
    hardest = Counter(r[2] for r in results)
    top = ", ".join(f"{h} {c}" for h, c in hardest.most_common(4))
    return (f"| {name} | {count} | {trial} ({100 * trial / count:.1f}%) | "
            f"{statistics.median(wall):.2f} / {max(wall):.2f} | "
            f"{statistics.median(cpu):.2f} / {max(cpu):.2f} | {bad} | {unsolved} | {top} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, nargs=2, default=DEFAULT_SAMPLE,
                    metavar=("P6", "P5"), help="puzzles of each list (0 = all, -1 = none; strided)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="processes (timings are per puzzle)")
    ap.add_argument("--progress", action="store_true",
                    help="one line per puzzle on stderr (status, trial, wall s, CPU s)")
    args = ap.parse_args()
    folder = corpora_dir()
    print(f"Python {platform.python_version()} on {platform.machine()} "
          f"({os.cpu_count()} cores), {args.jobs} process(es), load {os.getloadavg()[0]:.1f}\n")
    print("| corpus | puzzles | with a trial step | steps wall s median / max | "
          "steps CPU s median / max | unsound | not solved | hardest technique |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    mapper = pool.imap if pool else map
    for name, size in zip(CORPORA, args.sample, strict=True):
        lines = [ln.strip() for ln in (folder / name).read_text().splitlines() if ln.strip()]
        if size < 0:
            continue  # a negative sample skips the list
        if size and size < len(lines):
            lines = lines[:: len(lines) // size][:size]
        results = []
        for r in mapper(measure, lines):
            results.append(r)
            if args.progress:
                print(f"{name} {len(results)}: {r[0]} trial={r[1]} wall={r[3]:.2f} "
                      f"cpu={r[4]:.2f} unsound={r[5]}", file=sys.stderr, flush=True)
        print(report(name, results), flush=True)
        used: Counter[str] = Counter()
        for r in results:
            used.update({k: 1 for k in r[6]})
        print(f"  (puzzles using each technique: {dict(used.most_common())})", flush=True)
    if pool:
        pool.close()


if __name__ == "__main__":
    main()
