#!/usr/bin/env python3
"""Make the page's rated puzzle banks with the project's own generator, on several processes.

The page serves New puzzle from these banks through random isomorphisms (relabelled symbols,
permuted rows, columns, bands and stacks: sudoku_core.make.symmetry), which keep a puzzle's
uniqueness and rating, so a bank puzzle of a level is at once a new puzzle of that level. A
size and level appear in the page's New puzzle menu only when its bank holds puzzles.

For each box shape and level of PLAN, seeds are tried in order (``generate(shape, level,
seed=...)``, each with a time limit) until the bank holds its count of puzzles rated at that
level, or the level's CPU budget is spent; puzzles that came out at another level are dropped.
Each bank file (web/banks/RxC.json) records the command, the library version, and the seed of
every puzzle; tests/make/test_banks.py checks every puzzle (one solution, rated at its level).

    python scripts/make_banks.py --jobs 2            # every bank (about 20 CPU minutes)
    python scripts/make_banks.py --only 3x3 --jobs 2 # one box shape
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import Shape, __version__  # noqa: E402
from sudoku_core.logic.techniques import LEVELS  # noqa: E402
from sudoku_core.make.generate import generate  # noqa: E402

OUT = ROOT / "web" / "banks"
# Box shape -> (level, puzzles wanted, attempts per generate() call, CPU seconds for the level).
# Attempts, not a clock, bound each call (its time limit is only a safety net), so the same
# seed makes the same puzzle on any machine, loaded or not. The 4x4 grid has no level above
# Easy within reach (none in 20,000 attempts), 6x6 tops out at Expert; a level with no puzzle
# after its budget is simply not offered by the page. The most used shapes come first.
PLAN: dict[tuple[int, int], tuple[tuple[str, int, int, float], ...]] = {
    (3, 3): (("Easy", 30, 20, 30), ("Medium", 30, 20, 30), ("Hard", 30, 20, 40),
             ("Expert", 20, 40, 60), ("Extreme", 16, 150, 200)),
    (2, 3): (("Easy", 12, 20, 10), ("Medium", 12, 20, 15), ("Hard", 12, 20, 20),
             ("Expert", 6, 40, 20)),
    (4, 4): (("Easy", 6, 4, 30), ("Medium", 6, 4, 30), ("Hard", 6, 4, 40),
             ("Expert", 3, 4, 30)),
    (3, 4): (("Easy", 8, 10, 20), ("Medium", 8, 10, 20), ("Hard", 8, 10, 30),
             ("Expert", 4, 10, 30)),
    (5, 5): (("Easy", 6, 1, 90),),
    (2, 2): (("Easy", 12, 20, 10),),
    (2, 4): (("Easy", 8, 20, 10), ("Medium", 8, 20, 10), ("Hard", 8, 20, 15),
             ("Expert", 4, 40, 15), ("Extreme", 2, 100, 20)),
    (2, 5): (("Easy", 5, 10, 10), ("Medium", 5, 10, 15), ("Hard", 5, 10, 15),
             ("Expert", 3, 10, 20)),
    (3, 5): (("Easy", 3, 4, 20), ("Medium", 3, 4, 20), ("Hard", 3, 4, 30)),
    (4, 5): (("Easy", 3, 2, 40), ("Medium", 2, 2, 40)),
}
SAFETY = 900.0  # seconds: the time limit of every call, far above what its attempts take


def make_one(box: tuple[int, int], level: str, seed: int, attempts: int) -> dict[str, Any]:
    """One generate() call in a worker process: its puzzle and rating, and the CPU it took."""
    start = time.process_time()
    gen = generate(Shape(*box), level, seed=seed, max_attempts=attempts, time_limit=SAFETY)
    return {"seed": seed, "level": gen.level, "score": gen.score, "hardest": gen.hardest,
            "givens": gen.grid.given_count, "attempts": gen.attempts,
            "values": list(gen.grid.cells), "cpu": time.process_time() - start}


def level_seed(level: str, index: int) -> int:
    """The seed of try ``index`` of a level: each level its own range, so no two share a grid."""
    return 1_000_000 * ([str(name) for name in LEVELS].index(level) + 1) + index


def make_level(pool: ProcessPoolExecutor, jobs: int, box: tuple[int, int], level: str,
               count: int, attempts: int, budget: float
               ) -> tuple[list[dict[str, Any]], float, int]:
    """Puzzles of one box shape and level (in seed order), CPU seconds spent, tries made."""
    return collect(pool, jobs, lambda seed: pool.submit(make_one, box, level, seed, attempts),
                   level, count, budget)


def collect(pool: ProcessPoolExecutor, jobs: int,
            submit: Callable[[int], Future[dict[str, Any]]], level: str, count: int,
            budget: float) -> tuple[list[dict[str, Any]], float, int]:
    """Puzzles of one level (in seed order) from ``submit(seed)`` calls, CPU seconds spent,
    tries made: seeds in order, ``jobs`` at a time, until ``count`` or the CPU budget."""
    found: list[dict[str, Any]] = []
    spent = 0.0
    index = 0
    running: set[Future[dict[str, Any]]] = set()
    while True:
        while len(running) < jobs and len(found) < count and spent < budget:
            index += 1
            running.add(submit(level_seed(level, index)))
        if not running:
            break
        done, running = wait(running, return_when=FIRST_COMPLETED)
        for future in done:
            made = future.result()
            spent += made.pop("cpu")
            if made["level"] == level:
                del made["level"]
                found.append(made)
    # The first seeds that reached the level, whichever process finished first.
    found.sort(key=lambda p: p["seed"])
    return found[:count], spent, index


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="worker processes (default: every core)")
    parser.add_argument("--only", action="append", default=[], metavar="RxC",
                        help="make only this box shape's bank (repeatable)")
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the bank files")
    args = parser.parse_args()
    shapes = [box for box in PLAN if not args.only or f"{box[0]}x{box[1]}" in args.only]
    args.out.mkdir(parents=True, exist_ok=True)
    command = "python scripts/make_banks.py " + " ".join(sys.argv[1:])
    total = 0.0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for box in shapes:
            levels: dict[str, Any] = {}
            plan: dict[str, Any] = {}
            for level, count, attempts, budget in PLAN[box]:
                found, spent, tries = make_level(pool, args.jobs, box, level, count, attempts,
                                                 budget)
                total += spent
                print(f"{box[0]}x{box[1]} {level}: {len(found)}/{count} puzzles, "
                      f"{spent:.0f} s CPU", file=sys.stderr, flush=True)
                plan[level] = {"wanted": count, "max_attempts": attempts, "time_limit": SAFETY,
                               "cpu_budget": budget,
                               "seeds_tried": f"{level_seed(level, 1)}..{level_seed(level, tries)}",
                               "cpu": round(spent)}
                if found:
                    levels[level] = found
                write_bank(args.out, box, command, plan, levels)  # a run cut short keeps it
    write_index(args.out)
    print(f"total {total:.0f} s CPU", file=sys.stderr)
    return 0


def write_bank(folder: Path, box: tuple[int, int], command: str, plan: dict[str, Any],
               levels: dict[str, Any]) -> None:
    """The bank file of one box shape, with the command, version and plan that made it."""
    bank = {
        "about": "Rated puzzles made by the project's own generator (CPython); the page "
                 "serves them through random isomorphisms. Each puzzle: generate(shape, level, "
                 "seed=seed, max_attempts=plan[level].max_attempts, "
                 "time_limit=plan[level].time_limit).",
        "command": command.strip(),
        "version": __version__,
        "box": list(box),
        "plan": plan,
        "levels": levels,
    }
    path = folder / f"{box[0]}x{box[1]}.json"
    path.write_text(json.dumps(bank, separators=(",", ":")) + "\n")


def write_index(folder: Path) -> None:
    """index.json: box shape -> level -> puzzle count, read by the page to fill its menus."""
    index: dict[str, dict[str, int]] = {}
    for path in sorted(folder.glob("[0-9]*x[0-9]*.json")):
        bank = json.loads(path.read_text())
        r, c = bank["box"]
        held = bank["levels"]
        counts: dict[str, int] = {level: len(held[level]) for level in LEVELS if level in held}
        if counts:
            index[f"{r}x{c}"] = counts
    (folder / "index.json").write_text(json.dumps(index, indent=1) + "\n")


if __name__ == "__main__":
    raise SystemExit(main())
