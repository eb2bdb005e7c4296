"""Where puzzles come from: an argument, a file or stdin, one puzzle or a batch,
read as it goes (bad lines become error records)."""

from __future__ import annotations

import argparse
import errno
import io
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from ..formats.links import is_link
from ..formats.read import read_parts
from ..formats.records import (
    content_lines,
    lines_hold_puzzles,
    one_or_many,
    read_puzzles_or_errors,
    stream_puzzles_or_errors,
)
from ..model.constraints import JIGSAW, KILLER, PLACED, PLACED_SECTION
from ..model.errors import ParseError, SudokuError
from ..model.grid import Grid, Shape
from ..model.variants import Variant, combine, rules_of
from .common import UTF16_BOMS, Item, UsageError
from .options import shape_option

# Input up to this size is read whole (a puzzle drawn over many lines, titled grids, one
# puzzle per line); larger input is read line by line as the batch goes, in flat memory.
WHOLE_INPUT_BYTES = 2**21  # a 64x64 pencil-mark grid is 1.9 MB: the largest single puzzle


CHUNK_BYTES = 2**20


MAX_LINE_BYTES = 2**20  # a 64x64 puzzle with its solution on one line takes about 25 kB


CONTENT_LINE = re.compile(rb"\n[ \t\r\f\v]*[^#\s][^\n]*")  # a line not blank, not '#'


# A puzzle argument that is clearly meant as a file name (it is never puzzle text).
SHORT_WORD = re.compile(r"[\w.-]{1,15}")


PATH_LIKE = re.compile(
    r"[^\s]*[/\\][^\s]*|[^\s]*\.(txt|csv|tsv|ss|sdk|json|jsonl|sud|sudoku|dat|text|puz)",
    re.IGNORECASE,
)


def is_path_like(source: str) -> bool:
    """True for an argument meant as a file name that does not exist. JSON is never one,
    though its escapes ("\\u00e9") and its strings ("1/2") hold the slashes of a path."""
    stripped = source.strip()
    if stripped[:1] in ("{", "[") or '"' in stripped:
        return False
    return PATH_LIKE.fullmatch(source) is not None and not is_link(source)


def puzzle_text(source: str) -> str:
    """An argparse type for a puzzle option such as --givens: its text, read from a file when
    it names one; checked once, before any puzzle of a batch."""
    if not source.strip():
        raise argparse.ArgumentTypeError("empty puzzle: give the puzzle text or a file")
    try:
        if is_file(source) or source == "-":
            return read_text(source)
        if _is_dir(source):
            raise UsageError(f"cannot read {source}: it is a directory")
    except SudokuError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if is_path_like(source):
        raise argparse.ArgumentTypeError(f"cannot read {source}: no such file")
    return source


@dataclass
class Input:
    """What a puzzle source holds: the whole text when it is small, else its lines as read."""

    text: str | None  # the whole input, up to WHOLE_INPUT_BYTES
    # (1-based number, line) of larger input, lazily; a line that cannot be read (not UTF-8,
    # too long) comes as its error. Also a small batch with such lines.
    lines: Iterator[tuple[int, str | SudokuError]] | None
    estimate: int  # about how many lines
    error: SudokuError | None = None  # why a small input is not whole text: its first bad line


def read_input(source: str) -> Input:
    """Read a file or stdin ('-'): whole when small, else streamed line by line."""
    name = "stdin" if source == "-" else source
    if not source:
        raise UsageError("empty puzzle: give the puzzle text, a file, or '-' for stdin")
    try:
        fh: BinaryIO = sys.stdin.buffer if source == "-" else open(source, "rb")  # noqa: SIM115
    except OSError as exc:
        raise UsageError(_cannot_read(source, exc)) from None
    try:
        head = fh.read(WHOLE_INPUT_BYTES + 1)
    except OSError as exc:
        _close(fh)
        raise UsageError(_cannot_read(source, exc)) from None
    if len(head) <= WHOLE_INPUT_BYTES:
        _close(fh)
        try:
            text = _decode(head, name)
        except ParseError:
            if head.startswith(UTF16_BOMS):
                raise
            batch = _batch_with_bad_lines(head, name)
            if batch is None:
                raise  # no puzzles one per line (a grid drawn over lines): this one error
            return batch
        if len(head) > MAX_LINE_BYTES and max(map(len, _LINE_END.split(head))) > MAX_LINE_BYTES:
            return _batch_with_bad_lines(head, name) or Input(text, None, head.count(b"\n"))
        return Input(text, None, head.count(b"\n"))
    _close_if_variant(fh, head, name)
    size = _size(fh)
    estimate = head.count(b"\n") * (size // len(head) if size else 2)
    return Input(None, _stream_lines(fh, head, name), max(estimate, 2))


# A 'rules:', 'regions:' or 'cages:' line starts a variant's sections (variant_text.HEADER).
_VARIANT_SECTION = re.compile(rb"^[ \t]*(rules|regions|cages)[ \t]*:", re.IGNORECASE | re.MULTILINE)


def _close_if_variant(fh: BinaryIO, head: bytes, name: str) -> None:
    """Refuse input too large to read whole that holds variant text: its sections belong to
    one puzzle, and read line by line as a batch the rules would be dropped (a classic
    answer, and an error for every cage line)."""
    m = _VARIANT_SECTION.search(head)
    if m is None:
        return
    _close(fh)
    line = head.count(b"\n", 0, m.start()) + 1
    raise UsageError(
        f"{name}: larger than {WHOLE_INPUT_BYTES // 2**20} MB, and its line {line} starts "
        f"the variant section '{m.group(1).decode().lower()}:' of one puzzle; a variant "
        f"puzzle is at most {WHOLE_INPUT_BYTES // 2**20} MB (a batch holds one puzzle a line)")


def read_text(source: str) -> str:
    """The whole text of a file or stdin ('-') holding one puzzle (it is never that large)."""
    found = read_input(source)
    if found.error is not None:
        raise found.error
    if found.text is None:
        raise UsageError(f"{source}: larger than {WHOLE_INPUT_BYTES // 2**20} MB: that is "
                         f"no single puzzle")
    return found.text


def _cannot_read(source: str, exc: OSError) -> str:
    why = {errno.ENOENT: "no such file", errno.EISDIR: "it is a directory",
           errno.EACCES: "permission denied"}.get(exc.errno or 0, exc.strerror or str(exc))
    return f"cannot read {source}: {why}"


def _close(fh: BinaryIO) -> None:
    if fh is not sys.stdin.buffer:
        fh.close()


def _size(fh: BinaryIO) -> int:
    try:
        return os.fstat(fh.fileno()).st_size
    except (OSError, ValueError, io.UnsupportedOperation):
        return 0


_LINE_END = re.compile(rb"\r\n?|\n")


def _batch_with_bad_lines(head: bytes, name: str) -> Input | None:
    """Small input with a line that is not UTF-8 or too long, as a batch that reports that
    line in its place and goes on; None when it holds no puzzles one per line."""
    lines = list(_stream_lines(io.BytesIO(b""), head, name))
    if not lines_hold_puzzles([text for _, text in lines if isinstance(text, str)]):
        return None
    first = next((e for _, e in lines if not isinstance(e, str)), None)
    return Input(None, iter(lines), len(lines), first and ParseError(f"{name}: {first}"))


def _decode(data: bytes, name: str, line: int | None = None) -> str:
    """UTF-8 text; a byte that is not UTF-8 is a ParseError at its line and column.

    A whole input (``line`` None) with a UTF-16 byte-order mark is read as UTF-16; a streamed
    one cannot be split into lines as bytes, so it is one error that says what to do.
    """
    if line in (None, 1) and data.startswith(UTF16_BOMS):
        try:
            if line is None:
                return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
        raise ParseError(f"{name}: UTF-16 text that could not be read: save the file as UTF-8")
    try:
        return data.decode("utf-8-sig" if line in (None, 1) else "utf-8")
    except UnicodeDecodeError as exc:
        err = _not_utf8(data, exc.start, line)
        raise ParseError(f"{name}: {err}") from None


def _not_utf8(data: bytes, start: int, line: int | None) -> ParseError:
    """The error for the byte at ``start``, which is not UTF-8, placed at its line and column."""
    start += 3 if data.startswith(b"\xef\xbb\xbf") and line in (None, 1) else 0
    where = line if line is not None else data[:start].count(b"\n") + 1
    column = len(data[data.rfind(b"\n", 0, start) + 1:start].decode("utf-8", "replace")) + 1
    return ParseError(f"byte 0x{data[start]:02x} is not UTF-8 text (save the file as UTF-8)",
                      line=where, column=column)


def _line_text(data: bytes, name: str, line: int) -> str | SudokuError:
    """One line of a batch as text, or the error that reports it in the line's place."""
    if len(data) > MAX_LINE_BYTES:
        return ParseError(f"longer than {MAX_LINE_BYTES // 2**20} MB: that is no puzzle",
                          line=line)
    if line == 1 and data.startswith(UTF16_BOMS):
        return _decode(data, name, line)  # raises: a whole file in UTF-16 is one error
    try:
        return data.decode("utf-8-sig" if line == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        return _not_utf8(data, exc.start, line)


def _stream_lines(
    fh: BinaryIO, head: bytes, name: str
) -> Iterator[tuple[int, str | SudokuError]]:
    """(number, line) of every line that may hold a puzzle, as the file is read; a line that
    is not UTF-8 or longer than MAX_LINE_BYTES comes as its error. Blank and '#' lines are
    skipped by a regular expression over whole chunks, so 100 MB of comments take a second,
    not a minute of Python loop."""
    # An old Mac file ends lines with CR alone: no LF anywhere, a CR with more after it.
    crlf = b"\n" in head or re.search(b"\r[^\n]", head) is None
    before = 0  # lines before the buffer
    rest = b""
    chunk = head
    try:
        while True:
            # A newline in front: every line, the first too, starts after one (a literal
            # first character lets the regular expression engine skip ahead fast).
            buf = b"\n" + rest + (chunk if crlf else chunk.replace(b"\r", b"\n"))
            end = buf.rfind(b"\n") if chunk else len(buf)  # complete lines end here
            pos, line = 1, before + 1
            for m in CONTENT_LINE.finditer(buf, 0, end):
                line += buf.count(b"\n", pos, m.start() + 1)
                pos = m.start() + 1
                yield line, _line_text(m.group()[1:].rstrip(b"\r"), name, line)
            if not chunk:
                return
            before += buf.count(b"\n", 1, end + 1)
            rest = buf[end + 1:]
            chunk = fh.read(CHUNK_BYTES)
            if len(rest) > MAX_LINE_BYTES:
                # Say so in the line's place and read on past its end, in flat memory.
                yield before + 1, _line_text(rest, name, before + 1)
                rest = b""
                while chunk:
                    cut = chunk.find(b"\n" if crlf else b"\r")
                    if cut < 0:
                        chunk = fh.read(CHUNK_BYTES)
                        continue
                    before += 1
                    chunk = chunk[cut + 1:] or fh.read(CHUNK_BYTES)
                    break
    finally:
        _close(fh)


def with_variant(item: Item, names: tuple[str, ...]) -> Item:
    """The item's grids with the --variant rules added (jigsaw, killer: checked present)."""
    if item.error:
        return item
    have = item.grid.shape.variant or Variant()
    if JIGSAW.name in names and not JIGSAW.present(have):
        raise UsageError("--variant jigsaw: the puzzle has no region map; give it in a "
                         "'regions:' section, the JSON 'variant', or an f-puzzles link "
                         "(docs/variants.md)")
    if KILLER.name in names and not KILLER.present(have):
        raise UsageError("--variant killer: the puzzle has no cages; give them in a 'cages:' "
                         "section, the JSON 'variant', or an f-puzzles link (docs/variants.md)")
    for row in PLACED:
        if not row.flag and row.name in names and not row.present(have):
            raise UsageError(f"--variant {row.name}: the puzzle has no {row.words}; give it in "
                             f"a '{PLACED_SECTION}:' section, the JSON 'variant', or an "
                             "f-puzzles link (docs/constraints.md)")
    shape = item.grid.shape.with_variant(combine(have, rules_of(names)))
    solution = item.solution
    if solution is not None and solution.shape.classic == shape.classic:
        solution = Grid(shape, solution.cells)
    return replace(item, grid=Grid(shape, item.grid.cells), solution=solution)


def iter_items(args: argparse.Namespace) -> tuple[Iterator[Item], int]:
    """The puzzles to work on, and their estimated count in a batch (0 for a single puzzle)."""
    items, count = _iter_items(args)
    names = getattr(args, "variant", None)
    if names:
        return (with_variant(item, names) for item in items), count
    return items, count


def _iter_items(args: argparse.Namespace) -> tuple[Iterator[Item], int]:
    shape = shape_option(args)
    file = getattr(args, "file", None)
    if file is not None:
        if args.puzzle is not None:
            raise UsageError("give either a puzzle or -f FILE, not both")
        found = read_input(file)
        return _records(found, shape, file), max(1, found.estimate)
    source = _puzzle_source(args)
    if source == "-" or is_file(source):
        whole = read_input(source)
        if whole.text is None:  # too large for one puzzle: a batch
            name = "stdin" if source == "-" else source
            return _records(whole, shape, name), whole.estimate
        text = whole.text
    elif _is_dir(source):
        raise UsageError(f"cannot read {source}: it is a directory")
    else:
        text = source
    name = "stdin" if source == "-" else source if text is not source else "input"
    try:
        grid = one_or_many(text, shape)
    except SudokuError:
        if text is source:
            _refuse_missing_file(source)
        raise
    if grid is None:
        return _records(Input(text, None, 0), shape, name), len(content_lines(text))
    return iter([Item("", grid)]), 0


def _puzzle_source(args: argparse.Namespace) -> str:
    """The puzzle argument, '-' for stdin; refuses an empty one, and stdin at a terminal."""
    source: str = args.puzzle if args.puzzle is not None else "-"
    if not source.strip():
        raise UsageError("empty puzzle: give the puzzle text, a file, or '-' for stdin")
    if source == "-" and sys.stdin.isatty():
        raise UsageError("no puzzle given: pass it as an argument, with -f FILE, or on stdin")
    return source


def _refuse_missing_file(source: str) -> None:
    """A puzzle argument that reads as a file name that does not exist is a usage error."""
    if is_path_like(source):
        raise UsageError(f"cannot read {source}: no such file") from None
    if SHORT_WORD.fullmatch(source) and re.search("[a-z]{2}", source):
        # Too short for any puzzle (a 4x4 has 16 cells): most likely a mistyped file name.
        raise UsageError(f"cannot read {source}: no such file (as a puzzle, its "
                         f"{len(source)} characters are too few: a 4x4 has 16 cells)") from None


def is_file(source: str) -> bool:
    """True when a puzzle argument names an existing file (puzzle text never raises here)."""
    if len(source) >= 4096 or "\n" in source:
        return False
    try:
        path = Path(source)
        # Devices and pipes too (/dev/stdin, <(cat x)): anything that exists and is no folder.
        return path.exists() and not path.is_dir()
    except (OSError, ValueError):  # e.g. a 300-character puzzle: "File name too long"
        return False


def _is_dir(source: str) -> bool:
    try:
        return len(source) < 4096 and Path(source).is_dir()
    except (OSError, ValueError):
        return False


_PLACEHOLDER = Grid.empty(Shape(2, 2))


def _records(found: Input, shape: Shape | None, source: str) -> Iterator[Item]:
    """The batch's puzzles in order; a line that cannot be read becomes an error item."""
    if found.lines is not None:
        records = stream_puzzles_or_errors(found.lines, shape)
    else:
        records = read_puzzles_or_errors(found.text or "", shape)
    try:
        for rec in records:
            if isinstance(rec, SudokuError):
                line = getattr(rec, "line", None)
                yield Item(f"line {line}" if line else "", _PLACEHOLDER, error=f"{source}: {rec}")
            else:
                yield Item(f"line {rec.line}", rec.grid, rec.solution)
    except SudokuError as exc:
        message = str(exc)
        raise type(exc)(message if message.startswith(source) else f"{source}: {message}") from None


def link_entries(args: argparse.Namespace, item: Item) -> Grid | None:
    """The player's entries kept apart in the one puzzle given (a link's `&e=`, f-puzzles' and
    SudokuPad's values, JSON "entries"), on the givens' empty cells; None when it has none.
    Entries that do not fit the puzzle are a usage error, said like any other."""
    text = getattr(args, "puzzle", None)
    if item.label or not isinstance(text, str) or text == "-":
        return None  # a batch, or stdin (read once already)
    if is_file(text):
        text = read_text(text)
    return read_parts(text, item.grid.shape).entries
