"""parse(): read one puzzle in any supported format, finding out which one it is."""

from __future__ import annotations

from ..model.errors import BEYOND_INPUT, ParseError, SudokuError, beyond_input
from ..model.expect import expect
from ..model.grid import MAX_SYMBOL_SIZE, Grid, Shape
from .jsonio import parse_json
from .links import is_csv_row, is_link, read_csv_row, read_link
from .scan import LINE_BREAK, SECTION, SPACES
from .sizes import is_supported, shape_for_size
from .text import CHAR_VALUE, read_text
from .variant_text import has_variant_text, read_variant_text

# The largest honest input is a 64x64 pencil-mark grid (1.15 M characters, 1.9 MB of UTF-8
# with 2x32 boxes); anything longer is refused before any real work, so a runaway paste
# fails at once.
MAX_TEXT = 3 << 19

# Fast path: the one-line form is a run of N*N single-byte symbols; translate maps each
# byte to its value (255 for anything else) in C, so a whole line costs one call.
_BYTE_VALUE = bytes(CHAR_VALUE.get(chr(b), 255) for b in range(256))
_SIZE_OF_LENGTH = {n * n: n for n in range(4, MAX_SYMBOL_SIZE + 1) if is_supported(n)}
_JSON_START = "{[\""


def parse(text: str, shape: Shape | None = None) -> Grid:
    """Read one puzzle: one-line, rows, framed grids, numbers, JSON, .ss, .sdk, a link or a
    CSV row (links and rows give their givens; read_parts keeps entries apart)."""
    expect("parse", text=(text, str), shape=(shape, (Shape, type(None))))
    if len(text) > MAX_TEXT:
        raise ParseError(
            f"the input is too long ({len(text):,} characters); a puzzle is at most "
            f"{MAX_TEXT:,} characters"
        )
    body = text.strip()
    n = _SIZE_OF_LENGTH.get(len(body))
    if n is not None and (shape is None or shape.size == n) and body.isascii():
        values = body.encode("ascii").translate(_BYTE_VALUE)
        if max(values) <= n:
            return Grid(shape or shape_for_size(n), tuple(values))
    try:
        return _parse_any(text, shape)
    except SudokuError:
        raise
    except BEYOND_INPUT as err:
        raise ParseError(beyond_input(err)) from None


def _parse_any(text: str, shape: Shape | None) -> Grid:
    """The slow path: find the format, then read it."""
    body = text.strip(SPACES + "\r\n")
    if not body:
        raise ParseError("no puzzle found: the input is empty")
    if is_link(body):
        return read_link(text, shape).givens
    first = LINE_BREAK.split(body, maxsplit=1)[0]
    try:
        if body[0] in _JSON_START and not SECTION.match(first):
            return parse_json(text.lstrip("\ufeff"), shape, _parse_any)  # json refuses a BOM
        if has_variant_text(body):
            return read_variant_text(body, shape)
        return read_text(text, shape)
    except SudokuError:
        if is_csv_row(body):  # 'puzzle,solution': its own error says which field is wrong
            return read_csv_row(text, shape, _parse_any).givens
        raise
