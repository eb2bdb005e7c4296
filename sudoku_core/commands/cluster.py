"""Batches on a Dask cluster (`--cluster tcp://host:8786` or `--cluster local:N`).

Dask is an optional extra (`pip install 'sudoku-core[cluster]'`), imported only here and only
when --cluster is given: the wheel itself keeps no runtime dependency. The scheduler reruns
the tasks of a worker that dies; a task that kills every worker it runs on is tried once
more per puzzle, and a puzzle that still fails becomes an error record naming it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import Any, TypeVar

from ..model.errors import quoted
from .common import EXIT_INTERNAL, Item, Outcome, UsageError, Worker, apply_worker

T = TypeVar("T")
R = TypeVar("R")

LOCAL = re.compile(r"local(?::([0-9]{1,6}))?")  # ASCII digits, few: int() never fails
ADDRESS = re.compile(r"(tcp|tls|inproc|ucx|ws|wss)://\S+|[\w.-]+:\d+")
WINDOW_PER_WORKER = 4  # chunks in flight per worker: they stay busy, memory stays flat
MAX_CHUNK = 32  # puzzles per task at most: a dead worker costs little work
CONNECT_TIMEOUT = 30  # seconds to reach a scheduler, or to see its first worker
MISSING = ("--cluster needs Dask, an optional extra: pip install 'sudoku-core[cluster]'")


def cluster_address(text: str) -> str:
    """An argparse type: 'local', 'local:N' or a scheduler address such as tcp://host:8786."""
    text = text.strip()
    m = LOCAL.fullmatch(text)
    if m:
        if m.group(1) is not None and int(m.group(1)) < 1:
            raise argparse.ArgumentTypeError(
                f"{quoted(text)}: a local cluster needs 1 worker or more")
        return text
    if ADDRESS.fullmatch(text):
        return text
    raise argparse.ArgumentTypeError(
        f"{quoted(text)} is no cluster address: give tcp://HOST:PORT (a Dask scheduler), "
        "local, or local:N (N worker processes on this machine)")


class Cluster:
    """A connection to a Dask scheduler, or a LocalCluster started for this batch."""

    def __init__(self, address: str) -> None:
        # Dask's own log lines (a worker restarted, a slow GC) would interleave with the
        # batch's stderr; only its errors are kept, in the workers this starts too.
        os.environ.setdefault("DASK_LOGGING__DISTRIBUTED", "error")
        dask = _distributed()
        Client, LocalCluster = dask.Client, dask.LocalCluster  # noqa: N806 - Dask's names
        self.address = address
        self._local: Any = None
        m = LOCAL.fullmatch(address)
        try:
            if m:
                n = int(m.group(1)) if m.group(1) else (os.cpu_count() or 1)
                # One thread per worker process: the engine is pure Python, so threads in one
                # process would share one core (the GIL).
                with _sigint_ignored():
                    self._local = LocalCluster(n_workers=n, threads_per_worker=1,
                                               processes=True, dashboard_address=None)
                self.client: Any = Client(self._local)
            else:
                self.client = Client(address, timeout=CONNECT_TIMEOUT)
            self.client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise UsageError(f"cannot use the Dask cluster at {address}: {exc}") from None

    @property
    def workers(self) -> int:
        """How many tasks run at once: the workers' threads, summed."""
        info = self.client.scheduler_info()["workers"]
        return max(1, sum(int(w.get("nthreads", 1)) for w in info.values()))

    def describe(self) -> str:
        n = self.workers
        where = "local" if self._local is not None else self.address
        return f"{n} Dask worker{'s' if n != 1 else ''} at {where}"

    def close(self) -> None:
        for part in (getattr(self, "client", None), self._local):
            if part is not None:
                # Closing after an interrupt: whatever fails here has nothing to add.
                with contextlib.suppress(Exception):
                    part.close()

    def ordered_map(
        self, fn: Callable[[list[T]], list[R]], items: Iterable[T],
        failed: Callable[[T, BaseException], R], estimate: int = 0,
    ) -> Iterator[R]:
        """``fn`` over chunks of ``items`` on the cluster, results yielded in input order.

        At most WINDOW_PER_WORKER chunks per worker are in flight, so the input is read as
        the results come back and the first result appears before the input's end. A chunk
        that fails (its worker died too often, or ``fn`` raised) is run again one item per
        task; an item that fails alone gives ``failed(item, error)``.
        """
        wait = _distributed().wait
        workers = self.workers
        chunk = max(1, min(MAX_CHUNK, estimate // (8 * workers) if estimate else 1))
        window: deque[tuple[list[T], Any]] = deque()
        source = iter(items)
        client = self.client
        try:
            while True:
                while len(window) < WINDOW_PER_WORKER * workers:
                    part = _take(source, chunk)
                    if not part:
                        break
                    window.append((part, client.submit(fn, part, pure=False)))
                if not window:
                    return
                part, future = window.popleft()
                wait(future)
                if future.status == "finished":
                    yield from future.result()
                    continue
                if future.status == "error" and isinstance(future.exception(), UsageError):
                    raise future.exception()  # the command line is at fault: say it once
                for item in part:
                    yield self._alone(fn, item, failed)
        finally:
            # Ctrl+C, a closed pipe or the end: nothing is left running on the cluster.
            pending = [f for _, f in window]
            if pending:
                with contextlib.suppress(Exception):  # the client may be gone already
                    client.cancel(pending)

    def _alone(self, fn: Callable[[list[T]], list[R]], item: T,
               failed: Callable[[T, BaseException], R]) -> R:
        future = self.client.submit(fn, [item], pure=False)
        try:
            return future.result()[0]  # type: ignore[no-any-return]
        except Exception as exc:  # every failure becomes a record
            return failed(item, exc)


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Start worker processes that ignore Ctrl+C (they inherit SIG_IGN): it reaches the whole
    process group, and the client alone should stop, cancel the tasks and say so in a line."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _distributed() -> Any:
    """The dask.distributed module, untyped: the extra may be absent where this is checked."""
    import importlib

    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise UsageError(MISSING) from None


def _take(source: Iterator[T], n: int) -> list[T]:
    part: list[T] = []
    for x in source:
        part.append(x)
        if len(part) >= n:
            break
    return part


class _Chunk:
    """The task run on a worker: a picklable callable that carries the worker and options."""

    def __init__(self, worker: Worker, args: argparse.Namespace) -> None:
        self.worker = worker
        self.args = args

    def __call__(self, items: list[Item]) -> list[tuple[Item, Outcome]]:
        return [(item, apply_worker(self.worker, item, self.args)) for item in items]


def failed_outcome(item: Item, exc: BaseException, command: str | None) -> tuple[Item, Outcome]:
    """The error record of a puzzle whose task failed on every try (its worker died)."""
    prefix = f"sudoku {command}: error: " if command else "error: "
    why = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return item, Outcome(EXIT_INTERNAL, {}, "", False, note=(
        f"{prefix}{item.label}: failed on the cluster on every try ({why}); "
        f"the puzzle: {item.grid.line()}"))


def cluster_results(
    cluster: Cluster, worker: Worker, items: Iterator[Item], args: argparse.Namespace,
    estimate: int,
) -> Iterator[tuple[Item, Outcome]]:
    """(item, outcome) pairs of the batch in input order, computed on the cluster."""
    command = getattr(args, "command", None)
    return cluster.ordered_map(
        _Chunk(worker, args), items, lambda item, exc: failed_outcome(item, exc, command),
        estimate)


def on_cluster(
    address: str, worker: Worker, items: Iterator[Item], args: argparse.Namespace, estimate: int,
) -> tuple[Generator[tuple[Item, Outcome], None, None], str]:
    """The batch's (item, outcome) pairs computed on the cluster, and the summary's words
    for where they ran; the cluster is closed when the pairs are (a local one stops)."""
    cluster = Cluster(address)

    def results() -> Generator[tuple[Item, Outcome], None, None]:
        try:
            yield from cluster_results(cluster, worker, items, args, estimate)
        finally:
            cluster.close()

    return results(), cluster.describe()
