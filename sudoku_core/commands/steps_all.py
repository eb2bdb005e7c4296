"""`sudoku steps --all --only NAME` and `sudoku steps --list-techniques`: the expert listings.

Every instance of the named techniques in the given state, none applied (a pencil-mark grid is
the candidate state exactly as written, givens and placed values included; a value written `+7`
was placed, not given), or the technique names in rating order. Marks that a value placed in the
same row, column or box rules out are left out of the techniques' state and reported on their
own, so that a listing from marks not tidied after a placement is still sound. With ``-f FILE``
the file holds one state per record (a line, or a grid drawn over several lines with a blank
line after it), and each gets its own listing, in input order, in one process. ``--variant``
adds its rules to every state, as in the other subcommands; a technique whose argument a rule
of the puzzle breaks lists nothing, and the text says why.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from ..logic.find_all import (
    candidates_from_text,
    find_all,
    resolve,
    technique_names,
    tidy,
    unsound_here,
)
from ..model.candidates import Candidates, StaleMark
from ..model.constraints import TABLE
from ..model.contract import frame, pairs, unit_ref, value_ref
from ..model.errors import SudokuError
from ..model.grid import Shape
from ..model.messages import stale_mark_text
from ..model.variants import Variant
from .batch import emit
from .common import EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, Item, Outcome, UsageError, write_line
from .inputs import is_file, read_text, with_variant
from .options import shape_option

# A grid never tidied can hold thousands of stale marks: the text names the first ones.
STALE_LINES = 100


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options `sudoku steps` takes for the listings."""
    p.add_argument("--only", action="append", metavar="NAME",
                   help="with --all: a technique to list (repeat for several; the names "
                        "--list-techniques prints)")
    p.add_argument("--all", action="store_true",
                   help="list every instance of the --only techniques in the given state, "
                        "without applying any (pencil marks that a value placed in the same "
                        "row, column or box rules out are left out, and named)")
    p.add_argument("--list-techniques", action="store_true",
                   help="print the technique names, one a line, in rating order")


def wanted(args: argparse.Namespace) -> bool:
    """True when the command line asks for a listing instead of the step-by-step path."""
    return bool(args.list_techniques or args.all or args.only)


def main(args: argparse.Namespace) -> int:
    """Print the technique names, or every instance of the named ones in one puzzle's state."""
    if args.list_techniques:
        names = technique_names()
        emit(Outcome(EXIT_OK, {"techniques": names,
                               "message": f"{len(names)} techniques, in rating order."},
                     "\n".join(names), True), args.json)
        return EXIT_OK
    if not args.all or not args.only:
        raise UsageError("--all and --only go together: --all --only NAME [--only NAME ...]")
    if getattr(args, "file", None):
        if args.puzzle is not None:
            raise UsageError("give either a puzzle or -f FILE, not both")
        return _batch(args)
    source = args.puzzle if args.puzzle is not None else "-"
    if source == "-" and sys.stdin.isatty():
        raise UsageError("no puzzle given: pass it as an argument or on stdin")
    text = read_text(source) if source == "-" or is_file(source) else source
    c = read_state(text, args)
    outcome = _listing(c, args)
    emit(outcome, args.json)
    return outcome.code


def read_state(text: str, args: argparse.Namespace) -> Candidates:
    """The candidate state a text shows, with the rules of ``--variant`` added to its own."""
    c = candidates_from_text(text, shape_option(args))
    names = getattr(args, "variant", None)
    if not names:
        return c
    grid = with_variant(Item("", c.to_grid()), names).grid
    if c.masks == Candidates.from_grid(c.to_grid()).masks:
        # No marks written (a line, JSON): the candidates are the rules' own.
        return Candidates(grid.shape, list(c.values), Candidates.from_grid(grid).masks,
                          c.givens)
    # Written marks stay as written; those the new rules' peers rule out are left out by the
    # listing (and counted in its message), like any stale mark.
    return Candidates(grid.shape, list(c.values), list(c.masks), c.givens)


def _listing(c: Candidates, args: argparse.Namespace) -> Outcome:
    """Every instance of the --only techniques in one state, as the JSON contract and text."""
    grid = c.to_grid()
    found, cut = find_all(c, args.only, time_limit=args.time_limit)
    stale = c.stale_marks()  # find_all left them out; the reader should hear why
    # The registry's names of what was asked (other tools' names resolve to them).
    asked = list(dict.fromkeys(resolve(name)[0].name for name in args.only))
    summary = (f"{len(found)} found" + (" (cut short: the time limit or the cap of "
                                        "instances was reached)" if cut else ""))
    left_out = _left_out(c, len(stale)) + "".join(
        f"; {why}" for why in not_sound_texts(c, args.only))
    data: dict[str, Any] = {
        "puzzle": grid.line(),
        **frame(grid.shape),
        "status": "found" if found else "none",
        "techniques": asked,
        "count": len(found),
        "truncated": cut,
        "steps": [s.to_json(grid.shape) for s in found],
        "stale_marks": [stale_json(m, grid.shape) for m in stale],
        "message": f"{summary} ({', '.join(asked)}){left_out}.",
    }
    lines = [f"{i:3d}. {s.text}" for i, s in enumerate(found, 1)]
    if stale:
        lines.append(f"Left out of the listing, {len(stale)} stale "
                     f"{'mark' if len(stale) == 1 else 'marks'}:")
        lines.extend(f"     {stale_mark_text(m, grid.shape)}" for m in stale[:STALE_LINES])
        if len(stale) > STALE_LINES:
            lines.append(f"     ... and {len(stale) - STALE_LINES} more (--json lists them all)")
    lines.extend(f"{why[0].upper()}{why[1:]}." for why in not_sound_texts(c, args.only))
    lines.append(summary)
    return Outcome(EXIT_OK if found else EXIT_PROBLEM, data, "\n".join(lines), bool(found))


def _left_out(c: Candidates, stale: int) -> str:
    """The message's words for the marks the listing left out: the stale marks of rows,
    columns and boxes, and those a variant rule's peers rule out."""
    other = sum(a.bit_count() - b.bit_count() for a, b in
                zip(c.tidied().masks, tidy(c).masks, strict=True))
    out = ""
    if stale:
        one = stale == 1
        out = (f"; {stale} stale {'mark' if one else 'marks'} left out (a value placed in the "
               f"same row, column or box rules {'it' if one else 'them'} out)")
    if other:
        one = other == 1
        out += (f"; {other} more {'mark' if one else 'marks'} left out (a value placed in a "
                f"cell {'it sees' if one else 'they see'} under the variant rules rules "
                f"{'it' if one else 'them'} out)")
    return out


def not_sound_texts(c: Candidates, names: list[str]) -> list[str]:
    """'Unique Rectangle lists nothing here: its argument does not hold under the Windoku
    rule', one per asked technique whose argument a rule of the puzzle breaks."""
    v = c.shape.variant
    if v is None:
        return []
    out = []
    for tech, rules in unsound_here(c, names):
        # The puzzle's rules cut down to those that break it, in the rules' own words.
        named = Variant()
        for row in TABLE:
            if row.name in rules:
                named = row.taken(named, v)
        out.append(f"{tech.name} lists nothing here: its argument does not hold under the "
                   f"{named.describe()} {'rule' if len(rules) == 1 else 'rules'}")
    return out


def stale_json(mark: StaleMark, shape: Shape) -> dict[str, Any]:
    """A stale mark: the cell and value, the units and cells that hold the value, the words."""
    return {**value_ref(mark.cell, mark.value, shape),
            "placed_units": [unit_ref(shape, u) for u in mark.units],
            "placed_cells": pairs(mark.at, shape.size), "placed_indices": list(mark.at),
            "text": stale_mark_text(mark, shape)}


def records(text: str) -> Iterator[tuple[int, str]]:
    """The states of a file with their first line numbers (1-based), in order.

    Blank lines separate records. A block whose first line holds a whole puzzle (81 characters)
    is one record a line; any other block is one state drawn over several lines (a pencil-mark
    grid as ``sudoku show --to candidates`` draws it). Lines starting with '#' are comments.
    """
    block: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines() + [""], 1):
        if line.strip() and not line.lstrip().startswith("#"):
            block.append((number, line))
            continue
        if not line.strip() and block:
            if len(block) > 1 and _whole(block[0][1]):
                yield from block
            else:
                yield block[0][0], "\n".join(ln for _, ln in block)
            block = []


def _whole(line: str) -> bool:
    """True when one line holds a whole puzzle."""
    try:
        candidates_from_text(line)
    except SudokuError:
        return False
    return True


def _batch(args: argparse.Namespace) -> int:
    """One listing per record of ``args.file``: JSON Lines (with "line") or numbered text."""
    source = args.file
    text = read_text(source)
    code = EXIT_OK
    seen = 0
    for number, record in records(text):
        seen += 1
        try:
            outcome = _listing(read_state(record, args), args)
        except SudokuError as exc:
            # A record that cannot be read: say which and why, go on with the rest.
            sys.stdout.flush()
            print(f"sudoku steps: error: {source}: line {number}: {exc}", file=sys.stderr)
            code = max(code, EXIT_USAGE)
            continue
        code = max(code, outcome.code)
        if args.json:
            write_line(json.dumps({**outcome.data, "line": number}, ensure_ascii=False))
        else:
            write_line(f"line {number}:\n{outcome.text}")
    if not seen:
        raise UsageError(f"{source}: no pencil-mark state found")
    return code
