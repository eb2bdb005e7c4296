"""read_puzzles(): files of many puzzles, one per line or as CSV with a solutions column; and
whether a text is one puzzle or a batch (one_or_many), decided here for every front end."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..model.errors import ParseError, ShapeError, SudokuError
from ..model.expect import NONE, expect
from ..model.grid import MAX_SIZE, MIN_SIZE, Grid, Shape
from .auto import parse
from .kind import Kind, classify, is_batch_of_lines
from .scan import scan

PUZZLE_COLUMNS = ("quizzes", "quiz", "puzzle", "puzzles", "question", "problem", "grid", "givens")
SOLUTION_COLUMNS = ("solutions", "solution", "answer", "answers", "solved")
# A title line before each puzzle of a multi-line file, as in Project Euler's "Grid 01".
# A one-line puzzle followed by a note: "<puzzle>  Easter Monster", "<puzzle> # hard",
# or tdoku's "<puzzle>:<count>:<solution>" (the last field is taken as the solution).
ANNOTATED = re.compile(r"^\s*([^\s:;#,]{16,})\s*[\s:;#,]")
TITLE = re.compile(r"^\s*[A-Za-z][A-Za-z ]*\s[#No.]*\d+\s*:?\s*$")
MAX_BLOCK_LINES = 200  # a 64x64 grid drawn with rules between every row fits
# Numbered lines as a reader gives them; a line it could not read (not UTF-8, too long) comes
# as its error, which the batch reports in its place like any other bad line.
Numbered = Iterable[tuple[int, "str | SudokuError"]]


@dataclass(frozen=True)
class PuzzleRecord:
    """One puzzle of a file: its 1-based line, the grid, and the solution when the file has one."""

    line: int
    grid: Grid
    solution: Grid | None = None


def _lines(text: str) -> list[str]:
    """Lines as an editor numbers them (CRLF, LF, or old Mac CR)."""
    if "\n" not in text and "\r" in text:
        return text.split("\r")
    return [ln[:-1] if ln.endswith("\r") else ln for ln in text.split("\n")]


def _moved(err: SudokuError, line: int, offset: int = 0) -> SudokuError:
    """The same error, placed at ``line`` of the file (and ``offset`` columns to the right)."""
    if isinstance(err, ParseError):
        column = err.column + offset if err.column is not None else None
        if err.reason.startswith("JSON: "):
            column = None
        moved: SudokuError = type(err)(err.reason, line=line, column=column, char=err.char)
    else:
        moved = type(err)(f"line {line}: {err}")
    return moved


def _header(line: str) -> tuple[int, int | None] | None:
    """Columns of the puzzle and the solution when ``line`` is a CSV header."""
    names = [f.strip().strip("\"'").lower() for f in line.split(",")]
    if not all(name.replace("_", "").isalnum() for name in names):
        return None
    puzzle = next((k for k, f in enumerate(names) if f in PUZZLE_COLUMNS), None)
    if puzzle is None:
        return None
    solution = next((k for k, f in enumerate(names) if f in SOLUTION_COLUMNS), None)
    return puzzle, solution


def is_csv_header(line: str) -> bool:
    """True for a CSV header that names a puzzle column, such as 'quizzes,solutions'."""
    return _header(line.strip()) is not None


def read_puzzles(text: str, shape: Shape | None = None) -> Iterator[PuzzleRecord]:
    """Yield each puzzle of a file; blank lines and '#' comments are skipped.

    A bad puzzle raises its error (a SudokuError naming the line); the puzzles before it
    have been yielded.
    """
    # Checked here, not in the generator: a wrong type fails at the call, as everywhere else.
    expect("read_puzzles", text=(text, str), shape=(shape, (Shape, NONE)))
    return _raising(read_puzzles_or_errors(text, shape))


def _raising(records: Iterator[PuzzleRecord | SudokuError]) -> Iterator[PuzzleRecord]:
    for rec in records:
        if isinstance(rec, SudokuError):
            raise rec
        yield rec


def read_puzzles_or_errors(
    text: str, shape: Shape | None = None
) -> Iterator[PuzzleRecord | SudokuError]:
    """Like read_puzzles, but in a file of one puzzle per line (or CSV) a bad line is yielded
    as its error and reading goes on with the next line: one typo does not stop a batch."""
    lines = _lines(text)
    content = [k for k, ln in enumerate(lines, 1) if ln.strip() and ln.lstrip()[0] != "#"]
    if MIN_SIZE <= len(content) <= MAX_SIZE and not is_batch_of_lines(text):
        # A few lines, one per row of the grid they make together: one puzzle drawn over
        # several lines (16 rows of 16 could also be 16 tiny 4x4 puzzles; the grid wins).
        try:
            whole: Grid | None = parse(text, shape)
        except SudokuError:
            whole = None
        if whole is not None and whole.size == len(content):
            yield PuzzleRecord(_first_cell_line(text), whole)
            return

    def first_bad(
        number: int, raw: str, err: SudokuError
    ) -> Iterator[PuzzleRecord | SudokuError] | None:
        # The first line is no puzzle: titled grids, the whole text as one grid drawn over
        # several lines, or a typo on the first line of a one-puzzle-per-line file.
        if TITLE.match(raw):
            return _titled_blocks(enumerate(lines[number - 1:], number), shape)
        try:
            return iter([_whole(text, shape, err, number, raw)])
        except SudokuError:
            if _next_is_puzzle(lines, number, shape):
                return None
            raise

    yield from _per_line(enumerate(lines, 1), shape, first_bad)


def stream_puzzles_or_errors(
    numbered: Numbered, shape: Shape | None = None
) -> Iterator[PuzzleRecord | SudokuError]:
    """read_puzzles_or_errors over (line number, line) pairs as they are read: memory stays
    flat however long the input. For large input: one puzzle per line, CSV, or titled grids
    (a single grid drawn over several lines is never that large). A line given as its error
    (the reader could not read it) is yielded as that error."""
    it = iter(numbered)

    def first_bad(
        number: int, raw: str, err: SudokuError
    ) -> Iterator[PuzzleRecord | SudokuError]:
        if TITLE.match(raw):
            return _titled_blocks(itertools.chain([(number, raw)], it), shape)
        unread: list[SudokuError] = []  # lines the reader could not read, in their places
        after = next(it, None)
        while after is not None and not isinstance(after[1], str):
            unread.append(after[1])
            after = next(it, None)
        if after is None or not _is_puzzle(after[1], shape):
            raise _moved(err, number)  # no batch of puzzles: one error, not one per line
        # A bad first line of a one-puzzle-per-line file: report it, go on.
        return itertools.chain([_moved(err, number)], unread,
                               _per_line(itertools.chain([after], it), shape, first_bad, True))

    yield from _per_line(it, shape, first_bad)


FirstBad = Callable[[int, str, SudokuError], "Iterator[PuzzleRecord | SudokuError] | None"]


def _per_line(
    numbered: Numbered, shape: Shape | None, first_bad: FirstBad,
    seen: bool = False,  # a line that holds a whole puzzle has been read
) -> Iterator[PuzzleRecord | SudokuError]:
    """One puzzle per line (with notes after it) or CSV rows; ``first_bad`` decides what a
    first line that holds no puzzle means (the rest of the input, or None to report it)."""
    columns: tuple[int, int | None] | None = None
    for number, raw in numbered:
        if not isinstance(raw, str):
            if not seen and columns is None:  # as for a first line that holds no puzzle
                rest = first_bad(number, "", raw)
                if rest is not None:
                    yield from rest
                    return
            yield raw
            continue
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if not seen and columns is None:
            columns = _header(line)
            if columns is not None:
                continue
        if columns is not None:
            try:
                yield _csv_record(raw, number, columns, shape)
            except SudokuError as bad_row:
                yield bad_row
            continue
        # The whole line first, a puzzle with a note after it only if that fails: syntax alone
        # cannot tell a note from more cells ("<16 symbols> <16 symbols> ..." is one 16x16
        # row after row, not a 4x4 with a note), so the line reader owns that one fallback.
        try:
            grid = parse(raw, shape)
        except SudokuError as whole_line:
            annotated, err = _annotated(raw, number, shape, whole_line)
            if annotated is not None:
                seen = True
                yield annotated
                continue
            if not seen:
                rest = first_bad(number, raw, err)
                if rest is not None:
                    yield from rest
                    return
            seen = True
            yield _moved(err, number)
            continue
        seen = True
        yield PuzzleRecord(number, grid)


def one_or_many(text: str, shape: Shape | None) -> Grid | None:
    """The one puzzle ``text`` holds (a grid, or one puzzle with a note or under a title), or
    None when it is a batch of puzzles; the text's error read as one puzzle when it is neither.

    This is where batch-or-single is decided for whole text (an argument, a small file, stdin).
    """
    if shape is None and classify(text) is Kind.BATCH:
        return None  # told from the text alone: no need to read it as one grid first
    try:
        grid = parse(text, shape)
    except SudokuError as whole:
        lines = content_lines(text)
        # Several lines that each hold a whole puzzle are a batch given on stdin.
        if len(lines) > 1 and (is_csv_header(lines[0]) or _is_batch(lines, shape)):
            return None
        noted = _noted(text, lines, shape)
        if noted is None:
            raise whole from None
        return noted
    lines = content_lines(text) if "\n" in text.strip() else []
    if 1 < len(lines) <= MAX_SIZE and len(lines) != grid.size and \
            all(_is_puzzle(line, shape) for line in lines):
        # Four lines of 16 symbols make 64 cells, but they are four 4x4 puzzles, not an 8x8
        # grid: a grid has one line per row.
        return None
    return grid


def _noted(text: str, lines: list[str], shape: Shape | None) -> Grid | None:
    """One puzzle with a note after it ("<puzzle>  # easy", tdoku's "<puzzle>:1:..."), or
    under a title, read as the batch reader reads such a line; None when it is not that."""
    if len(lines) > MAX_SIZE:
        return None
    try:
        records = list(read_puzzles_or_errors(text, shape))
    except SudokuError:
        if len(lines) == 1 and ANNOTATED.match(lines[0]):
            raise  # the error of the puzzle before the note, not of the note
        return None
    if len(records) == 1 and isinstance(records[0], PuzzleRecord):
        return records[0].grid
    return None


def lines_hold_puzzles(lines: list[str]) -> bool:
    """True when the first lines hold a CSV header, a title such as 'Grid 01' (of titled
    grids) or whole puzzles: input with a line that could not be read is then a batch."""
    first = lines[:4]
    if first and (is_csv_header(first[0]) or TITLE.match(first[0])):
        return True
    whole = sum(_is_puzzle(line, None) for line in first)
    return whole > 0 and whole * 2 >= len(first)


def content_lines(text: str) -> list[str]:
    """The lines that may hold a puzzle: not blank, not a '#' comment."""
    return [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def _is_batch(lines: list[str], shape: Shape | None) -> bool:
    """True when most of the first lines and the last one each hold a whole puzzle."""
    picks = sorted({k for k in (0, 1, 2, len(lines) - 1) if k < len(lines)})
    whole = sum(_is_puzzle(lines[k], shape) for k in picks)
    return whole >= 2 and whole * 2 > len(picks)


def _next_is_puzzle(lines: list[str], number: int, shape: Shape | None) -> bool:
    """True when the next content line after line ``number`` holds a whole puzzle."""
    for raw in lines[number:]:
        line = raw.strip()
        if line and not line.startswith("#"):
            return _is_puzzle(raw, shape)
    return False


def _is_puzzle(raw: str | SudokuError, shape: Shape | None) -> bool:
    if not isinstance(raw, str):
        return False
    try:
        parse(raw, shape)
    except SudokuError:
        return False
    return True


def _csv_record(
    raw: str, number: int, columns: tuple[int, int | None], shape: Shape | None
) -> PuzzleRecord:
    """One CSV row: the puzzle column and, when present and filled, the solution column."""
    fields = raw.split(",")
    puzzle, solution = columns
    if puzzle >= len(fields):
        raise ParseError(f"expected at least {puzzle + 1} comma-separated fields, found "
                         f"{len(fields)}", line=number)
    grids: list[Grid | None] = []
    for k in (puzzle, solution):
        if k is None or k >= len(fields) or not fields[k].strip().strip("\"'"):
            grids.append(None)
            continue
        field = fields[k]
        lead = len(field) - len(field.lstrip().lstrip("\"'"))
        try:
            grids.append(parse(field.strip().strip("\"'"), shape))
        except SudokuError as err:
            start = sum(len(f) + 1 for f in fields[:k])
            raise _moved(err, number, start + lead) from None
    grid, sol = grids
    if grid is None:
        raise ParseError(f"the puzzle field (column {puzzle + 1}) is empty", line=number)
    if sol is not None and sol.shape != grid.shape:
        raise ShapeError(f"line {number}: the solution is {sol.shape}, the puzzle {grid.shape}")
    return PuzzleRecord(number, grid, sol)


def _first_cell_line(text: str) -> int:
    """The line of the first cell of a puzzle drawn over several lines (after any header)."""
    tokens = scan(text).tokens
    return tokens[0].line if tokens else 1


def _whole(text: str, shape: Shape | None, err: SudokuError, number: int, raw: str) -> PuzzleRecord:
    """The whole text as one multi-line puzzle, else the first line's error."""
    try:
        return PuzzleRecord(_first_cell_line(text), parse(text, shape))
    except SudokuError as whole:
        # A first line of 16 or more cells was meant as a whole puzzle: its own error is the
        # useful one. A shorter one was a row of a grid drawn over several lines.
        try:
            cells = scan(raw).chars
        except SudokuError:
            cells = 0
        if cells >= 16:
            raise _moved(err, number) from None
        raise whole from None


def _titled_blocks(
    numbered: Numbered, shape: Shape | None
) -> Iterator[PuzzleRecord | SudokuError]:
    """Puzzles drawn over several lines, each after a title line such as 'Grid 01'; a grid
    that cannot be read is yielded as its error and the next title starts afresh."""
    title = 0
    block: list[tuple[int, str]] = []
    unread: SudokuError | None = None  # the first line of the block the reader could not read
    for number, raw in numbered:
        if not isinstance(raw, str):
            if title:
                unread = unread or raw
            else:
                yield raw
            continue
        if TITLE.match(raw):
            if title:
                yield unread or _titled_grid_or_error(block, title, shape)
            title, block, unread = number, [], None
        elif title:
            block.append((number, raw))
            if len(block) > MAX_BLOCK_LINES and sum(bool(r.strip()) for _, r in block) > \
                    MAX_BLOCK_LINES:
                raise ParseError(f"no grid takes more than {MAX_BLOCK_LINES} lines",
                                 line=title + 1)
    if title:
        yield unread or _titled_grid_or_error(block, title, shape)


def _titled_grid_or_error(
    block: list[tuple[int, str]], title: int, shape: Shape | None
) -> PuzzleRecord | SudokuError:
    try:
        return _titled_grid(block, title, shape)
    except SudokuError as err:
        return err


def _titled_grid(block: list[tuple[int, str]], title: int, shape: Shape | None) -> PuzzleRecord:
    """The grid under the title on line ``title``, placed at the file's line numbers."""
    text = "\n".join(raw for _, raw in block)

    def line_of(k: int) -> int:  # the k-th line of the block (1-based) in the file
        return block[k - 1][0] if 1 <= k <= len(block) else title

    try:
        grid = parse(text, shape)
    except ParseError as err:
        if err.line is None:
            raise _moved(err, title) from None
        raise type(err)(err.reason, line=line_of(err.line), column=err.column,
                        char=err.char) from None
    except SudokuError as err:
        raise _moved(err, title) from None
    return PuzzleRecord(line_of(_first_cell_line(text)), grid)


def _annotated(
    raw: str, number: int, shape: Shape | None, err: SudokuError
) -> tuple[PuzzleRecord | None, SudokuError]:
    """A one-line puzzle with a note after it; else the error to report for the line."""
    m = ANNOTATED.match(raw)
    if m is None:
        return None, err
    try:
        grid = parse(m.group(1), shape)
    except SudokuError as puzzle_err:
        return None, puzzle_err  # the note is not the problem: the puzzle before it is
    solution = None
    if ":" in raw:
        last = raw.rsplit(":", 1)[1].strip()
        try:
            solution = parse(last, grid.shape) if len(last) >= 16 else None
        except SudokuError:
            solution = None
    return PuzzleRecord(number, grid, solution), err
