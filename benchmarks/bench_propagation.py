"""Singles propagation: the exact solver's hot loop against the shared one, side by side.

Run from the repo root:  .venv/bin/python benchmarks/bench_propagation.py [--count 200]
(``--against DIR``: also time ``solve`` on the same puzzles with the package in DIR, e.g. an
export of the previous commit, alternating old and new in fresh processes, and print the CPU
ratio; from 25x25 up each solve is capped at the same node count, so both do the same work.)

Both paths take the same bitboards (one int per value, a bit per cell) to the same fixed
point of naked and hidden singles, and the script checks that they agree:

- ``exact._propagate``, the bitboard search's loop (grids above 25x25): naked singles first,
  hidden singles only in the units that changed since the parent node, the clock once a round;
- ``bitboards.singles``, the one the chains and trial and error share: naked and hidden singles
  found together in every unit each round (a round is one step of a chain's length);
- the same with ``seen`` (as the dynamic chains' engine runs it): a round looks only at the
  units around cells that changed since the last, from the branch's root at rest; the script
  checks it reaches the same states as without.

Each puzzle is propagated from its givens, then on every branch of the first open cells of
that fixed point (a candidate assumed, as a forcing chain or the search does; the hot loop gets
the ``seen`` the search would give it), several times over. The puzzles: the first
``--count`` of ../shared/corpora/puzzles5_forum_hardest_1905_11+, 16x16 puzzles made by the
project's generator from fixed seeds, and 25x25 and 36x36 grids with part of a shuffled
pattern solution kept (see ``big_puzzles``). Figures are CPU per puzzle (all its
propagations) and wall-clock, with the load average, which on a shared machine moves them more
than any change here: compare the ratio, taken within one run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.make.fill import pattern_solution  # noqa: E402
from sudoku_core.make.generate import generate  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.solver import bitboards, exact  # noqa: E402

CORPUS = "puzzles5_forum_hardest_1905_11+"
BRANCH_CELLS = 4  # cells whose every candidate is a branch
REPEAT = 3  # passes over each puzzle's propagations (four times that on 9x9: microseconds)

Seen = list[int] | None
Run = Callable[[list[int], int, bitboards.Tables, Seen], int | None]
State = tuple[list[int], int, Seen]


def _hot(boards: list[int], unsolved: int, t: bitboards.Tables, seen: Seen) -> int | None:
    left = exact._propagate(boards, unsolved, t, seen and seen[:])
    return None if left < 0 else left


def _shared(boards: list[int], unsolved: int, t: bitboards.Tables, seen: Seen) -> int | None:
    return bitboards.singles(boards, unsolved, t, 10**9)


def _shared_seen(boards: list[int], unsolved: int, t: bitboards.Tables, seen: Seen
                 ) -> int | None:
    # As the dynamic chains' engine: a branch starts from its root's free cells (the root is at
    # rest), so its rounds look only around what changed; the same rounds as without.
    return bitboards.singles(boards, unsolved, t, 10**9, seen and seen[:])


PATHS: dict[str, Run] = {"exact._propagate": _hot, "bitboards.singles": _shared,
                         "bitboards.singles, seen": _shared_seen}


def corpora() -> Path:
    """$SUDOKU_CORPORA, else ../shared/corpora next to the checkout (or next to its folder)."""
    env = os.environ.get("SUDOKU_CORPORA")
    for where in ([Path(env)] if env else []) + [ROOT.parent / "shared" / "corpora",
                                                  ROOT.parent.parent / "shared" / "corpora"]:
        if where.is_dir():
            return where
    return ROOT.parent / "shared" / "corpora"


def read_corpus(path: Path, count: int) -> list[Grid]:
    shape = Shape(3, 3)
    out = []
    for line in path.read_text().splitlines():
        line = line.strip()[:81]
        if len(line) == 81:
            out.append(Grid(shape, tuple(0 if ch in ".0" else int(ch) for ch in line)))
        if len(out) == count:
            break
    return out


def big_puzzles(box: tuple[int, int], count: int) -> list[Grid]:
    """16x16: the generator's "medium" puzzles (singles leave most cells open); 25x25 (where it
    only reaches "easy", solved by singles alone) and above (30x30, 36x36, ...): a shuffled
    pattern solution with 45% and 55% of its cells kept (mostly several solutions: branches
    stay open). ``box``: the box's rows and columns."""
    shape = Shape(*box)
    out = []
    for seed in range(count):
        if shape.size == 16:
            out.append(generate(shape, "medium", seed=seed, time_limit=60).grid)
        else:
            rng = random.Random(seed)
            full = pattern_solution(shape, rng)
            keep = 0.45 if shape.size == 25 else 0.55
            out.append(Grid(shape, tuple(v if rng.random() < keep else 0 for v in full.cells)))
    return out


def states(puzzle: Grid) -> list[State]:
    """The givens placed, and one state per candidate of the first open cells of its fixed
    point (with the free cells the search would pass down as ``seen``)."""
    t = bitboards.tables(puzzle.shape)
    root = exact._initial_state(puzzle, t)
    assert root is not None, "the benchmark puzzles have no clashing givens"
    boards, unsolved = root
    out: list[State] = [(boards, unsolved, None)]
    boards = boards[:]
    left = bitboards.singles(boards, unsolved, t)
    assert left is not None, "the benchmark puzzles are not broken by singles"
    for cell in bitboards.cells_of(left)[:BRANCH_CELLS]:
        seen = [b & left for b in boards]  # as the search's child, from its parent
        for d, b in enumerate(boards):
            if b >> cell & 1:
                branch = boards[:]
                out.append((branch, bitboards.assume(branch, left, cell, d, t.keep), seen))
    return out


def time_path(run: Run, puzzles: list[Grid], work: list[list[State]]
              ) -> tuple[list[tuple[float, float]], list[list[tuple[list[int], int | None]]]]:
    """Per puzzle (wall-clock, CPU) seconds of all its propagations, and the results."""
    times = []
    results = []
    for puzzle, todo in zip(puzzles, work, strict=True):
        t = bitboards.tables(puzzle.shape)
        repeat = REPEAT * 4 if puzzle.shape.size <= 9 else REPEAT
        w0, c0 = time.perf_counter(), time.process_time()
        for _ in range(repeat):
            got = []
            for boards, unsolved, seen in todo:
                b = boards[:]
                got.append((b, run(b, unsolved, t, seen)))
        times.append((time.perf_counter() - w0, time.process_time() - c0))
        results.append(got)
    return times, results


def agree(a: list[tuple[list[int], int | None]], b: list[tuple[list[int], int | None]]) -> bool:
    """Same fixed point wherever both found one (the hot loop may leave a broken branch for
    the search to find, so a contradiction only one of them saw is not a disagreement)."""
    return all(x[1] is None or y[1] is None or x == y for x, y in zip(a, b, strict=True))


def row(name: str, times: list[tuple[float, float]]) -> str:
    wall = sum(w for w, _ in times)
    cpu = [c for _, c in times]
    ms = [c * 1000 for c in cpu]
    return (f"| {name} | {len(times)} | {len(times) / sum(cpu):,.1f} | "
            f"{statistics.median(ms):.3f} | {max(ms):.3f} | {sum(cpu):.2f} | {wall:.2f} |")


def compare(label: str, puzzles: list[Grid]) -> None:
    work = [states(p) for p in puzzles]
    timed = {name: time_path(run, puzzles, work) for name, run in PATHS.items()}
    (hot, hot_out), (shared, shared_out) = timed["exact._propagate"], timed["bitboards.singles"]
    seen, seen_out = timed["bitboards.singles, seen"]
    same = all(agree(a, b) for a, b in zip(hot_out, shared_out, strict=True))
    same = same and seen_out == shared_out
    branches = sum(len(w) for w in work)
    print(f"\n### {label}: {len(puzzles)} puzzles, {branches} states, "
          f"fixed points agree: {same}, load average {os.getloadavg()[0]:.2f}\n")
    print("| path | puzzles | puzzles/s (CPU) | median CPU ms | max CPU ms | CPU s | wall s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, (times, _) in timed.items():
        print(row(name, times))
    cpu = sum(c for _, c in shared) / sum(c for _, c in hot)
    wall = sum(w for w, _ in shared) / sum(w for w, _ in hot)
    print(f"\nbitboards.singles / exact._propagate: CPU {cpu:.2f}x, wall {wall:.2f}x")
    cpu = sum(c for _, c in shared) / sum(c for _, c in seen)
    print(f"bitboards.singles without / with seen: CPU {cpu:.2f}x")
    if not same:
        raise SystemExit("the two propagations disagree: a bug, not a speed figure")


_SOLVE_CHILD = """
import sys, time, pickle
sys.path.insert(0, sys.argv[1])
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve
puzzles, cap = pickle.load(sys.stdin.buffer)
solve(Grid(Shape(*puzzles[0][0]), puzzles[0][1]), max_nodes=5)  # the tables
nodes = 0
w0, c0 = time.perf_counter(), time.process_time()
for (rows, cols), cells in puzzles:
    nodes += solve(Grid(Shape(rows, cols), cells), max_nodes=cap, time_limit=None).nodes
print(time.perf_counter() - w0, time.process_time() - c0, nodes)
"""
# Nodes per solve of the pattern-solution grids (25x25, 36x36): with several solutions they can
# search for minutes, so both trees do the same capped work (the same nodes, checked).
BIG_CAP = 1500


def solve_against(other: Path, sets: dict[str, list[Grid]], rounds: int) -> None:
    """``solve`` on the same puzzles, this tree and ``other`` in turn, each in a fresh process."""
    import pickle

    print(f"\n### solve(): this tree against {other}, {rounds} alternating rounds\n")
    print("| puzzles | nodes | this wall s | other wall s | this CPU s | other CPU s | CPU ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, puzzles in sets.items():
        cap = BIG_CAP if puzzles[0].shape.size >= 25 else exact.DEFAULT_MAX_NODES
        data = pickle.dumps(([((p.shape.box_rows, p.shape.box_cols), tuple(p.cells))
                             for p in puzzles], cap))
        runs: dict[str, list[tuple[float, float, int]]] = {"this": [], "other": []}
        for _ in range(rounds):
            for key, where in (("this", ROOT), ("other", other)):
                out = subprocess.run([sys.executable, "-c", _SOLVE_CHILD, str(where)],
                                     input=data, capture_output=True, check=True).stdout
                wall, cpu, nodes = out.split()
                runs[key].append((float(wall), float(cpu), int(nodes)))
        nodes = {n for _, _, n in runs["this"] + runs["other"]}
        tw, tc = min(w for w, _, _ in runs["this"]), min(c for _, c, _ in runs["this"])
        ow, oc = min(w for w, _, _ in runs["other"]), min(c for _, c, _ in runs["other"])
        print(f"| {label} | {'/'.join(map(str, sorted(nodes)))} | {tw:.2f} | {ow:.2f} | "
              f"{tc:.2f} | {oc:.2f} | {tc / oc:.3f} |")
    print("\n(best of the rounds; CPU ratio < 1: this tree is faster; one node count: the same"
          " search)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=corpora())
    ap.add_argument("--count", type=int, default=200, help="9x9 puzzles from the corpus (0: none)")
    ap.add_argument("--big", type=int, default=4, help="puzzles per big shape")
    ap.add_argument("--against", type=Path, help="a tree holding the package to compare")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds for --against")
    ap.add_argument("--boxes", default="4x4,5x5,6x6",
                    help="box shapes (rows x columns) of the big puzzles, e.g. 5x6 for 30x30")
    args = ap.parse_args()
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average at start {os.getloadavg()[0]:.2f}")
    sets = {f"9x9 {CORPUS}": read_corpus(args.corpora / CORPUS, args.count)} if args.count else {}
    for spec in args.boxes.split(","):
        rows, cols = (int(k) for k in spec.split("x"))
        sets[f"{rows * cols}x{rows * cols}"] = big_puzzles((rows, cols), args.big)
    for label, puzzles in sets.items():
        compare(label, puzzles)
    if args.against is not None:
        solve_against(args.against, sets, args.rounds)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
