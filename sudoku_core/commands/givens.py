"""`--givens PUZZLE`: the original puzzle beside a grid in progress (hint, validate)."""

from __future__ import annotations

import argparse

from ..formats.read import parse
from ..model.errors import SudokuError
from ..model.grid import Grid
from .common import UsageError
from .inputs import puzzle_text
from .options import shape_option


def add_givens_argument(parser: argparse.ArgumentParser) -> None:
    """Register --givens."""
    parser.add_argument("--givens", metavar="PUZZLE", type=puzzle_text,
                        help="the original puzzle (text or file); GRID then holds your entries")


def read_givens(args: argparse.Namespace, grid: Grid, label: str) -> Grid | None:
    """The --givens puzzle in the grid's shape, or None when not given."""
    text = getattr(args, "givens", None)
    if text is None:
        return None
    if label:
        raise UsageError("--givens works with a single grid, not with a batch")
    try:
        puzzle = parse(text, shape_option(args) or grid.shape)
    except SudokuError as err:
        # Read in the grid's shape: a count that does not fit says the two differ in size.
        try:
            other = parse(text, shape_option(args))
        except SudokuError:
            raise UsageError(f"--givens: {err}") from None
        raise UsageError(f"--givens is a {other.size}x{other.size} puzzle but the grid is "
                         f"{grid.size}x{grid.size}") from None
    if puzzle.shape != grid.shape:
        raise UsageError(f"--givens has {puzzle.shape.box_rows}x{puzzle.shape.box_cols} boxes "
                         f"but the grid {grid.shape.box_rows}x{grid.shape.box_cols}")
    return puzzle
