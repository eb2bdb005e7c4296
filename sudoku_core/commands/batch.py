"""Running a subcommand over its puzzles: one process or a pool, in input order, with
progress, Ctrl+C and a full stdout handled; JSON Lines out."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any

from ..model.errors import ParseError
from .cluster import on_cluster
from .common import EXIT_OK, Item, Outcome, Worker, apply_worker, write_line
from .inputs import iter_items
from .resume import Output, batch_output

PARALLEL_THRESHOLD = 400  # below this, starting processes costs more than it saves


MAX_JOBS_PER_CORE = 4  # -j above this many processes per core only wastes memory


def emit(outcome: Outcome, as_json: bool, label: str = "") -> None:
    """Print one result: a JSON line, or the human text; its note goes to stderr."""
    if as_json:
        write_line(json.dumps(outcome.data, ensure_ascii=False))
    elif outcome.text:
        write_line(outcome.text)
    if outcome.note and not as_json:
        sys.stdout.flush()
        print(outcome.note, file=sys.stderr)


def run(args: argparse.Namespace, worker: Worker, verb: str = "solved") -> int:
    """Run ``worker`` on the puzzle or the batch, in input order; return the exit code."""
    items, estimate = iter_items(args)
    with batch_output(args) as out:
        if not estimate:
            item = next(items)
            outcome = worker(item, args)
            if out.rows is not None:
                write_line(out.rows.row(item, outcome.data))
            else:
                emit(outcome, args.json)
            return outcome.code
        return _run_batch(out.skip_done(items), estimate, args, worker, verb, out)


def _run_batch(
    items: Iterator[Item], estimate: int, args: argparse.Namespace, worker: Worker, verb: str,
    out: Output | None = None,
) -> int:
    """Stream the batch: results print in input order as they come; bad lines are skipped."""
    start = time.perf_counter()
    results, how = _results(items, estimate, args, worker)
    bar = progress_bar(estimate)
    if bar is not None:
        bar.set_postfix_str(how, refresh=False)
    tally = _Tally()
    try:
        for item, outcome in results:
            if item.error or not outcome.data:
                # A line that could not be read (or a bug): say so, go on with the rest.
                sys.stdout.flush()
                if bar is not None:
                    bar.clear()
                print(outcome.note, file=sys.stderr)
                tally.bad += 1
                tally.code = max(tally.code, outcome.code)
                continue
            _write(item, outcome, args, out)
            tally.count(outcome)
            if bar is not None:
                bar.update(1)
    finally:
        # An interrupt or a closed pipe: stop the workers and clear the bar before the message.
        results.close()
        if bar is not None:
            bar.close()
    extra = out.summary() if out is not None else ""
    if not tally.done and not tally.bad and not extra:
        raise ParseError(f"{getattr(args, 'file', None) or 'stdin'}: no puzzle found")
    sys.stdout.flush()
    print(tally.summary(verb, time.perf_counter() - start, how, extra,
                        getattr(args, "check", False)), file=sys.stderr)
    return tally.code


def _results(items: Iterator[Item], estimate: int, args: argparse.Namespace,
             worker: Worker) -> tuple[Generator[tuple[Item, Outcome], None, None], str]:
    """The (item, outcome) pairs in input order, on a cluster or in processes here; and how."""
    cores = os.cpu_count() or 1
    jobs = min(args.jobs or cores, MAX_JOBS_PER_CORE * cores, estimate)
    if not args.jobs and estimate < PARALLEL_THRESHOLD:
        jobs = 1
    plain = argparse.Namespace(**vars(args))  # the parsed options travel to worker processes
    if getattr(args, "cluster", None):
        return on_cluster(args.cluster, worker, items, plain, estimate)
    return _map(worker, items, plain, jobs), f"{jobs} process{'es' if jobs > 1 else ''}"


def _write(item: Item, outcome: Outcome, args: argparse.Namespace, out: Output | None) -> None:
    """One record out: a CSV row, a JSON line (with its input line) or the text."""
    data = dict(outcome.data)
    data.setdefault("line", int(item.label.split()[-1]) if item.label else None)
    if out is not None and out.rows is not None:
        write_line(out.rows.row(item, data))
    elif args.json:
        write_line(json.dumps(data, ensure_ascii=False))
    elif outcome.text:
        write_line(outcome.text)


@dataclass
class _Tally:
    """What a batch did, for its summary line and exit code."""

    done: int = 0
    good: int = 0
    bad: int = 0
    checked: int = 0
    mismatched: int = 0
    code: int = EXIT_OK

    def count(self, outcome: Outcome) -> None:
        self.done += 1
        self.good += outcome.ok
        if "check" in outcome.data:
            self.checked += 1
            self.mismatched += outcome.data["check"] is False
        self.code = max(self.code, outcome.code)

    def summary(self, verb: str, elapsed: float, how: str, extra: str, check: bool) -> str:
        rate = self.done / elapsed if elapsed > 0 else 0.0
        shown = f"{rate:,.0f}" if rate >= 10 else f"{rate:.2g}"
        if self.bad:
            extra += f"; {self.bad} unreadable line{'s' if self.bad != 1 else ''}"
        if check:
            extra += (f"; {self.mismatched} of {self.checked} checked differ" if self.checked
                      else "; nothing checked: the input has no solutions column")
        return (f"{verb} {self.good}/{self.done} in {elapsed:.2f} s ({shown} puzzles/s, {how})"
                f"{extra}")


_job: tuple[Worker, argparse.Namespace] | None = None  # set once in each worker process


def _init_worker(worker: Worker, args: argparse.Namespace) -> None:
    global _job
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # spawned workers do not inherit SIG_IGN
    _job = (worker, args)


def _call(item: Item) -> tuple[Item, Outcome]:
    assert _job is not None, "worker process not initialised"
    worker, args = _job
    return item, apply_worker(worker, item, args)


def _map(
    worker: Worker, items: Iterator[Item], args: argparse.Namespace, jobs: int
) -> Generator[tuple[Item, Outcome], None, None]:
    """(item, outcome) pairs in input order, computed here or in ``jobs`` processes."""
    if jobs <= 1:
        return ((item, apply_worker(worker, item, args)) for item in items)
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
