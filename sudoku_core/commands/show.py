"""`sudoku show`: convert a puzzle between formats."""

from __future__ import annotations

import argparse
from typing import Any

from ..formats.write import FORMATS, WITH_ENTRIES, export
from .batch import run
from .common import EXIT_OK, Item, Outcome
from .inputs import link_entries
from .options import add_input_arguments


def add_parser(subparsers: Any) -> None:
    """Register `sudoku show`."""
    p = subparsers.add_parser(
        "show",
        help="print a puzzle in another format (line, pretty, variant, json, link, fpuzzles, "
             "sudokupad, ...)",
        description="Convert between formats (links of the page and other sites are read "
                    "too); the output parses back to the same puzzle, its box shape and rules "
                    "('line' holds the cells only: read a 3x2 line back with --box 3x2).",
    )
    add_input_arguments(p)
    p.add_argument("--to", choices=FORMATS, default="pretty", help="output format")


def main(args: argparse.Namespace) -> int:
    """Run `sudoku show` on the puzzle or the batch; the exit code."""
    return run(args, show_one, "shown")


def show_one(item: Item, args: argparse.Namespace) -> Outcome:
    """Format one puzzle."""
    # A link's entries stay apart in the formats that keep them (json, link); the others
    # write the givens, as before.
    entries = link_entries(args, item) if args.to in WITH_ENTRIES else None
    shown = export(item.grid, args.to, entries)  # the facade's format reply, the same object
    return Outcome(EXIT_OK, shown.to_json(), shown.text, True)
