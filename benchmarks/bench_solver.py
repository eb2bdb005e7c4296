"""Solver benchmark: every corpus file, generated 16x16 and 25x25 puzzles, random givens.

Run from the repo root:  .venv/bin/python benchmarks/bench_solver.py [--corpora DIR] [--quick]
(``--memory``: the peak memory of one solve per size, 9x9 to 64x64, each in its own process)
Prints the machine, then a Markdown table to paste into the README. Each puzzle is solved with
the default ``solve`` (limit=2: the solver proves uniqueness) and its solution checked by hand.
The 16x16 and 25x25 puzzles are made here from a seed (nothing is cached in the repo): a random
full grid, then each cell in random order blanked if the puzzle stays unique (each check within
a node budget), so they are the same on every machine. Digging takes a few minutes at 25x25.
Random-givens puzzles (a seeded fill, each cell kept with a probability) mostly have several
solutions: they measure how fast counting finds a second one.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.solver.exact import count_solutions, solve  # noqa: E402

# Files with exactly one solution per puzzle, and Serg's set where any completion counts.
UNIQUE_FILES = [
    "puzzles1_unbiased",
    "puzzles2_17_clue",
    "sudoku10k.txt",
    "sudokus_17.txt",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "sudoku-easy50.txt",
    "sudoku-top95.txt",
    "sudoku-hardest.txt",
    "plb_sudoku_hard20.txt",
]
MULTI_FILES = ["puzzles7_serg_benchmark"]


def _line_parser() -> Callable[[str], Grid]:
    """The package parser once it exists; until then a plain 81-character reader."""
    try:
        from sudoku_core.formats.read import parse  # type: ignore[import-not-found, unused-ignore]

        return lambda line: parse(line, Shape(3, 3))  # type: ignore[no-any-return, unused-ignore]
    except ImportError:
        shape = Shape(3, 3)
        return lambda line: Grid(shape, tuple(0 if ch in ".0" else int(ch) for ch in line))


def is_valid_solution(grid: Grid, puzzle: Grid) -> bool:
    """Complete, each unit a permutation of 1..N, and every given kept."""
    if 0 in grid.cells or any(p and p != v for p, v in zip(puzzle.cells, grid.cells, strict=True)):
        return False
    want = set(range(1, grid.size + 1))
    return all({grid.cells[c] for c in unit} == want for unit in grid.shape.geometry.units)


def bench(name: str, puzzles: list[Grid], expect_unique: bool) -> dict[str, object]:
    """Solve every puzzle; time each; check every solution."""
    times = []
    cpu_times = []
    nodes = 0
    agree = 0
    valid = 0
    for puzzle in puzzles:
        t0, c0 = time.perf_counter(), time.process_time()
        r = solve(puzzle)
        times.append(time.perf_counter() - t0)
        cpu_times.append(time.process_time() - c0)
        nodes += r.nodes
        if r.solution is not None and is_valid_solution(r.solution, puzzle):
            valid += r.status == "solved"
        if r.unique is expect_unique:
            agree += 1
    # Rates count solve() calls only, not the checking done here between them.
    check = f"{agree}/{len(puzzles)} {'unique' if expect_unique else 'several'}"
    if valid != len(puzzles):
        check += f", {len(puzzles) - valid} INVALID"
    return timing_row(name, times, cpu_times, nodes / len(puzzles), check)


def bench_fills(shape: Shape, count: int) -> dict[str, object]:
    """Random fills of an empty grid (``limit=1`` with a seeded rng), as generators use."""
    times, cpu_times, nodes, valid = [], [], 0, 0
    empty = Grid.empty(shape)
    for seed in range(count):
        t0, c0 = time.perf_counter(), time.process_time()
        r = solve(empty, limit=1, rng=random.Random(seed))
        times.append(time.perf_counter() - t0)
        cpu_times.append(time.process_time() - c0)
        nodes += r.nodes
        valid += r.solution is not None and is_valid_solution(r.solution, empty)
    n = shape.size
    return timing_row(f"random fill of an empty {n}x{n}, seeds 0-{count - 1}", times, cpu_times,
                      nodes / count, f"{valid}/{count} valid grids")


def timing_row(name: str, times: list[float], cpu_times: list[float], nodes: float,
               check: str) -> dict[str, object]:
    """One table row from per-puzzle wall and CPU seconds."""
    count, cpu = len(times), sum(cpu_times)
    return {
        "name": name,
        "count": count,
        "rate": count / sum(times),
        "cpu_rate": count / cpu if cpu > 0 else float("inf"),
        "median": statistics.median(times) * 1000,
        "max": max(times) * 1000,
        "cpu_max": max(cpu_times) * 1000,
        "nodes": nodes,
        "check": check,
    }


def random_givens(shape: Shape, keep: float, seed: int) -> Grid:
    """A seeded random fill with each cell kept with probability ``keep`` (many solutions)."""
    rng = random.Random(seed)
    full = solve(Grid.empty(shape), limit=1, rng=rng, time_limit=None).solution
    assert full is not None
    return Grid(shape, tuple(v if rng.random() < keep else 0 for v in full.cells))


def bench_random_givens(shape: Shape, keep: float, count: int) -> dict[str, object]:
    """Count up to 2 on random-givens puzzles: the heavy tails of few givens and big grids."""
    puzzles = [random_givens(shape, keep, seed) for seed in range(count)]
    solve(puzzles[0], max_nodes=100)  # tables
    times, cpu_times, nodes, answered = [], [], [], 0
    for puzzle in puzzles:
        t0, c0 = time.perf_counter(), time.process_time()
        r = solve(puzzle)
        times.append(time.perf_counter() - t0)
        cpu_times.append(time.process_time() - c0)
        nodes.append(r.nodes)
        valid = r.solution is not None and is_valid_solution(r.solution, puzzle)
        answered += r.unique is not None and (valid or r.count == 0)
    n = shape.size
    return timing_row(f"{n}x{n}, {keep:.0%} of a random fill kept, seeds 0-{count - 1}", times,
                      cpu_times, statistics.mean(nodes),
                      f"{answered}/{count} answered (max {max(nodes)} nodes)")


def make_puzzle(shape: Shape, seed: int, max_nodes: int) -> Grid:
    """A random full grid, then every cell in random order blanked if the puzzle stays unique.

    Each uniqueness check may use ``max_nodes`` nodes (a check that runs out keeps the given),
    so the puzzles are minimal-ish and the same on every machine.
    """
    rng = random.Random(seed)
    full = solve(Grid.empty(shape), limit=1, rng=rng, time_limit=None).solution
    assert full is not None
    cells = list(full.cells)
    order = list(range(shape.cell_count))
    rng.shuffle(order)
    for cell in order:
        value, cells[cell] = cells[cell], 0
        if count_solutions(Grid(shape, tuple(cells)), max_nodes=max_nodes, time_limit=None) != 1:
            cells[cell] = value  # not unique, or too costly to prove: keep the given
    return Grid(shape, tuple(cells))


MEMORY_CASES = [  # (box rows, box cols, share of a shuffled pattern grid kept as givens)
    (3, 3, 0.0), (4, 4, 0.0), (5, 5, 0.0), (6, 6, 0.0), (7, 7, 0.0), (8, 8, 0.0),
    (5, 5, 0.3), (6, 6, 0.03), (6, 6, 0.55), (7, 7, 0.05), (7, 7, 0.55), (8, 8, 0.05),
    (8, 8, 0.55),
]


def memory_case(box_rows: int, box_cols: int, keep: float) -> str:
    """One solve in this (fresh) process: its row of the peak-memory table."""
    import resource

    from sudoku_core.make.fill import pattern_solution

    shape = Shape(box_rows, box_cols)
    full = pattern_solution(shape, random.Random(1))
    rnd = random.Random(5)
    puzzle = Grid(shape, tuple(v if rnd.random() < keep else 0 for v in full.cells))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    c0, w0 = time.process_time(), time.perf_counter()
    r = solve(puzzle)
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    n = shape.size
    return (f"| {n}x{n}, {keep:.0%} givens | {r.status} | {r.nodes} | {wall:.2f} | {cpu:.2f} | "
            f"{before / 1024:.0f} | {peak / 1024:.0f} |")


def memory_table() -> None:
    """Peak RSS of one solve per size (each in a fresh process, default budget of 10 s)."""
    import subprocess

    print("| puzzle | status | nodes | wall s | CPU s | RSS before MiB | peak RSS MiB |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for case in MEMORY_CASES:
        code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, "
                f"{str(ROOT / 'benchmarks')!r}); import bench_solver; "
                f"print(bench_solver.memory_case{case})")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True)
        print(out.stdout.strip(), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    ap.add_argument("--quick", action="store_true", help="first 1000 puzzles of each file")
    ap.add_argument("--big", type=int, default=3, help="generated puzzles per big shape")
    ap.add_argument("--random", type=int, default=10,
                    help="random-givens puzzles per shape (12x12 20%%, 25x25 30%% and 50%%)")
    ap.add_argument("--random-only", action="store_true",
                    help="skip the corpora and the 16x16/25x25 digs")
    ap.add_argument("--huge", action="store_true",
                    help="also 36x36 with 55%% givens (each may take the whole 10 s budget)")
    ap.add_argument("--dig-nodes", type=int, nargs=2, default=[2000, 1000],
                    help="node budget of each uniqueness check while digging 16x16, 25x25")
    ap.add_argument("--memory", action="store_true",
                    help="only the peak memory (RSS) of one solve per size, 9x9 to 64x64")
    args = ap.parse_args()
    if args.memory:
        print(f"load average at the start: {os.getloadavg()[0]:.1f}")
        memory_table()
        print(f"load average at the end: {os.getloadavg()[0]:.1f}")
        return
    parse_line = _line_parser()
    print(f"machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs")
    print(f"python:  {sys.implementation.name} {platform.python_version()}")
    print("solve(puzzle) with the defaults: limit=2 (uniqueness proved), one process")
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    print("warm-up: tables built and 200 puzzles solved before timing")
    rows: list[dict[str, object]] = []
    for name in [] if args.random_only else UNIQUE_FILES + MULTI_FILES:
        path = args.corpora / name
        if not path.exists():
            print(f"(skipped {name}: not found)")
            continue
        lines = [ln.strip() for ln in path.read_text().splitlines()]
        lines = [ln for ln in lines if ln and not ln.startswith("#")]
        if args.quick:
            lines = lines[:1000]
        puzzles = [parse_line(ln) for ln in lines]
        if not rows:
            for puzzle in puzzles[:200]:  # tables, caches and the interpreter's warm-up
                solve(puzzle)
        rows.append(bench(name, puzzles, name in UNIQUE_FILES))
        print(f"  {rows[-1]['name']}: {rows[-1]['rate']:.0f}/s", file=sys.stderr)
    digs = zip((Shape(4, 4), Shape(5, 5)), args.dig_nodes, strict=True)
    for shape, dig_nodes in [] if args.random_only else digs:
        n = shape.size
        made = [make_puzzle(shape, seed, dig_nodes) for seed in range(args.big)]
        givens = statistics.mean(p.given_count for p in made)
        solve(made[0])  # tables
        row = bench(f"generated {n}x{n}, seeds 0-{args.big - 1} ({givens:.0f} givens avg)",
                    made, True)
        rows.append(row)
        rows.append(bench_fills(shape, 10))
    random_cases = [(Shape(4, 3), 0.2), (Shape(5, 5), 0.3), (Shape(5, 5), 0.5)]
    if args.huge:
        random_cases.append((Shape(6, 6), 0.55))
    for shape, keep in random_cases if args.random else []:
        rows.append(bench_random_givens(shape, keep, args.random))
        print(f"  {rows[-1]['name']}: {rows[-1]['check']}", file=sys.stderr)
    # Wall-clock rates suffer when other processes share the cores; CPU-time rates much less.
    print(f"load average at the end: {os.getloadavg()[0]:.1f}\n")
    print("| puzzles | count | puzzles/s | puzzles/s (CPU time) | median ms | max ms | "
          "max ms (CPU time) | nodes/puzzle | solution check |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        print(f"| {r['name']} | {r['count']} | {r['rate']:,.0f} | {r['cpu_rate']:,.0f} | "
              f"{r['median']:.3f} | {r['max']:.2f} | {r['cpu_max']:.2f} | {r['nodes']:.1f} | "
              f"{r['check']} |")


if __name__ == "__main__":
    main()
