"""Batch-reading benchmark: 100k one-line puzzles read through the readers, this tree against
another checkout of the project (old against new, side by side in one run).

Run from the repo root:
    git worktree add /tmp/old-tree <rev>   # or: git archive <rev> sudoku_core | tar -x -C DIR
    .venv/bin/python benchmarks/bench_parse.py --against /tmp/old-tree [--lines 100000]
        [--rounds 3]
The input is a file of ``--lines`` lines: 9x9 puzzles from the corpora (SUDOKU_CORPORA, else
../shared/corpora), else shuffled pattern puzzles; with a note after every 10th (the slow
path of a line) and a '#' comment every 100th. Each round reads the file in a fresh process
per tree, alternating the trees: ``read_puzzles`` (the library) and the CLI's reading of
``-f FILE`` (iter_items, streamed). Prints the CPU seconds of each (``time.process_time`` in
the child, the import left out), the best of the rounds, the ratio old/new (above 1: the new
tree is faster), and the load average before and after: compare ratios, not seconds, on a
shared machine.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import sys, time
mode, path = sys.argv[1], sys.argv[2]
if mode == "library":
    from sudoku_core.formats.read import read_puzzles
    text = open(path, encoding="utf-8").read()
    start = time.process_time()
    count = sum(1 for _ in read_puzzles(text))
else:
    from sudoku_core.cli import build_parser
    from sudoku_core.commands.inputs import iter_items
    args = build_parser().parse_args(["solve", "-f", path])
    start = time.process_time()
    items, _ = iter_items(args)
    count = sum(1 for item in items if not item.error)
print(count, time.process_time() - start)
"""


def corpus_lines() -> list[str]:
    """9x9 one-line puzzles from the corpora, or none when they cannot be found."""
    folder = Path(os.environ.get("SUDOKU_CORPORA", ROOT.parent / "shared" / "corpora"))
    found: list[str] = []
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        if not path.is_file() or path.suffix == ".md":
            continue
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            body = line.strip()[:81]
            if len(body) == 81 and all(ch in "123456789.0" for ch in body):
                found.append(body)
    return found


def make_input(lines: int, path: Path) -> None:
    """Write the benchmark file: puzzles one a line, some with notes, some comments."""
    sys.path.insert(0, str(ROOT))
    from sudoku_core.make.fill import pattern_solution
    from sudoku_core.model.grid import Shape

    rng = random.Random(1)
    pool = corpus_lines()
    if not pool:
        shape = Shape(3, 3)
        for _ in range(200):
            cells = pattern_solution(shape, rng).cells
            pool.append("".join(str(v) if rng.random() < 0.35 else "." for v in cells))
    out = []
    for k in range(lines):
        line = pool[k % len(pool)]
        if k % 10 == 9:
            line += "  # a note after the puzzle"
        if k % 100 == 99:
            out.append("# a comment line")
        out.append(line)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def run(tree: Path, mode: str, path: Path) -> tuple[int, float]:
    """(puzzles read, CPU seconds) of one read in a fresh process on ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, "-c", CHILD, mode, str(path)], env=env,
                          capture_output=True, text=True, check=True)
    count, seconds = done.stdout.split()
    return int(count), float(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, required=True,
                        help="another checkout (the old tree): its folder holds sudoku_core/")
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not (args.against / "sudoku_core").is_dir():
        parser.error(f"{args.against} holds no sudoku_core/")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "batch.txt"
        make_input(args.lines, path)
        trees = {"old": args.against.resolve(), "new": ROOT}
        print(f"{args.lines:,} lines; CPU seconds, best of {args.rounds} rounds "
              f"(old = {trees['old']}, new = {trees['new']})")
        print("| reading | old CPU s | new CPU s | old/new |")
        print("| --- | --- | --- | --- |")
        for mode in ("library", "cli"):
            best = {name: float("inf") for name in trees}
            counts = set()
            for _ in range(args.rounds):
                for name, tree in trees.items():
                    count, seconds = run(tree, mode, path)
                    counts.add(count)
                    best[name] = min(best[name], seconds)
            if len(counts) != 1:
                sys.exit(f"{mode}: the trees read different numbers of puzzles: {counts}")
            print(f"| {mode} ({counts.pop():,} puzzles) | {best['old']:.2f} | "
                  f"{best['new']:.2f} | {best['old'] / best['new']:.2f} |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
