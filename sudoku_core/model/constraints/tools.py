"""The setter's drawing tools: per rule the page can draw, how it is drawn and what it writes.

The page knows no rule (docs/page.md): the setter's tool bar, the way a tool takes cells
(a line dragged, cells painted, two neighbours, one cell, a clue outside the grid, a switch)
and the JSON item a drawing becomes all come from here, built from the constraint table's
rows. The page fills an item's placeholders and sends the variant back; the engine then reads
it (``variant_from_json``) and refuses a broken item by name.

Placeholders in ``item`` (strings): ``"@cells"`` the cells drawn, in order; ``"@head"`` the
first one as a list, ``"@tail"`` the others; ``"@value"`` the number the setter typed;
``"@values"`` the digits typed (a value whose ``list`` is true); ``"@copy"`` the second group
of a ``groups`` drawing (both groups in reading order, so a shifted copy pairs cell by cell).
A ``region`` tool's item is the placeholder ``"@map"`` itself: the region index of every cell,
which replaces the rule's value (as a switch's ``true`` does) instead of adding an item. An
outside tool lists its ``places``: the outside spot ``at`` ([row, column], -1 or N off the
grid), the direction its clue reads (``toward``, [dr, dc]), the cells it covers and the
fields (``fields``) merged into the item.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import VariantError
from ..variants import variant_from_json
from . import TABLE
from .base import ConstraintType
from .little_killer import STEPS
from .sandwich import AXES, ENDS, clue_cell, line_cells, sandwich_most

Json = dict[str, Any]

INPUTS = ("line", "cells", "pair", "cell", "outside-line", "outside-diagonal", "flag", "corner",
          "groups", "region")


@dataclass(frozen=True)
class Tool:
    """How one rule is drawn: its input, the number asked (if any) and its item template."""

    json_key: str
    input: str  # one of INPUTS
    item: object  # the JSON item with placeholders, or True for a switch
    # The number asked: {"name", "min", "max"} (+ "optional": may be left out, "default":
    # the prompt's first answer), or {"name", "choices"}; None when none is asked. With
    # "list": true, digits min .. max, at most "most" of them (+ "distinct": none twice).
    value: Json | None = None
    least: int = 1  # cells a drawing needs before it becomes an item
    ends: bool = False  # an outside clue that reads from its own end (X-sum, skyscraper)


def _line(key: str, least: int = 2) -> Tool:
    return Tool(key, "line", {"cells": "@cells"}, least=least)


def _digits(n: int, most: int, distinct: bool) -> Json:
    """The digits asked for a quadruple's circle or a cell's given candidates."""
    return {"name": "digits", "list": True, "min": 1, "max": n, "most": most,
            **({"distinct": True} if distinct else {})}


def _tools(n: int) -> tuple[Tool, ...]:
    """The drawable rules of an N x N grid, in the table's order (see ``tools``)."""
    total = n * (n + 1) // 2
    lines = ("thermometers", "slow_thermometers", "renban", "palindromes",
             "region_sum_lines", "entropic_lines", "modular_lines", "zipper_lines")
    flags = ("diagonals", "windows", "anti_knight", "anti_king", "kropki_negative",
             "xv_negative", "nonconsecutive", "diagonal_plus", "diagonal_minus",
             "disjoint_groups")
    return (
        *(Tool(key, "flag", True) for key in flags),
        Tool("cages", "cells", {"cells": "@cells", "sum": "@value"},
             {"name": "sum", "min": 1, "max": total, "optional": True}),
        *(_line(key) for key in lines),
        # German whispers differ by 5 on 9x9: half the digits, rounded up, on any size.
        Tool("whispers", "line", {"cells": "@cells", "difference": "@value"},
             {"name": "difference", "min": 1, "max": n - 1, "default": (n + 1) // 2}),
        Tool("arrows", "line", {"circle": "@head", "cells": "@tail"}),
        _line("double_arrows", 3), _line("between_lines", 3),
        Tool("little_killers", "outside-diagonal", {"cells": "@cells", "sum": "@value"},
             {"name": "sum", "min": 1, "max": n * n}),
        Tool("sandwiches", "outside-line", {"sum": "@value"},
             {"name": "sum", "min": 0, "max": sandwich_most(n)}),
        Tool("x_sums", "outside-line", {"sum": "@value"},
             {"name": "sum", "min": 1, "max": total}, ends=True),
        Tool("skyscrapers", "outside-line", {"count": "@value"},
             {"name": "count", "min": 1, "max": n}, ends=True),
        Tool("white_dots", "pair", {"cells": "@cells"}, least=2),
        Tool("black_dots", "pair", {"cells": "@cells"}, least=2),
        Tool("xv", "pair", {"cells": "@cells", "sum": "@value"},
             {"name": "sum", "choices": [5, 10]}, least=2),
        *(Tool(key, "cell", {"cells": "@cells"}) for key in ("odd", "even", "minimums",
                                                             "maximums")),
        Tool("extra_regions", "cells", {"cells": "@cells"}),
        # Jigsaw: every cell painted into one of N regions, the whole map one drawing.
        Tool("regions", "region", "@map", least=n * n),
        # A quadruple's circle stands on the corner of the (up to) four cells around it.
        Tool("quadruples", "corner", {"cells": "@cells", "digits": "@values"},
             _digits(n, 4, False), least=2),
        Tool("clones", "groups", {"cells": "@cells", "copy": "@copy"}),
        Tool("given_candidates", "cell", {"cells": "@cells", "digits": "@values"},
             _digits(n, n, True)),
        *(Tool(key, "cells", {"cells": "@cells"}) for key in ("column_indexers",
                                                             "row_indexers", "box_indexers")),
    )


def _outside_lines(n: int, ends: bool) -> Iterator[Json]:
    """Every clue place beside a row or column: its spot and the fields of its item."""
    for axis in AXES:
        for index in range(n):
            for end in ENDS:
                r, c = clue_cell(n, axis, index, end)
                fields: Json = {axis: index, **({"end": end} if ends else {})}
                dr, dc = (0, 1 if end == "start" else -1) if axis == "row" else \
                    (1 if end == "start" else -1, 0)
                yield {"at": [r, c], "toward": [dr, dc],
                       "cells": list(line_cells(n, axis, index, end)), "fields": fields}


def _outside_diagonals(n: int) -> Iterator[Json]:
    """Every little killer place: an outside spot and a direction whose diagonal meets the
    grid. A lone corner cell's diagonal is kept once (from above or below the grid)."""
    seen: set[int] = set()  # the corner cells whose one-cell diagonal is kept
    for r in range(-1, n + 1):
        for c in range(-1, n + 1):
            if 0 <= r < n and 0 <= c < n:
                continue
            for dr, dc in sorted(STEPS.values()):
                cells = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < n and 0 <= cc < n:
                    cells.append(rr * n + cc)
                    rr, cc = rr + dr, cc + dc
                if not cells or (len(cells) == 1 and (r not in (-1, n) or cells[0] in seen)):
                    continue
                seen.update(cells[:1] if len(cells) == 1 else ())
                yield {"at": [r, c], "toward": [dr, dc], "cells": cells, "fields": {}}


def _places(tool: Tool, n: int) -> list[Json]:
    if tool.input == "outside-line":
        return list(_outside_lines(n, tool.ends))
    if tool.input == "outside-diagonal":
        return list(_outside_diagonals(n))
    return []


# A drawing each input could make on any grid of 4x4 or more (r1c1, r1c2, r1c3; a corner's
# r1c1, r1c2, r2c1, r2c2 given by the size).
_SAMPLE = {"line": [0, 1, 2], "cells": [0, 1], "pair": [0, 1], "cell": [0], "groups": [0, 1]}


def _sample_cells(tool: Tool, n: int) -> list[int]:
    if tool.input == "corner":
        return [0, 1, n, n + 1]
    return _SAMPLE.get(tool.input, [])


def _fits(tool: Tool, n: int) -> bool:
    """True when the rule can stand on an N x N grid at all (an entropic line needs N
    divisible by 3): a sample drawing is read as the engine reads the setter's."""
    places = _places(tool, n)
    cells, fields = (places[0]["cells"], places[0]["fields"]) if places else \
        (_sample_cells(tool, n), {})
    value = tool.value or {}
    number: object = value.get("default", (value.get("choices") or [None])[0])
    if value.get("list"):
        number = [1]
    elif "min" in value and "default" not in value:  # two a cell: a sum any line can make
        number = max(value["min"], min(value["max"], 2 * len(cells)))
    # A second group a row below; a map whose regions are the rows.
    item = fill({"item": tool.item}, cells, number, fields,
                copy=[c + n for c in cells], regions=[c // n for c in range(n * n)])
    try:
        variant_from_json({tool.json_key: item if tool.item is True or tool.item == "@map"
                           else [item]}, n)
    except VariantError:
        return False
    return True


def _row(key: str) -> ConstraintType:
    return next(row for row in TABLE if row.json_key == key)


def tools(n: int) -> list[Json]:
    """The setter's tools for an N x N grid, one per drawable rule: its ``type`` (the CLI's
    name), ``json_key``, ``words``, ``rules`` (the table's sentence), ``input``, ``value``
    (the number asked, or None), ``least`` (cells needed), ``item`` (the template) and, for a
    clue outside the grid, its ``places``."""
    out = []
    order = {row.json_key: k for k, row in enumerate(TABLE)}
    for tool in sorted(_tools(n), key=lambda t: order[t.json_key]):
        if not _fits(tool, n):
            continue
        row = _row(tool.json_key)
        entry: Json = {"type": row.name, "json_key": tool.json_key, "words": row.words,
                       "rules": row.rules_text, "input": tool.input, "value": tool.value,
                       "least": tool.least, "item": tool.item}
        places = _places(tool, n)
        if places:
            entry["places"] = places
        out.append(entry)
    return out


def fill(tool: Json, cells: list[int], value: object, fields: Json | None = None, *,
         copy: list[int] | None = None, regions: list[int] | None = None) -> object:
    """The item a drawing makes (what the page does, for tests): placeholders replaced.
    ``value`` is the number typed, or the digits typed for a ``list`` value; ``copy`` a
    groups drawing's second group; ``regions`` a region drawing's map (the whole item)."""
    template = tool["item"]
    if template is True:
        return True
    if template == "@map":
        return regions
    parts = {"@cells": cells, "@head": cells[:1], "@tail": cells[1:], "@value": value,
             "@values": value, "@copy": copy}
    item = {k: parts.get(v, v) if isinstance(v, str) else v for k, v in template.items()}
    item = {k: v for k, v in item.items() if v is not None}
    return {**item, **(fields or {})}


__all__ = ["INPUTS", "fill", "tools"]
