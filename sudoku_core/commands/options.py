"""The options every subcommand shares, declared once: input, box, budgets."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from ..model.budget import DEFAULT_TIME_LIMIT, BudgetError, check_time_limit
from ..model.constraints import FIRST
from ..model.errors import SudokuError, quoted
from ..model.grid import Shape
from ..model.variants import VARIANT_NAMES, parse_names
from .resume import add_batch_options

_DATA_RULES = [row for row in FIRST if not row.is_flag]  # jigsaw, killer: named with their data


def add_input_arguments(parser: argparse.ArgumentParser, *, batch: bool = True) -> None:
    """The puzzle argument, --box and --json; with ``batch``, -f FILE and -j N too."""
    parser.add_argument(
        "puzzle", nargs="?", default=None,
        help="the puzzle text, a file holding it, or '-' for stdin (the default)",
    )
    parser.add_argument("--box", metavar="RxC", help="box shape, e.g. 2x3 (default: inferred)")
    parser.add_argument(
        "--variant", metavar="NAMES", type=variant_names,
        help=f"variant rules, combined with commas: {', '.join(VARIANT_NAMES)} "
             f"({' and '.join(row.name for row in _DATA_RULES)} need the "
             f"{' or '.join(row.text_section for row in _DATA_RULES)} in the input: "
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
        add_batch_options(parser)


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


def variant_names(text: str) -> tuple[str, ...]:
    """--variant: checked names ('killer,x')."""
    try:
        return parse_names(text)
    except SudokuError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


MAX_DIGITS = 40  # more than any count, size, budget or seed (seeds are 64-bit)


def integer(text: str) -> int:
    """An argparse type: a whole number, in words when it is none or far too long (Python's
    int() would name its own 4,300-digit limit)."""
    body = text.strip()
    digits = body.lstrip("+-")
    if len(digits) > MAX_DIGITS and digits.isascii() and digits.isdigit():
        raise argparse.ArgumentTypeError(
            f"{quoted(body)}: a number of {len(digits):,} digits is far too large")
    try:
        return int(body)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None


def whole_number(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number >= ``least``."""

    def convert(text: str) -> int:
        value = integer(text)
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is too small; the least is {least}")
        return value

    return convert


def seconds(text: str) -> float:
    """An argparse type: a time limit in seconds, checked by the core's rule."""
    try:
        if len(text.strip()) > MAX_DIGITS:
            raise ValueError(text)  # 5,000 digits read as infinity: no number of seconds
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of seconds") from None
    try:
        return check_time_limit(value)
    except BudgetError as exc:
        raise argparse.ArgumentTypeError(f"{quoted(text)}: {exc}") from None


def shape_option(args: argparse.Namespace) -> Shape | None:
    """The --box shape, if given."""
    box = getattr(args, "box", None)
    return Shape.parse(box) if box else None
