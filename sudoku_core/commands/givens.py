"""`--givens PUZZLE`: the original puzzle beside a grid in progress (hint, validate)."""

from __future__ import annotations

import argparse

from ..grid import Grid
from ..parse import parse
from .common import UsageError, is_file, read_text, shape_option


def add_givens_argument(parser: argparse.ArgumentParser) -> None:
    """Register --givens."""
    parser.add_argument("--givens", metavar="PUZZLE",
                        help="the original puzzle (text or file); GRID then holds your entries")


def read_givens(args: argparse.Namespace, grid: Grid, label: str) -> Grid | None:
    """The --givens puzzle in the grid's shape, or None when not given."""
    text = getattr(args, "givens", None)
    if text is None:
        return None
    if label:
        raise UsageError("--givens works with a single grid, not with a batch")
    if is_file(text):
        text = read_text(text)
    puzzle = parse(text, shape_option(args) or grid.shape)
    if puzzle.shape != grid.shape:
        raise UsageError(f"--givens is a {puzzle.shape} puzzle but the grid is {grid.shape}")
    return puzzle
