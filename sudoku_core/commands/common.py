"""What every subcommand shares: where puzzles come from, budgets, JSON Lines, batches."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ParseError, SudokuError
from ..grid import Grid, Shape
from ..parse import parse, read_puzzles

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2
MAX_INPUT_BYTES = 512 * 1024 * 1024  # a batch larger than this is surely a mistake
PARALLEL_THRESHOLD = 400  # below this, starting processes costs more than it saves


class UsageError(SudokuError):
    """A command line that cannot be run as written."""


@dataclass(frozen=True)
class Item:
    """One puzzle of the input: where it came from, the grid, and its known solution."""

    label: str  # "line 7" in a batch, "" for a single puzzle
    grid: Grid
    solution: Grid | None = None


@dataclass(frozen=True)
class Outcome:
    """What a command made of one puzzle: exit code, JSON object and human text."""

    code: int
    data: dict[str, Any]
    text: str
    ok: bool  # counts as a success in the batch summary


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
            "-j", "--jobs", type=int, default=0, metavar="N",
            help="batch: worker processes (default: all cores for large batches)",
        )


def add_budget_arguments(parser: argparse.ArgumentParser, time_limit: float = 10.0) -> None:
    """--time-limit and --max-nodes: every solve has a budget."""
    parser.add_argument(
        "--time-limit", type=float, default=time_limit, metavar="S",
        help=f"seconds per puzzle before giving up (default {time_limit:g})",
    )
    parser.add_argument(
        "--max-nodes", type=int, default=2_000_000, metavar="N",
        help="search nodes per puzzle before giving up (default 2000000)",
    )


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
        raise ParseError(
            f"byte 0x{data[exc.start]:02x} at offset {exc.start} is not UTF-8 text",
            line=line,
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
    if source == "-" or (len(source) < 4096 and "\n" not in source and Path(source).is_file()):
        text = read_text(source)
    else:
        text = source
    try:
        return iter([Item("", parse(text, shape))]), 0
    except ParseError:
        # Several lines that each hold a whole puzzle are a batch given on stdin.
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        if len(lines) > 1 and _is_batch(lines, shape):
            return _records(text, shape, "input"), len(lines)
        raise


def _is_batch(lines: list[str], shape: Shape | None) -> bool:
    try:
        parse(lines[0], shape)
        parse(lines[-1], shape)
    except SudokuError:
        return False
    return True


def _records(text: str, shape: Shape | None, source: str) -> Iterator[Item]:
    try:
        for rec in read_puzzles(text, shape):
            yield Item(f"line {rec.line}", rec.grid, rec.solution)
    except ParseError as exc:
        raise ParseError(f"{source}: {exc}") from None


def emit(outcome: Outcome, as_json: bool, label: str = "") -> None:
    """Print one result: a JSON line, or the human text."""
    if as_json:
        print(json.dumps(outcome.data, ensure_ascii=False), flush=False)
    elif outcome.text:
        print(outcome.text)


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
    jobs = args.jobs or (os.cpu_count() or 1)
    if not args.jobs and estimate < PARALLEL_THRESHOLD:
        jobs = 1
    # The parsed options travel to worker processes; the `run` callback is not picklable.
    plain = argparse.Namespace(**{k: v for k, v in vars(args).items() if k != "run"})
    results = _map(worker, items, plain, jobs)
    bar = _progress(estimate)
    done = good = 0
    code = EXIT_OK
    for item, outcome in results:
        data = dict(outcome.data)
        data.setdefault("line", int(item.label.split()[-1]) if item.label else None)
        if args.json:
            print(json.dumps(data, ensure_ascii=False))
        elif outcome.text:
            print(outcome.text)
        done += 1
        good += outcome.ok
        code = max(code, outcome.code)
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    elapsed = time.perf_counter() - start
    rate = done / elapsed if elapsed > 0 else 0.0
    print(
        f"{verb} {good}/{done} in {elapsed:.2f} s ({rate:,.0f} puzzles/s, {jobs} "
        f"process{'es' if jobs > 1 else ''})",
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
    return item, worker(item, args)


def _map(
    worker: Worker, items: Iterator[Item], args: argparse.Namespace, jobs: int
) -> Iterable[tuple[Item, Outcome]]:
    """(item, outcome) pairs in input order, computed here or in ``jobs`` processes."""
    if jobs <= 1:
        return ((item, worker(item, args)) for item in items)
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


def _progress(total: int) -> Any:
    """A tqdm bar on stderr when it is a terminal and tqdm is installed, else None."""
    if not sys.stderr.isatty() or total < 2:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:
        return None
    return tqdm(total=total, unit="puzzle", file=sys.stderr, leave=False)
