"""Record what the logic engine finds, to check later optimisations change nothing.

Writes ``tests/data/logic_fixture.json``: for a strided sample of magictour puzzles (and a few
forum-hardest ones), the technique name of every step of ``steps()``; and for candidate states
taken along those walks, a digest of every instance each pattern finder lists (``find_all``'s
``instances``: the text, placements and eliminations of each step, in order). Run it ONCE on the
commit before a speed change; ``tests/logic/test_logic_fixture.py`` replays it on the new code.

    python benchmarks/make_logic_fixture.py            # writes the fixture
"""

from __future__ import annotations

import hashlib
import json
import sys
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_logic import corpora_dir  # noqa: E402
from sudoku_core.logic.explain import steps  # noqa: E402
from sudoku_core.logic.find_all import instances, listable  # noqa: E402
from sudoku_core.model.candidates import Candidates  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.model.step import Step  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "logic_fixture.json"
WALKS = {"puzzles3_magictour_top1465": 30}
STATE_SOURCES = {"puzzles3_magictour_top1465": 30, "puzzles6_forum_hardest_1106": 4}
STATES_PER_PUZZLE = 2  # candidate states kept per puzzle: the first and the middle hard state
# The families whose finders the speed work touches (chains and forcing are not listed here).
FINDERS = ("Locked Candidates", "Naked Pair", "Hidden Pair", "Naked Triple", "Hidden Triple",
           "X-Wing", "Skyscraper", "2-String Kite", "XY-Wing", "Empty Rectangle", "XYZ-Wing",
           "W-Wing", "Naked Quad", "WXYZ-Wing", "Finned X-Wing", "Hidden Quad", "Swordfish",
           "Simple Colouring", "Multi-Colours", "Unique Rectangle", "Avoidable Rectangle",
           "Hidden Rectangle", "BUG+1", "Jellyfish", "BUG+n", "Finned Swordfish",
           "Finned Jellyfish", "Siamese Fish", "Sue de Coq", "ALS-XZ", "ALS-XY-Wing",
           "Death Blossom", "Franken Fish", "ALS Chain", "Mutant Fish")
LIMIT = 500  # instances per finder and state
SINGLES = ("Full House", "Hidden Single", "Naked Single")


def puzzles(name: str, sample: int) -> list[str]:
    lines = [ln.strip() for ln in (corpora_dir() / name).read_text().splitlines()]
    lines = [ln[:81] for ln in lines if ln and not ln.startswith("#")]
    return lines[::max(1, len(lines) // sample)][:sample]


def grid_of(line: str) -> Grid:
    return Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line))


def digest(found: list[Step]) -> str:
    text = "\n".join(f"{s.technique}|{s.text}|{s.placements}|{s.eliminations}" for s in found)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def state_of(c: Candidates) -> dict[str, object]:
    return {"values": "".join(str(v) for v in c.values), "masks": list(c.masks),
            "givens": c.givens}


def candidates_of(state: dict[str, object]) -> Candidates:
    """The candidate state a fixture entry holds."""
    values = [int(ch) for ch in str(state["values"])]
    masks = [int(m) for m in state["masks"]]  # type: ignore[attr-defined]
    return Candidates(Shape(3, 3), values, masks, int(state["givens"]))  # type: ignore[call-overload]


def listing(c: Candidates) -> dict[str, list[object]]:
    """For each finder, how many instances it lists and a digest of them."""
    by_name = {t.name: t for t in listable()}
    out: dict[str, list[object]] = {}
    for name in FINDERS:
        found = list(islice(instances(by_name[name], c), LIMIT))
        out[name] = [len(found), digest(found)]
    return out


def main() -> None:
    walks = []
    for corpus, sample in WALKS.items():
        for line in puzzles(corpus, sample):
            path = steps(grid_of(line), time_limit=None)
            walks.append({"puzzle": line, "techniques": [s.technique for s in path.steps]})
    states = []
    for corpus, sample in STATE_SOURCES.items():
        for line in puzzles(corpus, sample):
            path = steps(grid_of(line), time_limit=None)
            c = Candidates.from_grid(grid_of(line))
            hard = []
            for s in path.steps:
                if s.technique not in SINGLES:
                    hard.append(c.copy())
                c.apply(s)
            for k in sorted({0, len(hard) // 2})[:STATES_PER_PUZZLE] if hard else []:
                states.append({"state": state_of(hard[k]), "found": listing(hard[k])})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"walks": walks, "states": states}, indent=0) + "\n")
    print(f"{OUT}: {len(walks)} walks, {len(states)} states")


if __name__ == "__main__":
    main()
