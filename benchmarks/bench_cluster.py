"""One batch, four ways: -j 1, -j 2, --cluster local:1 and --cluster local:2.

Prints puzzles/s by wall-clock and CPU, the speed-up over -j 1 and per worker, and the load
average around each run. A local cluster's start (its scheduler and worker processes) is
measured apart, on a 2-puzzle batch, and shown as "start" (wall-clock); "net" is the batch
without it, by wall-clock and by CPU.

    python benchmarks/bench_cluster.py                     # 200 puzzles of magictour top1465
    python benchmarks/bench_cluster.py --file F -n 1000 --command solve
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# ../shared/corpora beside the checkout, or beside the folder of worktrees.
CORPORA = next((p for p in (ROOT.parent / "shared" / "corpora",
                            ROOT.parent.parent / "shared" / "corpora") if p.is_dir()),
               ROOT.parent / "shared" / "corpora")
DEFAULT = CORPORA / "puzzles3_magictour_top1465"
WAYS = (("-j 1", ["-j", "1"], 1), ("-j 2", ["-j", "2"], 2),
        ("--cluster local:1", ["--cluster", "local:1"], 1),
        ("--cluster local:2", ["--cluster", "local:2"], 2))


def batch_file(source: Path, count: int, folder: Path) -> Path:
    lines = [ln.strip() for ln in source.read_text().splitlines()]
    puzzles = [ln for ln in lines if ln and not ln.startswith("#")][:count]
    path = folder / f"batch{len(puzzles)}.txt"
    path.write_text("\n".join(puzzles) + "\n")
    return path


def timed(argv: list[str]) -> tuple[float, float, str]:
    """Wall-clock and CPU seconds (this child and every process it waited for) of one run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "sudoku_core", *argv], env=env,
                          capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)}: exit {proc.returncode}: {proc.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT, help="puzzles, one per line")
    parser.add_argument("-n", type=int, default=200, help="puzzles of the file (default 200)")
    parser.add_argument("--command", default="rate", help="rate, solve, validate, steps")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        batch = batch_file(args.file, args.n, Path(tmp))
        tiny = batch_file(args.file, 2, Path(tmp))
        n = args.n
        base = [args.command, "--json", "--time-limit", "600"]
        print(f"{n} puzzles of {args.file.name}, sudoku {args.command}; {os.cpu_count()} cores; "
              f"Python {sys.version.split()[0]}")
        print(f"{'way':<19}{'wall s':>8}{'start s':>8}{'net s':>8}{'CPU s':>8}{'net CPU':>8}"
              f"{'puz/s':>8}"
              f"{'net/s':>8}{'speed-up':>9}{'/worker':>8}  load 1 min before/after")
        first = None
        outputs = []
        for name, option, workers in WAYS:
            start, start_cpu = (timed([*base, "-f", str(tiny), *option])[:2]
                                if "--cluster" in option else (0.0, 0.0))
            load = os.getloadavg()[0]
            wall, cpu, out = timed([*base, "-f", str(batch), *option])
            outputs.append(out)
            net = max(wall - start, 1e-9)
            if first is None:
                first = net
            speedup = first / net
            print(f"{name:<19}{wall:8.1f}{start:8.1f}{net:8.1f}{cpu:8.1f}"
                  f"{cpu - start_cpu:8.1f}{n / wall:8.2f}"
                  f"{n / net:8.2f}{speedup:8.2f}x{speedup / workers:8.2f}  "
                  f"{load:.2f}/{os.getloadavg()[0]:.2f}")
        same = all(o == outputs[0] for o in outputs)
        print(f"records identical in all four ways: {'yes' if same else 'NO'}")
        print("speed-up: -j 1's net time over this way's; /worker divides it by the workers. "
              "CPU counts every process of the run (workers included).")


if __name__ == "__main__":
    main()
