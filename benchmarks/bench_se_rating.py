"""Compare `rate`'s SE-scale estimate (`se.er`) with Sudoku Explainer's own ER.

Reads the calibration table ``shared/ratings/se-hodoku-train.tsv`` (or ``--table``), rates every
puzzle SE finished, and prints per corpus: Spearman of er with SE's ER, mean absolute error,
share within 0.5, and the same for EP and ED. The table is split in two by row position:
``--part held`` (the default) is every 4th data row (rows 4, 8, 12, ...), which the mapping
in ``sudoku_core/logic/se_scale.py`` was never tuned on; ``--part tune`` is the other three
quarters, ``--part all`` both. Goals: Spearman >= 0.95 on every corpus, MAE <= 0.3, >= 90%
within 0.5.

``--cv`` checks the fitted bases by 4-fold cross-validation instead: every puzzle is walked
once (SE's own path, ``se_scale.se_path``, and the project's path), then for each fold (rows i
with i % 4 == k) the bases of the static chains' kinds (``se_chains.BASES``) and of the
forcing-chain families are fitted (least mean absolute error) on the other three folds, and
the fold is scored with them. The fitted bases of each fold are printed, so that one sees
whether they are stable.

    python benchmarks/bench_se_rating.py                 # held-out quarter
    python benchmarks/bench_se_rating.py --part tune -v  # the tuning part, every miss listed
    python benchmarks/bench_se_rating.py --cv --jobs 2   # cross-validated bases
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


Measured = tuple[Row, tuple[float, float, float] | None, str, float]


def measure(row: Row) -> Measured:
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


# --- cross-validation of the bases -------------------------------------------------------------

# A project path step: its forcing family ("" for others), its difficulty, its size, and for a
# Forcing Chain step the nodes of the static chains of its state (else None).
Named = tuple[str, float, int, dict[str, int] | None]
# SE's own path (``se_scale.se_path``) and the project's path steps.
Walked = tuple[se_scale.SePath, list[Named]]
STATIC = "static "  # prefix of the static chains' kinds among the fitted bases
DYNAMIC = "(dynamic floor)"  # the least ER where SE's path needs a dynamic chain


class _Recording(se_scale.PathTally):
    """The tally ``rate`` keeps, with each step's family and size kept too."""

    def __init__(self) -> None:
        super().__init__()
        self.named: list[Named] = []

    def __call__(self, technique: str, step: Step | None) -> None:
        super().__call__(technique, step)
        family = next((f for f in sorted(se_scale.FORCING_NAMES, key=len, reverse=True)
                       if technique.startswith(f)), "")
        size = se_scale._size(step) if family and step is not None else 0
        self.named.append((family, self.steps[-1][0], size, None))


def walked(row: Row) -> tuple[Row, Walked | None]:
    """SE's path and the project's path of one puzzle (None: not solved)."""
    grid = Grid(Shape(3, 3), tuple(0 if ch in ".0" else int(ch) for ch in row[1]))
    tally = _Recording()
    path = walk_path(grid, time_limit=TIME_LIMIT, record=False, verify=True, observe=tally)
    if path.status != "solved":
        return row, None
    se = se_scale.se_path(grid)
    named = tally.named
    if not se.solved:
        for k, nodes in se_scale.static_forcing(grid, tally).items():
            named[k] = named[k][:3] + (nodes,)
    return row, (se, named)


def er_with(w: Walked, bases: dict[str, float]) -> float:
    """ER of a walked puzzle, its states and steps rated again with other bases (the forcing
    families by name, the static chains' kinds as ``STATIC + kind``): ``se_scale.er_of``."""
    se, named = w
    static = {k: bases.get(STATIC + k, b) for k, b in se_chains.BASES.items()}
    steps: list[se_scale.Rated] = []
    for family, d, size, nodes in named:
        if family in bases:
            grows = se_scale._CHAINED[family][1]
            d = round(bases[family] + (se_chains.length_bonus(size) if grows else 0.0), 1)
        steps.append((d, nodes))
    return se_scale.er_of(se, steps, static, bases.get(DYNAMIC, se_scale.DYNAMIC_FLOOR))


def fit(data: list[tuple[Row, Walked]]) -> dict[str, float]:
    """Bases of the forcing families and of the static chains' kinds with the least mean
    absolute error on ``data`` (each in turn, twice over, on a 0.1 grid; ties go to the
    nearest to the base in use)."""
    bases = {f: se_scale._CHAINED[f][0] for f in se_scale.FORCING_NAMES}
    grids = {f: range(70, 116) for f in bases}
    for kind, base in se_chains.BASES.items():
        bases[STATIC + kind] = base
        grids[STATIC + kind] = range(65, 90)
    bases[DYNAMIC] = se_scale.DYNAMIC_FLOOR
    grids[DYNAMIC] = range(88, 94)

    def mae(b: dict[str, float]) -> float:
        return sum(abs(er_with(w, b) - row[2]) for row, w in data) / len(data)

    for _ in range(2):
        for name in sorted(bases):
            now = bases[name]  # kept on a tie (a family the data never meets stays)
            scored = [(mae({**bases, name: t / 10}), abs(t / 10 - now), t / 10)
                      for t in grids[name]]
            bases[name] = min(scored)[2]
    return bases


def cross_validate(rows: list[tuple[int, Row]], jobs: int) -> None:
    """Walk every puzzle once, then fit on three folds and score the fourth, for each fold."""
    start = time.perf_counter()
    plain = [r for _, r in rows]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            done = pool.map(walked, plain, chunksize=4)
    else:
        done = [walked(r) for r in plain]
    fold_of = {r[1]: i % 4 for i, r in rows}  # by puzzle (no puzzle appears twice)
    data = [(row, w) for row, w in done if w is not None]
    print(f"# SE scale: 4-fold cross-validation of the chains' bases, {len(rows)} puzzles "
          f"SE rated ({len(rows) - len(data)} unsolved)")
    print("\n| fold | corpus | puzzles | Spearman | MAE | within 0.5 |")
    print("|---|---|---:|---:|---:|---:|")
    fitted = []
    for k in range(4):
        train = [(r, w) for r, w in data if fold_of[r[1]] != k]
        test = [(r, w) for r, w in data if fold_of[r[1]] == k]
        bases = fit(train)
        fitted.append(bases)
        scored: list[tuple[str, float, float]] = [(r[0], er_with(w, bases), r[2])
                                                  for r, w in test]
        for corpus in sorted({c for c, _, _ in scored}):
            print(summary(f"{k} | {corpus}", [(a, b) for c, a, b in scored if c == corpus]))
        print(summary(f"{k} | all", [(a, b) for _, a, b in scored]))
    print("\nbases fitted per fold (on the other three folds):")
    for k, bases in enumerate(fitted):
        print(f"  fold {k}: " + ", ".join(f"{f} {b:.1f}" for f, b in sorted(bases.items())))
    print(f"\n{time.perf_counter() - start:.1f} s wall; load average {os.getloadavg()[0]:.1f}")


def row_of(d: dict[str, str]) -> Row:
    return (d["corpus"], d["puzzle"], float(d["se_rating"]), float(d["se_pearl"]),
            float(d["se_diamond"]), d["se_hardest_technique"])


def rated(d: dict[str, str]) -> bool:
    return d["se_status"] == "ok" and bool(d["se_rating"])


def measure_all(rows: list[Row], jobs: int) -> list[Measured]:
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            return pool.map(measure, rows, chunksize=4)
    return [measure(r) for r in rows]


def report(rows: list[Row], results: list[Measured]) -> None:
    """ER, EP and ED against SE's, per corpus and over all."""
    corpora = sorted({r[0] for r in rows})
    for k, label in ((0, "ER"), (1, "EP"), (2, "ED")):
        print(f"\n{label}\n\n| corpus | puzzles | Spearman | MAE | within 0.5 |")
        print("|---|---:|---:|---:|---:|")
        every = []
        for corpus in corpora:
            pairs = [(se[k], float(row[2 + k])) for row, se, _, _ in results
                     if se is not None and row[0] == corpus]
            every += pairs
            print(summary(corpus, pairs))
        print(summary("all", every))


def list_misses(results: list[Measured]) -> None:
    """Every ER off by more than 0.5."""
    print("\n| corpus | puzzle | SE ER | er | SE hardest | project hardest |")
    print("|---|---|---:|---:|---|---|")
    for row, se, hardest, _ in results:
        if se is None or abs(se[0] - row[2]) > 0.5:
            print(f"| {row[0]} | {row[1]} | {row[2]} | {se[0] if se else '-'} | {row[5]} "
                  f"| {hardest} |")


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
        cross_validate([(i, row_of(d)) for i, d in enumerate(data) if rated(d)], args.jobs)
        return
    rows = [row_of(d) for i, d in enumerate(data) if in_part(i, args.part) and rated(d)]
    start = time.perf_counter()
    results = measure_all(rows, args.jobs)
    wall = time.perf_counter() - start
    missing = sum(se is None for _, se, _, _ in results)
    print(f"# SE scale vs Sudoku Explainer: part {args.part} of {path.name}, {len(rows)} puzzles "
          f"SE rated ({missing} without an estimate)")
    report(rows, results)
    cpu = sum(r[3] for r in results)
    print(f"\n{len(results)} puzzles in {wall:.1f} s wall, {cpu:.1f} s CPU; "
          f"load average {os.getloadavg()[0]:.1f}")
    if args.verbose:
        list_misses(results)


if __name__ == "__main__":
    main()
