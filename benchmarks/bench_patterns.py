"""Benchmark the pattern families: how often each fires, and what they cost the rating.

For each corpus sample, every puzzle is rated twice in the same process, alternating: with the
whole registry, and with the registry minus the pattern families (the "before"); the CPU times
are compared. Then the path is walked once more, and at every state where a non-single step
is taken each family is asked for its first instance ("fires at a state"); the path's own use
of each family is counted too ("in the path").

    python benchmarks/bench_patterns.py                      # magictour and 17-clue samples
    python benchmarks/bench_patterns.py --sample 50 --only sudoku-top95.txt
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import sudoku_core.logic.explain as explain  # noqa: E402
from benchmarks.bench_logic import corpora_dir  # noqa: E402
from sudoku_core.logic.rate import rate  # noqa: E402
from sudoku_core.logic.techniques import TABLE, TECHNIQUES, Technique  # noqa: E402
from sudoku_core.logic.walk import next_step  # noqa: E402
from sudoku_core.model.candidates import Candidates  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402

PATTERNS = ("WXYZ-Wing", "Multi-Colours", "Unique Rectangle", "Avoidable Rectangle",
            "Hidden Rectangle", "BUG+n", "Sue de Coq", "ALS-XZ", "ALS-XY-Wing", "Death Blossom",
            "Franken Fish", "ALS Chain")
CORPORA = {"puzzles3_magictour_top1465": 40, "puzzles2_17_clue": 100}
SINGLES = ("Full House", "Hidden Single", "Naked Single")


def corpus(name: str, sample: int) -> list[Grid]:
    lines = [ln.strip() for ln in (corpora_dir() / name).read_text().splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    step = max(1, len(lines) // sample) if sample else 1
    return [Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in ln[:81]))
            for ln in lines[::step][:sample or None]]


def use(techniques: tuple[Technique, ...]) -> None:
    """Make the walker (explain, which rate uses) read this registry."""
    explain.registry = lambda: techniques  # type: ignore[attr-defined]


def timed_rate(grid: Grid, techniques: tuple[Technique, ...]) -> tuple[float, int]:
    use(techniques)
    t = time.process_time()
    score = rate(grid).score
    return time.process_time() - t, score


def fires(grid: Grid, families: list[Technique]) -> tuple[Counter[str], Counter[str], int]:
    """Per family: states where it has an instance, and steps of the path that use it."""
    at_states: Counter[str] = Counter()
    in_path: Counter[str] = Counter()
    c = Candidates.from_grid(grid)
    states = 0
    while not c.is_solved():
        step = next_step(c)
        if step is None:
            break
        if step.technique not in SINGLES:
            states += 1
            for tech in families:
                if tech.find(c) is not None:
                    at_states[tech.name] += 1
        for tech in families:
            # Fish steps say "Finned Franken Swordfish": the family's word is in the name.
            if tech.name.removesuffix(" Fish") in step.technique:
                in_path[tech.name] += 1
        c.apply(step)
    return at_states, in_path, states


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sample", type=int, default=None, help="puzzles per corpus")
    ap.add_argument("--only", nargs="*", help="corpus files to run")
    args = ap.parse_args()
    after = TECHNIQUES
    before = tuple(t for t in TECHNIQUES if t.name not in PATTERNS)
    families = [t for t in TABLE if t.name in PATTERNS or not t.walked]
    print("| corpus | puzzles | rate CPU ms median before / after | total s before / after "
          "| scores changed | family: states with an instance (steps in the path) |")
    print("|---|---:|---:|---:|---:|---|")
    for name, default in CORPORA.items():
        if args.only and name not in args.only:
            continue
        grids = corpus(name, args.sample if args.sample is not None else default)
        t_before, t_after, changed = [], [], 0
        for grid in grids:
            tb, sb = timed_rate(grid, before)
            ta, sa = timed_rate(grid, after)
            t_before.append(tb)
            t_after.append(ta)
            changed += sb != sa
        use(after)
        at_states: Counter[str] = Counter()
        in_path: Counter[str] = Counter()
        states = 0
        for grid in grids:
            a, p, s = fires(grid, families)
            at_states += a
            in_path += p
            states += s
        tally = ", ".join(f"{t.name} {at_states[t.name]} ({in_path[t.name]})" for t in families)
        print(f"| {name} | {len(grids)} | {1000 * statistics.median(t_before):.0f} / "
              f"{1000 * statistics.median(t_after):.0f} | {sum(t_before):.1f} / "
              f"{sum(t_after):.1f} | {changed} | {states} states: {tally} |")


if __name__ == "__main__":
    main()
