"""Turn scanned tokens into a grid: cells as numbers, as characters, or as pencil marks."""

from __future__ import annotations

from ..model.errors import CellCountError, ParseError, SudokuError, SymbolError
from ..model.grid import MAX_SYMBOL_SIZE, SYMBOLS, Grid, Shape
from .scan import LINE_BREAK, SPACES, Scan, Token, scan
from .sizes import (
    count_error,
    is_supported,
    shape_for_count,
    shape_for_size,
    sized,
    symbols_hint,
)

EMPTY_MARKS = ".0_"
CHAR_VALUE: dict[str, int] = {ch: 0 for ch in EMPTY_MARKS}
CHAR_VALUE.update({s: v for v, s in enumerate(SYMBOLS, 1)})
CHAR_VALUE.update({s.lower(): v for v, s in enumerate(SYMBOLS, 1) if s.isalpha()})
# The one-line form is a run of N*N single-byte symbols; translate maps each byte to its
# value (255 for anything else) in C, so a whole line costs one call.
_BYTE_VALUE = bytes(CHAR_VALUE.get(chr(b), 255) for b in range(256))
_SIZE_OF_LENGTH = {n * n: n for n in range(4, MAX_SYMBOL_SIZE + 1) if is_supported(n)}


def one_line_values(line: str, size: int | None = None) -> bytes | None:
    """The values of ``line`` (stripped) when it is one puzzle in the one-line form, N*N
    symbols (N = ``size`` when given); None when it is anything else."""
    n = _SIZE_OF_LENGTH.get(len(line))
    if n is None or (size is not None and size != n) or not line.isascii():
        return None
    values = line.encode("ascii").translate(_BYTE_VALUE)
    return values if max(values) <= n else None


def token_value(text: str, n: int) -> int | None:
    """Value of one token in an N x N puzzle: a symbol, a number up to N, or an empty mark."""
    if len(text) == 1:
        v = CHAR_VALUE.get(text)
        if v is None or v > n or (n > MAX_SYMBOL_SIZE and v > 9):
            return None
        return v
    if len(text) == 2 and text.isascii() and text.isdigit():
        v = int(text)
        return v if v <= n else None
    return None


def _is_pencil_marks(text: str, n: int) -> bool:
    """True for an empty cell written as its candidates: '2479', '(5)', or '3/17/40' above 35."""
    if text.startswith("(") and text.endswith(")"):
        return bool(token_value(text[1:-1], n))
    if n > MAX_SYMBOL_SIZE:
        parts = text.split("/")
        return len(parts) > 1 and all(token_value(p, n) for p in parts)
    return len(text) > 1 and all(0 < CHAR_VALUE.get(ch, 99) <= n for ch in text)


def _as_numbers(tokens: list[Token], n: int) -> list[int] | None:
    """Each token is one cell; None if one is not a value."""
    out = []
    letters = digits2 = False
    for tok in tokens:
        v = token_value(tok.text, n)
        if v is None:
            return None
        letters = letters or tok.text.isalpha()
        digits2 = digits2 or len(tok.text) == 2
        out.append(v)
    # Numbers above 9 come either as letters or as numbers, never both: a mix is a
    # pencil-mark grid whose two-digit candidate sets happen to look like numbers.
    return None if letters and digits2 else out


def _as_pencil_marks(tokens: list[Token], n: int) -> list[int] | None:
    """Each token is a value or, for an empty cell, its candidates; None if one is neither."""
    out = []
    for tok in tokens:
        v = token_value(tok.text, n)
        if v is not None and (len(tok.text) == 1 or n > MAX_SYMBOL_SIZE):
            out.append(v)
        elif _is_pencil_marks(tok.text, n):
            out.append(0)
        else:
            return None
    return out


def _as_chars(tokens: list[Token], n: int) -> list[int] | None:
    """Each character is one cell; None if one is not a symbol."""
    if n > MAX_SYMBOL_SIZE:
        return None
    get = CHAR_VALUE.get
    out = [get(ch, 99) for tok in tokens for ch in tok.text]
    return out if max(out) <= n else None


def empty_input() -> ParseError:
    """The error for text that holds nothing but spaces."""
    return ParseError("no puzzle found: the input is empty")


def read_cells(text: str, shape: Shape | None) -> Grid:
    """Cells written as text inside another format: a JSON "cells" string, a CSV field."""
    if not text.strip(SPACES + "\r\n"):
        raise empty_input()
    return read_text(text, shape)


def read_text(text: str, shape: Shape | None) -> Grid:
    """Read a grid written as text (any layout but JSON)."""
    sc = scan(text)
    tokens = sc.tokens
    if not tokens:
        raise ParseError("no puzzle found: the input holds no cells")
    t, c = len(tokens), sc.chars
    by_token = shape_for_count(t, shape)
    if by_token is not None:
        n = by_token.size
        cells = _as_numbers(tokens, n)
        if cells is None and t != c and sc.bars and all(k == n for k in sc.per_line):
            cells = _as_pencil_marks(tokens, n)
        if cells is not None:
            _check_rows(sc, n, by_chars=False)
            return Grid(_drawn_shape(sc, by_token, shape, by_chars=False), tuple(cells))
    by_char = shape_for_count(c, shape) if c != t else None
    if by_char is not None:
        cells = _as_chars(tokens, by_char.size)
        if cells is not None:
            _check_rows(sc, by_char.size, by_chars=True)
            return Grid(_drawn_shape(sc, by_char, shape, by_chars=True), tuple(cells))
    fields = _as_fields(text, shape)
    if fields is not None:
        return fields
    labelled = _as_labelled(sc, shape)
    if labelled is not None:
        return labelled
    raise _explain(sc, shape)


def _check_rows(sc: Scan, n: int | None, *, by_chars: bool) -> None:
    """Refuse a grid whose rows hold different numbers of cells: read as one run of cells, the
    right total would put cells in the wrong places and answer another puzzle. A text of one
    row per line (n lines, n the size read; or L lines of at most L cells, L a grid size, as
    when spaces were typed for empty cells) must have every row full."""
    lines = len(sc.lines)
    if lines < 2:
        return
    rows = sc.cells_per_line(by_chars)
    width = n if lines == n else lines if is_supported(lines) and max(rows) <= lines else 0
    if not width or all(k == width for k in rows):
        return
    number, k = next((number, k) for number, k in zip(sc.lines, rows, strict=True) if k != width)
    raise CellCountError(
        f"{k} cells on this line, but each row of {sized(width)} puzzle has {width} (the "
        f"{lines} lines are read as its rows; mark an empty cell with '.', '0' or '_')",
        line=number)


def _label(k: int) -> tuple[str, str]:
    """The two ways to name row or column ``k`` (0-based): '3' or 'C'."""
    return str(k + 1), chr(ord("A") + k) if k < 26 else ""


def _is_header(tokens: list[Token], n: int) -> bool:
    """True for a line of column names: 1 2 3 ... N (or A B C ...), spaced or not."""
    text = "".join(tok.text for tok in tokens).upper()
    numbers, letters = ("".join(_label(k)[way] for k in range(n)) for way in (0, 1))
    return text in (numbers, letters)


def _as_labelled(sc: Scan, shape: Shape | None) -> Grid | None:
    """A grid with coordinates but no frame: column names on a line above the rows and/or
    a row name (1, 2, ... or A, B, ...) before each row, as people copy them from a page."""
    by_line: dict[int, list[Token]] = {}
    for tok in sc.tokens:
        by_line.setdefault(tok.line, []).append(tok)
    lines = list(by_line.values())
    for header in (True, False):
        rows = _unlabelled_rows(lines, shape, header=header)
        if rows is None:
            continue
        n = len(rows)
        cells: list[int] | None = None
        if all(len(row) == n for row in rows):
            cells = _as_numbers([tok for row in rows for tok in row], n)
        elif all(sum(len(tok.text) for tok in row) == n for row in rows):
            cells = _as_chars([tok for row in rows for tok in row], n)
        if cells is not None:
            return Grid(shape or shape_for_size(n), tuple(cells))
    return None


def _unlabelled_rows(lines: list[list[Token]], shape: Shape | None, *,
                     header: bool) -> list[list[Token]] | None:
    """The rows with their column names (``header``) and row names taken off, None unless
    the lines are labelled that way and their count is a grid size."""
    body = lines[1:] if header else lines
    n = len(body)
    if (shape.size != n) if shape is not None else not is_supported(n):
        return None
    if header and not _is_header(lines[0], n):
        return None
    named = all(
        len(row) > 1 and row[0].text.upper().rstrip(":") in _label(k)
        for k, row in enumerate(body)
    )
    if not header and not named:
        return None
    return [row[1:] if named else row for row in body]


def _drawn_shape(sc: Scan, found: Shape, given: Shape | None, *, by_chars: bool) -> Shape:
    """The box shape drawn with bars and rules (a 3x2 grid printed by `show`), unless the
    caller gave one; else the shape the cell count makes."""
    if given is not None or not sc.bars and not sc.rules:
        return found
    drawn = sc.drawn_box(found.size, by_chars)
    return Shape(*drawn) if drawn is not None else found


def _as_fields(text: str, shape: Shape | None) -> Grid | None:
    """Rows of tab- or comma-separated fields where an empty field is an empty cell."""
    # This is what a spreadsheet gives when its cells are copied: '5\t3\t\t\t7\t\t\t\t'.
    sep = "\t" if "\t" in text else "," if "," in text else None
    if sep is None:
        return None
    rows = [ln.split(sep) for ln in LINE_BREAK.split(text) if ln.strip(" ")]
    n = len(rows)
    if shape is not None and shape.size != n:
        return None
    if shape is None:
        if not is_supported(n):
            return None
        shape = shape_for_size(n)
    values: list[int] = []
    for row in rows:
        if len(row) == n + 1 and not row[-1].strip():
            row = row[:-1]  # a separator at the end of the line
        if len(row) != n:
            return None
        for field in row:
            v = token_value(field.strip(), n) if field.strip() else 0
            if v is None:
                return None
            values.append(v)
    return Grid(shape, tuple(values))


def _numeric(tokens: list[Token]) -> bool:
    """True when the tokens look like separated numbers (some have two digits)."""
    return all(
        len(t.text) == 1 or (len(t.text) == 2 and t.text.isascii() and t.text.isdigit())
        for t in tokens
    )


# Every puzzle line has a digit or an empty mark: its values 1..N start with 1-9.
_CELL_MARKS = frozenset("0123456789._")
NOT_A_PUZZLE = ("not a puzzle: no grid, link or puzzle line found (expected cells such as "
                "'53..7....6..195...', with '.' or '0' for an empty cell, a link or JSON)")


def _explain(sc: Scan, shape: Shape | None) -> SudokuError:
    """The most helpful error for tokens that make no grid."""
    tokens = sc.tokens
    if all(_CELL_MARKS.isdisjoint(tok.text) for tok in tokens) and any(
            ch.isalpha() for tok in tokens for ch in tok.text):
        # Words ('hello world'), not a grid with a cell too many: a count would mislead
        # (binary junk, with no letters, is shown by its first bad character instead).
        return ParseError(NOT_A_PUZZLE)
    t, c = len(tokens), sc.chars
    numeric = _numeric(tokens)
    if shape is None:
        # Lines that look like the rows of a grid, some short or long: say which.
        _check_rows(sc, None, by_chars=not (numeric and t != c))
    by_token = shape_for_count(t, shape)
    by_char = shape_for_count(c, shape)
    if by_token is not None and (t == c or numeric or by_char is None):
        n = by_token.size
        for tok in tokens:
            if token_value(tok.text, n) is None:
                return symbol_error(tok.text, n, tok.line, tok.column)
        return ParseError(f"{t} cells found, but they mix letters and two-digit numbers")
    err = _char_error(tokens, by_char.size, c) if by_char is not None else None
    if err is None:
        err = _unknown_char(tokens, shape)
    if err is not None:
        return err
    by_number = numeric and t != c
    return _cell_count_error(sc, t if by_number else c, shape, by_chars=not by_number)


def _char_error(tokens: list[Token], n: int, c: int) -> SudokuError | None:
    """The error of ``c`` one-character cells that make an N x N puzzle, if any."""
    if n > MAX_SYMBOL_SIZE:
        return ParseError(
            f"{c} characters make {sized(n)} puzzle, which needs numbers separated by "
            f"spaces or commas: one-character symbols stop at Z (35)"
        )
    for tok in tokens:
        for k, ch in enumerate(tok.text):
            if CHAR_VALUE.get(ch, 99) > n:
                return symbol_error(ch, n, tok.line, tok.column + k)
    return None


def _unknown_char(tokens: list[Token], shape: Shape | None) -> SymbolError | None:
    """The error of the first character that is no puzzle symbol at all, if any."""
    for tok in tokens:
        for k, ch in enumerate(tok.text):
            if ch not in CHAR_VALUE:
                if shape is not None:
                    return symbol_error(ch, shape.size, tok.line, tok.column + k)
                return SymbolError(
                    f"{ch!r} is not a puzzle symbol (expected 1-9, A-Z, or '.', '0', '_' for "
                    f"an empty cell)",
                    line=tok.line, column=tok.column + k, char=ch,
                )
    return None


def _cell_count_error(sc: Scan, count: int, shape: Shape | None, *,
                      by_chars: bool) -> SudokuError:
    """No grid has ``count`` cells: say so, with the lines' length when they are alike."""
    err = count_error(count, shape)
    counts = set(sc.cells_per_line(by_chars=by_chars))
    if len(sc.lines) > 1 and len(counts) == 1:
        # Rows of equal length: say so, it shows at once whether a row or a cell is missing.
        k = counts.pop()
        err = type(err)(f"{err} ({len(sc.lines)} lines of {k} cells)")
    return err


def symbol_error(text: str, n: int, line: int | None, column: int | None) -> SymbolError:
    """'x' is not a symbol of a 9x9 puzzle (symbols are 1-9)."""
    hint = symbols_hint(n)
    if not text.isalnum():
        hint += "; '.', '0' or '_' mark an empty cell"
    return SymbolError(
        f"{text!r} is not a symbol of {sized(n)} puzzle ({hint})",
        line=line, column=column, char=text,
    )
