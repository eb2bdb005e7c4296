"""JSON in, JSON out: the one entry the browser worker calls (``handle``); it never raises.

Request ``{"id": 1, "cmd": "solve", "args": {...}}``; reply ``{"id": 1, "result": {...}}`` or
``{"id": 1, "error": {"type": "ParseError", "message": "...", ...}}``.

A puzzle in ``args`` is either ``"cells"`` (a list of N*N values, 0 = empty) with ``"box"``
(``[r, c]`` or ``"RxC"``, default from the size), or ``"text"`` in any format the core reads.
Cells in replies are 0-based ``[row, col]`` pairs; grids are lists of values plus a one-line
``"line"``.

>>> import json
>>> json.loads(handle('{"id": 7, "cmd": "solve", "args": {"cells": [1,0,0,0, 0,0,1,0, '
...     '0,1,0,0, 0,0,0,1]}}'))["result"]["status"]
'solved'
>>> json.loads(handle('{"id": 8, "cmd": "nope"}'))["error"]["type"]
'BadRequest'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from . import __version__
from .candidates import Candidates, bits
from .errors import ParseError, SudokuError
from .explain import steps
from .format import format_grid
from .generate import generate
from .grid import MAX_SIZE, Grid, Shape, cell_name
from .hint import hint
from .parse import parse
from .rate import rate
from .solver import solve
from .validate import find_conflicts, find_dead_cells, validate

Json = dict[str, Any]

MAX_TIME_LIMIT = 60.0  # seconds: the browser can cancel sooner; nothing runs unbounded
DEFAULT_TIME_LIMIT = 10.0
MAX_TEXT = 1_000_000  # characters of puzzle text accepted


class BadRequest(ValueError):
    """A request that is not what the protocol expects (not the user's puzzle at fault)."""


def _shape(args: Json, size: int | None) -> Shape | None:
    box = args.get("box")
    if box is None or box == "":
        return Shape.for_size(size) if size is not None else None
    if isinstance(box, str):
        return Shape.parse(box, size=size)
    if (isinstance(box, list) and len(box) == 2
            and all(isinstance(b, int) and not isinstance(b, bool) for b in box)):
        shape = Shape(box[0], box[1])
        if size is not None and shape.size != size:
            raise SudokuError(f"box shape {shape} holds {shape.size} cells, but the grid is "
                              f"{size}x{size}")
        return shape
    raise BadRequest(f"box must be 'RxC' or [r, c], not {box!r}")


def _grid(args: Json, key: str = "cells") -> Grid:
    """The puzzle of a request: `cells` (+ `box`) or `text` (+ `box`)."""
    cells = args.get(key)
    if cells is not None:
        if not isinstance(cells, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in cells
        ):
            raise BadRequest(f"{key} must be a list of whole numbers")
        n = round(len(cells) ** 0.5)
        if n * n != len(cells) or not 4 <= n <= MAX_SIZE:
            raise BadRequest(f"{len(cells)} cells do not make a square grid of a supported size")
        shape = _shape(args, n)
        assert shape is not None
        bad = [v for v in cells if not 0 <= v <= n]
        if bad:
            raise BadRequest(f"value {bad[0]} is out of range for a {n}x{n} grid")
        return Grid(shape, tuple(cells))
    text = args.get("text")
    if isinstance(text, str):
        if len(text) > MAX_TEXT:
            raise ParseError(f"the text is too long ({len(text)} characters; at most {MAX_TEXT})")
        return parse(text, shape=_shape(args, None))
    raise BadRequest(f"expected '{key}' (a list of values) or 'text'")


def _budget(args: Json) -> float:
    limit = args.get("time_limit", DEFAULT_TIME_LIMIT)
    if not isinstance(limit, (int, float)) or isinstance(limit, bool) or limit <= 0:
        raise BadRequest("time_limit must be a positive number of seconds")
    return float(min(limit, MAX_TIME_LIMIT))


def _grid_json(grid: Grid) -> Json:
    n = grid.size
    return {
        "box": [grid.shape.box_rows, grid.shape.box_cols],
        "size": n,
        "values": list(grid.cells),
        "line": grid.line(),
        # One-line text up to 35 symbols per unit, tokens above (numbers need separators).
        "cells": grid.line() if n <= 35 else [str(v) if v else "." for v in grid.cells],
    }


def _pairs(cells: tuple[int, ...] | list[int], n: int) -> list[list[int]]:
    return [[c // n, c % n] for c in cells]


def cmd_version(args: Json) -> Json:
    """Package and Python versions, and the commands this build answers."""
    return {"version": __version__, "python": sys.version.split()[0], "commands": list(COMMANDS)}


def cmd_parse(args: Json) -> Json:
    """Text (any format the core reads) -> the grid."""
    return _grid_json(_grid(args, "cells"))


def cmd_check(args: Json) -> Json:
    """Conflicts and dead cells only: cheap enough to run after every keystroke."""
    grid = _grid(args)
    n = grid.size
    return {
        "conflicts": [c.to_json(n) for c in find_conflicts(grid)],
        "dead_cells": _pairs(find_dead_cells(grid), n),
        "complete": grid.is_complete(),
    }


def cmd_candidates(args: Json) -> Json:
    """Candidates of every empty cell (values not seen by a peer): one list per cell."""
    grid = _grid(args)
    return {"candidates": [bits(m) for m in Candidates.from_grid(grid).masks]}


def cmd_validate(args: Json) -> Json:
    """The validation report (status, conflicts, dead cells, message)."""
    grid = _grid(args)
    report = validate(grid, time_limit=_budget(args))
    return dict(report.to_json())


def cmd_solve(args: Json) -> Json:
    """Solve within the budget; conflicts and dead cells say where it went wrong."""
    grid = _grid(args)
    n = grid.size
    conflicts = find_conflicts(grid)
    dead = find_dead_cells(grid)
    result = solve(grid, limit=2, time_limit=_budget(args))
    out: Json = {
        "status": result.status,
        "solution": list(result.solution.cells) if result.solution else None,
        "line": result.solution.line() if result.solution else None,
        "unique": result.unique,
        "count": result.count,
        "elapsed_ms": round(result.elapsed * 1000, 3),
        "nodes": result.nodes,
        "conflicts": [c.to_json(n) for c in conflicts],
        "dead_cells": _pairs(dead, n),
        "message": _solve_message(result.status, result.unique, result.elapsed, conflicts,
                                  dead, n),
    }
    return out


def _solve_message(status: str, unique: bool | None, elapsed: float, conflicts: list[Any],
                   dead: list[int], n: int) -> str:
    """The outcome of a solve in words, cells in r1c1 notation."""
    if status == "solved":
        ms = elapsed * 1000
        took = f"{ms:.0f} ms" if ms >= 10 else f"{ms:.1f} ms"
        if unique is False:
            return f"Solved in {took}. The puzzle has several solutions; this is one of them."
        return f"Solved in {took}."
    if status == "invalid" or conflicts:
        return "Cannot solve: " + "; ".join(c.describe(n) for c in conflicts) + "."
    if status == "no_solution":
        if dead:
            return "No solution: no value fits " + ", ".join(cell_name(c, n) for c in dead) + "."
        return "No solution: these givens and entries cannot all be kept."
    return f"Gave up after {elapsed:.1f} s without finding a solution (the time budget ran out)."


def cmd_format(args: Json) -> Json:
    """The grid as text: to = line | pretty | tokens | json (| candidates)."""
    to = args.get("to", "line")
    if to not in ("line", "pretty", "tokens", "json", "candidates"):
        raise BadRequest(f"unknown format {to!r}")
    grid = _grid(args)
    return {"to": to, "text": format_grid(grid, to=to)}


def _pencil(args: Json, n: int) -> dict[int, set[int]] | None:
    """The user's pencil marks: a list of N*N lists of values (empty list = none)."""
    pencil = args.get("pencil")
    if pencil is None:
        return None
    if not isinstance(pencil, list) or len(pencil) != n * n:
        raise BadRequest("pencil must be a list with one list of values per cell")
    marks: dict[int, set[int]] = {}
    for cell, values in enumerate(pencil):
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= n for v in values
        ):
            raise BadRequest(f"pencil marks of cell {cell} must be values 1..{n}")
        if values:
            marks[cell] = set(values)
    return marks


def cmd_hint(args: Json) -> Json:
    """The next hint from the user's state: givens + current cells (+ pencil marks).

    ``level`` is "nudge" (technique and region), "step" (the whole step) or "apply" (the
    step plus the grid and candidates after it).
    """
    level = args.get("level", "step")
    if level not in ("nudge", "step", "apply"):
        raise BadRequest(f"level must be nudge, step or apply, not {level!r}")
    current = _grid(args)
    puzzle = _grid({**args, "cells": args["givens"]}) if "givens" in args else current
    found = hint(puzzle, current=current, pencil=_pencil(args, current.size),
                 time_limit=_budget(args))
    return dict(found.to_json(level))


def cmd_steps(args: Json) -> Json:
    """The whole logical path (explain.steps)."""
    path = steps(_grid(args), time_limit=_budget(args))
    return dict(path.to_json())


def cmd_rate(args: Json) -> Json:
    """Level and score (rate.rate)."""
    return dict(rate(_grid(args), time_limit=_budget(args)).to_json())


def cmd_generate(args: Json) -> Json:
    """A new puzzle of a shape and difficulty (generate.generate); the library's budget unless
    ``time_limit`` is given."""
    size = args.get("size")
    shape = _shape(args, size if isinstance(size, int) and not isinstance(size, bool) else None)
    if shape is None:
        shape = Shape(3, 3)
    seed = args.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise BadRequest("seed must be a whole number")
    difficulty = args.get("difficulty", "medium")
    symmetry = args.get("symmetry")
    if not isinstance(difficulty, str) or not (symmetry is None or isinstance(symmetry, str)):
        raise BadRequest("difficulty and symmetry must be strings")
    time_limit = _budget(args) if "time_limit" in args else None
    gen = generate(shape, difficulty=difficulty, seed=seed, symmetry=symmetry,
                   time_limit=time_limit)
    out = _grid_json(gen.grid)
    out.update({"level": gen.level, "score": gen.score, "hardest": gen.hardest,
                "seed": gen.seed, "attempts": gen.attempts, "requested": gen.requested,
                "reached": gen.reached, "note": gen.note, "symmetry": gen.symmetry})
    return out


COMMANDS: dict[str, Callable[[Json], Json]] = {
    "version": cmd_version,
    "parse": cmd_parse,
    "check": cmd_check,
    "candidates": cmd_candidates,
    "validate": cmd_validate,
    "solve": cmd_solve,
    "format": cmd_format,
    "export": cmd_format,
    "hint": cmd_hint,
    "steps": cmd_steps,
    "rate": cmd_rate,
    "generate": cmd_generate,
}


def _error(exc: BaseException) -> Json:
    if isinstance(exc, ParseError):
        return {"type": type(exc).__name__, "message": str(exc), "line": exc.line,
                "column": exc.column, "char": exc.char}
    if isinstance(exc, SudokuError):
        return {"type": type(exc).__name__, "message": str(exc)}
    if isinstance(exc, BadRequest):
        return {"type": type(exc).__name__, "message": str(exc)}
    if isinstance(exc, ValueError):  # e.g. Grid() rejecting values: still the input's fault
        return {"type": "BadRequest", "message": str(exc)}
    return {"type": "InternalError", "message": f"{type(exc).__name__}: {exc}"}


def handle(request_json: str) -> str:
    """Answer one JSON request with one JSON reply; never raises."""
    rid: Any = None
    try:
        try:
            request = json.loads(request_json)
        except (ValueError, TypeError) as exc:
            raise BadRequest(f"request is not JSON: {exc}") from exc
        if not isinstance(request, dict):
            raise BadRequest("request must be a JSON object")
        rid = request.get("id")
        if not isinstance(rid, (int, str)) or isinstance(rid, bool):
            rid = None
        cmd = request.get("cmd")
        args = request.get("args", {})
        if not isinstance(args, dict):
            raise BadRequest("args must be a JSON object")
        fn = COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if fn is None:
            raise BadRequest(f"unknown command {cmd!r}; known: {', '.join(COMMANDS)}")
        return json.dumps({"id": rid, "result": fn(args)}, separators=(",", ":"))
    except Exception as exc:  # the facade's promise: every failure becomes a reply
        return json.dumps({"id": rid, "error": _error(exc)}, separators=(",", ":"))
