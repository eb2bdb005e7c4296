"""Smoke checks of sudoku_core inside Pyodide (run by pyodide_smoke.mjs); the last expression
is the JSON report."""

import json
import sys

import sudoku_core
from sudoku_core import format_grid, parse, solve, validate
from sudoku_core.make.generate import generate
from sudoku_core.model.grid import Shape
from sudoku_core.web_api import handle

PUZZLES = {
    "4x4": ("..3..4.221......", "1234341221434321"),
    "6x6": (".......65......56...14..3...4..1...2", "143256265314432561651423326145514632"),
    "9x9": (
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    ),
    "16x16": (None, None),  # solved from an empty grid: any valid solution will do
}

# (box rows, box cols, difficulty, seed): the same seed must give the same puzzle as on CPython.
GENERATED = [(2, 2, "easy", 1), (2, 3, "hard", 3), (3, 3, "medium", 7), (3, 3, "expert", 11)]


def generated() -> dict:
    """One-line puzzles generated from fixed seeds, keyed "RxC/difficulty/seed"."""
    return {f"{r}x{c}/{level}/{seed}": generate(Shape(r, c), level, seed=seed).grid.line()
            for r, c, level, seed in GENERATED}


def stdlib_not_bytecode() -> list:
    """Modules of the runtime's standard library zip that are not this Python's bytecode (the
    site compiles them all at build time; Python's start compiled them on every first visit)."""
    import importlib.util
    import zipfile

    archive = next(p for p in sys.path if p.endswith(".zip"))
    with zipfile.ZipFile(archive) as zf:
        return [n for n in zf.namelist() if n.endswith(".py") or (
            n.endswith(".pyc") and zf.read(n)[:4] != importlib.util.MAGIC_NUMBER)]


def check() -> dict:
    """Parse, validate, solve and format each size; the web facade too."""
    out = {"python": sys.version.split()[0], "platform": sys.platform,
           "version": sudoku_core.__version__, "results": {}, "ok": True}
    for name, (puzzle, expected) in PUZZLES.items():
        if puzzle is None:
            puzzle = "." * 256
        grid = parse(puzzle)
        result = solve(grid, time_limit=30)
        report = validate(grid, time_limit=30)
        solution = result.solution.line() if result.solution else None
        complete = parse(solution) if solution else None
        ok = (
            result.status == "solved"
            and (expected is None or solution == expected)
            and (complete is not None and validate(complete).status == "solved")
            and report.status == ("unique" if expected else "multiple")
            and parse(format_grid(grid, to="pretty")).cells == grid.cells
        )
        reply = json.loads(handle(json.dumps({"id": 1, "cmd": "solve",
                                              "args": {"text": puzzle}})))
        ok = ok and reply["result"]["solution"] == solution  # the contract: solution is the line
        out["results"][name] = {"ok": ok, "status": result.status, "validate": report.status,
                                "ms": round(result.elapsed * 1000, 1)}
        out["ok"] = out["ok"] and ok
    bad = json.loads(handle('{"id": 2, "cmd": "parse", "args": {"text": "12x"}}'))
    out["error_reply"] = bad.get("error", {}).get("type")
    out["ok"] = out["ok"] and out["error_reply"] is not None
    out["generated"] = generated()
    # Set by pyodide_compiles.py, run first: what was compiled although shipped as bytecode.
    out["compiled_from_source"] = globals().get("COMPILED")
    out["stdlib_not_bytecode"] = stdlib_not_bytecode()
    out["corpus"] = solve_lines(globals().get("SMOKE_PUZZLES", ""))
    return out


def solve_lines(text: str) -> list:
    """[status, count, unique, solution] of each puzzle line: compared with CPython's."""
    rows = []
    for line in text.split():
        r = solve(parse(line))
        rows.append([r.status, r.count, r.unique, r.solution.line() if r.solution else None])
    return rows


# The report is the value of the last expression (runPythonAsync); importing this module from
# CPython (tests/frontends/test_pyodide.py, for the generated puzzles) runs nothing.
json.dumps(check()) if __name__ == "__main__" else None
