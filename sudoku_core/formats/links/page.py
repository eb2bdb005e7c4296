"""The web page's own share links: ``index.html#p=<givens>[&e=<entries>][&box=RxC][&v=...]``.

``v=`` holds a variant's rules: the ``"variant"`` JSON (docs/protocol.md), percent-encoded.

Up to 35x35 a cell is one symbol ('.' empty, 1-9 then A-Z); above, cells are numbers
separated by ',' (0 empty). Keys the page adds for itself (marks, colours) are ignored here.
"""

from __future__ import annotations

import json
from math import isqrt
from urllib.parse import quote

from ...model.errors import LinkError, SudokuError
from ...model.grid import MAX_SYMBOL_SIZE, Grid, Shape
from ...model.variants import variant_from_json
from ..sizes import count_error, is_supported, shape_for_size
from .base import Link, Param, PuzzleLink, kept_entries, number_cells, symbol_cells

SITE = "page"


def format_link(givens: Grid, entries: Grid | None = None) -> str:
    """The hash of the page's link: '#p=<givens>[&e=<entries>][&box=RxC]'."""
    parts = ["p=" + _cells(givens)]
    if entries is not None:
        parts += _entries_part(givens, entries)
    shape = givens.shape
    if shape.variant is not None:
        rules = json.dumps(shape.variant.to_json(), separators=(",", ":"))
        parts.append("v=" + quote(rules, safe=""))
    if shape.classic != shape_for_size(givens.size):
        parts.append(f"box={shape.box_rows}x{shape.box_cols}")
    return "#" + "&".join(parts)


def _entries_part(givens: Grid, entries: Grid) -> list[str]:
    """['e=...'] for the entries on the givens' empty cells, or [] when there are none."""
    kept = kept_entries(givens, entries)
    return ["e=" + _cells(Grid(givens.shape, kept))] if any(kept) else []


def _cells(grid: Grid) -> str:
    """One symbol per cell up to 35x35, else numbers separated by ','."""
    if grid.size > MAX_SYMBOL_SIZE:
        return ",".join(str(v) for v in grid.cells)
    return "".join(grid.shape.symbol(v) for v in grid.cells)


def read_page_link(link: Link, shape: Shape | None) -> PuzzleLink:
    """Givens and entries of a page link (its hash holds 'p=')."""
    p = link.fragment.get("p")
    if p is None:
        raise LinkError("this link has no puzzle: expected '#p=' followed by the cells")
    givens_values, n = _values(p, None)
    box = link.fragment.get("box")
    try:
        if shape is None and box is not None:
            shape = Shape.parse(box.value, n)
        shape = shape or (shape_for_size(n) if is_supported(n) else None)
    except SudokuError as err:
        raise box.error(SITE, str(err)) if box is not None else err from None
    if shape is None or shape.size != n:
        raise p.error(SITE, str(count_error(n * n, shape)))
    v = link.fragment.get("v")
    if v is not None and v.value.strip():
        try:
            shape = shape.with_variant(variant_from_json(json.loads(v.value), n))
        except (ValueError, SudokuError) as err:  # JSONDecodeError is a ValueError
            raise v.error(SITE, f"the variant rules (v=) cannot be read: {err}") from None
    givens = Grid(shape, tuple(givens_values))
    e = link.fragment.get("e")
    entries = None
    if e is not None and e.value.strip():
        values, _ = _values(e, n)
        if len(values) != n * n:
            raise e.error(SITE, f"the entries have {len(values)} cells, the puzzle {n * n}")
        entries = Grid(shape, tuple(0 if g else v for g, v in zip(givens_values, values,
                                                                   strict=True)))
    return PuzzleLink(SITE, givens, entries)


def _values(param: Param, n: int | None) -> tuple[list[int], int]:
    """Cell values of 'p' or 'e' and the grid size (found from the cell count when None)."""
    text = param.value
    if "," in text:
        count = text.count(",") + 1
    else:
        # The page drops spaces (and '+', a space in a query) that a mail program put in.
        text = "".join(ch for ch in text if not ch.isspace() and ch != "+")
        count = len(text)
    if n is None:
        n = isqrt(count)
        if n * n != count or not is_supported(n):
            raise param.error(SITE, str(count_error(count, None)))
    if "," in param.value:
        return number_cells(param, SITE, n), n
    exact = Param(param.key, text, param.start, param.exact and text == param.value)
    return symbol_cells(exact, SITE, n), n
