"""Read puzzles: ``parse`` for one puzzle in any format, ``read_puzzles`` for files of many,
``read_parts`` for one puzzle with its entries (and solution) kept apart from the givens, and
a link's credits as ``About``; ``classify`` names the kind of a text (formats/kind.py)."""

from __future__ import annotations

from .auto import MAX_TEXT, parse, read_parts
from .kind import Kind, classify
from .links import About, LinkError, PuzzleLink, read_link
from .records import PuzzleRecord, read_puzzles

__all__ = ["MAX_TEXT", "About", "Kind", "LinkError", "PuzzleLink", "PuzzleRecord", "classify",
           "parse", "read_link", "read_parts", "read_puzzles"]
