"""What the listed-only expert families cost in `steps --all --only NAME`, and how often they fire.

Each sampled corpus puzzle is walked with the techniques up to weight ``--top`` (Swordfish: 50)
until they stall; at that state every family below is listed with `find_all`, and the CPU
seconds of each listing are summed. Prints, per family, the states where it lists something,
the instances, the median and the total CPU seconds, and the load average before and after.

    python benchmarks/bench_families.py                       # 30 of top95
    python benchmarks/bench_families.py --sample 100 --corpus puzzles3_magictour_top1465
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_logic import corpora_dir  # noqa: E402
from sudoku_core.logic.find_all import find_all  # noqa: E402
from sudoku_core.logic.techniques import TECHNIQUES  # noqa: E402
from sudoku_core.logic.techniques.franken import _fishes  # noqa: E402
from sudoku_core.model.candidates import Candidates  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402

FAMILIES = ("Dual Empty Rectangle", "Multi Colors 1", "Uniqueness Test 3", "Template Set",
            "Template Delete", "Mutant Jellyfish", "Finned Mutant Squirmbag",
            "Finned Mutant Whale", "Mutant Fish")


def stalled(line: str, top: int) -> Candidates:
    """The puzzle's candidates after the techniques up to weight ``top`` stall."""
    grid = Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line[:81]))
    c = Candidates.from_grid(grid)
    walk = [t for t in TECHNIQUES if t.weight <= top]
    for _ in range(400):
        step = next((s for t in walk if (s := t.find(c)) is not None), None)
        if step is None:
            break
        c.apply(step)
    return c


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", default="sudoku-top95.txt")
    p.add_argument("--sample", type=int, default=30)
    p.add_argument("--top", type=int, default=50)
    p.add_argument("--time-limit", type=float, default=60.0)
    args = p.parse_args()
    path = corpora_dir() / args.corpus
    lines = [ln.strip() for ln in path.read_text().splitlines()
             if ln.strip() and not ln.startswith("#")][:args.sample]
    print(f"# {len(lines)} puzzles of {args.corpus}, stalled after weight <= {args.top}; "
          f"load average before {os.getloadavg()[0]:.1f}")
    states = [c for c in (stalled(line, args.top) for line in lines) if not c.is_solved()]
    print(f"# {len(states)} states left unsolved\n")
    print("| family (--only) | states with any | instances | cut short | CPU s median | "
          "CPU s total |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in FAMILIES:
        times, hits, count, cut = [], 0, 0, 0
        for c in states:
            _fishes.cache_clear()  # each listing pays its own fish search, none reused
            start = time.process_time()
            found, short = find_all(c, [name], time_limit=args.time_limit)
            times.append(time.process_time() - start)
            hits += bool(found)
            count += len(found)
            cut += short
        median = statistics.median(times) if times else 0.0
        print(f"| {name} | {hits} | {count} | {cut} | {median:.3f} | {sum(times):.2f} |")
    print(f"\nload average after {os.getloadavg()[0]:.1f} (2-core machine, shared)")


if __name__ == "__main__":
    main()
