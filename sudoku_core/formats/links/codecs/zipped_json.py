"""SudokuPad's zipped JSON: JSON with bare keys, single quotes, 't'/'f', and empty objects left out.

SudokuPad shortens the JSON of a puzzle before compressing it: keys lose their quotes
(``{v:5}``), strings take single quotes, true/false become ``t``/``f``, colours lose their
'#' and quotes, and an empty object in a list is dropped, so ``[,{v:3},]`` is three cells.
Strict JSON is read as well. Nesting is bounded, so hostile input fails cleanly.
"""

from __future__ import annotations

import json

MAX_DEPTH = 64
_BARE_END = frozenset(",:{}[]'\" \t\r\n")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\",
            "'": "'", '"': '"'}


class ZippedJSONError(ValueError):
    """Text that is neither JSON nor SudokuPad's zipped JSON; ``position`` is 0-based."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(f"{message} at character {position + 1}")
        self.position = position


def loads(text: str) -> object:
    """Read strict JSON, else SudokuPad's zipped form."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    reader = _Reader(text)
    value = reader.value(0)
    reader.skip_spaces()
    if reader.pos != len(text):
        raise ZippedJSONError("unexpected text after the data", reader.pos)
    return value


class _Reader:
    """A recursive-descent reader over ``text``, ``pos`` the next character."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t\r\n":
            self.pos += 1

    def peek(self) -> str:
        """The next character after spaces; the end of the data is an error here."""
        self.skip_spaces()
        if self.pos >= len(self.text):
            raise ZippedJSONError("the data ends too early", self.pos)
        return self.text[self.pos]

    def value(self, depth: int) -> object:
        """One value; inside a list an empty slot is an empty object."""
        if depth > MAX_DEPTH:
            raise ZippedJSONError(f"the data is nested more than {MAX_DEPTH} levels deep",
                                  self.pos)
        ch = self.peek()
        if ch == "{":
            return self.obj(depth)
        if ch == "[":
            return self.array(depth)
        if ch in ("'", '"'):
            return self.string()
        return self.bare()

    def obj(self, depth: int) -> dict[str, object]:
        out: dict[str, object] = {}
        self.pos += 1
        if self.peek() == "}":
            self.pos += 1
            return out
        while True:
            ch = self.peek()
            key = self.string() if ch in ("'", '"') else self.bare_text()
            if not key:
                raise ZippedJSONError("expected a key", self.pos)
            if self.peek() != ":":
                raise ZippedJSONError(f"expected ':' after key {key[:20]!r}", self.pos)
            self.pos += 1
            out[key] = self.value(depth + 1)
            ch = self.peek()
            self.pos += 1
            if ch == "}":
                return out
            if ch != ",":
                raise ZippedJSONError("expected ',' or '}'", self.pos - 1)

    def array(self, depth: int) -> list[object]:
        out: list[object] = []
        self.pos += 1
        while True:
            ch = self.peek()
            if ch in (",", "]"):
                out.append({})  # an empty slot: a dropped empty object ('[]' is one, too)
            else:
                out.append(self.value(depth + 1))
                ch = self.peek()
            self.pos += 1
            if ch == "]":
                return out
            if ch != ",":
                raise ZippedJSONError("expected ',' or ']'", self.pos - 1)

    def string(self) -> str:
        quote = self.text[self.pos]
        start = self.pos
        self.pos += 1
        out: list[str] = []
        while True:
            end = self.pos
            while end < len(self.text) and self.text[end] not in (quote, "\\"):
                end += 1
            out.append(self.text[self.pos:end])
            if end >= len(self.text):
                raise ZippedJSONError("a string is not closed", start)
            self.pos = end + 1
            if self.text[end] == quote:
                return "".join(out)
            esc = self.text[self.pos:self.pos + 1]
            if esc == "u":
                digits = self.text[self.pos + 1:self.pos + 5]
                try:
                    out.append(chr(int(digits, 16)))
                except ValueError:
                    raise ZippedJSONError("a \\u escape needs four hex digits", end) from None
                self.pos += 5
            else:
                out.append(_ESCAPES.get(esc, esc))
                self.pos += 1

    def bare_text(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in _BARE_END:
            self.pos += 1
        return self.text[start:self.pos]

    def bare(self) -> object:
        """A number, t/f/true/false/null, or any other bare word as a string (a colour)."""
        start = self.pos
        word = self.bare_text()
        if not word:
            raise ZippedJSONError(f"unexpected {self.text[start]!r}", start)
        named = {"t": True, "true": True, "f": False, "false": False, "null": None}
        if word in named:
            return named[word]
        try:
            return int(word) if len(word) <= 20 else word
        except ValueError:
            pass
        try:
            return float(word)
        except ValueError:
            return word
