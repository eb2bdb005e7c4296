"""Variant benchmark: the community puzzles (f-puzzles links) and puzzles made here, solved and
proven unique, with the CPU time per puzzle, on CPython and (``--pyodide``) in Pyodide, and
(``--iss DIR``) beside the Interactive Sudoku Solver under Node.

Run from the repo root:  .venv/bin/python benchmarks/bench_constraints.py [--budget S]
    --variants DIR     the folder of ``community-train.tsv`` (default ``../shared/variants`` or
                       $SUDOKU_VARIANTS)
    --generated K      K seeded puzzles of each made kind (default 2; 0: community only)
    --pyodide          also run every puzzle inside Pyodide under Node (node_modules/pyodide
                       and the wheel, built here unless ``--wheel`` names one)
    --iss DIR          also run benchmarks/bench_iss.mjs on a checkout of
                       sigh/Interactive-Sudoku-Solver (default $ISS_DIR when set)
    --export FILE      write the puzzles (f-puzzles JSON, solution) for bench_iss.mjs
    --true-candidates  also time true candidates of each puzzle with its givens halved

The made puzzles: 9x9 Killers without givens from ``generate_puzzle(..., ("killer",),
givens=False)`` (what ``sudoku generate --variant killer --no-givens`` makes), and puzzles
read off a seeded solution grid: thermometers (increasing king-step walks), arrows (a
circle and a line summing to it), Kropki dots (neighbours one apart or in ratio 1:2), and a
mix, with givens from the solution added where a second solution differs until it has one,
then each given the rules make redundant taken away again. Every puzzle goes through its
f-puzzles link, so both runtimes read the same data (ISS: see bench_iss.mjs).

Prints the machine and its load, one line per puzzle, and per side: right / wrong / gave up /
refused, and CPU ms (median, p90, max) over the puzzles read, then the Pyodide/CPython (and
ISS) ratios. CPU time is ``time.process_time`` on CPython and Node's ``process.cpuUsage``
(every thread of the process: the collector's too) in Pyodide and ISS. One solve per puzzle,
no repeats, after one untimed warm-up per side (ours: ``solver.warm`` of the 9x9 tables; ISS:
one solve of the first puzzle, for the JIT); the machine is shared, so compare figures of one
run, and read the load printed beside them. This file is also the script bench_pyodide.mjs
runs inside Pyodide.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

KINDS = ("killer", "thermo", "arrow", "kropki", "mixed")  # the made puzzles
VERDICTS = ("right", "wrong", "gave up", "refused")


def cpu_clock() -> Any:
    """CPU seconds of this process: Node's counter inside Pyodide, process_time on CPython."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

        def node_cpu() -> float:
            u = js.process.cpuUsage()
            return float(u.user + u.system) / 1e6

        return node_cpu
    return time.process_time


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(ms: list[float]) -> str:
    if not ms:
        return "no puzzle read"
    return (f"median {statistics.median(ms):.1f}, p90 {percentile(ms, 0.9):.1f}, "
            f"max {max(ms):.1f}")


def measure(payload: dict[str, Any]) -> dict[str, Any]:
    """Read, solve (limit 2) and check every puzzle of the payload: one record per puzzle.

    The verdict: right (one solution, the published one), wrong (another answer, or a second
    solution), gave up (the budget, wall-clock, ran out before the count ended), refused (the
    link could not be read)."""
    from sudoku_core import parse
    from sudoku_core.model.errors import SudokuError
    from sudoku_core.model.grid import Grid, Shape
    from sudoku_core.solver.exact import solve, warm
    from sudoku_core.solver.true_candidates import true_candidates

    warm(Shape(3, 3))  # the 9x9 tables, built once per process, are not what is timed
    cpu = cpu_clock()
    out = []
    for p in payload["puzzles"]:
        rec: dict[str, Any] = {"name": p["name"]}
        try:
            grid = parse(p["link"])
        except SudokuError as exc:
            rec.update(verdict="refused", ms=None, note=str(exc)[:70])
            out.append(rec)
            continue
        c0 = cpu()
        r = solve(grid, limit=2, time_limit=payload["budget"])
        rec["ms"] = (cpu() - c0) * 1000
        got = r.solution.cells if r.solution is not None else ()
        if r.status == "gave_up" or (r.status == "solved" and r.unique is None):
            rec["verdict"] = "gave up"  # the budget ran out, perhaps after the first solution
        elif r.status == "solved" and r.unique and got == published(p["solution"], grid.size):
            rec["verdict"] = "right"
        else:
            rec["verdict"] = "wrong"
        if payload["true_candidates"]:
            half = Grid(grid.shape, tuple(v if i % 2 else 0 for i, v in enumerate(grid.cells)))
            c1 = cpu()
            tc = true_candidates(half, time_limit=payload["budget"])
            rec["tc_ms"], rec["tc_status"] = (cpu() - c1) * 1000, tc.status
        out.append(rec)
    return {"python": sys.version.split()[0], "platform": sys.platform, "puzzles": out}


def published(text: str, size: int) -> tuple[int, ...]:
    """The published solution's values, row by row: digits up to 9x9, and A..P for 1..16
    above (the community set spells 16x16 as ISS does; our own symbols go 1-9 then A-G)."""
    chars = [c for c in text if c.isalnum()]
    if size > 9 and all(c.isalpha() for c in chars):
        return tuple(ord(c.upper()) - 64 for c in chars)
    return tuple(int(c) for c in chars if c.isdigit())


# ---- the puzzles (CPython side only) ----


def community(path: Any) -> list[dict[str, str]]:
    """The rows of community-train.tsv that have an f-puzzles link."""
    import csv

    with path.open(newline="", encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t") if r.get("fp_link")]
    return [{"name": r["name"], "types": r["iss_types"], "link": r["fp_link"],
             "solution": r["solution"].strip(), "source": "community"} for r in rows]


def generated(k: int) -> list[dict[str, str]]:
    """K seeded puzzles of each kind in KINDS, as f-puzzles links with their solutions."""
    from sudoku_core.formats.write import format_fpuzzles
    from sudoku_core.make.variant_generate import generate_puzzle
    from sudoku_core.model.grid import Shape

    out = []
    for kind in KINDS:
        for seed in range(k):
            if kind == "killer":
                g = generate_puzzle(Shape(3, 3), ("killer",), "medium", seed=seed,
                                     givens=False, time_limit=120)
                assert g.grid is not None and g.solution is not None
                grid, solution = g.grid, g.solution.line()
                types = "Cage"
            else:
                grid, solution, types = read_off(kind, seed)
            out.append({"name": f"made {kind} seed {seed}", "types": types,
                        "link": format_fpuzzles(grid), "solution": solution,
                        "source": "generated"})
    return out


def read_off(kind: str, seed: int) -> tuple[Any, str, str]:
    """A puzzle whose rules are read off a seeded solution grid, made unique with givens."""
    import random

    from sudoku_core.make.fill import random_solution
    from sudoku_core.model.grid import Grid, Shape
    from sudoku_core.model.variants import variant_from_json
    from sudoku_core.solver.exact import solve

    rng = random.Random(f"{kind}/{seed}")
    n = 9
    sol = random_solution(Shape(3, 3), rng).cells
    used: set[int] = set()
    rules: dict[str, list[dict[str, Any]]] = {}
    want = {"thermo": (8, 0, 0), "arrow": (0, 7, 0), "kropki": (0, 0, 20),
            "mixed": (4, 4, 10)}[kind]

    def kings(c: int) -> list[int]:
        r0, c0 = divmod(c, n)
        return [r * n + cc for r in range(r0 - 1, r0 + 2) for cc in range(c0 - 1, c0 + 2)
                if 0 <= r < n and 0 <= cc < n and (r, cc) != (r0, c0)]

    tries = 0
    while len(rules.get("thermometers", [])) < want[0] and tries < 2000:
        tries += 1  # a walk of rising digits, one king step at a time
        path = [rng.choice([c for c in range(n * n) if c not in used])]
        goal = rng.randint(4, 7)
        while len(path) < goal:
            nxt = [c for c in kings(path[-1]) if c not in used and c not in path
                   and sol[c] > sol[path[-1]]]
            if not nxt:
                break
            path.append(rng.choice(nxt))
        if len(path) >= 3:
            rules.setdefault("thermometers", []).append({"cells": path})
            used.update(path)
    tries = 0
    while len(rules.get("arrows", [])) < want[1] and tries < 2000:
        tries += 1  # a circle, then a line from it whose digits add up to the circle's
        circle = rng.choice([c for c in range(n * n) if c not in used and sol[c] >= 4])
        line: list[int] = []
        left, at = sol[circle], circle
        while left > 0:
            nxt = [c for c in kings(at) if c not in used and c != circle and c not in line
                   and sol[c] <= left]
            if not nxt:
                break
            at = rng.choice(nxt)
            line.append(at)
            left -= sol[at]
        if left == 0 and len(line) >= 2:
            rules.setdefault("arrows", []).append({"circle": [circle], "cells": line})
            used.update([circle, *line])
    pairs = [(a, a + d) for a in range(n * n) for d in (1, n)
             if (d == n or a % n < n - 1) and a + d < n * n]
    rng.shuffle(pairs)
    for a, b in pairs:
        if len(rules.get("white_dots", [])) + len(rules.get("black_dots", [])) >= want[2]:
            break
        x, y = sol[a], sol[b]
        if x == 2 * y or y == 2 * x:
            rules.setdefault("black_dots", []).append({"cells": [a, b]})
        elif abs(x - y) == 1:
            rules.setdefault("white_dots", []).append({"cells": [a, b]})
    shape = Shape(3, 3, variant_from_json(rules, n))
    givens = [0] * (n * n)
    line_sol = "".join(map(str, sol))
    while True:  # a given where a second solution differs (else anywhere) until unique
        r = solve(Grid(shape, tuple(givens)), limit=2, time_limit=60)
        if r.unique:
            break
        other = r.solution.cells if r.solution is not None else sol
        differ = [i for i in range(n * n) if other[i] != sol[i] and not givens[i]]
        cell = rng.choice(differ or [i for i in range(n * n) if not givens[i]])
        givens[cell] = sol[cell]
    for cell in rng.sample(range(n * n), n * n):  # then each given the rules make redundant
        if givens[cell]:
            givens[cell] = 0
            if not solve(Grid(shape, tuple(givens)), limit=2, time_limit=10).unique:
                givens[cell] = sol[cell]
    types = ",".join(k for k in ("thermometers", "arrows", "white_dots", "black_dots")
                     if k in rules)
    return Grid(shape, tuple(givens)), line_sol, types


# ---- the runs and the report (CPython side only) ----


def tally(side: dict[str, Any]) -> tuple[dict[str, int], list[float]]:
    counts = dict.fromkeys(VERDICTS, 0)
    for rec in side["puzzles"]:
        counts[rec["verdict"]] += 1
    return counts, [rec["ms"] for rec in side["puzzles"] if rec["ms"] is not None]


def run_pyodide(root: Any, data: dict[str, Any], wheel: Any, script: Any = None) -> dict[str, Any]:
    """The same payload through measure() inside Pyodide (bench_pyodide.mjs under Node); the
    measure() of ``script`` (another benchmark's file) when given."""
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide" / "package.json").is_file():
        sys.exit("bench_constraints: --pyodide needs node and node_modules/pyodide "
                 "(run `npm ci`)")
    with tempfile.TemporaryDirectory() as tmp:
        if wheel is None:
            subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", tmp],
                           cwd=root, check=True, capture_output=True)
            wheel = next(Path(tmp).glob("*.whl"))
        inp = Path(tmp) / "input.json"
        inp.write_text(json.dumps(data))
        proc = subprocess.run([node, str(root / "benchmarks" / "bench_pyodide.mjs"), "--wheel",
                               str(wheel), str(script or Path(__file__).resolve()), str(inp)],
                              capture_output=True, text=True, check=False)
    if proc.returncode:
        sys.exit(f"bench_constraints: node failed:\n{proc.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def run_iss(root: Any, iss_dir: str, export: Any, budget: float) -> dict[str, Any]:
    """benchmarks/bench_iss.mjs on the exported puzzles: its JSON summary line."""
    import subprocess

    proc = subprocess.run(["node", str(root / "benchmarks" / "bench_iss.mjs"), "--iss", iss_dir,
                           "--puzzles", str(export), "--json"],
                          capture_output=True, text=True, check=False)
    if proc.returncode:
        sys.exit(f"bench_constraints: bench_iss.mjs failed:\n{proc.stderr[-3000:]}"
                 f"{proc.stdout[-2000:]}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def export_puzzles(puzzles: list[dict[str, str]], path: Any) -> None:
    """The puzzles as bench_iss.mjs reads them: name, source, solution, f-puzzles JSON."""
    from sudoku_core.formats.links.codecs.lzstring import decompress

    out = []
    for p in puzzles:
        data = p["link"].split("load=", 1)[1]
        out.append({"name": p["name"], "source": p["source"], "solution": p["solution"],
                    "fpuzzles": json.loads(decompress(data))})
    path.write_text(json.dumps(out))


def main() -> int:
    import argparse
    import os
    import platform
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default=None)
    ap.add_argument("--budget", type=float, default=30.0, help="seconds per puzzle (default 30)")
    ap.add_argument("--generated", type=int, default=2, metavar="K")
    ap.add_argument("--pyodide", action="store_true")
    ap.add_argument("--wheel", type=Path, default=None)
    ap.add_argument("--iss", default=os.environ.get("ISS_DIR"), metavar="DIR")
    ap.add_argument("--export", type=Path, default=None, metavar="FILE")
    ap.add_argument("--true-candidates", action="store_true")
    args = ap.parse_args()
    folder = args.variants or os.environ.get("SUDOKU_VARIANTS") or str(root.parent / "shared" /
                                                                       "variants")
    path = Path(folder) / "community-train.tsv"
    if not path.exists():
        print(f"no community set at {path}; give --variants DIR")
        return 2
    t0 = time.perf_counter()
    puzzles = community(path) + generated(args.generated)
    made_s = time.perf_counter() - t0
    data = {"puzzles": puzzles, "budget": args.budget, "true_candidates": args.true_candidates}
    loads = [os.getloadavg()[0]]
    sides = {"CPython": measure(data)}
    loads.append(os.getloadavg()[0])
    if args.pyodide:
        sides["Pyodide"] = run_pyodide(root, data, args.wheel)
        loads.append(os.getloadavg()[0])
    export = args.export
    with tempfile.TemporaryDirectory() as tmp:
        if args.iss and export is None:
            export = Path(tmp) / "puzzles.json"
        if export is not None:
            export_puzzles(puzzles, export)
        if args.iss:
            sides["ISS (Node)"] = run_iss(root, args.iss, export, args.budget)
            loads.append(os.getloadavg()[0])
    print(f"# {platform.system()} {platform.machine()}, {os.cpu_count()} cores; CPython "
          f"{platform.python_version()}; run of {time.strftime('%Y-%m-%d %H:%M')}; load average "
          f"{' / '.join(f'{x:.2f}' for x in loads)} (start, then after each side: "
          f"{', '.join(sides)}); {len(puzzles)} puzzles ({made_s:.0f} s to make the generated "
          f"ones); CPU ms per puzzle, one solve each, limit 2 solutions")
    names = list(sides)
    print(f"{'puzzle':40} {'types':26} " + " ".join(f"{n:>18}" for n in names))
    for i, p in enumerate(puzzles):
        cols = []
        for n in names:
            rec = sides[n]["puzzles"][i]
            took = "" if rec["ms"] is None else f"{rec['ms']:.1f}"
            cols.append(f"{rec['verdict'][:7]:>7} {took:>10}")
        extra = ""
        tc = sides["CPython"]["puzzles"][i]
        if "tc_ms" in tc:
            extra = f"  true candidates {tc['tc_ms']:8.1f} ms ({tc['tc_status']})"
        print(f"{p['name'][:40]:40} {p['types'][:26]:26} " + " ".join(cols) + extra)
    print()
    for n in names:
        counts, ms = tally(sides[n])
        print(f"{n:12} {', '.join(f'{k}: {v}' for k, v in counts.items())}; CPU ms over "
              f"{len(ms)} puzzles read: {summary(ms)}")
        for source in ("community", "generated"):
            part = [r["ms"] for r, p in zip(sides[n]["puzzles"], puzzles, strict=True)
                    if p["source"] == source and r["ms"] is not None]
            if part:
                print(f"{'':12}   {source}: {len(part)} read, {summary(part)}")
    if args.true_candidates:
        tcs = [r["tc_ms"] for r in sides["CPython"]["puzzles"] if "tc_ms" in r]
        print(f"true candidates (givens halved, CPython), CPU ms: {summary(tcs)}")
    ratios(sides, puzzles)
    return 0


def ratios(sides: dict[str, Any], puzzles: list[dict[str, str]]) -> None:
    """Each other side against CPython on the puzzles both got right: the ratio of the
    medians, of the totals, and the median of the per-puzzle ratios."""
    base = sides["CPython"]["puzzles"]
    for n, side in sides.items():
        if n == "CPython":
            continue
        pairs = [(b["ms"], o["ms"]) for b, o in zip(base, side["puzzles"], strict=True)
                 if b["verdict"] == o["verdict"] == "right"]
        if not pairs:
            print(f"{n}/CPython: no puzzle right on both sides")
            continue
        mine, theirs = [a for a, _ in pairs], [b for _, b in pairs]
        each = [b / a for a, b in pairs if a > 0]
        print(f"{n}/CPython over {len(pairs)} puzzles right on both: medians "
              f"{statistics.median(theirs) / statistics.median(mine):.3g}, totals "
              f"{sum(theirs) / sum(mine):.3g}, per-puzzle median {statistics.median(each):.3g} "
              f"(range {min(each):.3g} .. {max(each):.3g})")


if sys.platform == "emscripten":  # inside Pyodide (bench_pyodide.mjs): the last value is shown
    RESULT = json.dumps(measure(json.loads(BENCH_INPUT)))  # type: ignore[name-defined]  # noqa: F821
elif __name__ == "__main__":
    sys.exit(main())
