"""The `sudoku` command: parse the command line, dispatch, turn errors into one-line messages.

Exit codes: 0 success, 1 the puzzle has a problem (conflicts, no solution, several solutions
for validate, gave up), 2 usage or parse error, 74 the output could not be written (a full
disk, a closed stdout), 130 interrupted, 70 a bug (internal error).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from . import __version__
from .commands import generate, hint, rate, scan, setter, show, solve, steps, validate
from .commands.common import EXIT_INTERNAL, EXIT_OUTPUT, EXIT_USAGE
from .commands.output import ascii_fallback
from .model.errors import SudokuError


class Subcommand(NamedTuple):
    """One subcommand: the function that declares its options, and the one that runs it."""

    add_parser: Callable[[Any], None]  # takes argparse's subparsers
    main: Callable[[argparse.Namespace], int]  # the exit code


# The subcommands in the order `sudoku --help` lists them. main() dispatches through this
# table alone: `sudoku NAME` runs COMMANDS[NAME].main(args).
COMMANDS: dict[str, Subcommand] = {
    "solve": Subcommand(solve.add_parser, solve.main),
    "validate": Subcommand(validate.add_parser, validate.main),
    "show": Subcommand(show.add_parser, show.main),
    "hint": Subcommand(hint.add_parser, hint.main),
    "steps": Subcommand(steps.add_parser, steps.main),
    "rate": Subcommand(rate.add_parser, rate.main),
    "generate": Subcommand(generate.add_parser, generate.main),
    "setter": Subcommand(setter.add_parser, setter.main),
    "scan": Subcommand(scan.add_parser, scan.main),
}


class _Parser(argparse.ArgumentParser):
    """argparse with our one-line error format (it exits 2 on usage errors, as we do)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand registered."""
    parser = _Parser(
        prog="sudoku",
        description="Solve, validate, explain, rate and generate Sudoku of every box shape.",
        epilog="Exit codes: 0 ok, 1 the puzzle has a problem, 2 usage or parse error.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku-core {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND",
                                       parser_class=_Parser)
    for command in COMMANDS.values():
        command.add_parser(subparsers)
    return parser


class _ClosedStdin:
    """Stands in for a standard input the shell closed (`<&-`): reading it is a usage error."""

    def isatty(self) -> bool:
        return False

    def _closed(self) -> SudokuError:
        return SudokuError("standard input is closed: give the puzzle as an argument or a file")

    @property
    def buffer(self) -> object:
        raise self._closed()

    def read(self, *_: object) -> str:
        raise self._closed()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    ascii_fallback(sys.stdout, sys.stderr)
    command = "sudoku"
    if sys.stdin is None:
        sys.stdin = _ClosedStdin()
    if sys.stdout is None:  # `>&-`: nothing can be printed, so nothing is done
        _say(f"{command}: error: standard output is closed")
        return EXIT_OUTPUT
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        command = f"sudoku {args.command}"
        code = COMMANDS[args.command].main(args)
        sys.stdout.flush()
        return code
    except SudokuError as exc:
        print(f"{command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        _say(f"{command}: interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        _quiet_stdout()
        return 0
    except OSError as exc:
        # Writing failed (a full disk: `> /dev/full`); files that cannot be read are usage
        # errors said before this point.
        _say(f"{command}: error: the output could not be written: {exc.strerror or exc}")
        _quiet_stdout()
        return EXIT_OUTPUT
    except RecursionError:
        print(f"{command}: error: input nested too deeply", file=sys.stderr)
        return EXIT_USAGE
    except MemoryError:
        print(f"{command}: error: input too large", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:
        if os.environ.get("SUDOKU_DEBUG"):
            raise
        # A bug: one line that says so (SUDOKU_DEBUG=1 shows the traceback), never a traceback.
        print(f"{command}: internal error ({type(exc).__name__}: {exc}); please "
              f"report it (SUDOKU_DEBUG=1 shows the details)", file=sys.stderr)
        return EXIT_INTERNAL


def _say(line: str) -> None:
    """A last line on stderr, on its own line even after a half-drawn progress bar."""
    with contextlib.suppress(OSError, ValueError):  # stderr is gone too: the code still tells
        print(line, file=sys.stderr)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests capture it): nothing is flushed at exit


if __name__ == "__main__":
    sys.exit(main())
