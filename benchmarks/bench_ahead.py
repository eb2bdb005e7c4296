"""CPU cost of hints and walks with and without the walker's memo (sudoku_core.logic.walk).

Per puzzle, side by side in one run (so that the machine's load weighs on both alike):

* Hint pressed three times on the givens (nudge, step, apply: the page's three presses), the
  memo off (each press searches anew) and on (the second and third find the first's steps);
* the whole walk (`steps`) with the memo off, on for the first time (its cost: keys and
  tables), and on again (all from the memo: what the page's Steps costs once the work ahead
  is done);
* `prepare` for the next three hints, in slices until done (the work the page's second engine
  does), and the three hints after it;
* a player who presses Hint again and again (CHAIN hints, three presses each, each applied):
  the memo off, on, and after `prepare` for CHAIN hints ahead (and that prepare's own cost).

CPU seconds (time.process_time), median and total over the sample, with the load average.

    .venv/bin/python benchmarks/bench_ahead.py [--forum 10] [--magic 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core import web_api  # noqa: E402
from sudoku_core.logic import walk  # noqa: E402

LEVELS = ("nudge", "step", "apply")
CHAIN = 6  # hints in a row, each applied (the page's three presses each)


def corpus(name: str) -> list[str]:
    for base in (ROOT.parent, ROOT.parent.parent):
        path = base / "shared" / "corpora" / name
        if path.is_file():
            return [ln.strip()[:81] for ln in path.read_text().splitlines() if ln.strip()]
    sys.exit(f"bench_ahead: corpus {name} not found (../shared/corpora)")


def ask(cmd: str, args: dict[str, Any]) -> dict[str, Any]:
    reply = json.loads(web_api.handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    if "result" not in reply:
        sys.exit(f"bench_ahead: {cmd}: {reply}")
    return dict(reply["result"])


def cpu(work: Callable[[], object]) -> float:
    t0 = time.process_time()
    work()
    return time.process_time() - t0


def memo(on: bool) -> None:
    walk.remember(on)


def measure(line: str) -> dict[str, float]:
    """The figures of one puzzle (CPU seconds)."""
    cells = [0 if ch == "." else int(ch) for ch in line]
    hint = {"givens": cells, "cells": cells, "box": [3, 3], "unlock": True, "time_limit": 60}
    grid = {"cells": cells, "box": [3, 3], "time_limit": 60}

    def hints() -> None:
        for level in LEVELS:
            ask("hint", {**hint, "level": level})

    def prepare() -> None:
        while not ask("prepare", {**hint, "for": "hint", "ahead": 3})["done"]:
            pass

    def chain() -> None:
        args = dict(hint)
        for _ in range(CHAIN):
            for level in LEVELS:
                r = ask("hint", {**args, "level": level})
            if r["status"] != "step":
                return
            # The page's next request: the grid after the step, the working candidates.
            pencil: list[list[int]] = [[] for _ in cells]
            for m in r["marks"]:
                pencil[m["index"]] = m["values"]
            args = {**args, "cells": r["result_values"], "pencil": pencil}

    def prepare_chain() -> None:
        while not ask("prepare", {**hint, "for": "hint", "ahead": CHAIN})["done"]:
            pass

    row: dict[str, float] = {}
    memo(False)
    row[f"hint chain x{CHAIN}, memo off"] = cpu(chain)
    memo(True)
    row[f"hint chain x{CHAIN}, memo on"] = cpu(chain)
    memo(True)
    row[f"prepare {CHAIN} hints ahead"] = cpu(prepare_chain)
    row[f"hint chain x{CHAIN} after prepare"] = cpu(chain)
    memo(False)
    row["hint x3, memo off"] = cpu(hints)
    memo(True)
    row["hint x3, memo on"] = cpu(hints)
    memo(False)
    row["steps, memo off"] = cpu(lambda: ask("steps", grid))
    memo(True)
    row["steps, memo on (first)"] = cpu(lambda: ask("steps", grid))
    row["steps, memo on (again)"] = cpu(lambda: ask("steps", grid))
    memo(True)  # a fresh memo: the page's second engine, from nothing
    row["prepare 3 hints ahead"] = cpu(prepare)
    row["hint x3 after prepare"] = cpu(hints)
    memo(False)
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--forum", type=int, default=10, help="puzzles6 puzzles")
    ap.add_argument("--magic", type=int, default=5, help="magictour top1465 puzzles")
    args = ap.parse_args()
    forum = corpus("puzzles6_forum_hardest_1106")
    magic = corpus("puzzles3_magictour_top1465")
    sample = (forum[:: max(1, len(forum) // args.forum)][:args.forum]
              + magic[:: max(1, len(magic) // max(1, args.magic))][:args.magic])
    load = os.getloadavg()
    figures: dict[str, list[float]] = {}
    for line in sample:
        row = measure(line)
        for name, seconds in row.items():
            figures.setdefault(name, []).append(seconds)
        print(f"  {line[:24]}: " + ", ".join(f"{k} {v:.2f}" for k, v in row.items()),
              file=sys.stderr, flush=True)
    after = os.getloadavg()
    print(f"| CPU seconds, {len(sample)} puzzles ({args.forum} puzzles6, {args.magic} magictour)"
          " | median | total |")
    print("|---|---|---|")
    for name, values in figures.items():
        print(f"| {name} | {statistics.median(values):.3f} | {sum(values):.2f} |")
    off, on = sum(figures["hint x3, memo off"]), sum(figures["hint x3, memo on"])
    first, plain = sum(figures["steps, memo on (first)"]), sum(figures["steps, memo off"])
    print(f"| ratio hint x3 memo on / off | {on / off:.2f} | |")
    c_off = sum(figures[f"hint chain x{CHAIN}, memo off"])
    c_on = sum(figures[f"hint chain x{CHAIN}, memo on"])
    c_pre = sum(figures[f"hint chain x{CHAIN} after prepare"])
    print(f"| ratio hint chain memo on / off | {c_on / c_off:.2f} | |")
    print(f"| ratio hint chain after prepare / memo off | {c_pre / c_off:.3f} | |")
    print(f"| ratio steps memo on (first) / off | {first / plain:.2f} | |")
    print(f"| load average | {load[0]:.1f} before | {after[0]:.1f} after |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
