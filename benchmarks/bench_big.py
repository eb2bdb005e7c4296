"""Big-grid benchmark: random 64x64 (or any size) puzzles with few givens, one solve each.

Run from the repo root:  .venv/bin/python benchmarks/bench_big.py [--size 64] [--keep 0.05]
    [--seeds 10] [--time-limit 10] [--max-nodes 2000000]
Each seed makes a random full grid (``solve`` of the empty grid with ``random.Random(seed)``,
a shuffled pattern grid above 25x25), keeps each cell with probability ``--keep`` (drawn from
the same generator), then times the default ``solve`` (limit 2) with the given budget. Prints
one Markdown row per seed: givens, status, nodes, wall-clock and CPU seconds; then how many
answered, and the load average before and after. ``solve``'s budget is wall clock: on a loaded
machine ``--time-limit 10`` ends solves that need less than 10 s of CPU. ``--cpu-clock`` makes
the budget count this process's CPU seconds instead (the solver's clock is
``time.perf_counter``; here it reads ``time.process_time``), which is what the same budget
gives on an idle machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.solver.exact import solve  # noqa: E402


def puzzle(shape: Shape, keep: float, seed: int) -> Grid:
    """Givens kept with probability ``keep`` from a random full grid (seeded)."""
    rng = random.Random(seed)
    full = solve(Grid.empty(shape), limit=1, rng=rng, time_limit=None).solution
    assert full is not None
    return Grid(shape, tuple(v if rng.random() < keep else 0 for v in full.cells))


def is_solution(solution: Grid, given: Grid) -> bool:
    """Every unit holds each value once and every given is kept."""
    geo = solution.shape.geometry
    full = set(range(1, solution.size + 1))
    if any(g and g != s for g, s in zip(given.cells, solution.cells, strict=True)):
        return False
    return all({solution.cells[c] for c in unit} == full for unit in geo.units)


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=64, help="grid size N (default 64)")
    ap.add_argument("--keep", type=float, default=0.05, help="share of givens (default 0.05)")
    ap.add_argument("--seeds", type=int, default=10, help="seeds 0..N-1 (default 10)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--time-limit", type=float, default=10.0,
                    help="solve's wall-clock budget in seconds (default 10, solve's default)")
    ap.add_argument("--max-nodes", type=int, default=2_000_000,
                    help="solve's node budget (default 2000000, solve's default)")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="the budget counts CPU seconds of this process, not wall clock")
    args = ap.parse_args()
    if args.cpu_clock:
        time.perf_counter = time.process_time  # type: ignore[assignment]
    shape = Shape.for_size(args.size)
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs; load average before: {load()}")
    clock = "CPU time" if args.cpu_clock else "wall clock"
    print(f"{args.size}x{args.size}, {args.keep:.0%} givens, budget {args.time_limit:g} s of "
          f"{clock} and {args.max_nodes:,} nodes\n")
    print("| seed | givens | status | nodes | wall s | CPU s | check |")
    print("|---:|---:|---|---:|---:|---:|---|")
    answered, cpus = 0, []
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        grid = puzzle(shape, args.keep, seed)
        w0, c0 = time.monotonic(), time.process_time()
        r = solve(grid, time_limit=args.time_limit, max_nodes=args.max_nodes)
        wall, cpu = time.monotonic() - w0, time.process_time() - c0
        ok = r.unique is not None and r.solution is not None and is_solution(r.solution, grid)
        answered += ok
        cpus.append(cpu)
        verdict = ("unique" if r.unique else "several") if ok else "not answered"
        print(f"| {seed} | {sum(1 for v in grid.cells if v)} | {r.status} | {r.nodes:,} | "
              f"{wall:.2f} | {cpu:.2f} | {verdict} |", flush=True)
    print(f"\n{answered}/{args.seeds} answered (uniqueness decided, solution checked); CPU s "
          f"median {statistics.median(cpus):.2f}, max {max(cpus):.2f}; load average after: "
          f"{load()}")


if __name__ == "__main__":
    main()
