"""JSON in, JSON out: the one entry the browser worker calls (``handle``); it never raises.

Request ``{"id": 1, "cmd": "solve", "args": {...}}``; reply ``{"id": 1, "result": {...}}`` or
``{"id": 1, "error": {"type": "BadRequest", "message": "...", ...}}``. The facade only checks
arguments and returns the library result's ``to_json()``, the same object the CLI's ``--json``
prints; every reply is documented in docs/protocol.md.

A puzzle in ``args`` is either ``"cells"`` (a list of N*N values, 0 = empty) with ``"box"``
(``[r, c]`` or ``"RxC"``, default from the size), or ``"text"`` in any format the core reads.

>>> import json
>>> json.loads(handle('{"id": 7, "cmd": "solve", "args": {"cells": [1,0,0,0, 0,0,1,0, '
...     '0,1,0,0, 0,0,0,1]}}'))["result"]["status"]
'solved'
>>> json.loads(handle('{"id": 8, "cmd": "nope"}'))["error"]["type"]
'BadRequest'
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import random
import sys
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, cast

from . import __version__
from .formats.links import share_links
from .formats.read import MAX_TEXT, parse, read_parts
from .formats.write import FORMATS, WITH_ENTRIES, export
from .logic.explain import steps
from .logic.hint import HINT_LEVELS, HintLevel, hint, prepare
from .logic.rate import rate
from .logic.walk import Memo, memo, remember
from .make.isomorph import random_isomorphism
from .make.setter import setter_report
from .make.variant_generate import generate_puzzle
from .model.budget import DEFAULT_TIME_LIMIT, check_time_limit
from .model.candidates import Candidates
from .model.conflicts import check
from .model.constraints import TABLE
from .model.constraints.drawing import drawing
from .model.constraints.tools import tools
from .model.contract import frame
from .model.errors import ParseError, ScanError, SudokuError
from .model.grid import MAX_SIZE, MIN_SIZE, Grid, Shape
from .model.step import Step
from .model.variants import parse_names, variant_from_json
from .scan import scan_image
from .scan.image import MAX_PIXELS, Gray
from .scan.lines import SIZES as SCAN_SIZES
from .solver.exact import solve, warm
from .solver.true_candidates import true_candidates
from .solver.validate import validate

Json = dict[str, Any]

MAX_TIME_LIMIT = 60.0  # seconds: the browser can cancel sooner; nothing runs unbounded
MAX_INT_DIGITS = 4000  # under Python's own limit (4300), whose message names its internals


class BadRequest(ValueError):
    """A request that is not what the protocol expects (not the user's puzzle at fault)."""


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _shape(args: Json, size: int | None) -> Shape | None:
    """The box shape of a request, with the rules of its `variant` object when it has one."""
    shape = _box_shape(args, size)
    rules = args.get("variant")
    if rules is None or rules == {}:
        return shape
    if shape is None:
        raise BadRequest("a variant needs the grid's box: [r, c] or 'RxC'")
    return shape.with_variant(variant_from_json(rules, shape.size))


def _box_shape(args: Json, size: int | None) -> Shape | None:
    box = args.get("box")
    if box is None or box == "":
        return Shape.for_size(size) if size is not None else None
    if isinstance(box, str):
        return Shape.parse(box, size=size)
    if isinstance(box, list) and len(box) == 2 and all(_is_int(b) for b in box):
        shape = Shape(box[0], box[1])
        if size is not None and shape.size != size:
            raise BadRequest(f"box shape {shape} holds {shape.size} cells, but the grid is "
                             f"{size}x{size}")
        return shape
    raise BadRequest(f"box must be 'RxC' or [r, c], not {box!r}")


def _values(args: Json, key: str) -> list[int]:
    cells = args.get(key)
    if not isinstance(cells, list) or not all(_is_int(v) for v in cells):
        raise BadRequest(f"{key} must be a list of whole numbers")
    return cells


def _grid(args: Json, key: str = "cells") -> Grid:
    """The puzzle of a request: `cells` (+ `box`) or `text` (+ `box`)."""
    if args.get(key) is not None:
        cells = _values(args, key)
        n = math.isqrt(len(cells))
        if n * n != len(cells) or not MIN_SIZE <= n <= MAX_SIZE:
            raise BadRequest(f"{len(cells)} cells do not make a square grid of a supported size")
        shape = _shape(args, n)
        assert shape is not None
        bad = [v for v in cells if not 0 <= v <= n]
        if bad:
            raise BadRequest(f"value {bad[0]} is out of range for a {n}x{n} grid (0-{n})")
        return Grid(shape, tuple(cells))
    text = args.get("text")
    if isinstance(text, str):
        return parse(text, shape=_shape(args, None))  # parse refuses a runaway text at once
    raise BadRequest(f"expected '{key}' (a list of values) or 'text'")


def _givens(args: Json, grid: Grid, key: str = "givens") -> Grid | None:
    """The original puzzle (`givens`, same shape as the grid), if the request has one; or
    another grid of that shape under `key` (the player's `entries`)."""
    if args.get(key) is None:
        return None
    cells = _values(args, key)
    if len(cells) != grid.shape.cell_count:
        raise BadRequest(f"{key} has {len(cells)} values but the grid has "
                         f"{grid.shape.cell_count} cells")
    other = _grid({"cells": cells, "box": [grid.shape.box_rows, grid.shape.box_cols]})
    return Grid(grid.shape, other.cells)  # the grid's rules too (a variant's)


def _budget(args: Json) -> float:
    limit = args.get("time_limit", DEFAULT_TIME_LIMIT)
    if not isinstance(limit, (int, float)) or isinstance(limit, bool) or math.isnan(limit) \
            or limit <= 0:
        raise BadRequest("time_limit must be a positive number of seconds")
    # infinity too: nothing runs unbounded (the page asks for "as long as it takes")
    return check_time_limit(min(limit, MAX_TIME_LIMIT))


def _pencil(args: Json, n: int, key: str = "pencil") -> dict[int, set[int]] | None:
    """The user's pencil marks: a list of N*N lists of values (empty list = none)."""
    pencil = args.get(key)
    if pencil is None:
        return None
    if not isinstance(pencil, list) or len(pencil) != n * n:
        raise BadRequest(f"{key} must be a list with one list of values per cell")
    marks: dict[int, set[int]] = {}
    for cell, values in enumerate(pencil):
        if not isinstance(values, list) or not all(_is_int(v) and 1 <= v <= n for v in values):
            raise BadRequest(f"{key} marks of cell {cell} must be values 1..{n}")
        if values:
            marks[cell] = set(values)
    return marks


def cmd_version(args: Json) -> Json:
    """Package and Python versions, and the commands this build answers."""
    return {"version": __version__, "python": sys.version.split()[0], "commands": list(COMMANDS),
            "message": f"sudoku-core {__version__} on Python {sys.version.split()[0]}."}


def cmd_parse(args: Json) -> Json:
    """Text (any format the core reads) -> the grid; from text that keeps the player's work
    apart (links, JSON with "entries"), that work too: `entries`, `centre`, `corner`,
    `colours`, each present only when the source holds some."""
    text = args.get("text")
    if args.get("cells") is not None or not isinstance(text, str):
        return _with_rules(_grid(args))
    if len(text) > MAX_TEXT:
        return _with_rules(_grid(args))  # parse's own refusal names the length
    parts = read_parts(text, _shape(args, None))
    reply = _with_rules(parts.givens)
    about = _about(getattr(parts, "about", None))
    if about:
        reply["about"] = about
    if parts.entries is not None:
        reply["entries"] = list(parts.entries.cells)
    for key in ("centre", "corner", "colours"):
        lists = getattr(parts, key)
        if lists is not None:
            reply[key] = [list(m) for m in lists]
    return reply


def _with_rules(grid: Grid) -> Json:
    """The grid's JSON, with its variant's rules as "variant" (none for a classic grid)."""
    reply = grid.to_json()
    if grid.shape.variant is not None:
        reply["variant"] = grid.shape.variant.to_json()
    return _with_words(reply, grid)


def _with_words(reply: Json, grid: Grid) -> Json:
    """The reply with a variant's rules in players' words, "variant_words" ("Killer", "X",
    "anti-knight"), its rules listed and its drawing (``_looks``): the page says and draws
    them and knows no rule."""
    if grid.shape.variant is not None:
        reply["variant_words"] = grid.shape.variant.describe()
        reply.update(_looks(grid.shape))
    return reply


def _looks(shape: Shape) -> Json:
    """A variant's "constraints" (per rule on: its type name, words and rules for players,
    in the table's order) and "drawing" (the shapes of its placed rules, one item per rule,
    constraints/drawing.py); empty lists for a classic grid."""
    variant = shape.variant
    if variant is None:
        return {"constraints": [], "drawing": []}
    return {"constraints": [{"type": row.name, "words": row.words, "rules": row.rules_text}
                            for row in TABLE if row.present(variant)],
            "drawing": drawing(TABLE, variant, shape.size)}


_ABOUT_KEYS = ("title", "author", "rules")


def _about(about: object) -> Json:
    """An imported puzzle's title, author and rules text (read_parts' ``about``, a mapping or
    an object with those fields; each optional): only the non-empty strings."""
    if about is None:
        return {}
    found = {}
    for key in _ABOUT_KEYS:
        value = about.get(key) if isinstance(about, dict) else getattr(about, key, None)
        if isinstance(value, str) and value.strip():
            found[key] = value.strip()
    return found


def cmd_check(args: Json) -> Json:
    """Conflicts and dead cells only: cheap enough to run after every keystroke."""
    return check(_grid(args)).to_json()


def cmd_candidates(args: Json) -> Json:
    """Candidates of every empty cell (values not seen by a peer): one list per cell."""
    return Candidates.from_grid(_grid(args)).to_json()


def cmd_geometry(args: Json) -> Json:
    """The cells of every unit and the units of every cell: the page's only layout source."""
    shape = _shape(args, None)
    if shape is None:
        raise BadRequest("geometry needs a box: [r, c] or 'RxC'")
    reply = shape.geometry.to_json()
    if shape.variant is not None:  # a saved game or a link redraws from this alone
        reply.update(_looks(shape))
    return reply


def cmd_warm(args: Json) -> Json:
    """Build the solver's tables for a shape while the user reads; replies with its geometry."""
    shape = _shape(args, None)
    if shape is None:
        raise BadRequest("warm needs a box: [r, c] or 'RxC'")
    warm(shape)
    return shape.geometry.to_json()


def cmd_validate(args: Json) -> Json:
    """The validation report; with `givens`, the grid's other cells are the user's entries."""
    grid = _grid(args)
    return validate(grid, givens=_givens(args, grid), time_limit=_budget(args)).to_json()


def cmd_solve(args: Json) -> Json:
    """Solve within the budget; conflicts and dead cells say where it went wrong."""
    return solve(_grid(args), limit=2, time_limit=_budget(args)).to_json()


def cmd_true_candidates(args: Json) -> Json:
    """Every digit of every cell that some solution holds (docs/protocol.md)."""
    return true_candidates(_grid(args), time_limit=_budget(args)).to_json()


def cmd_format(args: Json) -> Json:
    """The grid as text: to = line | pretty | tokens | json | candidates | ss | sdk."""
    to = args.get("to", "line")
    if not isinstance(to, str) or to not in FORMATS:
        raise BadRequest(f"unknown format {to!r}; expected one of {', '.join(FORMATS)}")
    grid = _grid(args)
    entries = _givens(args, grid, "entries")
    if entries is not None and to not in WITH_ENTRIES:
        raise BadRequest(f"the {to} format cannot keep entries apart; use "
                         f"{' or '.join(WITH_ENTRIES)}")
    return export(grid, to, entries=entries).to_json()


@dataclass(frozen=True)
class _HintState:
    """A hint request's state: the givens, the grid, the marks and how to read them."""

    puzzle: Grid
    current: Grid
    pencil: dict[int, set[int]] | None  # candidates (the page's working ones, or the user's)
    centre: dict[int, set[int]] | None  # the player's centre marks: notes unless told
    marks_are_candidates: bool
    unlock: bool | None


def _flag(args: Json, key: str) -> bool | None:
    value = args.get(key)
    if value is not None and not isinstance(value, bool):
        raise BadRequest(f"{key} must be true or false")
    return value


def _hint_state(args: Json) -> _HintState:
    """A hint request's givens, current grid, pencil and centre marks, and its flags."""
    current = _grid(args)
    puzzle = _givens(args, current) or current
    return _HintState(puzzle, current, _pencil(args, current.size),
                      _pencil(args, current.size, "centre"),
                      bool(_flag(args, "marks_are_candidates")), _flag(args, "unlock"))


def cmd_hint(args: Json) -> Json:
    """The next hint from the user's state: givens + current cells (+ marks), at a `level`
    (look, nudge, step, apply; reveal: the answers of wrong entries)."""
    level = args.get("level", "step")
    if level not in HINT_LEVELS:
        raise BadRequest(f"level must be one of {', '.join(HINT_LEVELS)}, not {level!r}")
    state = _hint_state(args)
    found = hint(state.puzzle, current=state.current, pencil=state.pencil, centre=state.centre,
                 marks_are_candidates=state.marks_are_candidates, time_limit=_budget(args),
                 unlock=state.unlock)
    return found.to_json(cast(HintLevel, level))


class _Slice(Exception):
    """A background walk's slice is over (a step needed a search): the caller asks again."""


def cmd_prepare(args: Json) -> Json:
    """Work done before the player waits (the page's second worker): the next `ahead` hints
    from a hint request's state (`"for": "hint"`), or the whole walk of a steps request
    (`"for": "steps"`), kept in the walker's memo. One call searches for about one step and
    says whether all is found (`done`); then the same `hint` or `steps` request answers from
    the memo, exactly as it would have answered anyway. With the memo off (the library's
    default; the page's workers turn it on) the call works in a memo of its own, dropped after."""
    target = args.get("for")
    if target not in ("hint", "steps"):
        raise BadRequest(f"for must be 'hint' or 'steps', not {target!r}")
    kept = memo()
    m = kept or remember()
    assert m is not None
    before, reused = m.computed, m.reused
    try:
        done = _prepare_hint(args) if target == "hint" else _prepare_steps(args, m)
    finally:
        if kept is None:
            remember(False)
    searched = m.computed - before
    return {"for": target, "done": done, "searched": searched, "reused": m.reused - reused,
            "states": len(m.found),
            "message": ("Ready: the answer is found." if done else
                        f"Working: {searched} searches this time; ask again.")}


def _prepare_hint(args: Json) -> bool:
    ahead = args.get("ahead", 3)
    if not _is_int(ahead) or not 1 <= ahead <= 100:
        raise BadRequest("ahead must be a whole number of hints from 1 to 100")
    state = _hint_state(args)
    unlock = state.pencil is None if state.unlock is None else state.unlock
    return prepare(state.puzzle, state.current, state.pencil, unlock=unlock, hints=ahead,
                   time_limit=_budget(args), centre=state.centre,
                   marks_are_candidates=state.marks_are_candidates)


def _prepare_steps(args: Json, m: Memo) -> bool:
    grid = _grid(args)
    before = m.computed

    def cut(step: Step) -> None:
        if m.computed != before:
            raise _Slice

    try:
        return not steps(grid, time_limit=_budget(args), on_step=cut).timed_out
    except _Slice:
        return False


def cmd_steps(args: Json) -> Json:
    """The whole logical path; with ``stream``, each step is also sent as soon as it is found
    (``{"id", "partial": {"index", "step"}}`` through the emitter given to ``handle``)."""
    grid = _grid(args)
    stream = args.get("stream", False)
    if not isinstance(stream, bool):
        raise BadRequest("stream must be true or false")
    emit = _STREAM.get()
    if not stream or emit is None:
        return steps(grid, time_limit=_budget(args)).to_json()
    shape = grid.shape
    sent = 0

    def send(step: Step) -> None:
        nonlocal sent
        emit({"index": sent, "step": step.to_json(shape)})
        sent += 1

    return steps(grid, time_limit=_budget(args), on_step=send).to_json()


def cmd_rate(args: Json) -> Json:
    """Level and score."""
    return rate(_grid(args), time_limit=_budget(args)).to_json()


def cmd_generate(args: Json) -> Json:
    """A new puzzle of a shape and difficulty; the library's budget unless `time_limit`;
    `variant` ("killer", "x,antiking", ...) names the rules of a variant puzzle."""
    size = args.get("size")
    if size is not None and not (_is_int(size) and MIN_SIZE <= size <= MAX_SIZE):
        raise BadRequest(f"size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, not {size!r}")
    shape = _box_shape(args, size) or Shape(3, 3)  # `variant` here: rule names
    seed = args.get("seed")
    if seed is not None and not _is_int(seed):
        raise BadRequest("seed must be a whole number, 0 or more")  # its sign: generate's rule
    difficulty = args.get("difficulty", "medium")
    symmetry = args.get("symmetry")
    if not isinstance(difficulty, str) or not (symmetry is None or isinstance(symmetry, str)):
        raise BadRequest("difficulty and symmetry must be strings")
    time_limit = _budget(args) if "time_limit" in args else None
    names = args.get("variant") or ""
    if not isinstance(names, str):
        raise BadRequest("variant must be a string such as 'killer' or 'x,antiking'")
    made = generate_puzzle(shape, parse_names(names), difficulty, seed=seed, symmetry=symmetry,
                           time_limit=time_limit)
    # + "fpuzzles", "sudokupad" links, and "variant_words" for a variant
    return _with_words({**made.to_json(), **share_links(made.grid)}, made.grid)


def cmd_setter(args: Json) -> Json:
    """The setter's panel: solutions (none / one / several), the givens and rule items that
    can go, why there is no solution, and the level so far, within `time_limit`."""
    return setter_report(_grid(args), time_limit=_budget(args)).to_json()


def cmd_tools(args: Json) -> Json:
    """The setter's drawing tools for a shape (docs/protocol.md "tools"): per drawable rule,
    how the page takes its cells and the JSON item it writes; the page knows no rule."""
    shape = _box_shape(args, None) or Shape(3, 3)
    return {**frame(shape), "tools": tools(shape.size)}


def cmd_isomorph(args: Json) -> Json:
    """The puzzle through a random isomorphism (same level, same solution count; a variant's
    cages and regions move with the cells, in the reply's `variant`); with `solution`, the
    solution mapped the same way. `seed` makes the draw repeatable."""
    grid = _grid(args)
    seed = args.get("seed")
    if seed is not None and not (_is_int(seed) and seed >= 0):
        raise BadRequest("seed must be a whole number, 0 or more")
    iso = random_isomorphism(grid.shape, random.Random(seed))
    image = iso.apply(grid)
    out: Json = {"puzzle": image.line(), **frame(image.shape), "values": list(image.cells)}
    solution = _givens(args, grid, "solution")
    if solution is not None:
        out["solution_values"] = list(iso.apply(solution).cells)
    return out


def cmd_scan(args: Json) -> Json:
    """A picture's puzzle: ``width``, ``height`` and ``gray`` (base64 of width*height grey
    bytes, row by row, 0 black), as the page's canvas gives them; ``size`` and ``box`` when
    the lines cannot tell."""
    width, height, gray = args.get("width"), args.get("height"), args.get("gray")
    if not (_is_int(width) and _is_int(height)):
        raise BadRequest("width and height must be whole numbers of pixels")
    width, height = cast(int, width), cast(int, height)
    if width < 1 or height < 1:
        raise BadRequest(f"the image is {width}x{height} pixels: width and height must be 1 "
                         f"or more")
    if width * height > MAX_PIXELS:
        raise ScanError(f"the image is {width}x{height} pixels: more than {MAX_PIXELS:,}; "
                        f"shrink it first")
    if not isinstance(gray, str):
        raise BadRequest("gray must be a base64 string of width*height grey bytes")
    if len(gray) > 4 * (width * height + 2) // 3 + 4:
        raise BadRequest(f"gray holds {len(gray):,} base64 characters: more than "
                         f"{width}x{height} bytes need")
    try:
        pixels = base64.b64decode(gray, validate=True)
    except (binascii.Error, ValueError):
        raise BadRequest("gray is not valid base64") from None
    size = args.get("size")
    if size is not None and (not _is_int(size) or size not in SCAN_SIZES):
        raise BadRequest(f"size must be one of {', '.join(map(str, SCAN_SIZES))}, not {size!r}")
    shape = _box_shape(args, size) if args.get("box") is not None else None
    result = scan_image(Gray(width, height, pixels), time_limit=_budget(args), size=size,
                        shape=shape)
    return result.to_json()


COMMANDS: dict[str, Callable[[Json], Json]] = {
    "version": cmd_version,
    "parse": cmd_parse,
    "check": cmd_check,
    "candidates": cmd_candidates,
    "geometry": cmd_geometry,
    "warm": cmd_warm,
    "validate": cmd_validate,
    "solve": cmd_solve,
    "true_candidates": cmd_true_candidates,
    "format": cmd_format,
    "export": cmd_format,
    "hint": cmd_hint,
    "steps": cmd_steps,
    "prepare": cmd_prepare,
    "rate": cmd_rate,
    "generate": cmd_generate,
    "isomorph": cmd_isomorph,
    "setter": cmd_setter,
    "tools": cmd_tools,
    "scan": cmd_scan,
}


def _error(exc: BaseException) -> Json:
    if isinstance(exc, ParseError):
        return {"type": type(exc).__name__, "message": str(exc), "line": exc.line,
                "column": exc.column, "char": exc.char}
    if isinstance(exc, (SudokuError, BadRequest)):
        return {"type": type(exc).__name__, "message": str(exc)}
    # Anything else is a bug of ours, not the user's request: say so.
    return {"type": "InternalError", "message": f"{type(exc).__name__}: {exc}"}


class _LongNumber(Exception):
    """A JSON integer longer than Python reads (its own message names its internals)."""


def _int(digits: str) -> int:
    if len(digits) > MAX_INT_DIGITS:
        raise _LongNumber(len(digits.lstrip("-")))
    return int(digits)


def _load(request_json: str) -> Json:
    try:
        request = json.loads(request_json, parse_int=_int)
    except RecursionError:
        raise BadRequest("request is nested too deeply") from None
    except _LongNumber as exc:
        raise BadRequest(f"request holds a number of {exc.args[0]} digits: too long for a "
                         "size, seed, time limit or cell value") from None
    except (ValueError, TypeError) as exc:
        raise BadRequest(f"request is not JSON: {exc}") from None
    if not isinstance(request, dict):
        raise BadRequest("request must be a JSON object")
    return request


# The emitter of the request being answered, for commands that send partial results: a
# context variable, so that it is this request's alone.
_STREAM: ContextVar[Callable[[Json], object] | None] = ContextVar("sudoku_core_stream",
                                                                   default=None)


def handle(request_json: str, emit: Callable[[str], object] | None = None) -> str:
    """Answer one JSON request with one JSON reply; never raises.

    ``emit`` (the page's worker passes one) receives partial results as JSON strings
    ``{"id", "partial": ...}`` before the reply, for requests that ask for them (``steps``
    with ``stream``); a failing emitter stops the request like any error.
    """
    rid: Any = None
    try:
        request = _load(request_json)
        rid = request.get("id")
        if not (_is_int(rid) or isinstance(rid, str)):
            rid = None
        cmd = request.get("cmd")
        args = request.get("args", {})
        if not isinstance(args, dict):
            raise BadRequest("args must be a JSON object")
        fn = COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if fn is None:
            raise BadRequest(f"unknown command {cmd!r}; known: {', '.join(COMMANDS)}")
        if emit is not None:
            send = emit
            request_id = rid
            token = _STREAM.set(lambda part: send(json.dumps({"id": request_id, "partial": part},
                                                             separators=(",", ":"))))
        try:
            result = fn(args)
        finally:
            if emit is not None:
                _STREAM.reset(token)
        return json.dumps({"id": rid, "result": result}, separators=(",", ":"))
    except Exception as exc:  # the facade's promise: every failure becomes a reply
        return json.dumps({"id": rid, "error": _error(exc)}, separators=(",", ":"))
