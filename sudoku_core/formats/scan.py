"""Cut puzzle text into cell tokens with their line and column, dropping frames and labels."""

from __future__ import annotations

import re
from bisect import bisect
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from ..model.errors import CellCountError
from .sizes import MAX_CELLS

# Spaces that may sit between cells; control characters are left out on purpose so that
# binary junk is reported as a bad symbol instead of being skipped silently.
SPACES = " \t\x0b\x0c\u00a0\u202f\u205f\u3000\ufeff" + "".join(
    chr(c) for c in range(0x2000, 0x200C)
)
BOX_DRAWING = frozenset(chr(c) for c in range(0x2500, 0x2580))
VERTICAL = frozenset("│┃║╎╏┆┇┊┋╵╷╹╻")
HORIZONTAL = frozenset("─━┄┅┈┉╌╍═╴╶╸╺╼╾")
BARS = frozenset("|¦") | VERTICAL
RULE_MARKS = frozenset("-=~") | (BOX_DRAWING - VERTICAL)
CORNERS = frozenset("+*.:'") | (BOX_DRAWING - VERTICAL - HORIZONTAL)
RULE_CHARS = frozenset(SPACES) | RULE_MARKS | BARS | frozenset("+*.:'_")

LINE_BREAK = re.compile(r"\r\n|\r|\n")
SECTION = re.compile(r"^\s*\[([A-Za-z][A-Za-z0-9 _-]*)\]\s*$")
_SPACE_CLASS = re.escape(SPACES)
TOKEN = re.compile(f"[^{_SPACE_CLASS},;|¦\u2500-\u257f]+")
BAR = re.compile("[|¦" + "".join(sorted(VERTICAL)) + "]")
MAX_TOKENS = 2 * MAX_CELLS  # beyond this no reading can fit; stop before wasting time


class Token(NamedTuple):
    """A run of non-separator characters and where it starts (1-based line and column)."""

    text: str
    line: int
    column: int


@dataclass
class Scan:
    """The tokens of a text grid and a little about its layout."""

    tokens: list[Token] = field(default_factory=list)
    per_line: list[int] = field(default_factory=list)  # tokens on each cell line, e.g. [9, 9, ...]
    chars_per_line: list[int] = field(default_factory=list)  # their characters, line by line
    bars: bool = False  # vertical separators between cells, e.g. '|' or '│'
    chars: int = 0  # characters in all tokens
    # The drawing, to tell the box shape by: the line number of each cell line, the lines
    # drawn as horizontal rules, and on each cell line the (tokens, characters) between bars.
    lines: list[int] = field(default_factory=list)
    rules: list[int] = field(default_factory=list)
    groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=list)

    def add_line(self, number: int, line: str, start: int, stop: int) -> None:
        """Add the tokens of ``line[start:stop]``."""
        found = 0
        line_chars = 0
        bars = [m.start() for m in BAR.finditer(line, start, stop)]
        tokens: dict[int, int] = {}
        chars: dict[int, int] = {}
        for m in TOKEN.finditer(line, start, stop):
            self.tokens.append(Token(m.group(), number, m.start() + 1))
            self.chars += m.end() - m.start()
            line_chars += m.end() - m.start()
            found += 1
            if found > MAX_TOKENS:
                raise too_many(number)
            if bars:
                group = bisect(bars, m.start())
                tokens[group] = tokens.get(group, 0) + 1
                chars[group] = chars.get(group, 0) + m.end() - m.start()
        if found:
            self.per_line.append(found)
            self.chars_per_line.append(line_chars)
            self.lines.append(number)
            self.groups.append((tuple(tokens[g] for g in sorted(tokens)),
                                tuple(chars[g] for g in sorted(chars))))
            if bars:
                self.bars = True
        if len(self.tokens) > MAX_TOKENS:
            raise too_many(number)

    def cells_per_line(self, by_chars: bool) -> list[int]:
        """Cells on each cell line (in the order of ``lines``): characters, or tokens."""
        return self.chars_per_line if by_chars else self.per_line

    def drawn_box(self, size: int, by_chars: bool) -> tuple[int, int] | None:
        """The box (rows, columns) that the bars and rules draw around ``size`` x ``size``
        cells, one row per line; None when the drawing does not tell."""
        if len(self.lines) != size:
            return None
        widths = {g[1] if by_chars else g[0] for g in self.groups}
        cols = 0
        if len(widths) == 1:
            parts = set(widths.pop())
            if len(parts) == 1:
                cols = parts.pop()
        heights: dict[int, int] = {}
        for number in self.lines:
            band = bisect(self.rules, number)
            heights[band] = heights.get(band, 0) + 1
        rows = heights.popitem()[1] if len(set(heights.values())) == 1 else 0
        if rows == size:
            rows = 0  # no rule between the rows: not told
        if cols == size:
            cols = 0
        if rows and not cols and size % rows == 0:
            cols = size // rows
        if cols and not rows and size % cols == 0:
            rows = size // cols
        if rows < 2 or cols < 2 or rows * cols != size:
            return None
        return rows, cols


def too_many(line: int) -> CellCountError:
    """The error for text holding far more cells than any puzzle."""
    return CellCountError(
        f"more than {MAX_TOKENS} cells found; the largest puzzle, 64x64, has {MAX_CELLS}",
        line=line,
    )


def is_rule(stripped: str) -> bool:
    """True for a line drawn only with frame characters, such as '+---+' or '├──┼'."""
    chars = set(stripped)
    return chars <= RULE_CHARS and not chars.isdisjoint(RULE_MARKS)


def _section(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Keep the [Puzzle] section of an .sdk file (or the first section) when there are any."""
    heads = [(k, m.group(1).strip().lower()) for k, (_, ln) in enumerate(lines)
             if (m := SECTION.match(ln))]
    if not heads:
        return lines
    names = [name for _, name in heads]
    pick = names.index("puzzle") if "puzzle" in names else 0
    start = heads[pick][0] + 1
    stop = heads[pick + 1][0] if pick + 1 < len(heads) else len(lines)
    return lines[start:stop]


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """(1-based number, line) pairs, made lazily so that a flood of lines stops early."""
    pos = 0
    number = 1
    for m in LINE_BREAK.finditer(text):
        yield number, text[pos:m.start()]
        pos = m.end()
        number += 1
    yield number, text[pos:]


def scan(text: str) -> Scan:
    """Tokens of every cell line; comments, rules, section headers and coordinates dropped."""
    lines: Iterable[tuple[int, str]] = numbered_lines(text)
    if "[" in text:
        lines = _section(list(lines))
    cell_lines: list[tuple[int, str]] = []
    rules: list[int] = []
    framed = False
    for number, line in lines:
        stripped = line.strip(SPACES)
        if not stripped or stripped[0] == "#":
            continue
        if is_rule(stripped):
            framed = framed or stripped[0] in CORNERS
            rules.append(number)
            continue
        cell_lines.append((number, line))
        if len(cell_lines) > MAX_TOKENS:
            raise too_many(number)
    # A frame drawn with horizontal rules only has no side bars to find labels by.
    framed = framed and any(BAR.search(line) for _, line in cell_lines)
    out = Scan(rules=rules)
    for number, line in cell_lines:
        start, stop = 0, len(line)
        if framed:
            # Inside a frame the cells sit between the outer bars; anything outside them
            # (row numbers, a line of column labels) is a coordinate, not a cell.
            first = BAR.search(line)
            if first is None:
                continue
            last = max(line.rfind(b) for b in BARS)
            start = first.end()
            if last > first.start():
                stop = last
        out.add_line(number, line, start, stop)
    return out
