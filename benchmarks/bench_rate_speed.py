"""`rate` speed, this tree against another (say the previous commit), side by side.

Two worker processes, one per source tree, rate the same puzzles in turn (puzzle by puzzle, so
both see the same machine load); each reports the CPU seconds of its `rate` call. Prints
puzzles per CPU second for each tree and corpus, the load average before and after.

    git archive HEAD~1 sudoku_core | tar -x -C /tmp/prev
    python benchmarks/bench_rate_speed.py --against /tmp/prev   # 100 of puzzles5, 200 magictour
    python benchmarks/bench_rate_speed.py --against /tmp/prev --sample 20 50
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_logic import corpora_dir  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ("puzzles5_forum_hardest_1905_11+", "puzzles3_magictour_top1465")
GOALS = {"puzzles5_forum_hardest_1905_11+": 1.0, "puzzles3_magictour_top1465": 5.0}

# The worker: read a puzzle a line, rate it, answer with the CPU seconds it took.
WORKER = """
import sys, time
try:  # the layer packages; the tree it is compared with may be the flat one
    from sudoku_core.logic.rate import rate
    from sudoku_core.model.grid import Grid, Shape
except ImportError:
    from sudoku_core.grid import Grid, Shape
    from sudoku_core.rate import rate
for line in sys.stdin:
    grid = Grid(Shape(3, 3), tuple(0 if ch in '.0' else int(ch) for ch in line.strip()))
    cpu = time.process_time()
    r = rate(grid)
    print(time.process_time() - cpu, r.status, flush=True)
"""


def strided(lines: list[str], count: int) -> list[str]:
    """``count`` lines spread evenly over the file."""
    step = max(1, len(lines) // count)
    return lines[::step][:count]


def start(tree: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    return subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env, cwd=str(tree))


def ask(worker: subprocess.Popen[str], line: str) -> float:
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(line + "\n")
    worker.stdin.flush()
    return float(worker.stdout.readline().split()[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", type=Path, required=True,
                    help="a source tree holding sudoku_core/ (e.g. the previous commit's)")
    ap.add_argument("--sample", type=int, nargs=2, default=(100, 200), metavar=("P5", "MAGIC"))
    args = ap.parse_args()
    trees = {"this": ROOT, "against": args.against.resolve()}
    workers = {name: start(tree) for name, tree in trees.items()}
    load_before = os.getloadavg()
    print(f"# rate, CPU seconds per puzzle; load average before {load_before[0]:.1f}")
    print("\n| corpus | puzzles | this tree (puzzles/s CPU) | against (puzzles/s CPU) | goal |")
    print("|---|---:|---:|---:|---:|")
    for corpus, count in zip(CORPORA, args.sample, strict=True):
        lines = [ln.strip() for ln in (corpora_dir() / corpus).read_text().splitlines()
                 if ln.strip()]
        total = dict.fromkeys(trees, 0.0)
        for i, line in enumerate(strided(lines, count)):
            # Alternate who goes first, so neither always meets a warmer or busier machine.
            order = list(trees) if i % 2 == 0 else list(reversed(trees))
            for name in order:
                total[name] += ask(workers[name], line)
        rates = {name: count / total[name] for name in trees}
        print(f"| {corpus} | {count} | {rates['this']:.2f} | {rates['against']:.2f} "
              f"| >= {GOALS[corpus]:g} |")
    for w in workers.values():
        if w.stdin is not None:
            w.stdin.close()
        w.wait()
    print(f"\nload average after {os.getloadavg()[0]:.1f} (2-core machine, shared)")


if __name__ == "__main__":
    main()
