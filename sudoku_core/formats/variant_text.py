"""The plain-text form of a variant puzzle: the grid, then ``rules:``, ``regions:``, ``cages:``.

    53..7....            any grid text the classic reader takes (one line, rows, frames)
    6..195...
    ...
    rules: x, windoku, antiknight, antiking
    regions:             Jigsaw: N lines of N region symbols (any symbol names one region)
    AAABBBCCC
    ...
    cages:               Killer: one cage a line, its sum (optional) then its cells
    15: r1c1 r1c2 r2c1
    r5c5 r5c6            (a cage without a sum: its digits only differ)

Described for people in docs/variants.md.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from ..model.constraints import JIGSAW, KILLER, PLACED, PLACED_SECTION, TABLE, by_json_key
from ..model.constraints.base import RULES_SECTION as RULES
from ..model.constraints.killer import Cage
from ..model.errors import ParseError, VariantError, quoted
from ..model.grid import MAX_SYMBOL_SIZE, Grid, Shape, cell_name
from ..model.variants import Variant, combine, parse_names, rules_of, variant_from_json
from .drawing import format_rows
from .scan import LINE_BREAK
from .text import read_text

# rules, regions, cages, then 'constraints:' (the placed rules' JSON, one object)
SECTIONS = tuple(dict.fromkeys(row.text_section for row in TABLE))
HEADER = re.compile(rf"^\s*({'|'.join(SECTIONS)})\s*:\s*(.*?)\s*$", re.IGNORECASE)
_BEFORE = ", ".join(f"'{s}:'" for s in SECTIONS[:-1]) + f" or '{SECTIONS[-1]}:'"
# ASCII digits only ('²' is a digit to \d and to int()); a cell's row and column have at most
# two digits (64x64), a sum at most MAX_SUM_DIGITS: longer numbers are refused in words.
_CELL = re.compile(r"^r([0-9]{1,3})c([0-9]{1,3})$", re.IGNORECASE)
_CAGE = re.compile(r"^\s*(?:([0-9]+)\s*[:=])?\s*(.*?)\s*$")
MAX_SUM_DIGITS = 6  # a 64x64 grid's largest cage, all 4,096 cells, sums to 133,120


def has_variant_text(text: str) -> bool:
    """True when some line starts a ``rules:``, ``regions:`` or ``cages:`` section."""
    return any(HEADER.match(line) for line in LINE_BREAK.split(text))


def read_variant_text(text: str, shape: Shape | None) -> Grid:
    """Read the grid part with the classic reader, then the sections into a Variant."""
    lines = LINE_BREAK.split(text)
    start = next(i for i, line in enumerate(lines) if HEADER.match(line))
    grid_text = "\n".join(lines[:start])
    if not grid_text.strip():
        raise ParseError(f"variant text: the grid comes first, before {_BEFORE}",
                         line=start + 1)
    grid = read_text(grid_text, shape.classic if shape is not None else None)
    n = grid.size
    sections: dict[str, tuple[int, str, list[tuple[int, str]]]] = {}
    current = ""
    for number, line in enumerate(lines[start:], start + 1):
        m = HEADER.match(line)
        if m:
            current = m.group(1).lower()
            if current in sections:
                raise ParseError(f"variant text: a second '{current}:' section", line=number)
            sections[current] = (number, m.group(2), [])
        elif line.strip():
            sections[current][2].append((number, line))
    names: tuple[str, ...] = ()
    if RULES in sections:
        number, inline, more = sections[RULES]
        words = ",".join([inline] + [ln for _, ln in more])
        try:
            names = parse_names(words.replace(" ", ","))
        except VariantError as exc:
            raise ParseError(f"variant text: {exc}", line=number) from None
        for row in TABLE:
            if not row.is_flag and row.name in names:
                raise ParseError(f"variant text: '{row.name}' comes from the "
                                 f"'{row.text_section}:' section, not from '{RULES}:'",
                                 line=number)
    variant = rules_of(names)
    if JIGSAW.text_section in sections:
        variant = replace(variant, regions=_regions(sections[JIGSAW.text_section], n))
    if KILLER.text_section in sections:
        number, inline, more = sections[KILLER.text_section]
        rows = ([(number, inline)] if inline else []) + more
        variant = replace(variant, cages=tuple(_cage(line, at, n) for at, line in rows))
    if PLACED_SECTION in sections:
        variant = _placed(sections[PLACED_SECTION], variant, n)
    return Grid(grid.shape.with_variant(variant), grid.cells)


def _placed(section: tuple[int, str, list[tuple[int, str]]], variant: Variant,
            n: int) -> Variant:
    """The 'constraints:' section: the placed rules as the JSON ``variant`` object holds them
    (thermometers, arrows, dots ...: docs/constraints.md), on one line or several."""
    number, inline, more = section
    body = "\n".join([inline] + [ln for _, ln in more])
    try:
        obj = json.loads(body)
    except ValueError as exc:
        raise ParseError(f"variant text: the '{PLACED_SECTION}:' section must be a JSON object "
                         f"such as {{\"thermometers\": [{{\"cells\": [0, 1, 2]}}]}} ({exc})",
                         line=number) from None
    if not isinstance(obj, dict) or not all(by_json_key(str(k)) in PLACED for k in obj):
        bad = next((str(k) for k in obj if by_json_key(str(k)) not in PLACED), "") if (
            isinstance(obj, dict)) else ""
        raise ParseError(f"variant text: the '{PLACED_SECTION}:' section holds placed rules "
                         f"only (thermometers, arrows ...)" + (f", not {bad!r}" if bad else ""),
                         line=number)
    try:
        placed = variant_from_json(obj, n)
    except VariantError as exc:
        raise ParseError(f"variant text: {exc}", line=number) from None
    return combine(variant, placed)


def _regions(section: tuple[int, str, list[tuple[int, str]]], n: int) -> tuple[int, ...]:
    number, inline, more = section
    rows = ([(number, inline)] if inline else []) + more
    if len(rows) != n:
        raise ParseError(f"variant text: the region map has {len(rows)} lines; a {n}x{n} grid "
                         f"needs {n}", line=number)
    ids: dict[str, int] = {}
    out: list[int] = []
    shape = Shape.for_size(n) if n != 4 else Shape(2, 2)
    tokens_all = [t for _, ln in rows for t in _row_tokens(ln, n)]
    numbered = {t: shape.value_of(t) for t in set(tokens_all)}
    if len(numbered) == n and all(numbered.values()):
        # Region numbers 1..N as the writer puts them: kept, so a map reads back the same.
        ids = {t: v - 1 for t, v in numbered.items() if v}
    for at, line in rows:
        tokens = _row_tokens(line, n)
        if len(tokens) != n:
            raise ParseError(f"variant text: region line has {len(tokens)} cells; a {n}x{n} "
                             f"grid needs {n}", line=at)
        for token in tokens:
            out.append(ids.setdefault(token, len(ids)))
    if len(ids) != n:
        raise ParseError(f"variant text: the region map names {len(ids)} regions; a {n}x{n} "
                         f"grid needs {n}", line=number)
    return tuple(out)


def _row_tokens(line: str, n: int) -> list[str]:
    body = line.strip()
    return body.split() if len(body.replace(" ", "")) != n else list(body.replace(" ", ""))


def _cage(line: str, at: int, n: int) -> Cage:
    m = _CAGE.match(line)
    assert m is not None  # the pattern matches any line
    digits = m.group(1) or ""
    if len(digits) > MAX_SUM_DIGITS:
        raise ParseError(f"variant text: the cage sum {quoted(digits)} is far larger than any "
                         "cage holds", line=at)
    total = int(digits) if digits else None
    cells = []
    for token in re.split(r"[\s,;]+", m.group(2)):
        if not token:
            continue
        cm = _CELL.match(token)
        if cm is None:
            raise ParseError(f"variant text: cage cell {quoted(token)} is not a cell such as r1c1",
                             line=at)
        r, c = int(cm.group(1)), int(cm.group(2))
        if not (1 <= r <= n and 1 <= c <= n):
            raise ParseError(f"variant text: cage cell {token} is off the {n}x{n} grid",
                             line=at)
        cells.append((r - 1) * n + c - 1)
    if not cells:
        raise ParseError("variant text: a cage line needs its cells, such as '15: r1c1 r1c2'",
                         line=at)
    return Cage(tuple(cells), total)


def format_variant_text(grid: Grid) -> str:
    """The grid as rows, then the sections its rules need (a classic grid: the rows only)."""
    text = format_rows(Grid(grid.shape.classic, grid.cells))
    variant = grid.shape.variant
    if variant is None:
        return text
    n = grid.size
    parts = [text.rstrip("\n")]
    flags = [row.name for row in TABLE if row.is_flag and row.present(variant)]
    if flags:
        parts.append(f"{RULES}: " + ", ".join(flags))
    if JIGSAW.present(variant):
        parts.append(f"{JIGSAW.text_section}:")
        sep = "" if n <= MAX_SYMBOL_SIZE else " "
        sym = grid.shape.classic.symbol
        for r in range(n):
            row = variant.regions[r * n:(r + 1) * n]
            parts.append(sep.join(sym(k + 1) if n <= MAX_SYMBOL_SIZE else str(k + 1)
                                  for k in row))
    if KILLER.present(variant):
        parts.append(f"{KILLER.text_section}:")
        for cage in variant.cages:
            cells = " ".join(cell_name(c, n) for c in cage.cells)
            parts.append(cells if cage.total is None else f"{cage.total}: {cells}")
    placed = {row.json_key: row.json_value(variant) for row in PLACED
              if not row.flag and row.present(variant)}
    if placed:
        parts.append(f"{PLACED_SECTION}: {json.dumps(placed)}")
    return "\n".join(parts) + "\n"

