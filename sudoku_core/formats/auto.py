"""parse() and read_parts(): one puzzle in any supported format. The text is classified once
(kind.py) and read by the one reader for its kind (READERS); no reader calls back here."""

from __future__ import annotations

from collections.abc import Callable
from math import isqrt

from ..model.errors import BEYOND_INPUT, ParseError, SudokuError, beyond_input
from ..model.expect import expect
from ..model.grid import Grid, Shape
from .csv_row import is_csv_row, read_csv_row
from .jsonio import decode_json, grid_from_json, json_entries
from .kind import Kind, classify
from .links import read_link
from .links.base import PuzzleLink
from .scan import SPACES
from .sizes import shape_for_size
from .text import empty_input, one_line_values, read_text
from .variant_text import read_variant_text

# The largest honest input is a 64x64 pencil-mark grid (1.15 M characters, 1.9 MB of UTF-8
# with 2x32 boxes); anything longer is refused before any real work, so a runaway paste
# fails at once.
MAX_TEXT = 3 << 19

Reader = Callable[[str, "Shape | None"], PuzzleLink]


def _empty(text: str, shape: Shape | None) -> PuzzleLink:
    raise empty_input()


def _json(text: str, shape: Shape | None) -> PuzzleLink:
    data = decode_json(text.lstrip("\ufeff"))  # json refuses a BOM
    if isinstance(data, str):
        # A quoted puzzle ('"https://...?bd=..."', '"puzzle,solution"'): the text inside, read
        # for its own kind; when that fails, a row of quoted fields is read as the row it is.
        try:
            return _read(classify(data), data, shape)
        except SudokuError:
            if not is_csv_row(text):
                raise
        return read_csv_row(text, shape)
    return PuzzleLink("text", grid_from_json(data, shape))


def _variant(text: str, shape: Shape | None) -> PuzzleLink:
    return PuzzleLink("text", read_variant_text(text.strip(SPACES + "\r\n"), shape))


def _text(text: str, shape: Shape | None) -> PuzzleLink:
    return PuzzleLink("text", read_text(text, shape))


# The one reader for each kind: links and CSV rows keep their entries and solution apart; the
# text kinds differ in layout only, which read_text tells by itself. A BATCH read as one
# puzzle (parse reads one) is its lines' cells together, as the grid reader reads them.
READERS: dict[Kind, Reader] = {
    Kind.EMPTY: _empty,
    Kind.LINK: read_link,
    Kind.CSV: read_csv_row,
    Kind.JSON: _json,
    Kind.VARIANT: _variant,
    Kind.PENCIL: _text,
    Kind.GRID: _text,
    Kind.LINE: _text,
    Kind.BATCH: _text,
}


def parse(text: str, shape: Shape | None = None) -> Grid:
    """Read one puzzle: one-line, rows, framed grids, numbers, JSON, .ss, .sdk, a link or a
    CSV row (links and rows give their givens; read_parts keeps entries apart)."""
    expect("parse", text=(text, str), shape=(shape, (Shape, type(None))))
    _check_length(text)
    values = one_line_values(text.strip(), shape.size if shape is not None else None)
    if values is not None:  # the fast path: one line of symbols, as in most batches
        return Grid(shape or shape_for_size(isqrt(len(values))), tuple(values))
    return _read(classify(text), text, shape).givens


def read_parts(text: str, shape: Shape | None = None) -> PuzzleLink:
    """Givens apart from entries (and a solution): from a link, a CSV row or JSON with
    "entries"; any other puzzle text gives its givens alone (site 'text')."""
    _check_length(text)
    kind = classify(text)
    found = _read(kind, text, shape)
    if kind is Kind.JSON:
        entries = json_entries(text, found.givens)
        if entries is not None:
            return PuzzleLink("json", found.givens, entries)
    return found


def _check_length(text: str) -> None:
    if len(text) > MAX_TEXT:
        raise ParseError(
            f"the input is too long ({len(text):,} characters); a puzzle is at most "
            f"{MAX_TEXT:,} characters"
        )


def _read(kind: Kind, text: str, shape: Shape | None) -> PuzzleLink:
    """The reader of ``kind``; an error from below the input (too deep, too big) says so."""
    try:
        return READERS[kind](text, shape)
    except SudokuError:
        raise
    except BEYOND_INPUT as err:
        raise ParseError(beyond_input(err)) from None
