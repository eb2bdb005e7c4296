"""A puzzle's credits (title, author, rules in words) read from f-puzzles and SudokuPad links
into ``read_parts(...).about``, written back by both sites' writers, and cleaned when a link
carries something hostile there (never a traceback, never a refused puzzle)."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.formats.links import About, format_site_link, read_link
from sudoku_core.formats.links.about import MAX_ABOUT, about_of, clean
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64, decompress
from sudoku_core.formats.read import parse, read_parts
from sudoku_core.formats.write import format_fpuzzles, format_sudokupad
from sudoku_core.model.grid import Grid

X4 = '{"puzzle": "..3..4.221......", "variant": {"diagonals": true}}'
SITES = ("f-puzzles", "sudokupad")


def _fpuzzles(**keys: object) -> str:
    """An f-puzzles link of a 4x4 with one given and ``keys`` beside its grid."""
    grid = [[{"value": 1, "given": True}] + [{}] * 3] + [[{}] * 4 for _ in range(3)]
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(
        json.dumps({"size": 4, "grid": grid, **keys}))


def _scl(**parts: object) -> str:
    """A SudokuPad 'scl' link of an empty 4x4 with ``parts`` (cages, metadata)."""
    puzzle = {"id": "t", "cells": [[{} for _ in range(4)] for _ in range(4)], **parts}
    return "https://sudokupad.app/scl" + compress_to_base64(json.dumps(puzzle))


@pytest.mark.parametrize("site", SITES)
def test_credits_go_round_both_sites_links(site: str) -> None:
    puzzle = parse(X4)
    about = About("Four by four", "A. Setter", "Normal sudoku rules apply.\nX: diagonals too.")
    link = format_site_link(puzzle, site, about=about)
    got = read_parts(link)
    assert got.about == about
    assert got.givens == puzzle
    # The writers of write.py say the same, and without credits a link carries none.
    writer = format_fpuzzles if site == "f-puzzles" else format_sudokupad
    assert writer(puzzle, about=about) == link
    assert read_parts(format_site_link(puzzle, site)).about is None


@pytest.mark.parametrize("site", SITES)
def test_a_link_without_credits_is_written_as_before(site: str) -> None:
    # Credits add keys only when there are some: an empty About writes the same bytes.
    puzzle = parse(X4)
    assert format_site_link(puzzle, site, about=About()) == format_site_link(puzzle, site)


def test_credits_are_written_as_they_would_be_read() -> None:
    link = format_site_link(parse(X4), "f-puzzles", about=About(" T\x00 ", "\u202eA", 5))  # type: ignore[arg-type]
    data = json.loads(decompress(link.split("load=", 1)[1]))
    assert (data["title"], data["author"], "ruleset" in data) == ("T", "A", False)


def test_only_the_credits_there_are_written() -> None:
    link = format_site_link(parse(X4), "f-puzzles", about=About(author="Me"))
    data = json.loads(decompress(link.split("load=", 1)[1]))
    assert data["author"] == "Me" and "title" not in data and "ruleset" not in data
    assert list(data)[:3] == ["size", "author", "grid"]  # where f-puzzles writes them


@settings(max_examples=40, deadline=None)
@given(title=st.text(max_size=60), author=st.text(max_size=60), rules=st.text(max_size=200))
def test_any_text_comes_back_as_it_was_cleaned(title: str, author: str, rules: str) -> None:
    about = about_of(title, author, rules)
    for site in SITES:
        assert read_parts(format_site_link(parse(X4), site, about=about)).about == about


def test_fpuzzles_credits_are_read() -> None:
    got = read_parts(_fpuzzles(title="  Tiny  ", author="Setter", ruleset="Rule one.\r\nTwo."))
    assert got.about == About("Tiny", "Setter", "Rule one.\nTwo.")
    assert got.givens.cells[0] == 1


def test_sudokupad_credit_cages_are_read() -> None:
    cages = [{"value": "title: Pad puzzle"}, {"value": "author: Someone"},
             {"value": "rules: Normal rules."}, {"value": "rules: Second paragraph."},
             {"cells": [[0, 0], [0, 1]], "value": "3"}]
    got = read_parts(_scl(cages=cages))
    assert got.about == About("Pad puzzle", "Someone", "Normal rules.\nSecond paragraph.")
    assert got.givens.shape.variant is not None  # the killer cage is still a rule


def test_sudokupad_metadata_is_read_when_no_cage_says_it() -> None:
    got = read_link(_scl(metadata={"title": "From metadata", "author": 7},
                         cages=[{"value": "author: From a cage"}]))
    assert got.about == About("From metadata", "From a cage", None)
    assert read_link(_scl()).about is None


@pytest.mark.parametrize("value", [
    12, 3.5, True, None, ["a", "list"], {"an": "object"}, "", "   ", "\u0000\u0007\u202e",
])
def test_what_is_no_text_is_left_out(value: object) -> None:
    got = read_parts(_fpuzzles(title=value, author="Kept"))
    assert got.about == About(None, "Kept", None)


def test_hostile_text_is_cleaned() -> None:
    title = "Bad\u0000 \u202etitle\u202c\x1b[31m\ud800 \u200dok"
    got = read_parts(_fpuzzles(title=title, ruleset="line\tone\n\n\u0085two"))
    assert got.about is not None
    assert got.about.title == "Bad title[31m \u200dok"  # ESC, NUL, overrides, surrogate gone
    assert got.about.rules == "line one\n\ntwo"
    assert json.dumps(got.about.to_json(), ensure_ascii=False).encode("utf-8")  # no surrogate


def test_huge_credits_are_cut() -> None:
    huge = "word " * 60_000  # 300,000 characters: within a link's bound, far past a title's
    got = read_parts(_fpuzzles(title=huge, ruleset=huge))
    assert got.about is not None and got.about.title is not None and got.about.rules is not None
    assert len(got.about.title) <= MAX_ABOUT and len(got.about.rules) <= MAX_ABOUT
    assert got.about.title.startswith("word word")


def test_clean_keeps_line_breaks_only_where_asked() -> None:
    assert clean(" a\nb ") == "a b"
    assert clean(" a \n b ", lines=True) == "a\nb"
    assert clean(b"bytes") is None
    assert about_of() is None and about_of(" ", None, "\x00") is None


# --- the community corpus -------------------------------------------------------------------

_ROOT = Path(__file__).resolve().parents[2]
_FOLDER = Path(os.environ.get("SUDOKU_VARIANTS") or next(
    (p / "shared" / "variants" for p in _ROOT.parents if (p / "shared" / "variants").is_dir()),
    _ROOT.parent / "shared" / "variants"))
_CORPUS = _FOLDER / "community-train.tsv"


def _corpus_links(count: int) -> list[str]:
    if not _CORPUS.is_file():
        return []
    with _CORPUS.open(encoding="utf-8", newline="") as f:
        links = [row["fp_link"] for row in csv.DictReader(f, delimiter="\t")
                 if row.get("expressible") == "yes" and "load=" in row.get("fp_link", "")]
    return links[:count]


@pytest.mark.parametrize("link", _corpus_links(5) or [pytest.param("", marks=pytest.mark.skip(
    reason=f"no community corpus at {_CORPUS}"))])
def test_corpus_links_give_the_credits_their_data_holds(link: str) -> None:
    data = json.loads(decompress(link.split("load=", 1)[1]))
    got = read_parts(link)
    want = about_of(data.get("title"), data.get("author"), data.get("ruleset"))
    assert got.about == want
    # The same puzzle with a title written in: read back with it, the puzzle unchanged.
    titled = "https://f-puzzles.com/?load=" + compress_to_base64(json.dumps(
        {**data, "title": "Corpus puzzle", "author": "Setter"}))
    again = read_parts(titled)
    assert again.about is not None and again.about.title == "Corpus puzzle"
    assert again.givens == got.givens and isinstance(again.givens, Grid)
