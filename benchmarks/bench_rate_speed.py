"""`rate` (or `steps`) speed, this tree against another (say the previous commit), side by side.

Two worker processes, one per source tree, rate the same puzzles in turn (puzzle by puzzle, so
both see the same machine load); each reports the CPU seconds of its `rate` call. Prints
puzzles per CPU second for each tree and corpus, the load average before and after.

    git archive HEAD~1 sudoku_core | tar -x -C /tmp/prev
    python benchmarks/bench_rate_speed.py --against /tmp/prev   # 100 of puzzles5, 200 magictour
    python benchmarks/bench_rate_speed.py --against /tmp/prev --sample 20 50
    python benchmarks/bench_rate_speed.py --against /tmp/prev --op steps --forum 6 --repeat 5

``--forum N`` times N puzzles of puzzles6 (the page benchmark's sample) instead; ``--repeat R``
asks each puzzle R times in turn and keeps each tree's fastest, since a puzzle's CPU time here
swings by a third from one minute to the next.
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
FORUM = "puzzles6_forum_hardest_1106"
GOALS = {"puzzles5_forum_hardest_1905_11+": 1.0, "puzzles3_magictour_top1465": 5.0}

# The worker: read a puzzle a line, rate it, answer with the CPU seconds it took.
WORKER = """
import sys, time
try:  # the layer packages; the tree it is compared with may be the flat one
    from sudoku_core.logic.rate import rate
    from sudoku_core.logic.explain import steps
    from sudoku_core.model.grid import Grid, Shape
except ImportError:
    from sudoku_core.grid import Grid, Shape
    from sudoku_core.rate import rate
    from sudoku_core.explain import steps
op = rate if sys.argv[1] == "rate" else steps
for line in sys.stdin:
    grid = Grid(Shape(3, 3), tuple(0 if ch in '.0' else int(ch) for ch in line.strip()[:81]))
    cpu = time.process_time()
    r = op(grid)
    print(time.process_time() - cpu, r.status, flush=True)
"""


def strided(lines: list[str], count: int) -> list[str]:
    """``count`` lines spread evenly over the file."""
    step = max(1, len(lines) // count)
    return lines[::step][:count]


def start(tree: Path, op: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    return subprocess.Popen([sys.executable, "-c", WORKER, op], stdin=subprocess.PIPE,
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
    ap.add_argument("--op", choices=("rate", "steps"), default="rate")
    ap.add_argument("--forum", type=int, default=0, help="N puzzles of puzzles6 instead")
    ap.add_argument("--repeat", type=int, default=1, help="ask each puzzle R times, keep the best")
    args = ap.parse_args()
    trees = {"this": ROOT, "against": args.against.resolve()}
    workers = {name: start(tree, args.op) for name, tree in trees.items()}
    load_before = os.getloadavg()
    print(f"# {args.op}, CPU seconds per puzzle (best of {args.repeat}); load average before "
          f"{load_before[0]:.1f}")
    print("\n| corpus | puzzles | this tree (puzzles/s CPU) | against (puzzles/s CPU) | ratio "
          "| goal |")
    print("|---|---:|---:|---:|---:|---:|")
    runs = ([(FORUM, args.forum)] if args.forum
            else list(zip(CORPORA, args.sample, strict=True)))
    for corpus, count in runs:
        lines = [ln.strip() for ln in (corpora_dir() / corpus).read_text().splitlines()
                 if ln.strip() and not ln.startswith("#")]
        total = dict.fromkeys(trees, 0.0)
        for i, line in enumerate(strided(lines, count)):
            best = dict.fromkeys(trees, float("inf"))
            for k in range(args.repeat):
                # Alternate who goes first, so neither always meets a warmer or busier machine.
                order = list(trees) if (i + k) % 2 == 0 else list(reversed(trees))
                for name in order:
                    best[name] = min(best[name], ask(workers[name], line))
            for name in trees:
                total[name] += best[name]
            if args.forum:
                print(f"  {line[:12]}: this {best['this']:.2f} s, against "
                      f"{best['against']:.2f} s", file=sys.stderr)
        rates = {name: count / total[name] for name in trees}
        goal = f">= {GOALS[corpus]:g}" if corpus in GOALS else "-"
        print(f"| {corpus} | {count} | {rates['this']:.2f} | {rates['against']:.2f} "
              f"| {rates['this'] / rates['against']:.2f} | {goal} |")
    for w in workers.values():
        if w.stdin is not None:
            w.stdin.close()
        w.wait()
    print(f"\nload average after {os.getloadavg()[0]:.1f} (2-core machine, shared)")


if __name__ == "__main__":
    main()
