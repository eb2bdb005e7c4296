"""Variant solver benchmark: 9x9 Killer with no givens, and the other variants, CPU seconds.

Run from the repo root:  .venv/bin/python benchmarks/bench_variants.py [--count N]
Each Killer puzzle is made here from a seed: a random full grid, random cages (2-5 cells,
or 3-6 with --big-cages), cages split where a second solution differs until it is unique;
then timed: ``solve`` with limit=2 (uniqueness proved), CPU time (process_time) and wall.
Each Killer is also rated (``rate``, the human walk: cage combinations, the rule of 45,
cage/unit intersections and the classic techniques): CPU and wall, and how many of them the
walk solved without a guess.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.logic.rate import rate  # noqa: E402
from sudoku_core.make import cages as cage_maker  # noqa: E402
from sudoku_core.make.cages import killer_shape, random_cages, unique_cages  # noqa: E402
from sudoku_core.make.regions import random_regions  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.model.variants import Variant  # noqa: E402
from sudoku_core.solver.exact import solve  # noqa: E402


def timed(grid: Grid) -> tuple[float, float, str]:
    """CPU and wall seconds of one limit-2 solve, and its verdict."""
    c0, w0 = time.process_time(), time.perf_counter()
    r = solve(grid, limit=2, time_limit=None, max_nodes=None)
    verdict = "unique" if r.unique else str(r.status if r.unique is None else "several")
    return time.process_time() - c0, time.perf_counter() - w0, verdict


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--big-cages", action="store_true", help="cages of 3-6 cells")
    ap.add_argument("--rate-limit", type=float, default=60.0, help="seconds per rating")
    args = ap.parse_args()
    if args.big_cages:
        cage_maker._SIZES = (3, 4, 4, 5, 5, 6)
    print(f"load average {os.getloadavg()}, Python {sys.version.split()[0]}")
    base = Shape(3, 3)
    rows: dict[str, list[tuple[float, float]]] = {}
    walked = [0, 0]  # Killers rated with a guess (or not solved), without one
    for seed in range(args.count):
        rng = random.Random(seed)
        sol = solve(Grid.empty(base), limit=1, rng=rng).solution
        assert sol is not None
        cages = unique_cages(sol, random_cages(sol, rng), (0,) * 81, rng)
        if cages is None:
            continue
        cpu, wall, verdict = timed(Grid.empty(killer_shape(base, cages)))
        assert verdict == "unique", verdict
        rows.setdefault("killer, no givens", []).append((cpu, wall))
        c0, w0 = time.process_time(), time.perf_counter()
        rating = rate(Grid.empty(killer_shape(base, cages)), time_limit=args.rate_limit)
        rows.setdefault("rate: killer, no givens", []).append(
            (time.process_time() - c0, time.perf_counter() - w0))
        walked[rating.status == "solved" and not rating.trial] += 1
        for name, v in (("x", Variant(diagonals=True)), ("windoku", Variant(windows=True)),
                        ("jigsaw", Variant(regions=random_regions(base, rng))),
                        ("antiknight", Variant(anti_knight=True)),
                        ("antiking", Variant(anti_king=True))):
            shape = Shape(3, 3, v)
            full = solve(Grid.empty(shape), limit=1, rng=rng).solution
            if full is None:
                continue
            cells = tuple(x if rng.random() < 0.3 else 0 for x in full.cells)
            rows.setdefault(f"{name}, 30% givens", []).append(timed(Grid(shape, cells))[:2])
    print("| puzzles | n | CPU median s | CPU max s | wall median s |")
    print("|---|---|---|---|---|")
    for name, got in rows.items():
        cpus = [c for c, _ in got]
        walls = [w for _, w in got]
        print(f"| {name} | {len(got)} | {statistics.median(cpus):.4f} | {max(cpus):.4f} | "
              f"{statistics.median(walls):.4f} |")
    print(f"Killers the walk solved without a guess: {walked[1]} of {sum(walked)}")
    print(f"load average after {os.getloadavg()}")


if __name__ == "__main__":
    main()
