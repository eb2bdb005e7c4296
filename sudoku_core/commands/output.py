"""Terminals that cannot show box drawing (cp1252, latin-1, ascii): draw the grid in ASCII."""

from __future__ import annotations

import codecs
import io
from typing import TextIO

from ..formats.scan import HORIZONTAL, VERTICAL

ERRORS = "sudoku-ascii"  # the codec error handler below, by its registered name
# Box drawing falls back to the ASCII frame the parser reads too ('+-----+', '|').
_ASCII = {**{ch: "-" for ch in HORIZONTAL}, **{ch: "|" for ch in VERTICAL},
          "\u2014": "-", "\u2013": "-", "\u2026": "...", "\u00d7": "x", "\u00b7": "."}


def _box(ch: str) -> str:
    """The ASCII stand-in of one character the output encoding lacks ('?' for the rest)."""
    if ch in _ASCII:
        return _ASCII[ch]
    return "+" if "\u2500" <= ch <= "\u257f" else "?"


def _fallback(exc: UnicodeError) -> tuple[str | bytes, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start:exc.end]
    if all("\udc80" <= ch <= "\udcff" for ch in bad):
        # Bytes the C locale could not decode (a file name, an argument): give them back as
        # they came, as surrogateescape would, so the terminal shows what the user typed.
        return bytes(ord(ch) - 0xDC00 for ch in bad), exc.end
    return "".join(_box(ch) for ch in bad), exc.end


codecs.register_error(ERRORS, _fallback)


# The handlers Python gives a stream by default: strict (a UTF-8 or cp1252 terminal), and
# surrogateescape or backslashreplace under the C locale, where the output is ASCII.
_DEFAULT_ERRORS = ("strict", "surrogateescape", "backslashreplace")


def ascii_fallback(*streams: TextIO | None) -> None:
    """Let each stream write what its encoding lacks as ASCII instead of failing (exit 70)."""
    for stream in streams:
        if isinstance(stream, io.TextIOWrapper) and stream.errors in _DEFAULT_ERRORS:
            stream.reconfigure(errors=ERRORS)
