"""Record (or check) the steps of a fixed sample: the fixture that pins the chains' behaviour.

The fixture tests/fixtures/steps_sample.json holds each puzzle with the technique, placements
and eliminations of every step ``steps()`` takes on it. tests/logic/test_steps_sample.py
replays it, so a refactor of the shared bitboard code cannot change a path unnoticed.
Regenerate it only when a change of behaviour is intended (the puzzles stay; the paths are
recomputed):

    python benchmarks/record_steps.py            # rewrite the fixture, print CPU time
    python benchmarks/record_steps.py --time     # time the fixture's puzzles, check their paths
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_logic import corpora_dir, dug  # noqa: E402

from sudoku_core.logic.explain import steps  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "steps_sample.json"
CORPORA = {"puzzles6_forum_hardest_1106": 20, "puzzles3_magictour_top1465": 20}
GENERATED = {"2x3": 4, "3x4": 3, "4x4": 2}  # box -> puzzles dug from a random solution


def grid_of(line: str, box: str) -> Grid:
    """A grid from a corpus line (one character a cell) or a dug line (tokens)."""
    shape = Shape.parse(box)
    if " " in line:
        cells = tuple(0 if t in ".0" else int(t) for t in line.split())
    else:
        cells = tuple(0 if ch in ".0" else int(ch, 36) for ch in line)
    return Grid(shape, cells)


def sample() -> list[tuple[str, str]]:
    """(line, box) of the sample: evenly strided corpus lines, then dug puzzles."""
    out = []
    for name, count in CORPORA.items():
        lines = [x.strip() for x in (corpora_dir() / name).read_text().splitlines() if x.strip()]
        out += [(lines[i * len(lines) // count], "3x3") for i in range(count)]
    for box, count in GENERATED.items():
        out += [(dug(Shape.parse(box), seed, 0.45), box) for seed in range(count)]
    return out


def path_of(line: str, box: str) -> list[list[Any]]:
    """[technique, placements, eliminations] of every step, no time limit (deterministic)."""
    path = steps(grid_of(line, box), time_limit=None, verify=False)
    return [[s.technique, [list(p) for p in s.placements], [list(e) for e in s.eliminations]]
            for s in path.steps]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time", action="store_true",
                    help="time the fixture's puzzles and compare their paths (no rewrite)")
    args = ap.parse_args()
    recorded = json.loads(FIXTURE.read_text())["puzzles"] if args.time else []
    puzzles = [(p["line"], p["box"]) for p in recorded] if args.time else sample()
    t0 = time.process_time()
    paths = [path_of(line, box) for line, box in puzzles]
    cpu = time.process_time() - t0
    print(f"{len(puzzles)} puzzles, steps() {cpu:.2f} s CPU")
    if args.time:
        changed = [i for i, (p, path) in enumerate(zip(recorded, paths, strict=True))
                   if p["steps"] != path]
        print(f"paths differing from the fixture: {changed or 'none'}")
        sys.exit(1 if changed else 0)
    data = {"puzzles": [{"line": line, "box": box, "steps": path}
                        for (line, box), path in zip(puzzles, paths, strict=True)]}
    FIXTURE.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
