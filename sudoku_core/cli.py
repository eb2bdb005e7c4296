"""The `sudoku` command: parse the command line, dispatch, turn errors into one-line messages.

Exit codes: 0 success, 1 the puzzle has a problem (conflicts, no solution, several solutions
for validate, gave up), 2 usage or parse error, 130 interrupted, 70 a bug (internal error).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from . import __version__
from .commands import generate, hint, rate, show, solve, steps, validate
from .commands.common import EXIT_INTERNAL, EXIT_USAGE
from .errors import SudokuError

# The subcommands in the order `sudoku --help` lists them; each module has add_parser().
COMMANDS = {
    "solve": solve,
    "validate": validate,
    "show": show,
    "hint": hint,
    "steps": steps,
    "rate": rate,
    "generate": generate,
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
    for module in COMMANDS.values():
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        code: int = args.run(args)
        sys.stdout.flush()
        return code
    except SudokuError as exc:
        print(f"sudoku {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"sudoku {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        sys.stderr.close()
        return 0
    except RecursionError:
        print(f"sudoku {args.command}: error: input nested too deeply", file=sys.stderr)
        return EXIT_USAGE
    except MemoryError:
        print(f"sudoku {args.command}: error: input too large", file=sys.stderr)
        return EXIT_USAGE
    except Exception as exc:
        if os.environ.get("SUDOKU_DEBUG"):
            raise
        # A bug: one line that says so (SUDOKU_DEBUG=1 shows the traceback), never a traceback.
        print(f"sudoku {args.command}: internal error ({type(exc).__name__}: {exc}); please "
              f"report it (SUDOKU_DEBUG=1 shows the details)", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
