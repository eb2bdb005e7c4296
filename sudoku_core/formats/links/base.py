"""What every site's module shares: the PuzzleLink record, a link cut into parts, the readers'
cell helpers."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from math import isqrt
from urllib.parse import unquote

from ...model.errors import LinkError, ShapeError, VariantError
from ...model.grid import SYMBOLS, Grid, Shape
from ..sizes import count_error, is_supported, shape_for_size, sized, symbols_hint
from .about import About
from .codecs.lzstring import LZStringError, decompress

# Cells as the page's links and most sites write them: '.', '0', '_' or '-' for an empty cell.
EMPTY = frozenset(".0_-")
_URL = re.compile(
    r"^(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*):)?(?://(?P<host>[^/?#]*))?"
    r"(?P<path>[^?#]*)(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?$",
    re.DOTALL,
)
HOST = re.compile(r"^(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?::\d+)?$")
_FILE = re.compile(r"\.(?:html?|php|aspx?|jsp)$", re.IGNORECASE)


@dataclass(frozen=True)
class PuzzleLink:
    """A puzzle read from a link or a record: the givens, and what the source kept apart."""

    site: str  # where it came from: "page", "SudokuWiki", "f-puzzles", "csv", "text", ...
    givens: Grid
    entries: Grid | None = None  # the player's own values (empty cells of givens only)
    solution: Grid | None = None  # a CSV row's solution column
    # The player's pencil work where the source keeps it (f-puzzles data): per cell, in cell
    # order, the centre marks, the corner marks, and the colours as the source wrote them
    # (e.g. '#ffa0a0'); None when the source has none.
    centre: tuple[tuple[int, ...], ...] | None = None
    corner: tuple[tuple[int, ...], ...] | None = None
    colours: tuple[tuple[str, ...], ...] | None = None
    about: About | None = None  # the title, author and rules the link carries (about.py)


@dataclass(frozen=True)
class Param:
    """One ``key=value`` of a query or hash: the value percent-decoded, and where it sits."""

    key: str
    value: str
    start: int  # 0-based offset of the raw value in the link
    exact: bool  # the value is the raw text (no %-escapes), so offsets map one to one

    def error(self, site: str, message: str, index: int | None = None) -> LinkError:
        """LinkError for this parameter, at character ``index`` of its value when known."""
        where = f'{site} link, parameter "{self.key}"'
        if index is None:
            return LinkError(f"{where}: {message}")
        char = self.value[index] if index < len(self.value) else None
        column = self.start + index + 1 if self.exact else None
        return LinkError(f"{where}, character {index + 1}: {message}", column=column, char=char)


@dataclass(frozen=True)
class Link:
    """A link cut into host, path, query and hash (``host`` lower-case, no 'www.', no port)."""

    text: str
    host: str
    path: str
    path_start: int
    query: dict[str, Param] = field(default_factory=dict)
    fragment: dict[str, Param] = field(default_factory=dict)


def split_link(text: str) -> Link:
    """Cut a URL, 'host/path?query#hash' or a bare '#hash' / '?query' into its parts."""
    m = _URL.match(text)
    assert m is not None  # every part of the pattern is optional
    host = m.group("host") or ""
    path, path_start = m.group("path"), m.start("path")
    if not host and not m.group("scheme"):
        first = path.split("/", 1)[0]
        if HOST.match(first) and not _FILE.search(first):
            host = first
            path, path_start = path[len(first):], path_start + len(first)
    host = host.rsplit("@", 1)[-1].split(":", 1)[0].lower().removeprefix("www.")
    query = _params(m.group("query"), m.start("query")) if m.group("query") else {}
    fragment = _params(m.group("fragment"), m.start("fragment")) if m.group("fragment") else {}
    return Link(text, host, path, path_start, query, fragment)


def _params(text: str, start: int) -> dict[str, Param]:
    """``key=value`` pairs separated by '&' (the first of a repeated key wins)."""
    out: dict[str, Param] = {}
    at = start
    for part in text.split("&"):
        key, eq, raw = part.partition("=")
        value_at = at + len(key) + len(eq)
        at += len(part) + 1
        if not part or key in out:
            continue
        try:
            value = unquote(raw, errors="strict")
        except UnicodeDecodeError:
            raise LinkError(
                f'parameter "{key}": its %-escapes are not UTF-8 text', column=value_at + 1
            ) from None
        out[key] = Param(key, value, value_at, value == raw)
    return out


def kept_entries(givens: Grid, entries: Grid) -> tuple[int, ...]:
    """The entries on the givens' empty cells (0 on given cells); ValueError when the two
    grids differ in shape or an entry contradicts a given."""
    if entries.shape != givens.shape:
        raise ValueError(f"the entries are {entries.shape}, the givens {givens.shape}")
    n = givens.size
    for cell, (g, e) in enumerate(zip(givens.cells, entries.cells, strict=True)):
        if g and e and e != g:
            raise ValueError(
                f"r{cell // n + 1}c{cell % n + 1} holds the given {g}; an entry cannot change it"
            )
    return tuple(0 if g else e for g, e in zip(givens.cells, entries.cells, strict=True))


def symbol_cells(param: Param, site: str, n: int, text: str | None = None) -> list[int]:
    """Values of a run of one-character cells (1-9 then A-Z, case-insensitive; '.', '0',
    '_' or '-' empty) in an N x N puzzle; LinkError names the first bad character."""
    text = param.value if text is None else text
    out = []
    for k, ch in enumerate(text):
        if ch in EMPTY:
            out.append(0)
            continue
        v = SYMBOLS.find(ch.upper()) + 1
        if not 0 < v <= n:
            raise param.error(site, f"{ch!r} is not a symbol of {sized(n)} puzzle "
                                    f"({symbols_hint(min(n, len(SYMBOLS)))})", k)
        out.append(v)
    return out


def number_cells(param: Param, site: str, n: int) -> list[int]:
    """Values of cells written as numbers separated by ',' (0 or nothing for empty)."""
    out = []
    at = 0
    for k, part in enumerate(param.value.split(",")):
        text = part.strip()
        if text in ("", "."):
            out.append(0)
        elif text.isascii() and text.isdigit() and len(text) <= 3 and int(text) <= n:
            out.append(int(text))
        else:
            shown = text if len(text) <= 12 else text[:12] + "..."
            raise param.error(
                site, f"cell {k + 1}: {shown!r} is not a value of {sized(n)} puzzle "
                      f"(numbers 1-{n}, 0 for an empty cell)", at)
        at += len(part) + 1
    return out


def grid_of(values: list[int], param: Param, site: str, shape: Shape | None) -> Grid:
    """The grid that a run of cell values makes (its size from the count)."""
    n = isqrt(len(values))
    if shape is None and n * n == len(values) and is_supported(n):
        shape = shape_for_size(n)
    if shape is None or shape.cell_count != len(values):
        raise param.error(site, str(count_error(len(values), shape)))
    return Grid(shape, tuple(values))


def decompressed(param: Param, site: str) -> str:
    """The lz-string data of a parameter, decompressed."""
    data = param.value.replace(" ", "+")  # a '+' that a query decoder turned into a space
    try:
        return decompress(data)
    except LZStringError as exc:
        at = exc.position if exc.position is not None and exc.position < len(data) else None
        raise param.error(site, f"the compressed puzzle is damaged: {exc}", at) from None


def shape_for(size: int, shape: Shape | None, param: Param, site: str) -> Shape:
    """The box shape of a site's N x N grid."""
    if shape is not None:
        if shape.size != size:
            raise param.error(site, f"the puzzle is {size}x{size}, not {shape.size}x{shape.size}")
        return shape
    if not is_supported(size):
        raise param.error(site, f"{sized(size)} grid has no box shape this package reads "
                                f"(sizes 4 to 64 that are not prime)")
    return shape_for_size(size)


def cell_value(value: object, n: int, cell: str, param: Param, site: str) -> int:
    """A cell's value: an integer or a numeral 1..N; nothing for an empty cell."""
    if value is None or value == "":
        return 0
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 3:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= n:
        return value
    if isinstance(value, (list, dict)):
        shown = "a list" if isinstance(value, list) else "an object"
    else:
        shown = json.dumps(value[:20] if isinstance(value, str) else value)
    raise param.error(site, f"{cell}: {shown} is not a value of {sized(n)} puzzle (1-{n})")


def refuse_variant(site: str, extras: Iterable[str],
                   read: str = "only classic sudoku is read") -> None:
    """LinkError for a puzzle with rules beyond what ``read`` says is read."""
    names = list(dict.fromkeys(extras))
    if names:
        shown = ", ".join(names[:4]) + (", ..." if len(names) > 4 else "")
        raise LinkError(f"this {site} link holds a variant with {shown}; {read}")


def classic_nine(givens: Grid, site: str) -> None:
    """Refuse what a site of classic 9x9 puzzles cannot hold (SudokuWiki, sudoku.coach)."""
    if givens.shape.variant is not None:
        raise VariantError(f"{site} links hold classic puzzles, not "
                           f"{givens.shape.variant.describe()} rules; use an f-puzzles link")
    if givens.size != 9:
        raise ShapeError(f"{site} links hold 9x9 puzzles, not {sized(givens.size)} one")
