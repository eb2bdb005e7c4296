"""Benchmark the human-style solver: no-trial share, hardest technique, level, time per path/hint.

Also checks soundness on every step it times: a placement that differs from the solution, or an
elimination of the solution's value, is counted in the "unsound" column (it must be 0).

    python benchmarks/bench_logic.py                 # default samples of every corpus
    python benchmarks/bench_logic.py --sample 0 -j 2 # whole files, two processes
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_core.logic.explain import steps  # noqa: E402
from sudoku_core.logic.hint import hint  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.solver.exact import count_solutions, solve  # noqa: E402

CORPORA = {  # file -> default sample (0 = all)
    "puzzles1_unbiased": 1000,
    "sudoku-easy50.txt": 0,
    "puzzles2_17_clue": 1000,
    "sudokus_17.txt": 500,
    "sudoku10k.txt": 1000,
    "sudoku-top95.txt": 0,
    "puzzles3_magictour_top1465": 400,
    "sudoku-hardest.txt": 0,
    "plb_sudoku_hard20.txt": 0,
    "puzzles5_forum_hardest_1905_11+": 100,
    "puzzles6_forum_hardest_1106": 100,
}
LEVELS = ("Easy", "Medium", "Hard", "Expert", "Extreme")


def corpora_dir() -> Path:
    env = os.environ.get("SUDOKU_CORPORA")
    root = Path(__file__).resolve().parent.parent
    for p in ([Path(env)] if env else []) + [root.parent / "shared" / "corpora",
                                             root.parent.parent / "shared" / "corpora"]:
        if p.is_dir():
            return p
    sys.exit("corpora not found: set SUDOKU_CORPORA")


Result = tuple[str, str, bool, float, float, int, str, float]


def measure(job: tuple[str, str]) -> Result:
    """(level, hardest, trial, steps s, halfway hint s, unsound steps, status, first hint s)."""
    line, box = job
    shape = Shape.parse(box)
    n = shape.size
    if len(line) == n * n:
        cells = tuple(0 if ch in ".0" else int(ch, 36) for ch in line)
    else:
        cells = tuple(0 if t in ".0" else int(t) for t in line.split())
    grid = Grid(shape, cells)
    t0 = time.perf_counter()
    path = steps(grid, verify=False)
    steps_time = time.perf_counter() - t0
    t = time.perf_counter()
    hint(grid)
    first_hint = time.perf_counter() - t
    # One hint from halfway along the path: the user has made half of its placements.
    placed = [p for s in path.steps for p in s.placements]
    current = grid.with_values(placed[: len(placed) // 2])
    t1 = time.perf_counter()
    hint(grid, current)
    t2 = time.perf_counter()
    sol = path.solution
    bad = 0
    if sol is not None:
        for s in path.steps:
            bad += sum(sol.cells[c] != v for c, v in s.placements)
            bad += sum(sol.cells[c] == v for c, v in s.eliminations)
    return path.level, path.hardest, path.trial, steps_time, t2 - t1, bad, path.status, first_hint


def dug(shape: Shape, seed: int, keep: float) -> str:
    """A unique puzzle: cells of a random solution emptied while it stays unique."""
    rng = random.Random(seed)
    sol = solve(Grid.empty(shape), limit=1, rng=rng).solution
    assert sol is not None
    cells = list(sol.cells)
    order = list(range(shape.cell_count))
    rng.shuffle(order)
    floor = int(shape.cell_count * keep)
    for cell in order:
        if shape.cell_count - cells.count(0) <= floor:
            break
        value, cells[cell] = cells[cell], 0
        if count_solutions(Grid(shape, tuple(cells)), 2, max_nodes=20_000, time_limit=None) != 1:
            cells[cell] = value
    return " ".join(str(v) if v else "." for v in cells)


def report(name: str, results: list[Result]) -> str:
    count = len(results)
    no_trial = sum(not r[2] for r in results) / count
    step_t = [r[3] for r in results]
    hint_t = [r[4] for r in results]
    first_t = [r[7] for r in results]
    bad = sum(r[5] for r in results)
    unsolved = sum(r[6] != "solved" for r in results)
    levels = Counter(r[0] for r in results)
    hardest = Counter(r[1] for r in results)
    level_text = ", ".join(f"{lv} {100 * levels[lv] / count:.0f}%" for lv in LEVELS
                           if levels[lv])
    top = ", ".join(f"{h} {c}" for h, c in hardest.most_common(5))
    return (f"| {name} | {count} | {100 * no_trial:.1f}% | {level_text} | "
            f"{1000 * statistics.median(step_t):.0f} / {1000 * max(step_t):.0f} | "
            f"{1000 * statistics.median(first_t):.1f} / {1000 * max(first_t):.0f} | "
            f"{1000 * statistics.median(hint_t):.1f} / {1000 * max(hint_t):.0f} | {bad} | "
            f"{unsolved} | {top} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=None,
                    help="puzzles per corpus (0 = whole file; default: a per-file sample)")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="processes (timings are per puzzle)")
    ap.add_argument("--only", nargs="*", help="corpus files to run")
    ap.add_argument("--no-generated", action="store_true", help="skip the other box shapes")
    args = ap.parse_args()
    folder = corpora_dir()
    print(f"Python {platform.python_version()} on {platform.machine()} "
          f"({os.cpu_count()} cores), {args.jobs} process(es)\n")
    print("| corpus | puzzles | no trial | levels | steps ms median / max | "
          "first hint ms median / max | hint ms halfway median / max | unsound | unsolved | "
          "hardest technique (top 5) |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---|")
    measure(("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
             "3x3"))  # warm up: the technique modules load on first use
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    mapper = pool.imap if pool else map
    hardest_all: dict[str, Counter[str]] = {}
    for name, default in CORPORA.items():
        if args.only and name not in args.only:
            continue
        lines = [ln.strip() for ln in (folder / name).read_text().splitlines()
                 if ln.strip() and not ln.startswith("#")]
        size = default if args.sample is None else args.sample
        if size and size < len(lines):
            lines = lines[:: len(lines) // size][:size]
        results = list(mapper(measure, [(ln, "3x3") for ln in lines]))
        hardest_all[name] = Counter(r[1] for r in results)
        print(report(name, results), flush=True)
    if not args.no_generated:
        for shape, seeds, keep in ((Shape(2, 2), 50, 0.0), (Shape(2, 3), 50, 0.0),
                                   (Shape(3, 4), 20, 0.0), (Shape(4, 4), 6, 0.42),
                                   (Shape(5, 5), 3, 0.6)):
            jobs = [(dug(shape, seed, keep), str(shape)) for seed in range(seeds)]
            results = list(mapper(measure, jobs))
            n = shape.size
            how = f", {100 * keep:.0f}% givens" if keep else ", minimal"
            label = f"dug {n}x{n} ({shape} boxes{how})"
            print(report(label, results), flush=True)
    print("\nHardest technique per corpus (all of it):")
    for name, counts in hardest_all.items():
        print(f"- {name}: " + ", ".join(f"{h} {c}" for h, c in counts.most_common()))
    if pool:
        pool.close()


if __name__ == "__main__":
    main()
