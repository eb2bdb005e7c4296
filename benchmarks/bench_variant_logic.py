"""Variant logic benchmark: the human walk (``steps``) on the shared community puzzles.

Run from the repo root:  .venv/bin/python benchmarks/bench_variant_logic.py [--budget S]
    --variants DIR   the folder of ``community-train.tsv`` (default ``../shared/variants`` or
                     $SUDOKU_VARIANTS)
    --budget S       seconds per walk (default 10, the CLI's)

Each row f-puzzles can carry is read from its link and walked with ``verify=False`` (a step
that contradicts the solution is kept, so it is counted). Per puzzle: the outcome (logic
alone, with a trial step, gave up), unsound steps (a placement or removal the published
solution contradicts), the hardest technique and the CPU time (``time.process_time``). Then,
per constraint type (the corpus's own names, a puzzle counted under each of its types): how
many puzzles the walk explains without a trial step, and the median CPU time. The machine is
shared: the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.formats.links import read_link  # noqa: E402
from sudoku_core.logic.explain import steps  # noqa: E402
from sudoku_core.model.errors import SudokuError  # noqa: E402


def _rows(folder: Path) -> list[dict[str, str]]:
    with (folder / "community-train.tsv").open(encoding="utf-8", newline="") as f:
        return [r for r in csv.DictReader(f, delimiter="\t")
                if r.get("expressible") == "yes" and r.get("fp_link")]


def _digits(solution: str, size: int) -> list[int]:
    if size <= 9:
        return [int(ch) for ch in solution]
    return [ord(ch.upper()) - ord("A") + 1 for ch in solution]


def _walk(row: dict[str, str], budget: float) -> tuple[str, int, str, float]:
    """(outcome, unsound steps, hardest technique, CPU seconds) of one puzzle."""
    try:
        grid = read_link(row["fp_link"]).givens
    except SudokuError as exc:
        return f"refused: {exc}"[:60], 0, "", 0.0
    truth = _digits(row["solution"], grid.size)
    start = time.process_time()
    path = steps(grid, time_limit=budget, verify=False)
    cpu = time.process_time() - start
    unsound = sum(1 for s in path.steps
                  if any(truth[x] != v for x, v in s.placements)
                  or any(truth[x] == v for x, v in s.eliminations))
    if path.status != "solved":
        outcome = "gave up" if path.status == "gave_up" else path.status
    else:
        outcome = "trial" if path.trial else "logic"
    return outcome, unsound, path.hardest, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variants", default=os.environ.get("SUDOKU_VARIANTS"))
    ap.add_argument("--budget", type=float, default=10.0)
    args = ap.parse_args()
    folder = Path(args.variants) if args.variants else ROOT.parent / "shared" / "variants"
    rows = _rows(folder)
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at start; "
          f"{len(rows)} puzzles, budget {args.budget:g} s each; CPU time")
    by_type: dict[str, list[tuple[str, float]]] = {}
    outcomes: list[tuple[str, float]] = []
    unsound_total = 0
    for row in rows:
        outcome, unsound, hardest, cpu = _walk(row, args.budget)
        unsound_total += unsound
        outcomes.append((outcome, cpu))
        print(f"{row['name'][:34]:34} {row['iss_types'][:30]:30} {outcome:8} "
              f"{cpu * 1000:8.0f} ms  unsound {unsound}  hardest {hardest}", flush=True)
        for kind in row["iss_types"].split(","):
            by_type.setdefault(kind, []).append((outcome, cpu))
    print(f"\nload {os.getloadavg()[0]:.1f} at end")
    print(f"{'type':22} {'puzzles':>7} {'logic':>6} {'trial':>6} {'gave up':>8} "
          f"{'median ms':>10}")
    for kind in sorted(by_type):
        got = by_type[kind]
        count = {k: sum(1 for o, _ in got if o == k) for k in ("logic", "trial", "gave up")}
        median = statistics.median(c for _, c in got) * 1000
        print(f"{kind:22} {len(got):7} {count['logic']:6} {count['trial']:6} "
              f"{count['gave up']:8} {median:10.0f}")
    logic = sum(1 for o, _ in outcomes if o == "logic")
    cpus = sorted(c for _, c in outcomes)
    print(f"\nall: {len(outcomes)} puzzles, {logic} explained without a trial step "
          f"({100 * logic / max(1, len(outcomes)):.0f}%), "
          f"{sum(1 for o, _ in outcomes if o == 'trial')} with one, "
          f"{sum(1 for o, _ in outcomes if o == 'gave up')} gave up; unsound steps "
          f"{unsound_total}; CPU median {statistics.median(cpus) * 1000:.0f} ms, "
          f"max {cpus[-1] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
