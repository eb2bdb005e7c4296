"""classify(): which kind of puzzle text this is, told once from the text alone (nothing is
read here); auto.py holds the one reader for each kind, records.py the batch readers."""

from __future__ import annotations

import re
from enum import Enum

from .csv_row import is_csv_row
from .links import is_link
from .scan import BARS, LINE_BREAK, SECTION, SPACES
from .text import one_line_values
from .variant_text import has_variant_text


class Kind(Enum):
    """The kinds of puzzle text: one puzzle, or (BATCH) one puzzle per line."""

    EMPTY = "empty"  # nothing but spaces: no puzzle
    LINK = "link"  # the page's '#p=' link or a site's (SudokuWiki, f-puzzles, SudokuPad ...)
    CSV = "csv"  # one row 'puzzle,solution' (or a grid's rows joined by commas)
    JSON = "json"  # {"box": [3, 3], "cells": [[5, 3, 0, ...], ...]} or the cells alone
    VARIANT = "variant"  # a grid, then 'rules:', 'regions:', 'cages:' sections
    PENCIL = "pencil"  # a framed grid of candidates: '│ 5 3 124 │ 26 ...'
    GRID = "grid"  # a grid drawn over several lines: rows, frames, .ss, .sdk, numbers
    LINE = "line"  # one line: '53..7....6..195...' or numbers between spaces
    BATCH = "batch"  # several one-line puzzles, one a line (records.py tells other batches)


_JSON_START = "{[\""
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
# A cell written as its candidates between spaces: '(5)' (one left), three or more symbols
# (no value has three characters: the largest, 64, has two; '24' stays a number), or numbers
# joined by '/' above 35 ('3/17/40').
_CANDIDATES = re.compile(r"(?:^|\s)(?:\(\w+\)|\w{3,}|\w+(?:/\w+)+)(?=\s|$)", re.MULTILINE)
_BAR_CHARS = frozenset(BARS)


def classify(text: str) -> Kind:
    """The kind of ``text``. BATCH is said only where the text alone tells it: lines that each
    hold one puzzle in the one-line form (records.one_or_many reads other batches, such as
    JSON Lines or lines with notes, to tell them from one puzzle)."""
    body = text.strip(SPACES + "\r\n")
    if not body:
        return Kind.EMPTY
    if is_link(body):
        return Kind.LINK
    if body[0] == '"' and _JSON_STRING.fullmatch(body):
        return Kind.JSON  # a quoted puzzle: JSON's string, whose text is read for its kind
    # Before JSON: a row of quoted fields ('"53..7...","534..."') starts like a JSON string.
    if is_csv_row(body):
        return Kind.CSV
    first = LINE_BREAK.split(body, maxsplit=1)[0]
    if body[0] in _JSON_START and not SECTION.match(first):  # '[Puzzle]' starts an .sdk file
        return Kind.JSON
    if has_variant_text(body):
        return Kind.VARIANT
    if len(first) == len(body):
        return Kind.LINE
    if is_batch_of_lines(body):
        return Kind.BATCH
    if not _BAR_CHARS.isdisjoint(body) and _CANDIDATES.search(body):
        return Kind.PENCIL
    return Kind.GRID


def is_batch_of_lines(text: str) -> bool:
    """True for two or more lines (blank and '#' lines aside) that each hold one puzzle in the
    one-line form, all of one length L, and not L lines: 16 lines of 16 symbols are the rows
    of a 16x16 grid, not 16 puzzles of 4x4."""
    count = 0
    length = 0
    for line in LINE_BREAK.split(text):
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        if one_line_values(stripped) is None or length and len(stripped) != length:
            return False
        length = len(stripped)
        count += 1
    return count > 1 and count != length
