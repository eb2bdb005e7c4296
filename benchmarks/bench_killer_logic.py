"""Killer logic benchmark: the human walk (``steps``) on 9x9 Killers with no givens.

Run from the repo root:  .venv/bin/python benchmarks/bench_killer_logic.py [--count N]

Each puzzle is made from a seed as bench_variants.py makes them: a random full grid, random
cages (2-5 cells), cages split where a second solution differs until it is unique. Where
python-sat is installed its uniqueness is cross-checked by a SAT encoding (the one of
tests/solver/test_variant_sat.py, written again here). Then ``steps`` runs with the CLI's default
budget and no safety net (``verify=False``), and every step is checked against the solution.

Printed: solved without trial / with trial / gave up, CPU median and max (process_time), the
load average before and after, how many steps each Killer technique took over all puzzles,
and the unsound steps (there must be none). ``--profile`` runs cProfile over the slowest
puzzle and prints its top functions by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_core.logic.explain import Path as WalkPath  # noqa: E402
from sudoku_core.logic.explain import steps  # noqa: E402
from sudoku_core.make import cages as cage_maker  # noqa: E402
from sudoku_core.make.cages import killer_shape, random_cages, unique_cages  # noqa: E402
from sudoku_core.model import budget  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.solver.exact import solve  # noqa: E402

KILLER_STEPS = ("Cage Combination", "Innies and Outies", "Cage/Unit Intersection",
                "Cage Splitting", "Cage Comparison")


def killer(seed: int) -> tuple[Grid, tuple[int, ...]] | None:
    """The seed's givenless Killer and its solution (None when no unique cut was found)."""
    rng = random.Random(seed)
    base = Shape(3, 3)
    sol = solve(Grid.empty(base), limit=1, rng=rng).solution
    assert sol is not None
    cages = unique_cages(sol, random_cages(sol, rng), (0,) * 81, rng)
    if cages is None:
        return None
    return Grid.empty(killer_shape(base, cages)), sol.cells


def sat_solutions(grid: Grid) -> list[tuple[int, ...]] | None:
    """Up to two solutions by a SAT encoding; None when python-sat is not installed."""
    try:
        from pysat.card import CardEnc, EncType
        from pysat.formula import IDPool
        from pysat.solvers import Solver
    except ImportError:
        return None
    shape = grid.shape
    n, geo = shape.size, shape.geometry
    pool = IDPool()

    def var(cell: int, d: int) -> int:
        return pool.id((cell, d))

    clauses: list[list[int]] = []

    def one(lits: list[int]) -> None:
        clauses.extend(CardEnc.equals(lits, 1, vpool=pool, encoding=EncType.pairwise).clauses)

    for cell in range(n * n):
        one([var(cell, d) for d in range(1, n + 1)])
    for unit in geo.units:
        for d in range(1, n + 1):
            one([var(cell, d) for cell in unit])
    assert shape.variant is not None
    for cage in shape.variant.cages:
        for a in cage.cells:  # a cage's digits differ
            for b in cage.cells:
                if a < b:
                    clauses += [[-var(a, d), -var(b, d)] for d in range(1, n + 1)]
        if cage.total is not None:  # the sum: forbid each assignment that misses it
            clauses += _sum_clauses(cage.cells, cage.total, n, var)
    with Solver(name="g4", bootstrap_with=clauses) as sat:
        found: list[tuple[int, ...]] = []
        while len(found) < 2 and sat.solve():
            model = set(sat.get_model() or ())
            values = tuple(next(d for d in range(1, n + 1) if var(x, d) in model)
                           for x in range(n * n))
            found.append(values)
            sat.add_clause([-var(x, d) for x, d in enumerate(values)])
    return found


def _sum_clauses(cells: tuple[int, ...], total: int, n: int, var: object) -> list[list[int]]:
    """Clauses ruling out every digit set of ``cells`` with another sum (cages are small)."""
    from itertools import permutations

    assert callable(var)
    out = []
    for digits in permutations(range(1, n + 1), len(cells)):
        if sum(digits) != total:
            out.append([-var(x, d) for x, d in zip(cells, digits, strict=True)])
    return out


def unsound(path: WalkPath, solution: tuple[int, ...]) -> list[str]:
    """The steps of ``path`` that place a wrong digit or remove the solution's."""
    return [s.text for s in path.steps
            if any(solution[x] != v for x, v in s.placements)
            or any(solution[x] == v for x, v in s.eliminations)]


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--count", type=int, default=14)
    ap.add_argument("--first", type=int, default=0, help="first seed")
    ap.add_argument("--limit", type=float, default=budget.DEFAULT_TIME_LIMIT,
                    help="seconds per walk (the CLI's default budget)")
    ap.add_argument("--no-sat", action="store_true", help="skip the SAT cross-check")
    ap.add_argument("--profile", action="store_true", help="profile the slowest walk")
    ap.add_argument("--big-cages", action="store_true", help="cages of 3-6 cells")
    ap.add_argument("--quiet", action="store_true", help="no line per puzzle")
    args = ap.parse_args()
    if args.big_cages:
        cage_maker._SIZES = (3, 4, 4, 5, 5, 6)  # as bench_variants.py --big-cages
    print(f"load average before {os.getloadavg()}, Python {sys.version.split()[0]}")
    tally = Counter[str]()
    fired = Counter[str]()  # techniques' steps over all puzzles
    cpus: list[tuple[float, int]] = []
    bad: list[str] = []
    sat_checked = 0
    for seed in range(args.first, args.first + args.count):
        made = killer(seed)
        if made is None:
            continue
        grid, solution = made
        if not args.no_sat:
            found = sat_solutions(grid)
            if found is not None:
                assert found == [solution], f"seed {seed}: SAT disagrees on uniqueness"
                sat_checked += 1
        c0 = time.process_time()
        path = steps(grid, verify=False, time_limit=args.limit)
        cpu = time.process_time() - c0
        cpus.append((cpu, seed))
        kind = ("gave up" if path.status != "solved" else
                "with trial" if path.trial else "without trial")
        tally[kind] += 1
        fired.update(path.counts)
        bad += [f"seed {seed}: {text}" for text in unsound(path, solution)]
        if args.quiet and kind == "without trial":
            continue
        print(f"seed {seed}: {kind}, {cpu:.2f} s CPU, {len(path.steps)} steps, "
              f"hardest {path.hardest or '-'}", flush=True)
    times = [c for c, _ in cpus]
    print(f"\n{len(cpus)} Killers (SAT-checked: {sat_checked}); budget {args.limit} s")
    print(f"solved without trial {tally['without trial']}, with trial {tally['with trial']}, "
          f"gave up {tally['gave up']}")
    if times:
        print(f"CPU median {statistics.median(times):.2f} s, max {max(times):.2f} s")
    print("Killer steps taken: " + ", ".join(f"{name} {fired[name]}" for name in KILLER_STEPS))
    print(f"unsound steps: {len(bad)}")
    for text in bad[:10]:
        print("  " + text)
    print(f"load average after {os.getloadavg()}")
    if args.profile and cpus:
        _, seed = max(cpus)
        made = killer(seed)
        assert made is not None
        print(f"\nprofile of seed {seed}:")
        prof = cProfile.Profile()
        prof.runcall(steps, made[0], verify=False, time_limit=args.limit)
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
