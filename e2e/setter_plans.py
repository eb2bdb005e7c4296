"""A puzzle to set for every tool the engine offers (e2e/test_setter_every_type.py): what to draw,
the givens to type and the solution, all worked out here from the engine's own answers (its
tools list, its `solve` and `geometry` commands, in this process) and a solved grid, never
written in by hand.

For a rule drawn on cells, the solved grid is the engine's solution of the empty grid, and the
drawing is the first one of its input (a line, painted cells, a pair, a cell, a corner, two
groups, a clue outside the grid) with the first value the engine finds true of that grid, such
that the givens alone leave several solutions (up to TRIES drawings). For a switch the solved
grid is the engine's solution with the rule on (a switch no grid keeps alone, "no other dots",
starts from a link with the dots of the base solution); for a jigsaw, with the region map
below. The givens are the solution's, left out one by one in a fixed order while the puzzle
with the rule stays unique (the engine counts)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any

from sudoku_core.model.constraints.tools import fill, tools
from sudoku_core.web_api import handle

BOX = [2, 3]
N = 6
# A 6x6 jigsaw: six connected regions of six cells, none of them a box (the engine checks it).
JIGSAW = [0, 0, 0, 1, 1, 1,
          2, 0, 0, 1, 1, 3,
          2, 2, 0, 1, 3, 3,
          2, 2, 4, 5, 3, 3,
          2, 4, 4, 5, 5, 3,
          4, 4, 4, 5, 5, 5]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
ROOK = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def ask(cmd: str, **args: Any) -> dict[str, Any]:
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": cmd, "args": {"box": BOX, **args}})))
    if "error" in reply:
        raise ValueError(reply["error"]["message"])
    return dict(reply["result"])


def solve(cells: list[int], variant: dict[str, Any] | None) -> dict[str, Any]:
    return ask("solve", cells=cells, **({"variant": variant} if variant else {}))


def count(cells: list[int], variant: dict[str, Any] | None) -> str:
    """The setter panel's words for the solutions: 'none', 'one' or 'several'."""
    r = solve(cells, variant)
    if r["status"] != "solved":
        return "none"
    return "one" if r["unique"] else "several"


@dataclass
class Plan:
    """One puzzle to set: the tool, what to draw and type, the solution, what to expect."""

    tool: dict[str, Any]
    solution: list[int]
    variant: dict[str, Any]
    strokes: list[list[int]] = field(default_factory=list)  # cells pressed through, in order
    spot: tuple[float, float, float, float] | None = None  # outside: r, c, dx, dy
    corner: tuple[int, int] | None = None  # the grid crossing tapped: row line, column line
    value: str | None = None  # typed in the setter panel
    givens: list[int] = field(default_factory=list)
    before: str = ""  # the report for the givens alone ('none', 'one', 'several')
    label: str = ""  # what a drawn cell's aria-label says of the rule ('' for none)
    start: dict[str, Any] = field(default_factory=dict)  # rules the starting link holds
    cell: int = -1  # that drawn cell

    @property
    def line(self) -> str:
        return "".join(str(v) for v in self.solution)


def _paths(step: list[tuple[int, int]], lengths: range) -> Iterator[list[int]]:
    """Simple paths of the given lengths, from r1c1 on, each move one step of `step`."""
    def grow(path: list[int]) -> Iterator[list[int]]:
        if len(path) in lengths:
            yield path
        if len(path) >= lengths.stop - 1:
            return
        r, c = divmod(path[-1], N)
        for dr, dc in step:
            rr, cc = r + dr, c + dc
            if 0 <= rr < N and 0 <= cc < N and rr * N + cc not in path:
                yield from grow([*path, rr * N + cc])
    for start in range(N * N):
        yield from grow([start])


def _walk(cells: list[int]) -> list[int]:
    """A walk through connected cells, side by side, going back where it must (a painted
    stroke: every move ends in a neighbour of the cell it leaves)."""
    todo = set(cells)
    out = [cells[0]]
    todo.discard(cells[0])
    stack = [cells[0]]
    while stack:
        r, c = divmod(stack[-1], N)
        nxt = next((x for x in ((r + dr) * N + c + dc for dr, dc in ROOK
                                if 0 <= r + dr < N and 0 <= c + dc < N) if x in todo), None)
        if nxt is None:
            stack.pop()
            if stack and todo:
                out.append(stack[-1])
            continue
        todo.discard(nxt)
        stack.append(nxt)
        out.append(nxt)
    assert not todo, f"cells not connected: {sorted(todo)}"
    return out


def _values(spec: dict[str, Any] | None) -> list[Any]:
    if spec is None:
        return [None]
    if "choices" in spec:
        return list(spec["choices"])
    if "default" in spec:  # the prompt's first answer (a whisper's difference of 3 on 6x6)
        return [spec["default"]]
    if spec.get("list"):
        pick = combinations if spec.get("distinct") else combinations_with_replacement
        return [list(p) for p in pick(range(spec["min"], spec["max"] + 1), 2)]
    return list(range(spec["min"], spec["max"] + 1))


def _drawings(tool: dict[str, Any], s: list[int]) -> Iterator[dict[str, Any]]:
    """Candidate drawings of the tool's input, simplest first."""
    kind = tool["input"]
    least = max(1, tool["least"])
    if kind == "line":
        for path in _paths(KING, range(max(least, 2), 5)):
            yield {"cells": path, "strokes": [path]}
    elif kind in ("cells", "cell", "pair"):
        lengths = {"cell": range(1, 2), "pair": range(2, 3)}.get(kind, range(max(least, 2), 4))
        for path in _paths(ROOK, lengths):
            yield {"cells": path, "strokes": [path]}
    elif kind == "corner":
        for r in range(1, N):
            for c in range(1, N):
                cells = [(r - 1) * N + c - 1, (r - 1) * N + c, r * N + c - 1, r * N + c]
                yield {"cells": cells, "corner": (r, c)}
    elif kind == "groups":
        for a in _paths(ROOK, range(2, 3)):
            shift = [(b - a[0]) for b in a]
            for start in range(a[0] + 1, N * N):
                copy = [start + d for d in shift]
                if all(x < N * N for x in copy) and divmod(copy[-1], N)[0] - divmod(start, N)[0] \
                        == divmod(a[-1], N)[0] - divmod(a[0], N)[0] and not set(a) & set(copy):
                    yield {"cells": sorted(a), "copy": sorted(copy), "strokes": [a, copy]}
    elif kind.startswith("outside"):
        for place in tool["places"]:
            r, c = place["at"]
            dr, dc = place["toward"]
            yield {"cells": place["cells"], "fields": place["fields"],
                   "spot": (r, c, 0.3 * dc, 0.3 * dr)}


def _kept(tool: dict[str, Any], s: list[int]) -> Iterator[tuple[dict[str, Any], Any]]:
    """The drawings (and values) of the tool that the solved grid keeps, simplest first."""
    key = tool["json_key"]
    for drawing in _drawings(tool, s):
        for value in _values(tool["value"]):
            item = fill(tool, drawing["cells"], value, drawing.get("fields"),
                        copy=drawing.get("copy"))
            try:
                if solve(s, {key: [item]})["status"] == "solved":
                    yield {**drawing, "item": item}, value
                    break
            except ValueError:  # an item the engine refuses (a sum out of reach ...)
                continue


TRIES = 40  # drawings tried for one whose puzzle needs it


def _placed(tool: dict[str, Any], s: list[int]) -> tuple[dict[str, Any], Any, list[int]]:
    """A drawing the solved grid keeps, its value and givens, such that the givens alone do
    not make the puzzle unique (the drawing is needed); else the first one found."""
    first = None
    for k, (drawing, value) in enumerate(_kept(tool, s)):
        givens = _givens(s, {tool["json_key"]: [drawing["item"]]})
        first = first or (drawing, value, givens)
        if count(givens, None) != "one" or k >= TRIES:
            return drawing, value, givens
    if first is None:
        raise AssertionError(f"no {tool['json_key']} drawing holds in {s}")
    return first


def _givens(solution: list[int], variant: dict[str, Any]) -> list[int]:
    """The solution's digits, left out one by one (a fixed scattered order) while the puzzle
    with the rule stays unique."""
    givens = list(solution)
    for k in range(N * N):
        cell = (k * 7) % (N * N)
        trial = givens.copy()
        trial[cell] = 0
        if count(trial, variant) == "one":
            givens = trial
    return givens


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return "".join(str(d) for d in value) if isinstance(value, list) else str(value)


def _label(variant: dict[str, Any]) -> tuple[str, int]:
    """What the page writes into a drawn cell's name (the engine's drawing labels)."""
    for shape in ask("geometry", variant=variant).get("drawing", []):
        if shape.get("label") and shape.get("cells"):
            return str(shape["label"]), int(shape["cells"][0])
    return "", -1


def _pair_clues(s: list[int]) -> dict[str, Any]:
    """Every clue of the pair tools (dots, XV) the solved grid keeps, one per pair of
    neighbours: what a negative rule ("all dots are given") needs drawn beside it."""
    out: dict[str, list[Any]] = {}
    pairs = [[a, a + 1] for a in range(N * N) if a % N < N - 1] + \
        [[a, a + N] for a in range(N * N - N)]
    # The pairs without a number (the dots): XV pairs are a rule of their own.
    for tool in (t for t in tools(N) if t["input"] == "pair" and t["value"] is None):
        for cells in pairs:
            if any(cells in [i["cells"] for i in items] for items in out.values()):
                continue
            for value in _values(tool["value"]):
                item = fill(tool, cells, value)
                if solve(s, {tool["json_key"]: [item]})["status"] == "solved":
                    out.setdefault(tool["json_key"], []).append(item)
                    break
    return out


def _flag(tool: dict[str, Any]) -> Plan:
    """A switch: the engine's solution with it on; a switch that no grid keeps alone (all the
    dots given, none drawn) starts from a link holding the pair clues of the base solution."""
    key = tool["json_key"]
    alone = solve([0] * (N * N), {key: True})
    if alone["status"] == "solved":
        return Plan(tool, alone["values"], {key: True})
    start = _pair_clues(_base())
    return Plan(tool, _base(), {**start, key: True}, start=start)


def plan(tool: dict[str, Any]) -> Plan:
    key = tool["json_key"]
    if tool["input"] == "flag":
        p = _flag(tool)
    elif tool["input"] == "region":
        variant = {key: JIGSAW}
        p = Plan(tool, solve([0] * (N * N), variant)["values"], variant,
                 strokes=[_walk([c for c in range(N * N) if JIGSAW[c] == k]) for k in range(N)])
    else:
        base = _base()
        drawing, value, givens = _placed(tool, base)
        p = Plan(tool, base, {key: [drawing["item"]]},
                 strokes=[_walk(s) if tool["input"] in ("cells", "groups") else s
                          for s in drawing.get("strokes", [])],
                 spot=drawing.get("spot"), corner=drawing.get("corner"), value=_text(value),
                 givens=givens)
    if not p.givens:
        p.givens = _givens(p.solution, p.variant)
    p.before = count(p.givens, p.start or None)
    p.label, p.cell = _label(p.variant)
    return p


@cache
def _base() -> list[int]:
    return list(solve([0] * (N * N), None)["values"])


def every_tool() -> list[dict[str, Any]]:
    return tools(N)
