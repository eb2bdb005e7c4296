"""Smoke checks of sudoku_core inside Pyodide (run by pyodide_smoke.mjs); the last expression
is the JSON report."""

import json
import sys

import sudoku_core
from sudoku_core import format_grid, parse, solve, validate
from sudoku_core.generate import generate
from sudoku_core.grid import Shape
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
        ok = ok and reply["result"]["solution"] == solution
        out["results"][name] = {"ok": ok, "status": result.status, "validate": report.status,
                                "ms": round(result.elapsed * 1000, 1)}
        out["ok"] = out["ok"] and ok
    bad = json.loads(handle('{"id": 2, "cmd": "parse", "args": {"text": "12x"}}'))
    out["error_reply"] = bad.get("error", {}).get("type")
    out["ok"] = out["ok"] and out["error_reply"] is not None
    out["generated"] = generated()
    return out


# The report is the value of the last expression (runPythonAsync); importing this module from
# CPython (tests/test_pyodide.py, for the generated puzzles) runs nothing.
json.dumps(check()) if __name__ == "__main__" else None
