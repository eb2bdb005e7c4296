"""Where a batch's records go (-o OUT), and how a killed batch picks up again (--resume).

A resumed batch appends to its JSON Lines output and skips the input's puzzles that already
have a record there, matched by input line and puzzle. Records are written a whole line at a
time to a line-buffered file, so an interrupt leaves a complete prefix; a kill -9 in the
middle of a write can leave half a line at the end, which --resume cuts off before it goes on.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from typing import IO, Any

from .cluster import cluster_address
from .common import Item, UsageError, write_line


def add_batch_options(parser: argparse.ArgumentParser) -> None:
    """--cluster, -o OUT and --resume: batches spread over a cluster and picked up again."""
    parser.add_argument(
        "--cluster", type=cluster_address, default=None, metavar="ADDRESS",
        help="batch: run on a Dask cluster: tcp://HOST:PORT (a running scheduler), or local "
             "or local:N (N worker processes here); needs pip install 'sudoku-core[cluster]'",
    )
    add_output_options(parser)


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """-o OUT and --resume [OUT]."""
    parser.add_argument("-o", "--output", metavar="OUT", default=None,
                        help="write the records to OUT instead of stdout (replacing it)")
    parser.add_argument(
        "--resume", nargs="?", const="", default=None, metavar="OUT",
        help="append to the JSON Lines file OUT (or -o OUT) and skip the puzzles it already "
             "holds: a killed batch goes on where it stopped (implies --json)",
    )


def output_path(args: argparse.Namespace) -> str | None:
    """The output file of -o OUT or --resume OUT (None: stdout); checks they agree."""
    out: str | None = getattr(args, "output", None)
    resume: str | None = getattr(args, "resume", None)
    if resume:
        if out is not None and out != resume:
            raise UsageError(f"--resume {resume} and -o {out}: give the output file once")
        out = resume
    if resume is not None and not out:
        raise UsageError("--resume needs the output file: --resume OUT, or -o OUT --resume")
    if getattr(args, "format", None) == "json":
        args.json = True
    if resume is not None:
        if getattr(args, "format", None) == "csv":
            raise UsageError("--resume appends to JSON Lines; it cannot go with --format csv")
        args.json = True
    return out


class Output:
    """The batch's output file, and the records a resumed batch finds in it."""

    def __init__(self, path: str | None, resume: bool) -> None:
        self.path = path
        self.skipped = 0  # puzzles of the input that already had a record
        self.dropped = False  # a half-written last line was cut off
        self._records: Iterator[tuple[int, dict[str, Any]]] = iter(())
        self._reader: IO[bytes] | None = None
        self.file: IO[str] | None = None
        self.rows: Any = None  # a data set's CSV rows (dataset.RatedRows), else None
        if path is None:
            return
        try:
            if resume:
                self._open_resumed(path)
            else:
                # Line buffering: every record reaches the file whole, as it is printed.
                self.file = open(path, "w", encoding="utf-8", buffering=1)  # noqa: SIM115
        except OSError as exc:
            self.close()
            raise UsageError(f"cannot write {path}: {exc.strerror or exc}") from None

    def _open_resumed(self, path: str) -> None:
        try:
            reader = open(path, "r+b")  # noqa: SIM115
        except FileNotFoundError:
            self.file = open(path, "w", encoding="utf-8", buffering=1)  # noqa: SIM115
            return
        self._reader = reader
        size = reader.seek(0, 2)
        end = size
        if size:
            # Find the last newline: what follows it is a line a kill cut in half.
            step = 1 << 16
            pos = size
            while pos > 0:
                start = max(0, pos - step)
                reader.seek(start)
                found = reader.read(pos - start).rfind(b"\n")
                if found >= 0:
                    end = start + found + 1
                    break
                pos = start
            else:
                end = 0
            if end < size:
                reader.truncate(end)
                self.dropped = True
        reader.seek(0)
        self._records = _read_records(reader, end, path)
        self.file = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115

    def next_record(self) -> tuple[int, dict[str, Any]] | None:
        """The next record already in the output: (its line in OUT, the record), or None."""
        return next(self._records, None)

    def skip_done(self, items: Iterator[Item]) -> Iterator[Item]:
        """The input's items that have no record in the output yet, in order.

        The output is in input order, so its records are a prefix of the input's: each one
        must be the next item's, by line number and puzzle; lines that could not be read have
        no record and were reported when they were met.
        """
        pending = self.next_record()
        for item in items:
            if pending is None:
                yield item
                continue
            at, record = pending
            line = _line_of(item)
            want = record.get("line")
            if not isinstance(want, int) or isinstance(want, bool):
                raise UsageError(f"{self.path}: line {at} has no input \"line\": it is not a "
                                 f"batch record; give another output file")
            if item.error and (line is None or line < want):
                continue  # an unreadable line: no record, said on stderr the first time
            puzzle = record.get("puzzle")
            if line != want or (isinstance(puzzle, str) and not item.error
                                and puzzle != item.grid.line()):
                got = f"input line {line}" if line is not None else "the input"
                raise UsageError(
                    f"{self.path}: line {at} is the record of input line {want}"
                    f"{f' ({puzzle})' if isinstance(puzzle, str) else ''}, but {got} holds "
                    f"{item.grid.line()}: it is not this input's output; give another output "
                    f"file or leave out --resume")
            self.skipped += 1
            pending = self.next_record()
        if pending is not None:
            raise UsageError(f"{self.path}: line {pending[0]} is a record beyond the input's "
                             f"end: it is not this input's output; give another output file "
                             f"or leave out --resume")

    def summary(self) -> str:
        """The summary's word on what was already done ("" when nothing was)."""
        parts = []
        if self.skipped:
            parts.append(f"{self.skipped} already in {self.path}")
        if self.dropped:
            parts.append("a half-written last line was cut off")
        return "".join(f"; {p}" for p in parts)

    def close(self) -> None:
        for fh in (self.file, self._reader):
            if fh is not None:
                with contextlib.suppress(OSError):
                    fh.close()


def _line_of(item: Item) -> int | None:
    try:
        return int(item.label.split()[-1]) if item.label else None
    except ValueError:
        return None


def _read_records(reader: IO[bytes], end: int, path: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each record of the output's first ``end`` bytes, with its line number, as read."""
    read = 0
    for number, raw in enumerate(reader, 1):
        read += len(raw)
        if read > end:
            return
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except ValueError:
            raise UsageError(f"{path}: line {number} is not JSON: it is not a batch's JSON Lines "
                             f"output; give another output file or leave out --resume") from None
        if not isinstance(record, dict):
            raise UsageError(f"{path}: line {number} is not a JSON object: it is not a batch "
                             f"record; give another output file or leave out --resume")
        yield number, record


@contextlib.contextmanager
def batch_output(args: argparse.Namespace) -> Iterator[Output]:
    """Send what the command prints to -o OUT for the duration, resuming when asked."""
    path = output_path(args)
    out = Output(path, getattr(args, "resume", None) is not None)
    previous = sys.stdout
    if out.file is not None:
        sys.stdout = out.file
    try:
        make_rows = getattr(args, "csv_rows", None)
        if getattr(args, "format", None) == "csv" and make_rows is not None:
            out.rows = make_rows(args)
            write_line(out.rows.header)
        yield out
    finally:
        sys.stdout = previous
        if out.rows is not None:
            out.rows.close()
        out.close()
