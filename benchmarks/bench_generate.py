"""Generator benchmark: per size and level, median and max time, and how often attempts hit.

Usage: python benchmarks/bench_generate.py [--quick] [--samples N] [--only 3x3,4x4]

"hit share" is puzzles that reached the level divided by all attempts (complete grids tried),
so 1.0 means every grid gave a puzzle of the level and 0.05 means one in twenty did.
Targets (CPython 3.11, this machine): 9x9 Easy-Hard < 1 s median, Expert < 5 s,
16x16 Easy/Medium < 10 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

from sudoku_core.make.generate import default_time_limit, generate
from sudoku_core.model.grid import Shape

# (box shape, levels, samples): small grids cannot reach the top levels (see generate.py).
PLAN = (
    ("2x2", ("Easy",), 20),
    ("2x3", ("Easy", "Medium", "Hard", "Expert"), 10),
    ("2x4", ("Easy", "Medium", "Hard", "Expert", "Extreme"), 10),
    ("3x3", ("Easy", "Medium", "Hard", "Expert", "Extreme"), 20),
    ("3x4", ("Easy", "Medium", "Hard", "Expert"), 5),
    ("4x4", ("Easy", "Medium", "Hard", "Expert"), 5),
    ("5x5", ("Easy", "Medium"), 2),
)


def machine() -> str:
    """CPU, core count and Python version, for the header."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores; {platform.python_implementation()} "
            f"{platform.python_version()} on {platform.system()}")


def main() -> None:
    """Run the plan and print one table row per size and level."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a third of the samples")
    ap.add_argument("--samples", type=int, help="samples per row (overrides the plan)")
    ap.add_argument("--only", help="comma-separated box shapes, e.g. 3x3,4x4")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    print(f"# sudoku_core generator benchmark: {machine()}")
    print(f"{'size':>7} {'level':<8} {'n':>3} {'median s':>9} {'max s':>8} {'hit share':>9} "
          f"{'reached':>8} {'givens':>7}")
    for box, levels, samples in PLAN:
        if only and box not in only:
            continue
        shape = Shape.parse(box)
        n = args.samples or (max(1, samples // 3) if args.quick else samples)
        for level in levels:
            times: list[float] = []
            attempts = reached = givens = 0
            for seed in range(n):
                start = time.perf_counter()
                g = generate(shape, level, seed=seed)
                times.append(time.perf_counter() - start)
                attempts += g.attempts
                reached += g.reached
                givens += g.grid.given_count
            size = f"{shape.size}x{shape.size}"
            print(f"{size:>7} {level:<8} {n:>3} {statistics.median(times):>9.3f} "
                  f"{max(times):>8.3f} {reached / attempts:>9.3f} {reached:>4}/{n:<3} "
                  f"{givens / n:>7.1f}", flush=True)
    print(f"# default budgets per call: 4x4 {default_time_limit(Shape(2, 2)):g} s, "
          f"9x9 {default_time_limit(Shape(3, 3)):g} s, 16x16 "
          f"{default_time_limit(Shape(4, 4)):g} s, 25x25 {default_time_limit(Shape(5, 5)):g} s",
          file=sys.stdout)


if __name__ == "__main__":
    main()
