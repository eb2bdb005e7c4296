"""What every subcommand shares: where puzzles come from, budgets, JSON Lines, batches."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ParseError, SudokuError
from ..formats.links import is_link
from ..formats.records import ANNOTATED, is_csv_header, read_puzzles_or_errors
from ..grid import MAX_SIZE, Grid, Shape
from ..parse import parse

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # a bug (EX_SOFTWARE); never expected, but never a traceback either
MAX_INPUT_BYTES = 512 * 1024 * 1024  # a batch larger than this is surely a mistake
PARALLEL_THRESHOLD = 400  # below this, starting processes costs more than it saves
MAX_JOBS_PER_CORE = 4  # -j above this many processes per core only wastes memory
# A puzzle argument that is clearly meant as a file name (it is never puzzle text).
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


def add_budget_arguments(parser: argparse.ArgumentParser, time_limit: float = 10.0) -> None:
    """--time-limit and --max-nodes: every solve has a budget."""
    parser.add_argument(
        "--time-limit", type=seconds, default=time_limit, metavar="S",
        help=f"seconds per puzzle before giving up (default {time_limit:g})",
    )
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
    """An argparse type: a time limit in seconds, more than 0 ('inf' for none)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if math.isnan(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the time limit must be more than 0")
    return value


def shape_option(args: argparse.Namespace) -> Shape | None:
    """The --box shape, if given."""
    box = getattr(args, "box", None)
    return Shape.parse(box) if box else None


def read_text(source: str) -> str:
    """Text of a file or of stdin ('-'); undecodable bytes become a clear error."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(source, "rb") as fh:
                data = fh.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {source}: {exc.strerror or exc}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(f"{source}: input larger than {MAX_INPUT_BYTES // 2**20} MB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        column = len(data[data.rfind(b"\n", 0, exc.start) + 1:exc.start].decode(
            "utf-8", "replace")) + 1
        name = "stdin" if source == "-" else source
        raise ParseError(
            f"{name}: line {line}, column {column}: byte 0x{data[exc.start]:02x} is not UTF-8 "
            f"text (save the file as UTF-8)",
        ) from None


def iter_items(args: argparse.Namespace) -> tuple[Iterator[Item], int]:
    """The puzzles to work on, and their estimated count in a batch (0 for a single puzzle)."""
    shape = shape_option(args)
    file = getattr(args, "file", None)
    if file is not None:
        if args.puzzle is not None:
            raise UsageError("give either a puzzle or -f FILE, not both")
        text = read_text(file)
        return _records(text, shape, file), max(1, text.count("\n"))
    source = args.puzzle if args.puzzle is not None else "-"
    if source == "-" and sys.stdin.isatty():
        raise UsageError("no puzzle given: pass it as an argument, with -f FILE, or on stdin")
    if source == "-" or is_file(source):
        text = read_text(source)
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
            return _records(text, shape, name), len(lines)
        if len(lines) <= MAX_SIZE:
            # One puzzle with a note after it ("<puzzle>  # easy", tdoku's "<puzzle>:1:..."),
            # or under a title, reads as the batch reader reads such a line.
            try:
                found = list(read_puzzles_or_errors(text, shape))
            except SudokuError:
                if len(lines) == 1 and ANNOTATED.match(lines[0]):
                    raise  # the error of the puzzle before the note, not of the note
                found = []
            if len(found) == 1 and not isinstance(found[0], SudokuError):
                return iter([Item("", found[0].grid)]), 0
        if text is source and PATH_LIKE.fullmatch(source) and not is_link(source):
            raise UsageError(f"cannot read {source}: no such file") from None
        raise
    lines = _content_lines(text) if "\n" in text.strip() else []
    if 1 < len(lines) <= MAX_SIZE and len(lines) != grid.size and _each_a_puzzle(lines, shape):
        # Four lines of 16 symbols make 64 cells, but they are four 4x4 puzzles, not an 8x8
        # grid: a grid has one line per row.
        return _records(text, shape, name), len(lines)
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
        return Path(source).is_file()
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


def _records(text: str, shape: Shape | None, source: str) -> Iterator[Item]:
    """The batch's puzzles in order; a line that cannot be read becomes an error item."""
    try:
        for rec in read_puzzles_or_errors(text, shape):
            if isinstance(rec, SudokuError):
                line = getattr(rec, "line", None)
                yield Item(f"line {line}" if line else "", _PLACEHOLDER, error=f"{source}: {rec}")
            else:
                yield Item(f"line {rec.line}", rec.grid, rec.solution)
    except SudokuError as exc:
        raise type(exc)(f"{source}: {exc}") from None


def emit(outcome: Outcome, as_json: bool, label: str = "") -> None:
    """Print one result: a JSON line, or the human text; its note goes to stderr."""
    if as_json:
        print(json.dumps(outcome.data, ensure_ascii=False), flush=False)
    elif outcome.text:
        print(outcome.text)
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
            print(json.dumps(data, ensure_ascii=False))
        elif outcome.text:
            print(outcome.text)
        done += 1
        good += outcome.ok
        if "check" in data:
            checked += 1
            mismatched += data["check"] is False
        code = max(code, outcome.code)
        if bar is not None:
            bar.update(1)
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
    _job = (worker, args)


def _call(item: Item) -> tuple[Item, Outcome]:
    assert _job is not None, "worker process not initialised"
    worker, args = _job
    return item, _apply(worker, item, args)


def _map(
    worker: Worker, items: Iterator[Item], args: argparse.Namespace, jobs: int
) -> Iterable[tuple[Item, Outcome]]:
    """(item, outcome) pairs in input order, computed here or in ``jobs`` processes."""
    if jobs <= 1:
        return ((item, _apply(worker, item, args)) for item in items)
    import multiprocessing

    ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(worker, args))
    # imap keeps input order and reads the input lazily: a 1M-puzzle file never sits in memory
    # as Grid objects all at once. Big chunks keep the pickling overhead per puzzle small.
    results = pool.imap(_call, items, chunksize=256)

    def ordered() -> Iterator[tuple[Item, Outcome]]:
        try:
            yield from results
        finally:
            pool.terminate()

    return ordered()


def progress_bar(total: int) -> Any:
    """A tqdm bar on stderr when it is a terminal and tqdm is installed, else None."""
    if not sys.stderr.isatty() or total < 2:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return None
    return tqdm(total=total, unit="puzzle", file=sys.stderr, leave=False)
