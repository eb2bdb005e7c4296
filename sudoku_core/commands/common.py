"""What every subcommand shares: exit codes, the usage error, a puzzle item and its outcome,
the one way a worker is applied to an item and the one way a line is printed.

The options are in options.py, the readers of input in inputs.py, the runner in batch.py; all
of them, and the cluster and the resumed output, import these from here."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model.errors import SudokuError
from ..model.grid import Grid

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2
EXIT_INTERNAL = 70  # a bug (EX_SOFTWARE); never expected, but never a traceback either
EXIT_OUTPUT = 74  # the output could not be written (EX_IOERR): a full disk, a closed stdout


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


def write_line(text: str) -> None:
    """Print ``text`` and its newline in one write: an interrupt never leaves half a line."""
    sys.stdout.write(text + "\n")


def apply_worker(worker: Worker, item: Item, args: argparse.Namespace) -> Outcome:
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


UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")  # what Windows PowerShell's `>` writes in front


