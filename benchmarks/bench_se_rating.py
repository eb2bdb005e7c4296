"""Compare `rate`'s SE-scale estimate (`se.er`) with Sudoku Explainer's own ER.

Reads the calibration table ``shared/ratings/se-hodoku-train.tsv`` (or ``--table``), rates every
puzzle SE finished, and prints per corpus: Spearman of er with SE's ER, mean absolute error,
share within 0.5, and the same for EP and ED. The table is split in two by row position:
``--part held`` (the default) is every 4th data row (rows 4, 8, 12, ...), which the mapping
in ``sudoku_core/logic/se_scale.py`` was never tuned on; ``--part tune`` is the other three
quarters, ``--part all`` both. Goals: Spearman >= 0.95 on every corpus, MAE <= 0.3, >= 90%
within 0.5.

``--cv`` checks the forcing chains' bases and length measure by 4-fold cross-validation
instead: every puzzle is rated once, then for each fold (rows i with i % 4 == k) the bases of
the forcing-chain families are fitted (least mean absolute error) on the other three folds and
the fold is scored with them, once for each rule: ``cells`` (the length is the chain
candidates, the rule before SE's static chains were checked), ``net`` (SE's count: every node
of the whole net, ``net_size``) and ``cells, SE's static chains`` (what ``se_scale`` does: a
Forcing Chain step rated as SE's static chain of its state where cheaper, and ER at least the
floor of the state the basic walk is stuck in; the base of the cell and region forcing chains
is fitted too). The fitted bases of each fold are printed, so that one sees whether they are
stable.

    python benchmarks/bench_se_rating.py                 # held-out quarter
    python benchmarks/bench_se_rating.py --part tune -v  # the tuning part, every miss listed
    python benchmarks/bench_se_rating.py --cv --jobs 2   # cross-validated forcing-chain bases
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_core.logic import se_chains, se_scale  # noqa: E402
from sudoku_core.logic.explain import walk_path  # noqa: E402
from sudoku_core.logic.rate import rate  # noqa: E402
from sudoku_core.model.grid import Grid, Shape  # noqa: E402
from sudoku_core.model.step import Step  # noqa: E402

TIME_LIMIT = 60.0


def table_path() -> Path:
    env = os.environ.get("SUDOKU_RATINGS")
    root = Path(__file__).resolve().parent.parent
    for p in ([Path(env)] if env else []) + [root.parent / "shared" / "ratings",
                                             root.parent.parent / "shared" / "ratings"]:
        if (p / "se-hodoku-train.tsv").is_file():
            return p / "se-hodoku-train.tsv"
    sys.exit("se-hodoku-train.tsv not found: set SUDOKU_RATINGS or pass --table")


def in_part(index: int, part: str) -> bool:
    """Row ``index`` (0-based, data rows) belongs to ``part``: held = every 4th row."""
    held = index % 4 == 3
    return part == "all" or (part == "held") == held


def ranks(xs: list[float]) -> list[float]:
    """Ranks 1..n, ties given their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (Pearson of the tie-averaged ranks); nan if a side is flat."""
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return sxy / (sxx * syy) ** 0.5 if sxx and syy else float("nan")


Row = tuple[str, str, float, float, float, str]  # corpus, puzzle, ER, EP, ED, SE's hardest


def measure(row: Row) -> tuple[Row, tuple[float, float, float] | None, str, float]:
    """Rate one puzzle: the row, (er, ep, ed) or None, the project's hardest, CPU seconds."""
    line = row[1]
    grid = Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in line))
    cpu = time.process_time()
    r = rate(grid, time_limit=TIME_LIMIT)
    cpu = time.process_time() - cpu
    se = (r.se.er, r.se.ep, r.se.ed) if r.se is not None else None
    return row, se, r.hardest, cpu


def summary(name: str, pairs: list[tuple[float, float]]) -> str:
    if not pairs:
        return f"| {name} | 0 | | | |"
    ours = [p[0] for p in pairs]
    theirs = [p[1] for p in pairs]
    mae = sum(abs(a - b) for a, b in pairs) / len(pairs)
    near = sum(abs(a - b) <= 0.5 + 1e-9 for a, b in pairs) / len(pairs)
    rho = spearman(ours, theirs)
    return f"| {name} | {len(pairs)} | {rho:.3f} | {mae:.2f} | {100 * near:.0f}% |"


# --- cross-validation of the forcing chains' bases ----------------------------------------------

# basic top, basic solved, path steps (family, difficulty, size by cells, size by net, and for
# a Forcing Chain the shortest static chains of its state, else None)
Named = tuple[str, float, int, int, se_chains.Shortest | None]
# ... and the shortest static chains of the state the basic walk is stuck in (None: solved)
Walked = tuple[float, bool, list[Named], se_chains.Shortest | None]
# The rules compared: (length measure of the forcing chains, whether a Forcing Chain step
# takes SE's static cell/region forcing chain of its state where there is one).
RULES = (("cells", False), ("net", False), ("cells", True))


class _Recording(se_scale.PathTally):
    """The tally ``rate`` keeps, with each step's family and length measure kept too."""

    def __init__(self) -> None:
        super().__init__()
        self.named: list[Named] = []

    def __call__(self, technique: str, step: Step | None) -> None:
        super().__call__(technique, step)
        family = next((f for f in sorted(se_scale.FORCING_NAMES, key=len, reverse=True)
                       if technique.startswith(f)), "")
        cells = net = 0
        if family and step is not None:
            cells, net = se_scale._size(step), se_scale.net_size(step)
        self.named.append((family, self.steps[-1][0], cells, net, None))


def walked(row: Row) -> tuple[Row, Walked | None]:
    """The basic walk's top and whether it solved, and the path's steps (None: not solved)."""
    grid = Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in row[1]))
    tally = _Recording()
    path = walk_path(grid, time_limit=TIME_LIMIT, record=False, verify=True, observe=tally)
    if path.status != "solved":
        return row, None
    basic = se_scale._basic_walk(grid)
    named = tally.named
    stuck = None
    if basic.stuck is not None:
        stuck = se_chains.shortest_static_chains(basic.stuck)
        for k, shortest in se_scale.static_forcing(grid, tally).items():
            named[k] = named[k][:4] + (shortest,)
    return row, (basic.top, basic.solved, named, stuck)


MULTIPLE = "(static cell/region forcing chains)"  # the fitted base of se_chains.MULTIPLE_BASE


def er_with(w: Walked, bases: dict[str, float], measure: str = "cells",
            static: bool = False) -> float:
    """ER of a walked puzzle with other bases for the forcing-chain families (and, with
    ``static``, SE's static chains: in place of a Forcing Chain where cheaper, and the floor
    of the state the basic walk is stuck in)."""
    top, solved, named, stuck = w
    if solved:
        return top
    multiple = bases.get(MULTIPLE, se_chains.MULTIPLE_BASE)
    out = top
    if static and stuck is not None and not stuck.one:
        floor = se_chains.static_difficulty(stuck, multiple)
        out = max(out, se_scale.DYNAMIC_FLOOR if floor is None else floor)
    for family, d, cells, net, shortest in named:
        size = net if measure == "net" else cells
        if family in bases:
            grows = se_scale._CHAINED[family][1]
            d = round(bases[family] + (se_scale.length_bonus(size) if grows else 0.0), 1)
        if static and shortest is not None:
            sd = se_chains.static_difficulty(shortest, multiple)
            d = min(d, sd) if sd is not None else d
        out = max(out, d)
    return round(out, 1)


def fit(data: list[tuple[Row, Walked]], measure: str, static: bool) -> dict[str, float]:
    """Bases of the forcing families (and, with ``static``, of the static multiple chains)
    with the least mean absolute error on ``data`` (each in turn, twice over, on a 0.1 grid
    from 7.0 to 11.5; ties go to the nearest to the base in use)."""
    bases = {f: se_scale._CHAINED[f][0] for f in se_scale.FORCING_NAMES}
    if static:
        bases[MULTIPLE] = se_chains.MULTIPLE_BASE

    def mae(b: dict[str, float]) -> float:
        return sum(abs(er_with(w, b, measure, static) - row[2]) for row, w in data) / len(data)

    for _ in range(2):
        for family in sorted(bases):
            now = bases[family]  # kept on a tie (a family the data never meets stays)
            bases[family] = min((t / 10 for t in range(70, 116)),
                                key=lambda x, f=family, b=now: (mae({**bases, f: x}),
                                                                abs(x - b)))
    return bases


def cross_validate(rows: list[tuple[int, Row]], jobs: int) -> None:
    start = time.perf_counter()
    plain = [r for _, r in rows]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            done = pool.map(walked, plain, chunksize=4)
    else:
        done = [walked(r) for r in plain]
    fold_of = {r[1]: i % 4 for i, r in rows}  # by puzzle (no puzzle appears twice)
    data = [(row, w) for row, w in done if w is not None]
    print(f"# SE scale: 4-fold cross-validation of the forcing-chain bases, {len(rows)} puzzles "
          f"SE rated ({len(rows) - len(data)} unsolved)")
    for measure, static in RULES:
        print(f"\nlength measure: {measure}" + (", SE's static chains where cheaper" * static)
              + "\n")
        print("| fold | corpus | puzzles | Spearman | MAE | within 0.5 |")
        print("|---|---|---:|---:|---:|---:|")
        fitted = []
        for k in range(4):
            train = [(r, w) for r, w in data if fold_of[r[1]] != k]
            test = [(r, w) for r, w in data if fold_of[r[1]] == k]
            bases = fit(train, measure, static)
            fitted.append(bases)
            for corpus in sorted({r[0] for r, _ in test}):
                pairs = [(er_with(w, bases, measure, static), r[2]) for r, w in test
                         if r[0] == corpus]
                print(summary(f"{k} | {corpus}", pairs))
            print(summary(f"{k} | all", [(er_with(w, bases, measure, static), r[2])
                                         for r, w in test]))
        print("\nbases fitted per fold (on the other three folds):")
        for k, bases in enumerate(fitted):
            print(f"  fold {k}: " + ", ".join(f"{f} {b:.1f}" for f, b in sorted(bases.items())))
    print(f"\n{time.perf_counter() - start:.1f} s wall; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", type=Path, default=None)
    ap.add_argument("--part", choices=("held", "tune", "all"), default="held")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true", help="list every ER off by > 0.5")
    ap.add_argument("--cv", action="store_true", help="4-fold cross-validation (see above)")
    args = ap.parse_args()
    path = args.table or table_path()
    with path.open(encoding="utf-8") as f:
        data = list(csv.DictReader(f, delimiter="\t"))
    if args.cv:
        cross_validate([(i, (d["corpus"], d["puzzle"], float(d["se_rating"]),
                             float(d["se_pearl"]), float(d["se_diamond"]),
                             d["se_hardest_technique"]))
                        for i, d in enumerate(data) if d["se_status"] == "ok" and d["se_rating"]],
                       args.jobs)
        return
    rows: list[Row] = [
        (d["corpus"], d["puzzle"], float(d["se_rating"]), float(d["se_pearl"]),
         float(d["se_diamond"]), d["se_hardest_technique"])
        for i, d in enumerate(data)
        if in_part(i, args.part) and d["se_status"] == "ok" and d["se_rating"]
    ]
    start = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(measure, rows, chunksize=4)
    else:
        results = [measure(r) for r in rows]
    wall = time.perf_counter() - start
    corpora = sorted({r[0] for r in rows})
    missing = sum(se is None for _, se, _, _ in results)
    print(f"# SE scale vs Sudoku Explainer: part {args.part} of {path.name}, {len(rows)} puzzles "
          f"SE rated ({missing} without an estimate)")
    for k, label in ((0, "ER"), (1, "EP"), (2, "ED")):
        print(f"\n{label}\n\n| corpus | puzzles | Spearman | MAE | within 0.5 |")
        print("|---|---:|---:|---:|---:|")
        every = []
        for corpus in corpora:
            pairs = [(se[k], row[2 + k]) for row, se, _, _ in results
                     if se is not None and row[0] == corpus]
            every += pairs
            print(summary(corpus, pairs))
        print(summary("all", every))
    cpu = sum(r[3] for r in results)
    print(f"\n{len(results)} puzzles in {wall:.1f} s wall, {cpu:.1f} s CPU; "
          f"load average {os.getloadavg()[0]:.1f}")
    if args.verbose:
        print("\n| corpus | puzzle | SE ER | er | SE hardest | project hardest |")
        print("|---|---|---:|---:|---|---|")
        for row, se, hardest, _ in results:
            if se is None or abs(se[0] - row[2]) > 0.5:
                print(f"| {row[0]} | {row[1]} | {row[2]} | {se[0] if se else '-'} | {row[5]} "
                      f"| {hardest} |")


if __name__ == "__main__":
    main()
