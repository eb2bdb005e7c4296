"""What every subcommand shares: where puzzles come from, budgets, JSON Lines, batches."""

from __future__ import annotations

import argparse
import errno
import io
import json
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO

from ..formats.links import is_link
from ..formats.parts import read_parts
from ..formats.read import parse
from ..formats.records import (
    ANNOTATED,
    is_csv_header,
    read_puzzles_or_errors,
    stream_puzzles_or_errors,
)
from ..model.budget import DEFAULT_TIME_LIMIT, BudgetError, check_time_limit
from ..model.errors import ParseError, SudokuError
from ..model.grid import MAX_SIZE, Grid, Shape
from ..model.variants import Variant, combine, parse_names, rules_of

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # a bug (EX_SOFTWARE); never expected, but never a traceback either
EXIT_OUTPUT = 74  # the output could not be written (EX_IOERR): a full disk, a closed stdout
# Input up to this size is read whole (a puzzle drawn over many lines, titled grids, one
# puzzle per line); larger input is read line by line as the batch goes, in flat memory.
WHOLE_INPUT_BYTES = 2**21  # a 64x64 pencil-mark grid is 1.9 MB: the largest single puzzle
CHUNK_BYTES = 2**20
MAX_LINE_BYTES = 2**20  # a 64x64 puzzle with its solution on one line takes about 25 kB
CONTENT_LINE = re.compile(rb"\n[ \t\r\f\v]*[^#\s][^\n]*")  # a line not blank, not '#'
PARALLEL_THRESHOLD = 400  # below this, starting processes costs more than it saves
MAX_JOBS_PER_CORE = 4  # -j above this many processes per core only wastes memory
# A puzzle argument that is clearly meant as a file name (it is never puzzle text).
SHORT_WORD = re.compile(r"[\w.-]{1,15}")
PATH_LIKE = re.compile(
    r"[^\s]*[/\\][^\s]*|[^\s]*\.(txt|csv|tsv|ss|sdk|json|jsonl|sud|sudoku|dat|text|puz)",
    re.IGNORECASE,
)


class UsageError(SudokuError):
    """A command line that cannot be run as written."""


@dataclass(frozen=True)
class Item:
    """One puzzle of the input: where it came from, the grid, and its known solution."""

    label: str  # "line 7" in a batch, "" for a single puzzle
    grid: Grid
    solution: Grid | None = None
    error: str = ""  # a batch line that could not be read: the message; grid is a placeholder


@dataclass(frozen=True)
class Outcome:
    """What a command made of one puzzle: exit code, JSON object and human text."""

    code: int
    data: dict[str, Any]
    text: str
    ok: bool  # counts as a success in the batch summary
    note: str = ""  # for stderr: timing and such, kept out of output meant to be parsed


Worker = Callable[[Item, argparse.Namespace], Outcome]


def add_input_arguments(parser: argparse.ArgumentParser, *, batch: bool = True) -> None:
    """The puzzle argument, --box and --json; with ``batch``, -f FILE and -j N too."""
    parser.add_argument(
        "puzzle", nargs="?", default=None,
        help="the puzzle text, a file holding it, or '-' for stdin (the default)",
    )
    parser.add_argument("--box", metavar="RxC", help="box shape, e.g. 2x3 (default: inferred)")
    parser.add_argument(
        "--variant", metavar="NAMES", type=variant_names,
        help="variant rules, combined with commas: x, windoku, jigsaw, killer, antiknight, "
             "antiking (jigsaw and killer need the regions or cages in the input: "
             "docs/variants.md)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON (JSON Lines in a batch)")
    if batch:
        parser.add_argument(
            "-f", "--file", metavar="FILE",
            help="batch: one puzzle per line, '#' comments, or CSV such as quizzes,solutions",
        )
        parser.add_argument(
            "-j", "--jobs", type=whole_number(0), default=0, metavar="N",
            help="batch: worker processes (default: all cores for large batches)",
        )


def add_time_limit(parser: argparse.ArgumentParser, what: str = "per puzzle",
                   default: float | None = DEFAULT_TIME_LIMIT, shown: str | None = None) -> None:
    """--time-limit, the one declaration of it: every call has a budget (the core's rule)."""
    parser.add_argument(
        "--time-limit", type=seconds, default=default, metavar="S",
        help=f"seconds {what} before giving up (default {shown or format(default, 'g')})",
    )


def add_budget_arguments(parser: argparse.ArgumentParser) -> None:
    """--time-limit and --max-nodes: every solve has a budget."""
    add_time_limit(parser)
    parser.add_argument(
        "--max-nodes", type=whole_number(1), default=2_000_000, metavar="N",
        help="search nodes per puzzle before giving up (default 2000000)",
    )


def whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number >= ``least``."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is too small; the least is {least}")
        return value

    return convert


def seconds(text: str) -> float:
    """An argparse type: a time limit in seconds, checked by the core's rule."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    try:
        return check_time_limit(value)
    except BudgetError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from None


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
    if PATH_LIKE.fullmatch(source):
        raise argparse.ArgumentTypeError(f"cannot read {source}: no such file")
    return source


def shape_option(args: argparse.Namespace) -> Shape | None:
    """The --box shape, if given."""
    box = getattr(args, "box", None)
    return Shape.parse(box) if box else None


@dataclass
class Input:
    """What a puzzle source holds: the whole text when it is small, else its lines as read."""

    text: str | None  # the whole input, up to WHOLE_INPUT_BYTES
    lines: Iterator[tuple[int, str]] | None  # (1-based number, line) of larger input, lazily
    estimate: int  # about how many lines


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
        return Input(_decode(head, name), None, head.count(b"\n"))
    size = _size(fh)
    estimate = head.count(b"\n") * (size // len(head) if size else 2)
    return Input(None, _stream_lines(fh, head, name), max(estimate, 2))


def read_text(source: str) -> str:
    """The whole text of a file or stdin ('-') holding one puzzle (it is never that large)."""
    found = read_input(source)
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


UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")  # what Windows PowerShell's `>` writes in front


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
        start = exc.start + (3 if data.startswith(b"\xef\xbb\xbf") and line in (None, 1) else 0)
        where = line if line is not None else data[:start].count(b"\n") + 1
        column = len(data[data.rfind(b"\n", 0, start) + 1:start].decode("utf-8", "replace")) + 1
        raise ParseError(
            f"{name}: line {where}, column {column}: byte 0x{data[start]:02x} is not UTF-8 "
            f"text (save the file as UTF-8)",
        ) from None


def _stream_lines(fh: BinaryIO, head: bytes, name: str) -> Iterator[tuple[int, str]]:
    """(number, line) of every line that may hold a puzzle, as the file is read. Blank and
    '#' lines are skipped by a regular expression over whole chunks, so 100 MB of comments
    take a second, not a minute of Python loop."""
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
                yield line, _decode(m.group()[1:].rstrip(b"\r"), name, line)
            if not chunk:
                return
            before += buf.count(b"\n", 1, end + 1)
            rest = buf[end + 1:]
            if len(rest) > MAX_LINE_BYTES:
                raise ParseError(f"{name}: line {before + 1} is longer than "
                                 f"{MAX_LINE_BYTES // 2**20} MB: that is no puzzle")
            chunk = fh.read(CHUNK_BYTES)
    finally:
        _close(fh)


def variant_names(text: str) -> tuple[str, ...]:
    """--variant: checked names ('killer,x')."""
    try:
        return parse_names(text)
    except SudokuError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def with_variant(item: Item, names: tuple[str, ...]) -> Item:
    """The item's grids with the --variant rules added (jigsaw, killer: checked present)."""
    if item.error:
        return item
    have = item.grid.shape.variant or Variant()
    if "jigsaw" in names and not have.regions:
        raise UsageError("--variant jigsaw: the puzzle has no region map; give it in a "
                         "'regions:' section, the JSON 'variant', or an f-puzzles link "
                         "(docs/variants.md)")
    if "killer" in names and not have.cages:
        raise UsageError("--variant killer: the puzzle has no cages; give them in a 'cages:' "
                         "section, the JSON 'variant', or an f-puzzles link (docs/variants.md)")
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
    source = args.puzzle if args.puzzle is not None else "-"
    if not source.strip():
        raise UsageError("empty puzzle: give the puzzle text, a file, or '-' for stdin")
    if source == "-" and sys.stdin.isatty():
        raise UsageError("no puzzle given: pass it as an argument, with -f FILE, or on stdin")
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
        grid = parse(text, shape)
    except SudokuError:
        # Several lines that each hold a whole puzzle are a batch given on stdin.
        lines = _content_lines(text)
        if len(lines) > 1 and (is_csv_header(lines[0]) or _is_batch(lines, shape)):
            return _records(Input(text, None, 0), shape, name), len(lines)
        if len(lines) <= MAX_SIZE:
            # One puzzle with a note after it ("<puzzle>  # easy", tdoku's "<puzzle>:1:..."),
            # or under a title, reads as the batch reader reads such a line.
            try:
                records = list(read_puzzles_or_errors(text, shape))
            except SudokuError:
                if len(lines) == 1 and ANNOTATED.match(lines[0]):
                    raise  # the error of the puzzle before the note, not of the note
                records = []
            if len(records) == 1 and not isinstance(records[0], SudokuError):
                return iter([Item("", records[0].grid)]), 0
        if text is source and PATH_LIKE.fullmatch(source) and not is_link(source):
            raise UsageError(f"cannot read {source}: no such file") from None
        if text is source and SHORT_WORD.fullmatch(source) and re.search("[a-z]{2}", source):
            # Too short for any puzzle (a 4x4 has 16 cells): most likely a mistyped file name.
            raise UsageError(f"cannot read {source}: no such file (as a puzzle, its "
                             f"{len(source)} characters are too few: a 4x4 has 16 cells)") from None
        raise
    lines = _content_lines(text) if "\n" in text.strip() else []
    if 1 < len(lines) <= MAX_SIZE and len(lines) != grid.size and _each_a_puzzle(lines, shape):
        # Four lines of 16 symbols make 64 cells, but they are four 4x4 puzzles, not an 8x8
        # grid: a grid has one line per row.
        return _records(Input(text, None, 0), shape, name), len(lines)
    return iter([Item("", grid)]), 0


def _content_lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def _each_a_puzzle(lines: list[str], shape: Shape | None) -> bool:
    try:
        for line in lines:
            parse(line, shape)
    except SudokuError:
        return False
    return True


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


def _is_batch(lines: list[str], shape: Shape | None) -> bool:
    """True when most of the first lines and the last one each hold a whole puzzle."""
    whole = 0
    picks = sorted({k for k in (0, 1, 2, len(lines) - 1) if k < len(lines)})
    for k in picks:
        try:
            parse(lines[k], shape)
            whole += 1
        except SudokuError:
            pass
    return whole >= 2 and whole * 2 > len(picks)


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


def write_line(text: str) -> None:
    """Print ``text`` and its newline in one write: an interrupt never leaves half a line."""
    sys.stdout.write(text + "\n")


def emit(outcome: Outcome, as_json: bool, label: str = "") -> None:
    """Print one result: a JSON line, or the human text; its note goes to stderr."""
    if as_json:
        write_line(json.dumps(outcome.data, ensure_ascii=False))
    elif outcome.text:
        write_line(outcome.text)
    if outcome.note and not as_json:
        sys.stdout.flush()
        print(outcome.note, file=sys.stderr)


def _apply(worker: Worker, item: Item, args: argparse.Namespace) -> Outcome:
    """The worker's outcome, or the error of a line that could not be read."""
    name = getattr(args, "command", None)
    prefix = f"sudoku {name}: error: " if name else "error: "
    if item.error:
        return Outcome(EXIT_USAGE, {}, "", False, note=prefix + item.error)
    if not item.label:
        return worker(item, args)
    try:
        return worker(item, args)
    except UsageError:
        raise  # the command line is at fault, not this line: say it once and stop
    except SudokuError as exc:
        return Outcome(EXIT_USAGE, {}, "", False, note=f"{prefix}{item.label}: {exc}")
    except Exception as exc:
        # A bug must not cost the rest of the batch: name the puzzle, go on.
        return Outcome(EXIT_INTERNAL, {}, "", False, note=(
            f"{prefix}{item.label}: internal error ({type(exc).__name__}: {exc}); "
            f"please report it with this puzzle: {item.grid.line()}"))


def run(args: argparse.Namespace, worker: Worker, verb: str = "solved") -> int:
    """Run ``worker`` on the puzzle or the batch, in input order; return the exit code."""
    items, estimate = iter_items(args)
    if not estimate:
        item = next(items)
        outcome = worker(item, args)
        emit(outcome, args.json)
        return outcome.code
    return _run_batch(items, estimate, args, worker, verb)


def _run_batch(
    items: Iterator[Item], estimate: int, args: argparse.Namespace, worker: Worker, verb: str
) -> int:
    """Stream the batch: results print in input order as they come; a bad line stops it."""
    start = time.perf_counter()
    cores = os.cpu_count() or 1
    jobs = min(args.jobs or cores, MAX_JOBS_PER_CORE * cores, estimate)
    if not args.jobs and estimate < PARALLEL_THRESHOLD:
        jobs = 1
    # The parsed options travel to worker processes; the `run` callback is not picklable.
    plain = argparse.Namespace(**{k: v for k, v in vars(args).items() if k != "run"})
    results = _map(worker, items, plain, jobs)
    bar = progress_bar(estimate)
    done = good = bad = checked = mismatched = 0
    code = EXIT_OK
    try:
        for item, outcome in results:
            if item.error or not outcome.data:
                # A line that could not be read (or a bug): say so, go on with the rest.
                sys.stdout.flush()
                if bar is not None:
                    bar.clear()
                print(outcome.note, file=sys.stderr)
                bad += 1
                code = max(code, outcome.code)
                continue
            data = dict(outcome.data)
            data.setdefault("line", int(item.label.split()[-1]) if item.label else None)
            if args.json:
                write_line(json.dumps(data, ensure_ascii=False))
            elif outcome.text:
                write_line(outcome.text)
            done += 1
            good += outcome.ok
            if "check" in data:
                checked += 1
                mismatched += data["check"] is False
            code = max(code, outcome.code)
            if bar is not None:
                bar.update(1)
    finally:
        # An interrupt or a closed pipe: stop the workers and clear the bar before the message.
        results.close()
        if bar is not None:
            bar.close()
    if not done and not bad:
        raise ParseError(f"{getattr(args, 'file', None) or 'stdin'}: no puzzle found")
    elapsed = time.perf_counter() - start
    rate = done / elapsed if elapsed > 0 else 0.0
    shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"
    extra = f"; {bad} unreadable line{'s' if bad != 1 else ''}" if bad else ""
    if getattr(args, "check", False):
        extra += (f"; {mismatched} of {checked} checked differ" if checked else
                  "; nothing checked: the input has no solutions column")
    sys.stdout.flush()
    print(
        f"{verb} {good}/{done} in {elapsed:.2f} s ({shown} puzzles/s, {jobs} "
        f"process{'es' if jobs > 1 else ''}){extra}",
        file=sys.stderr,
    )
    return code


_job: tuple[Worker, argparse.Namespace] | None = None  # set once in each worker process


def _init_worker(worker: Worker, args: argparse.Namespace) -> None:
    global _job
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # spawned workers do not inherit SIG_IGN
    _job = (worker, args)


def _call(item: Item) -> tuple[Item, Outcome]:
    assert _job is not None, "worker process not initialised"
    worker, args = _job
    return item, _apply(worker, item, args)


def _map(
    worker: Worker, items: Iterator[Item], args: argparse.Namespace, jobs: int
) -> Generator[tuple[Item, Outcome], None, None]:
    """(item, outcome) pairs in input order, computed here or in ``jobs`` processes."""
    if jobs <= 1:
        return ((item, _apply(worker, item, args)) for item in items)
    return _pooled(worker, items, args, jobs)


def _pooled(
    worker: Worker, items: Iterator[Item], args: argparse.Namespace, jobs: int
) -> Generator[tuple[Item, Outcome], None, None]:
    import multiprocessing

    ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
    # Ctrl+C reaches the whole process group: the workers ignore it (they inherit SIG_IGN from
    # here) and the parent alone stops, terminates the pool and prints one line.
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    before = set(multiprocessing.active_children())
    try:
        pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(worker, args))
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
    workers = [p for p in multiprocessing.active_children() if p not in before]
    try:
        # imap keeps input order and reads the input lazily (the task feeder blocks on a full
        # pipe): memory stays flat in the input's size. Chunks keep the pickling cost small.
        yield from pool.imap(_call, items, chunksize=256)
    finally:
        _stop(pool, workers)


STOP_WAIT = 2.0  # seconds pool.terminate() may take before its workers are killed


def _stop(pool: Any, workers: list[Any]) -> None:
    """``pool.terminate()``, bounded in time.

    After a Ctrl+C or a closed pipe, terminate() stops reading results and then waits for the
    result pipe's lock; a worker that holds it, blocked writing a result nobody reads any more,
    never lets go (seen once in ~80 Ctrl+C: the command hung). Past STOP_WAIT the workers are
    killed; terminate() is left waiting in a daemon thread, which the exit does not wait for.
    """
    stopper = threading.Thread(target=pool.terminate, daemon=True)
    stopper.start()
    stopper.join(STOP_WAIT)
    if stopper.is_alive():
        for proc in workers:
            proc.kill()
            proc.join(1.0)


def progress_bar(total: int) -> Any:
    """A tqdm bar on stderr when it is a terminal and tqdm is installed, else None."""
    if not sys.stderr.isatty() or total < 2:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return None
    return tqdm(total=total, unit="puzzle", file=sys.stderr, leave=False)


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
