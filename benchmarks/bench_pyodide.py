"""The engine inside Pyodide (Node) beside CPython, in one run: puzzles/s per corpus and ratio.

    .venv/bin/python benchmarks/bench_pyodide.py --quick     # samples: about 2 minutes
    .venv/bin/python benchmarks/bench_pyodide.py             # whole corpus files
    .venv/bin/python benchmarks/bench_pyodide.py --wheel dist/sudoku_core-0.1.0-py3-none-any.whl

Pyodide is the npm runtime in node_modules/pyodide (what `make site` ships, `npm ci` installs
it) with the project's wheel (built here with `python -m build --wheel` unless ``--wheel``
names one). The same function, :func:`measure`, runs on both sides: this file is also the
script benchmarks/bench_pyodide.mjs runs inside Pyodide. Rates are CPU time (CPython:
``time.process_time``; Pyodide: Node's ``process.cpuUsage``, every thread of the process) and
wall clock, each the best of 3 passes (2 over whole files): on a shared machine other
processes only add time. The ratio is Pyodide / CPython on CPU time. Also timed: ``steps``,
``hint``, ``rate`` and ``generate`` on samples, the cost of single operations, the three 9x9
representations, and the first solve of 9x9, 16x16 and 25x25 with and without
:func:`sudoku_core.solver.exact.warm` beforehand.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

CORPORA = [
    "puzzles1_unbiased",
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "sudoku10k.txt",
    "puzzles7_serg_benchmark",
]
QUICK_SAMPLE = 100  # puzzles per corpus with --quick, evenly spaced through the file
# (corpus, how many) for the human-logic calls: quick, full.
LOGIC = {
    "steps": ("puzzles3_magictour_top1465", 5, 30),
    # The forum's hardest: every one needs dynamic or nested forcing chains.
    "steps (forum hardest)": ("puzzles6_forum_hardest_1106", 5, 20),
    "hint": ("puzzles6_forum_hardest_1106", 5, 30),
    "rate": ("puzzles1_unbiased", 10, 60),
}
GENERATE = (("3x3", "hard"), ("4x4", "easy"))  # seeds 0..k-1 of each
GENERATE_SEEDS = (2, 5)  # quick, full
ENGINES = ("puzzles1_unbiased", "puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106")
ENGINE_SAMPLE = (10, 40)  # puzzles per corpus for the three representations: quick, full
FIRST_SOLVE = ("3x3", "4x4", "5x5")  # shapes of the cold first solve (warm() or not)


def cpu_clock() -> Any:
    """CPU seconds of this process: Node's counter inside Pyodide, process_time on CPython."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript

        def node_cpu() -> float:
            u = js.process.cpuUsage()
            return float(u.user + u.system) / 1e6

        return node_cpu
    return time.process_time


def timed(fn: Any, items: list[Any], repeat: int = 1) -> dict[str, float]:
    """CPU and wall seconds of ``fn`` over ``items``, the best of ``repeat`` passes (other
    processes only ever add time); the results' checks counted in the first pass."""
    cpu = cpu_clock()
    best: dict[str, float] = {}
    for i in range(repeat):
        c0, w0 = cpu(), time.perf_counter()
        ok = sum(1 for x in items if fn(x))
        took = {"cpu": cpu() - c0, "wall": time.perf_counter() - w0}
        if i == 0:
            best = {**took, "n": len(items), "ok": ok}
        best["cpu"], best["wall"] = min(best["cpu"], took["cpu"]), min(best["wall"], took["wall"])
    return best


def list_engine(givens: tuple[int, ...], limit: int = 2) -> int:
    """Solutions of a 9x9 grid up to ``limit``, on a list of 81 small ints (candidate masks).

    The third representation the engine choice measured (the package's two engines are
    ``_cover``'s one big int and the per-value bitboards): naked singles through the peers,
    hidden singles unit by unit with two running ORs, branching on a fewest-candidates cell,
    the list copied per child.
    """
    from sudoku_core.model.grid import Shape, geometry

    geo = geometry(Shape(3, 3))
    peers, units = geo.peers, geo.units
    cand = [511] * 81
    todo = [(c, 1 << (v - 1)) for c, v in enumerate(givens) if v]
    stack = [(cand, todo)]
    found = 0
    while stack:
        cand, todo = stack.pop()
        ok = True
        while ok and todo:
            while todo:  # place, and every cell left with one candidate joins the queue
                c, bit = todo.pop()
                if not cand[c] & bit:
                    ok = False
                    break
                cand[c] = bit | 1024  # 1024: placed
                for p in peers[c]:
                    x = cand[p]
                    if x & bit:
                        x ^= bit
                        if not x:
                            ok = False
                            break
                        cand[p] = x
                        if not x & (x - 1):
                            todo.append((p, x))
                if not ok:
                    break
            if not ok:
                break
            for unit in units:  # hidden singles: a value in exactly one cell of a unit
                once = twice = done = 0
                for c in unit:
                    x = cand[c]
                    if x & 1024:
                        done |= x
                    else:
                        twice |= once & x
                        once |= x
                if (once | done) & 511 != 511:
                    ok = False
                    break
                alone = once & ~twice & ~done & 511
                while alone:
                    bit = alone & -alone
                    alone ^= bit
                    todo.extend((c, bit) for c in unit if cand[c] & bit and not cand[c] & 1024)
                if todo:
                    break
        if not ok:
            continue
        open_cells = [c for c in range(81) if not cand[c] & 1024]
        if not open_cells:
            found += 1
            if found >= limit:
                return found
            continue
        c = min(open_cells, key=lambda i: bin(cand[i]).count("1"))
        x = cand[c]
        while x:
            bit = x & -x
            x ^= bit
            stack.append((cand[:], [(c, bit)]))
    return found


def engines(grids: list[Any]) -> dict[str, dict[str, float]]:
    """The three 9x9 representations on the same puzzles: counts must agree."""
    from sudoku_core.solver import _cover
    from sudoku_core.solver import exact as solver

    t = _cover.tables(grids[0].shape)
    counts: dict[str, list[int]] = {}
    out = {}
    for name, fn in (
        ("big int (_cover)", lambda g: _cover.search(t, g.cells, 2, None, None).count),
        ("bitboards per value", lambda g: solver._search_bitboards(g, 2, None, None).count),
        ("list of small ints", lambda g: list_engine(g.cells)),
    ):
        counts[name] = []
        out[name] = timed(lambda g, fn=fn, name=name: counts[name].append(fn(g)) is None, grids)
    first = next(iter(counts.values()))
    assert all(c == first for c in counts.values()), "the engines disagree"
    return out


def primitives(reps: int) -> dict[str, float]:
    """CPU nanoseconds of one operation (the empty loop's cost taken off): the cost model."""
    cpu = cpu_clock()
    big, big2 = (1 << 3240) - 12345, (1 << 3239) - 777  # a 9x9 state of _cover: 3,240 bits
    small, small2 = (1 << 28) - 5, (1 << 27) + 3
    mask = 0b101101101
    stack: list[int] = []
    table = POPCOUNT
    # Each statement is evaluated and dropped; its line is timed `reps` times.
    cases = {
        "AND, 28-bit ints": "small & small2",
        "AND, 3,240-bit ints": "big & big2",
        "subtract, 3,240-bit ints": "big - big2",
        "shift, 3,240-bit int": "big >> 10",
        "bit_length(), 3,240-bit int": "big.bit_length()",
        "bit_count(), 9-bit int": "mask.bit_count()",
        "list.append + list.pop": "stack.append(1); stack.pop()",
        "tuple index, 9-bit int": "table[mask]",
    }
    names = {"big": big, "big2": big2, "small": small, "small2": small2, "mask": mask,
             "stack": stack, "table": table}

    def timer(stmt: str) -> Any:
        space: dict[str, Any] = {}
        exec(f"def run(n, {', '.join(names)}):\n    for _ in range(n):\n        {stmt}\n",
             space)
        return space["run"]

    base_run = timer("pass")
    out = {}
    for _ in range(2):  # the first pass warms the runtime up
        c0 = cpu()
        base_run(reps, *names.values())
        base = cpu() - c0
        for name, stmt in cases.items():
            run = timer(stmt)
            c0 = cpu()
            run(reps, *names.values())
            out[name] = max(0.0, (cpu() - c0 - base) / reps * 1e9)
    return out


POPCOUNT = tuple(bin(i).count("1") for i in range(512))  # the table a bit_count call could be


def measure(payload: dict[str, Any]) -> dict[str, Any]:
    """Every figure of one runtime: corpora, logic calls, first solves."""
    import random

    from sudoku_core import generate, hint, parse, rate, solve, solver, steps
    from sudoku_core.make.fill import pattern_solution
    from sudoku_core.model.grid import Grid, Shape, geometry

    def shape_of(name: str) -> Shape:
        r, c = name.split("x")
        return Shape(int(r), int(c))

    def solved(grid: Grid) -> bool:
        result = solve(grid)
        sol = result.solution
        if result.status != "solved" or sol is None:
            return False
        return all(p in (0, v) for p, v in zip(grid.cells, sol.cells, strict=True)) and all(
            len({sol.cells[c] for c in unit}) == grid.size for unit in geometry(grid.shape).units)

    out: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform}
    out["primitives"] = primitives(payload["reps"])
    solver.warm(Shape(3, 3))  # the corpora time solving, not the one-off table build
    corpora = {}
    for name, lines in payload["corpora"].items():
        grids = [parse(line) for line in lines]
        corpora[name] = timed(solved, grids, payload["repeat"])
        corpora[name]["nodes"] = sum(solve(g).nodes for g in grids[:50]) / min(50, len(grids))
    out["corpora"] = corpora
    out["engines"] = {name: engines([parse(line) for line in lines])
                      for name, lines in payload["engines"].items()}
    logic: dict[str, Any] = {}
    for call, lines in payload["logic"].items():
        grids = [parse(line) for line in lines]
        if call.startswith("steps"):
            logic[call] = timed(lambda g: steps(g, time_limit=120).status == "solved", grids)
        elif call == "hint":
            logic[call] = timed(lambda g: hint(g, time_limit=120).step is not None, grids)
        else:
            logic[call] = timed(lambda g: rate(g, time_limit=120).level is not None, grids)
    for shape_name, level in payload["generate"]:
        jobs = [(shape_of(shape_name), level, seed) for seed in range(payload["seeds"])]
        logic[f"generate {shape_name} {level}"] = timed(
            lambda j: generate(j[0], j[1], seed=j[2], time_limit=120).grid is not None, jobs)
    out["logic"] = logic
    first: dict[str, Any] = {}
    for shape_name in payload["first"]:
        shape = shape_of(shape_name)
        solution = pattern_solution(shape, random.Random(1))
        rnd = random.Random(2)
        puzzle = Grid(shape, tuple(v if rnd.random() < 0.6 else 0 for v in solution.cells))
        row: dict[str, float] = {}
        for warmed in (False, True):
            geometry.cache_clear()
            solver.bitboards.tables.cache_clear()
            solver._cover.tables.cache_clear()
            cpu = cpu_clock()
            c0 = cpu()
            if warmed:
                solver.warm(shape)
                row["warm"] = cpu() - c0
                c0 = cpu()
            solve(puzzle)
            row["after_warm" if warmed else "cold"] = cpu() - c0
        first[shape_name] = row
    out["first_solve"] = first
    return out


def payload(corpora_dir: Any, quick: bool) -> dict[str, Any]:
    """The puzzles both runtimes get: samples (quick) or whole files, and the logic samples."""

    def read(name: str) -> list[str]:
        return [ln.strip() for ln in (corpora_dir / name).read_text().splitlines() if ln.strip()]

    def sample(lines: list[str], k: int) -> list[str]:
        step = max(1, len(lines) // k)
        return lines[::step][:k]

    files = {name: read(name) for name in CORPORA}
    return {
        "corpora": {n: sample(ls, QUICK_SAMPLE) if quick else ls for n, ls in files.items()},
        "logic": {call: sample(read(name), q if quick else f)
                  for call, (name, q, f) in LOGIC.items()},
        "generate": GENERATE,
        "seeds": GENERATE_SEEDS[0 if quick else 1],
        "first": FIRST_SOLVE,
        "reps": 200_000,
        "repeat": 3 if quick else 2,  # passes over each corpus: the best one counts
        "engines": {n: sample(files[n], ENGINE_SAMPLE[0 if quick else 1]) for n in ENGINES},
    }


def rate_row(name: str, cp: dict[str, float], py: dict[str, float], unit: str) -> str:
    """One Markdown row: count, both runtimes per second (CPU and wall), CPU ratio."""
    def per_s(d: dict[str, float], key: str) -> str:
        return f"{d['n'] / d[key]:,.1f}" if d[key] > 0 else "-"

    ratio = cp["cpu"] / py["cpu"] if py["cpu"] > 0 else 0.0
    checked = f"{py['ok']}/{py['n']}" if cp["ok"] == py["ok"] else f"{cp['ok']} vs {py['ok']}"
    return (f"| {name} | {cp['n']} | {per_s(cp, 'cpu')} | {per_s(py, 'cpu')} | {ratio:.2f} | "
            f"{per_s(cp, 'wall')} | {per_s(py, 'wall')} | {checked} {unit} |")


def report(cp: dict[str, Any], py: dict[str, Any]) -> list[str]:
    """The Markdown tables of one run."""
    head = ("| {what} | count | CPython /s (CPU) | Pyodide /s (CPU) | Pyodide/CPython (CPU) "
            "| CPython /s (wall) | Pyodide /s (wall) | checked |")
    rule = "|---|---:|---:|---:|---:|---:|---:|---|"
    lines = [f"CPython {cp['python']} / Pyodide {py['python']} ({py['platform']})", "",
             head.format(what="solve: corpus"), rule]
    for name in cp["corpora"]:
        nodes = cp["corpora"][name]["nodes"]
        lines.append(rate_row(name, cp["corpora"][name], py["corpora"][name],
                              f"({nodes:.0f} nodes/puzzle, first 50)"))
    lines += ["", "| 9x9 engine: corpus sample | count | CPython /s (CPU) | Pyodide /s (CPU) "
              "| Pyodide/CPython (CPU) |", "|---|---:|---:|---:|---:|"]
    for corpus in cp["engines"]:
        for engine, c in cp["engines"][corpus].items():
            p = py["engines"][corpus][engine]
            lines.append(f"| {engine}: {corpus} | {c['n']} | {c['n'] / c['cpu']:,.1f} | "
                         f"{p['n'] / p['cpu']:,.1f} | {c['cpu'] / p['cpu']:.2f} |")
    lines += ["", head.format(what="call (sample)"), rule]
    for call in cp["logic"]:
        lines.append(rate_row(call, cp["logic"][call], py["logic"][call], ""))
    lines += ["", "| one operation (CPU ns, the loop's own cost taken off) | CPython | Pyodide "
              "| Pyodide/CPython |", "|---|---:|---:|---:|"]
    for op, c in cp["primitives"].items():
        p = py["primitives"][op]
        lines.append(f"| {op} | {c:.0f} | {p:.0f} | {p / c if c else 0:.1f}x |")
    lines += ["", "| first solve (CPU ms) | CPython cold | CPython warm() + solve | "
              "Pyodide cold | Pyodide warm() + solve |", "|---|---:|---:|---:|---:|"]
    for shape in cp["first_solve"]:
        c, p = cp["first_solve"][shape], py["first_solve"][shape]
        lines.append(f"| {shape} boxes, 60% givens | {c['cold'] * 1e3:.1f} | "
                     f"{c['warm'] * 1e3:.1f} + {c['after_warm'] * 1e3:.1f} | "
                     f"{p['cold'] * 1e3:.1f} | {p['warm'] * 1e3:.1f} + "
                     f"{p['after_warm'] * 1e3:.1f} |")
    return lines


def main() -> int:
    """Build (or take) the wheel, run both runtimes, print the tables."""
    import argparse
    import os
    import platform
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="samples instead of whole files")
    parser.add_argument("--wheel", type=Path, help="the wheel to run in Pyodide")
    parser.add_argument("--corpora", type=Path, default=None)
    args = parser.parse_args()
    corpora_dir = args.corpora or Path(os.environ.get("SUDOKU_CORPORA", root.parent / "shared"
                                                      / "corpora"))
    if not corpora_dir.is_dir():
        corpora_dir = Path("/work/shared/corpora")
    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide" / "package.json").is_file():
        sys.exit("bench_pyodide: needs node and node_modules/pyodide (run `npm ci`)")
    with tempfile.TemporaryDirectory() as tmp:
        wheel = args.wheel
        if wheel is None:
            subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", tmp],
                           cwd=root, check=True, capture_output=True)
            wheel = next(Path(tmp).glob("*.whl"))
        data = payload(corpora_dir, args.quick)
        inp = Path(tmp) / "input.json"
        inp.write_text(json.dumps(data))
        load0 = os.getloadavg()[0]
        cp = measure(data)
        load1 = os.getloadavg()[0]
        proc = subprocess.run([node, str(root / "benchmarks" / "bench_pyodide.mjs"), "--wheel",
                               str(wheel), str(Path(__file__).resolve()), str(inp)],
                              capture_output=True, text=True, check=False)
        if proc.returncode:
            sys.exit(f"bench_pyodide: node failed:\n{proc.stderr[-3000:]}")
        py = json.loads(proc.stdout.strip().splitlines()[-1])
        load2 = os.getloadavg()[0]
    print(f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; load average "
          f"{load0:.1f} / {load1:.1f} / {load2:.1f} (start / after CPython / after Pyodide); "
          f"{'samples' if args.quick else 'whole files'}; run of {time.strftime('%Y-%m-%d')}")
    print("\n".join(report(cp, py)))
    return 0


if sys.platform == "emscripten":  # inside Pyodide (bench_pyodide.mjs): the last value is shown
    RESULT = json.dumps(measure(json.loads(BENCH_INPUT)))  # type: ignore[name-defined]  # noqa: F821
elif __name__ == "__main__":
    sys.exit(main())
