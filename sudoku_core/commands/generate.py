"""`sudoku generate`: new puzzles with exactly one solution, at a level, one per line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from ..formats.links import share_links
from ..formats.variant_text import format_variant_text
from ..logic.techniques import LEVELS
from ..make.generate import (
    Generated,
    GenerateError,
    check_difficulty,
    check_seed,
    derive_seed,
)
from ..make.symmetry import SYMMETRIES, check_symmetry
from ..make.variant_generate import generate_puzzle
from ..model.budget import OutOfTime
from ..model.constraints import KILLER
from ..model.errors import quoted
from ..model.grid import Shape
from .batch import progress_bar
from .cluster import Cluster, cluster_address
from .common import EXIT_OK, EXIT_PROBLEM, UsageError, write_line
from .dataset import GENERATE_HEADER, add_format_option, cells, csv_line
from .options import add_time_limit, integer, variant_names
from .resume import Output, add_output_options, batch_output

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
    p.add_argument("--size", type=integer, default=None, metavar="N",
                   help="an N x N grid, its box as square as fits (6: 2x3, 12: 3x4); "
                        "--box picks another")
    p.add_argument("-d", "--difficulty", default="medium", metavar="LEVEL",
                   help=f"{', '.join(x.lower() for x in LEVELS)} (default medium)")
    p.add_argument("-n", "--count", type=integer, default=1, metavar="N",
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
    p.add_argument("--max-attempts", type=integer, default=None, metavar="N",
                   help="complete grids tried per puzzle at most")
    add_format_option(p)
    p.add_argument("--cluster", type=cluster_address, default=None, metavar="ADDRESS",
                   help="make the puzzles on a Dask cluster: tcp://HOST:PORT, local or "
                        "local:N (needs pip install 'sudoku-core[cluster]')")
    add_output_options(p)
    p.add_argument("--variant", metavar="NAMES", type=variant_names, default=(),
                   help="variant rules, combined with commas: x, windoku, jigsaw (random "
                        "regions), killer (random cages), antiknight, antiking")
    p.add_argument("--no-givens", action="store_true",
                   help="killer: no givens, the cages alone decide the solution")


def seed_number(text: str) -> int:
    """An argparse type: a whole number that the generator takes as a seed (its rule)."""
    value = integer(text)
    try:
        return check_seed(value)
    except GenerateError as exc:
        raise argparse.ArgumentTypeError(f"{quoted(text)}: {exc}") from None


def main(args: argparse.Namespace) -> int:
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
    if args.no_givens and KILLER.name not in args.variant:
        raise UsageError("--no-givens needs --variant killer: only cages can replace givens")
    if args.variant and args.minimal:
        raise UsageError("--minimal is for classic puzzles; variant puzzles are not minimised")
    if args.max_attempts is not None and args.max_attempts < 1:
        raise UsageError(f"--max-attempts {args.max_attempts}: expected at least 1")
    with batch_output(args) as out:
        first = _resumed(out, args)
        if args.format == "csv":
            write_line(",".join(GENERATE_HEADER))
        make = _Make(shape, args)
        cluster = Cluster(args.cluster) if args.cluster else None
        todo = range(first, args.count)
        if cluster is None:
            results: Iterator[tuple[int, Generated | str]] = (make([k])[0] for k in todo)
        else:
            results = cluster.ordered_map(make, todo, _failed, len(todo))
        try:
            return _print_all(results, args, first, cluster.describe() if cluster else "")
        finally:
            if cluster is not None:
                cluster.close()


def _print_all(results: Iterator[tuple[int, Generated | str]], args: argparse.Namespace,
               first: int, where: str) -> int:
    bar = progress_bar(args.count)
    if bar is not None:
        bar.update(first)
        if where:
            bar.set_postfix_str(where, refresh=False)
    missed = 0
    try:
        for k, g in results:
            where = f"puzzle {k + 1}: " if args.count > 1 else ""
            if isinstance(g, str):
                # No puzzle is a puzzle problem (exit 1), not a usage error.
                _note(bar, f"sudoku generate: error: {where}{g}")
                if g.startswith(FAILED):
                    missed += 1
                    continue  # a task the cluster could not run: the batch goes on
                return EXIT_PROBLEM
            if bar is not None:
                bar.update(1)
            _emit(g, args)
            if g.note:
                _note(bar, f"sudoku generate: {where}{g.note} (seed {g.seed})")
            if not g.reached:
                missed += 1
    finally:
        if bar is not None:
            bar.close()
    return EXIT_PROBLEM if missed else EXIT_OK


class _Make:
    """Puzzles k of the series, each with its own seed (the same puzzles wherever made)."""

    def __init__(self, shape: Shape, args: argparse.Namespace) -> None:
        self.shape = shape
        self.options = {k: getattr(args, k) for k in (
            "difficulty", "seed", "symmetry", "minimal", "time_limit", "max_attempts",
            "variant", "no_givens")}

    def __call__(self, ks: list[int]) -> list[tuple[int, Generated | str]]:
        o = self.options
        done: list[tuple[int, Generated | str]] = []
        for k in ks:
            seed = None if o["seed"] is None else derive_seed(o["seed"], k)
            try:
                done.append((k, self.one(seed)))
            except OutOfTime as exc:
                done.append((k, str(exc)))
        return done

    def one(self, seed: int | None) -> Generated:
        """One puzzle of the series: a variant one when rules were asked for."""
        o = self.options
        return generate_puzzle(self.shape, o["variant"], o["difficulty"], seed,
                               givens=not o["no_givens"], symmetry=o["symmetry"],
                               minimal=o["minimal"], time_limit=o["time_limit"],
                               max_attempts=o["max_attempts"])


FAILED = "failed on the cluster on every try"


def _failed(k: int, exc: BaseException) -> tuple[int, Generated | str]:
    return k, f"{FAILED} ({type(exc).__name__}: {exc})"


def _resumed(out: Output, args: argparse.Namespace) -> int:
    """How many puzzles of the series the output holds already (checked by their seeds)."""
    k = 0
    while (found := out.next_record()) is not None:
        at, record = found
        if k >= args.count:
            raise UsageError(f"{out.path}: line {at}: more puzzles than -n {args.count}; "
                             f"give another output file or leave out --resume")
        if args.seed is not None and record.get("seed") != derive_seed(args.seed, k):
            raise UsageError(f"{out.path}: line {at} is not puzzle {k + 1} of --seed "
                             f"{args.seed} (its seed is {record.get('seed')!r}): give another "
                             f"output file or leave out --resume")
        k += 1
    out.skipped = k
    return k


def _emit(g: Generated, args: argparse.Namespace) -> None:
    """Print one puzzle: its one-line form, its JSON record or its data set row."""
    if args.format == "csv":
        write_line(csv_line([cells(g.grid), cells(g.solution), g.level, g.score]))
    elif args.json:
        write_line(json.dumps({**g.to_json(), **share_links(g.grid)}))
    elif g.shape.variant is not None:
        write_line(format_variant_text(g.grid).rstrip("\n"))  # the rules come with the grid
    else:
        write_line(g.grid.line())
    sys.stdout.flush()


def _note(bar: Any, message: str) -> None:
    """A line on stderr that does not tear the progress bar."""
    sys.stdout.flush()
    if bar is not None:
        bar.write(message, file=sys.stderr)
    else:
        print(message, file=sys.stderr)
