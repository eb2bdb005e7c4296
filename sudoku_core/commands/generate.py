"""`sudoku generate`: new puzzles with exactly one solution, at a level, one per line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..formats.variant_text import format_variant_text
from ..logic.techniques import LEVELS
from ..make.generate import (
    Generated,
    GenerateError,
    check_difficulty,
    check_seed,
    derive_seed,
    generate,
)
from ..make.symmetry import SYMMETRIES, check_symmetry
from ..make.variant_generate import generate_variant
from ..model.budget import OutOfTime
from ..model.grid import Shape
from .common import (
    EXIT_OK,
    EXIT_PROBLEM,
    UsageError,
    add_time_limit,
    progress_bar,
    variant_names,
)

MAX_COUNT = 100_000


def add_parser(subparsers: Any) -> None:
    """Register `sudoku generate`."""
    p = subparsers.add_parser(
        "generate", help="make new puzzles with exactly one solution, at a difficulty level",
        description="Make puzzles with exactly one solution whose rating is the level asked "
                    "for. One puzzle per line (or JSON Lines with --json). When a level is "
                    "not reached within the time limit, the closest puzzle is printed with "
                    "its true level, a note goes to stderr, and the exit code is 1.",
    )
    p.add_argument("--box", metavar="RxC", default=None, help="box shape (default 3x3)")
    p.add_argument("--size", type=int, default=None, metavar="N",
                   help="an N x N grid, its box as square as fits (6: 2x3, 12: 3x4); "
                        "--box picks another")
    p.add_argument("-d", "--difficulty", default="medium", metavar="LEVEL",
                   help=f"{', '.join(x.lower() for x in LEVELS)} (default medium)")
    p.add_argument("-n", "--count", type=int, default=1, metavar="N",
                   help="number of puzzles (default 1)")
    # 0 or more: Python's random takes -S for S, so two seeds would give one puzzle.
    p.add_argument("--seed", type=seed_number, default=None, metavar="S",
                   help="seed for reproducible puzzles; puzzle k of -n uses a seed derived "
                        "from S and k (default: a random seed, shown with --json)")
    p.add_argument("--symmetry", default=None, metavar="KIND",
                   help=f"{'|'.join(SYMMETRIES)} (default rotational; none with --minimal)")
    p.add_argument("--minimal", action="store_true",
                   help="no given can be removed without losing the single solution")
    p.add_argument("--json", action="store_true", help="print JSON Lines")
    add_time_limit(p, "per puzzle", default=None, shown="2 to 180 by size")
    p.add_argument("--max-attempts", type=int, default=None, metavar="N",
                   help="complete grids tried per puzzle at most")
    p.add_argument("--variant", metavar="NAMES", type=variant_names, default=(),
                   help="variant rules, combined with commas: x, windoku, jigsaw (random "
                        "regions), killer (random cages), antiknight, antiking")
    p.add_argument("--no-givens", action="store_true",
                   help="killer: no givens, the cages alone decide the solution")
    p.set_defaults(run=run)


def seed_number(text: str) -> int:
    """An argparse type: a whole number that the generator takes as a seed (its rule)."""
    try:
        return check_seed(int(text))
    except ValueError as exc:  # not a number, or GenerateError
        raise argparse.ArgumentTypeError(
            f"{text!r}: {exc}" if isinstance(exc, GenerateError) else
            f"{text!r} is not a whole number") from None


def run(args: argparse.Namespace) -> int:
    """Generate ``args.count`` puzzles; exit 1 when some level was not reached."""
    if args.box:
        shape = Shape.parse(args.box, args.size)
    else:
        shape = Shape.for_size(9 if args.size is None else args.size)
    check_difficulty(args.difficulty)
    if args.symmetry is not None:
        check_symmetry(args.symmetry)
    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"-n {args.count}: expected 1 to {MAX_COUNT}")
    if args.no_givens and "killer" not in args.variant:
        raise UsageError("--no-givens needs --variant killer: only cages can replace givens")
    if args.variant and args.minimal:
        raise UsageError("--minimal is for classic puzzles; variant puzzles are not minimised")
    if args.max_attempts is not None and args.max_attempts < 1:
        raise UsageError(f"--max-attempts {args.max_attempts}: expected at least 1")
    bar = progress_bar(args.count)
    missed = 0
    try:
        for k in range(args.count):
            seed = None if args.seed is None else derive_seed(args.seed, k)
            try:
                if args.variant:
                    g = generate_variant(shape, args.variant, args.difficulty, seed,
                                         givens=not args.no_givens, symmetry=args.symmetry,
                                         time_limit=args.time_limit,
                                         max_attempts=args.max_attempts)
                else:
                    g = generate(shape, args.difficulty, seed=seed, symmetry=args.symmetry,
                                 minimal=args.minimal, time_limit=args.time_limit,
                                 max_attempts=args.max_attempts)
            except OutOfTime as exc:
                # No puzzle is a puzzle problem (exit 1), not a usage error.
                where = f"puzzle {k + 1}: " if args.count > 1 else ""
                _note(bar, f"sudoku generate: error: {where}{exc}")
                return EXIT_PROBLEM
            if bar is not None:
                bar.update(1)
            _emit(g, args.json)
            if g.note:
                where = f"puzzle {k + 1}: " if args.count > 1 else ""
                _note(bar, f"sudoku generate: {where}{g.note} (seed {g.seed})")
            if not g.reached:
                missed += 1
    finally:
        if bar is not None:
            bar.close()
    return EXIT_PROBLEM if missed else EXIT_OK


def _emit(g: Generated, as_json: bool) -> None:
    """Print one puzzle: its one-line form, or its JSON record."""
    if as_json:
        print(json.dumps(g.to_json()), flush=True)
    elif g.shape.variant is not None:
        print(format_variant_text(g.grid), end="", flush=True)  # the rules come with the grid
    else:
        print(g.grid.line(), flush=True)


def _note(bar: Any, message: str) -> None:
    """A line on stderr that does not tear the progress bar."""
    if bar is not None:
        bar.write(message, file=sys.stderr)
    else:
        print(message, file=sys.stderr)
