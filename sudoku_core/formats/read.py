"""Read puzzles: ``parse`` for one puzzle in any format, ``read_puzzles`` for files of many,
``read_parts`` for one puzzle with its entries (and solution) kept apart from the givens."""

from __future__ import annotations

from .auto import MAX_TEXT, parse
from .links import LinkError, PuzzleLink, read_link
from .parts import read_parts
from .records import PuzzleRecord, read_puzzles

__all__ = ["MAX_TEXT", "LinkError", "PuzzleLink", "PuzzleRecord", "parse", "read_link",
           "read_parts", "read_puzzles"]
