"""Variant benchmark: the community puzzles (f-puzzles links) and puzzles made here, solved and
proven unique, with the CPU time per puzzle.

Run from the repo root:  .venv/bin/python benchmarks/bench_constraints.py [--budget S]
(``--variants DIR``: the folder of ``community-train.tsv``, default ``../shared/variants`` or
$SUDOKU_VARIANTS; ``--true-candidates``: also time true candidates of each puzzle with its
givens halved.) Prints the machine and its load, then one line per puzzle and a summary:
right / wrong / gave up / refused, and CPU ms (median, p90, max) over the puzzles read. CPU
time is ``time.process_time`` of this process (one core); the machine is shared, so compare
figures of one run, and read the load printed beside them.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import parse  # noqa: E402
from sudoku_core.model.errors import SudokuError  # noqa: E402
from sudoku_core.model.grid import Grid  # noqa: E402
from sudoku_core.solver.exact import solve  # noqa: E402
from sudoku_core.solver.true_candidates import true_candidates  # noqa: E402


def corpus_path(given: str | None) -> Path:
    """The community set: --variants, $SUDOKU_VARIANTS, or ../shared/variants."""
    folder = given or os.environ.get("SUDOKU_VARIANTS") or str(ROOT.parent / "shared" /
                                                                "variants")
    return Path(folder) / "community-train.tsv"


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return [r for r in csv.DictReader(fh, delimiter="\t") if r.get("fp_link")]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default=None)
    ap.add_argument("--budget", type=float, default=30.0, help="seconds per puzzle (default 30)")
    ap.add_argument("--true-candidates", action="store_true")
    args = ap.parse_args()
    path = corpus_path(args.variants)
    if not path.exists():
        print(f"no community set at {path}; give --variants DIR")
        return 2
    print(f"# {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores (CPU time, one core)")
    tally = {"right": 0, "wrong": 0, "gave up": 0, "refused": 0}
    cpu: list[float] = []
    tc_cpu: list[float] = []
    for row in rows(path):
        name = row["name"][:40]
        try:
            grid = parse(row["fp_link"])
        except SudokuError as exc:
            tally["refused"] += 1
            print(f"refused  {name:40} {row['iss_types'][:30]:30} {str(exc)[:70]}")
            continue
        t0 = time.process_time()
        r = solve(grid, limit=2, time_limit=args.budget)
        ms = (time.process_time() - t0) * 1000
        cpu.append(ms)
        want = row["solution"].strip()
        if r.status == "gave_up":
            verdict = "gave up"
        elif r.status == "solved" and r.unique and _same(r.solution, want, grid):
            verdict = "right"
        else:
            verdict = "wrong"
        tally[verdict] += 1
        extra = ""
        if args.true_candidates:
            half = Grid(grid.shape, tuple(v if i % 2 else 0 for i, v in enumerate(grid.cells)))
            t1 = time.process_time()
            tc = true_candidates(half, time_limit=args.budget)
            tc_cpu.append((time.process_time() - t1) * 1000)
            extra = f"  true candidates {tc_cpu[-1]:8.1f} ms ({tc.status})"
        print(f"{verdict:8} {name:40} {row['iss_types'][:30]:30} {ms:9.1f} ms{extra}")
    print("\n" + ", ".join(f"{k}: {v}" for k, v in tally.items()))
    if cpu:
        print(f"solve + uniqueness, CPU ms over {len(cpu)} puzzles read: median "
              f"{statistics.median(cpu):.1f}, p90 {percentile(cpu, 0.9):.1f}, max {max(cpu):.1f}")
    if tc_cpu:
        print(f"true candidates (givens halved), CPU ms: median {statistics.median(tc_cpu):.1f}, "
              f"p90 {percentile(tc_cpu, 0.9):.1f}, max {max(tc_cpu):.1f}")
    return 0


def _same(got: Grid | None, want: str, grid: Grid) -> bool:
    """The published solution (row by row: '1'-'9', or 'A'-'P' for 1-16 on larger grids)
    against the solver's."""
    chars = [c for c in want if c.isalnum()]
    if got is None or len(chars) != len(grid.cells):
        return False
    values = [int(c) if grid.size <= 9 else ord(c.upper()) - ord("A") + 1 for c in chars]
    return list(got.cells) == values


if __name__ == "__main__":
    raise SystemExit(main())
