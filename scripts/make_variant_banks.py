#!/usr/bin/env python3
"""Make the page's variant puzzle banks: New puzzle with rules, at once, at the level asked.

For each variant of VARIANTS (the names ``generate_puzzle`` takes, as ``--variant`` does),
each box shape of BOXES and each level, seeds are tried in order (``generate_puzzle(shape,
names, level, seed=..., max_attempts=...)``, as scripts/make_banks.py does for classic
puzzles) until the level holds COUNT puzzles rated at it or its CPU budget is spent; a puzzle
rated at another level is dropped, so the page never serves a level other than the one asked.
A level with no puzzle is not offered, nor are the levels above it (not tried).

Files: web/banks/variants/<key>-RxC.json (the command, version, plan and puzzles: givens,
rules as the JSON ``variant``, score, hardest technique, seed) and web/banks/variants.json, the
page's menu: variant key -> label, words, names and box -> level -> count.
tests/make/test_variant_banks.py checks every puzzle (its rules read back, one solution, rated at
its level, its seed remakes it).

    python scripts/make_variant_banks.py --jobs 2             # every variant (CPU minutes)
    python scripts/make_variant_banks.py --only killer --jobs 2
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from make_banks import collect, level_seed  # noqa: E402

from sudoku_core import Shape, __version__  # noqa: E402
from sudoku_core.logic.techniques import LEVELS  # noqa: E402
from sudoku_core.make.variant_generate import generate_puzzle  # noqa: E402

OUT = ROOT / "web" / "banks"
# key -> (names for generate_puzzle, the menu's label, the rules in a sentence: "a Hard X
# puzzle"). The page lists them in this order, after Classic.
VARIANTS: dict[str, tuple[str, str, str]] = {
    "x": ("x", "X (diagonals)", "X"),
    "windoku": ("windoku", "Windoku", "Windoku"),
    "jigsaw": ("jigsaw", "Jigsaw", "Jigsaw"),
    "killer": ("killer", "Killer", "Killer"),
    "antiknight": ("antiknight", "Anti-knight", "anti-knight"),
    "antiking": ("antiking", "Anti-king", "anti-king"),
    "thermometer": ("thermometer", "Thermometers", "thermometer"),
    "arrow": ("arrow", "Arrows", "arrow"),
    "kropki": ("kropki-white,kropki-black", "Kropki dots", "Kropki"),
    "xv": ("xv", "XV", "XV"),
    "sandwich": ("sandwich", "Sandwich", "sandwich"),
    "little-killer": ("little-killer", "Little killers", "little killer"),
    "whispers": ("whispers", "German whispers", "German whispers"),
    "renban": ("renban", "Renban lines", "renban"),
    "killer-thermometer": ("killer,thermometer", "Killer + thermometers", "Killer thermometer"),
    "killer-arrow": ("killer,arrow", "Killer + arrows", "Killer arrow"),
    "killer-kropki": ("killer,kropki-white,kropki-black", "Killer + Kropki dots",
                      "Killer Kropki"),
    "killer-xv": ("killer,xv", "Killer + XV", "Killer XV"),
    "killer-little-killer": ("killer,little-killer", "Killer + little killers",
                             "Killer little killer"),
}
BOXES = ((3, 3), (2, 3))
COUNT = {(3, 3): 6, (2, 3): 4}  # puzzles per level: isomorphisms make more of most of them
# CPU seconds per level; a level out of reach within it is not offered (Extreme costs most).
# A Killer attempt digs givens among cages whose sums the search must reach: about ten times
# the cost of the others', and most attempts land below Hard.
BUDGET = {(3, 3): 12.0, (2, 3): 6.0}
EXTREME_BUDGET = {(3, 3): 40.0, (2, 3): 15.0}
KILLER_BUDGET = {(3, 3): 100.0, (2, 3): 20.0}
KILLER_EXTREME_BUDGET = {(3, 3): 200.0, (2, 3): 40.0}


def cpu_budget(names: str, box: tuple[int, int], level: str) -> float:
    """The CPU seconds a level of a variant's bank may take."""
    killer = "killer" in names.split(",")
    if level == "Extreme":
        return (KILLER_EXTREME_BUDGET if killer else EXTREME_BUDGET)[box]
    return (KILLER_BUDGET if killer else BUDGET)[box]
ATTEMPTS = 20  # per generate_puzzle call: a count, so that a seed makes the same puzzle anywhere
SAFETY = 300.0  # seconds: each call's time limit, far above what its attempts take


def make_one(names: str, box: tuple[int, int], level: str, seed: int) -> dict[str, Any]:
    """One generate_puzzle() call in a worker process: its puzzle, rules, rating and CPU."""
    start = time.process_time()
    gen = generate_puzzle(Shape(*box), names.split(","), level, seed, max_attempts=ATTEMPTS,
                          time_limit=SAFETY)
    rules = gen.grid.shape.variant
    return {"seed": seed, "level": gen.level, "score": gen.score, "hardest": gen.hardest,
            "givens": gen.grid.given_count, "values": list(gen.grid.cells),
            "variant": rules.to_json() if rules is not None else {},
            "cpu": time.process_time() - start}


def make_variant(pool: ProcessPoolExecutor, jobs: int, key: str, box: tuple[int, int],
                 command: str, out: Path) -> float:
    """One variant's bank at one box shape; the CPU seconds it took."""
    names = VARIANTS[key][0]
    levels: dict[str, Any] = {}
    plan: dict[str, Any] = {}
    total = 0.0
    for level in LEVELS:
        budget = cpu_budget(names, box, str(level))
        found, spent, tries = collect(
            pool, jobs, lambda seed, lv=str(level): pool.submit(make_one, names, box, lv, seed),
            str(level), COUNT[box], budget)
        total += spent
        print(f"{key} {box[0]}x{box[1]} {level}: {len(found)}/{COUNT[box]} puzzles, "
              f"{spent:.0f} s CPU", file=sys.stderr, flush=True)
        plan[str(level)] = {"wanted": COUNT[box], "max_attempts": ATTEMPTS, "cpu_budget": budget,
                            "seeds_tried": f"{level_seed(level, 1)}..{level_seed(level, tries)}",
                            "cpu": round(spent)}
        if found:
            levels[str(level)] = found
        elif level != LEVELS[0]:
            break  # a level out of reach: the harder ones are further (not worth their budget)
    bank = {"about": "Rated variant puzzles made by the project's own generator (CPython). "
                     "Each puzzle: generate_puzzle(shape, names, level, seed, "
                     "max_attempts=plan[level].max_attempts).",
            "command": command, "version": __version__, "key": key, "names": names,
            "box": list(box), "plan": plan, "levels": levels}
    folder = out / "variants"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{key}-{box[0]}x{box[1]}.json").write_text(
        json.dumps(bank, separators=(",", ":")) + "\n")
    return total


def write_index(out: Path) -> None:
    """variants.json: the page's Variant menu, in VARIANTS' order, with what each bank holds."""
    index: dict[str, Any] = {}
    for key, (names, label, words) in VARIANTS.items():
        boxes: dict[str, dict[str, int]] = {}
        for box in BOXES:
            path = out / "variants" / f"{key}-{box[0]}x{box[1]}.json"
            if path.exists():
                held = json.loads(path.read_text())["levels"]
                counts = {str(lv): len(held[lv]) for lv in LEVELS if held.get(lv)}
                if counts:
                    boxes[f"{box[0]}x{box[1]}"] = counts
        if boxes:
            index[key] = {"names": names, "label": label, "words": words, "boxes": boxes}
    (out / "variants.json").write_text(json.dumps(index, indent=1) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", action="append", default=[], metavar="KEY",
                        help=f"make only this variant's banks (repeatable): {', '.join(VARIANTS)}")
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the bank files")
    args = parser.parse_args()
    unknown = [k for k in args.only if k not in VARIANTS]
    if unknown:
        parser.error(f"unknown variant {', '.join(unknown)}; known: {', '.join(VARIANTS)}")
    command = ("python scripts/make_variant_banks.py " + " ".join(sys.argv[1:])).strip()
    total = 0.0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for key in [k for k in VARIANTS if not args.only or k in args.only]:
            for box in BOXES:
                total += make_variant(pool, args.jobs, key, box, command, args.out)
                write_index(args.out)  # a run cut short keeps what it made
    print(f"total {total:.0f} s CPU", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
