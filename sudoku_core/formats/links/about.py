"""A puzzle's credits as a site's link carries them: its title, its author and its rules in
words (f-puzzles' ``title``, ``author``, ``ruleset``; SudokuPad's metadata). They are text for
people, never read for rules, so a link's credits are cleaned rather than refused: anything
that is not a string is left out, control characters (and the bidirectional overrides that
make text read other than it runs) are removed, and each is cut to MAX_ABOUT characters."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

MAX_ABOUT = 2000  # characters of one credit; a puzzle's rules run to a few hundred
# Format characters that reorder or hide text: the bidirectional embeddings, overrides and
# isolates, and the marks. Other format characters (the joiners of emoji) are kept.
_HIDDEN = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                    "\ufeff")
_DROPPED = frozenset({"Cc", "Cs"})  # controls, and lone surrogates (no UTF-8 can carry one)


@dataclass(frozen=True)
class About:
    """The credits of a puzzle; each None when the source has none."""

    title: str | None = None
    author: str | None = None
    rules: str | None = None

    def to_json(self) -> dict[str, str | None]:
        """``{"title", "author", "rules"}``, as the facade's replies carry them."""
        return {"title": self.title, "author": self.author, "rules": self.rules}


def about_of(title: object = None, author: object = None, rules: object = None) -> About | None:
    """The cleaned credits (rules keep their line breaks), None when none is left."""
    about = About(clean(title), clean(author), clean(rules, lines=True))
    return about if about != About() else None


def clean(value: object, lines: bool = False) -> str | None:
    """``value`` as one credit: a string, trimmed, without control characters (a line break
    kept when ``lines``, else a space), at most MAX_ABOUT characters; None for anything else
    or for nothing left."""
    if not isinstance(value, str):
        return None
    # Only the first stretch can be kept: cleaning a megabyte to keep 2,000 is work for nothing.
    text = value[:4 * MAX_ABOUT].replace("\r\n", "\n").replace("\r", "\n")
    out = []
    for ch in text:
        if ch in "\n\t":
            out.append("\n" if lines and ch == "\n" else " ")
        elif ch not in _HIDDEN and unicodedata.category(ch) not in _DROPPED:
            out.append(ch)
    kept = "\n".join(line.strip() for line in "".join(out).strip().split("\n"))
    return kept[:MAX_ABOUT].rstrip() or None
