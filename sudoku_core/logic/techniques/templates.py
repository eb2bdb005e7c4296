"""Templates: Template Set and Template Delete, one digit at a time.

A template of a digit is one of its possible final patterns: one cell in every row, never two
in a column, a box (or any other unit), each cell holding the digit already or marking it. The
digit's true cells form one template, so a cell that every template holds is the digit (Template
Set), and a candidate that no template holds is false (Template Delete). Templates of different
digits in one solution share no cell: a template of d that meets every template of some other
digit is not the true one, and is dropped before the cells are read (the combined check, as the
expert tools refine their templates, one round; it compares only digits with few enough
templates to list). A digit the combined check narrows gives a second step after its plain one:
the plain step is what a tool without the check reports, the second one the stronger result.

The templates are never listed one by one to find the cells they use: the search goes row by
row, remembering which other units are taken, and a row's cell is live when some way of taking
the rows above reaches it and some way of filling the rows below goes on from it. A state the
search cannot finish within its caps gives no step for that digit, which is always sound.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model.budget import check
from ...model.candidates import Candidates
from ...solver.bitboards import cells_of
from .base import Step
from .single_digit import digits, make_step, names, removal_text

MAX_STATES = 200_000  # per digit: (row, units taken) pairs the search may remember
MAX_TEMPLATES = 5000  # per digit: past this the combined check is skipped for the state

Choice = tuple[int, int]  # (cell, bitmask of the cell's units other than its row)


def iter_template_set(c: Candidates, combined: bool = True) -> Iterator[Step]:
    """Per digit, the cells every template of it holds (and no value yet): one step each, and
    one more when the combined check adds to it."""
    before: dict[int, list[tuple[int, int]]] = {}
    for d, live, joint in _readings(c, combined):
        places = [(x, d) for x in _every_template(c, d, live) if not c.values[x]]
        if places and places != before.get(d):
            before[d] = places
            yield _step(c, "Template Set", d, live, joint, places=places)


def iter_template_delete(c: Candidates, combined: bool = True) -> Iterator[Step]:
    """Per digit, the candidates of it that no template holds: one step each, and one more
    when the combined check adds to it."""
    before: dict[int, list[tuple[int, int]]] = {}
    for d, live, joint in _readings(c, combined):
        elims = [(x, d) for x in range(len(c.masks))
                 if not c.values[x] and c.has(x, d) and not live >> x & 1]
        if elims and elims != before.get(d):
            before[d] = elims
            yield _step(c, "Template Delete", d, live, joint, eliminations=elims)


def _every_template(c: Candidates, d: int, live: int) -> list[int]:
    """The cells that are the only live cell of their row."""
    geo = c.geometry
    out = []
    for r in range(c.size):
        row = 0
        for x in geo.units[r]:
            row |= 1 << x
        mine = live & row
        if mine and not mine & (mine - 1):
            out.append(mine.bit_length() - 1)
    return out


def _choices(c: Candidates, d: int) -> list[list[Choice]] | None:
    """Per row, the cells that may take the digit (a row that holds it: that cell only)."""
    geo = c.geometry
    n = c.size
    out = []
    for r in range(n):
        row = geo.units[r]
        placed = [x for x in row if c.values[x] == d]
        cells = placed or [x for x in row if not c.values[x] and c.has(x, d)]
        if not cells:
            return None  # a row with no place for the digit: a broken state, nothing to read
        out.append([(x, sum(1 << u for u in geo.units_of[x] if u != r)) for x in cells])
    return out


# Template Set and Template Delete read the same search: the last state's answer is kept.
Reading = tuple[int, int, bool]  # (digit, cells on some template, after the combined check)
_last: tuple[tuple[object, ...], list[Reading]] = ((), [])


def _readings(c: Candidates, combined: bool) -> list[Reading]:
    """Per digit whose search finished, the cells some template holds; then, per digit the
    combined check narrows, the cells some template left holds."""
    global _last
    key = (c.shape, tuple(c.masks), tuple(c.values), combined)
    if _last[0] != key:
        _last = (key, _search(c, combined))
    return list(_last[1])


def _search(c: Candidates, combined: bool) -> list[Reading]:
    choices = {d: ch for d in range(1, c.size + 1) if (ch := _choices(c, d)) is not None}
    live: dict[int, int] = {}
    for d, ch in choices.items():
        found = _live(ch)
        if found:  # none: past the cap; 0: no template at all, a broken state
            live[d] = found
    out = [(d, cells, False) for d, cells in live.items()]
    if combined and len(live) == len(choices) == c.size:
        out += [(d, cells, True) for d, cells in _refine(choices).items() if cells != live[d]]
    return out


def _live(choices: list[list[Choice]]) -> int | None:
    """Cells on some template, or None when the search passed its cap."""
    rows = len(choices)
    memo: dict[tuple[int, int], bool] = {}

    def feasible(r: int, used: int) -> bool:
        if r == rows:
            return True
        key = (r, used)
        got = memo.get(key)
        if got is None:
            if len(memo) >= MAX_STATES:
                raise _TooBig
            if len(memo) % 4096 == 0:
                check()
            got = any(not used & m and feasible(r + 1, used | m) for _, m in choices[r])
            memo[key] = got
        return got

    live = 0
    layer = {0}
    try:
        for r in range(rows):
            nxt = set()
            for used in layer:
                for x, m in choices[r]:
                    if not used & m and feasible(r + 1, used | m):
                        live |= 1 << x
                        nxt.add(used | m)
            layer = nxt
    except _TooBig:
        return None
    return live


class _TooBig(Exception):
    """The search passed its cap: no answer for this digit."""


def _templates(choices: list[list[Choice]]) -> list[int] | None:
    """Every template as a cell bitmask, or None past MAX_TEMPLATES."""
    out: list[int] = []
    rows = len(choices)
    nodes = [0]

    def go(r: int, used: int, cells: int) -> None:
        nodes[0] += 1
        if nodes[0] % 4096 == 0:
            check()
            if nodes[0] >= MAX_STATES:
                raise _TooBig  # dead ends without number: no list, no combined check
        if r == rows:
            out.append(cells)
            if len(out) > MAX_TEMPLATES:
                raise _TooBig
            return
        for x, m in choices[r]:
            if not used & m:
                go(r + 1, used | m, cells | 1 << x)

    try:
        go(0, 0, 0)
    except _TooBig:
        return None
    return out


def _refine(choices: dict[int, list[list[Choice]]]) -> dict[int, int]:
    """Live cells, for each digit with few enough templates, after dropping each template
    that meets every template of another digit with few enough (its list is complete)."""
    every: dict[int, list[int]] = {}
    for d, ch in choices.items():
        check()
        found = _templates(ch)
        if found:
            every[d] = found
    # One round, every digit against the others' full lists (not repeated to a fixed point:
    # that would solve most puzzles in one step, which is no template step a person knows).
    out = {}
    for d, mine in every.items():
        live = 0
        for t in mine:
            check()
            if all(any(not t & u for u in theirs) for e, theirs in every.items() if e != d):
                live |= t
        if live:  # none left: a broken state (the true template is never dropped)
            out[d] = live
    return out


def _step(c: Candidates, technique: str, d: int, live: int, combined: bool,
          places: list[tuple[int, int]] | None = None,
          eliminations: list[tuple[int, int]] | None = None) -> Step:
    sym = c.shape.symbol(d)
    what = f"template of {sym} (one {sym} a row, column and box, on its marks"
    what += ", leaving room for a template of every other digit)" if combined else ")"
    if places:
        why = f"every {what} holds {names(c, [x for x, _ in places])}"
        result = f"place {sym} at {names(c, [x for x, _ in places])}"
    else:
        why = f"no {what} holds them"
        result = removal_text(c, eliminations or ())
    placed = set(places or ())
    return make_step(
        technique,
        f"{technique} on {sym}: {why}: {result}",
        placements=places or (),
        eliminations=eliminations or (),
        candidates=[(x, d, "key") for x in cells_of(live) if not c.values[x]
                    and (x, d) not in placed],
        region=f"templates of {digits(c, 1 << (d - 1))}",
    )
