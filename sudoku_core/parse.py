"""Read puzzles: ``parse`` for one puzzle in any format, ``read_puzzles`` for files of many."""

from __future__ import annotations

from .formats.auto import MAX_TEXT, parse
from .formats.records import PuzzleRecord, read_puzzles

__all__ = ["MAX_TEXT", "PuzzleRecord", "parse", "read_puzzles"]
