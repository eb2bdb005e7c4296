"""The constraint table: one row per rule, and every name, key and word read from it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_core.make.regions import random_regions
from sudoku_core.model.constraints import (
    FIRST,
    TABLE,
    ConstraintType,
    by_fpuzzles_key,
    by_json_key,
    by_name,
    name_key,
)
from sudoku_core.model.grid import Shape
from sudoku_core.model.variants import VARIANT_NAMES, Cage, Variant, parse_names, variant_from_json

# Pinned from the CLI and the messages as they were before the table: the table must keep them.
CLI_ORDER = ("x", "windoku", "jigsaw", "killer", "antiknight", "antiking")
WORDS = {"x": "X", "windoku": "Windoku", "jigsaw": "Jigsaw", "killer": "Killer",
         "antiknight": "anti-knight", "antiking": "anti-king"}
JSON_KEYS = {"x": "diagonals", "windoku": "windows", "jigsaw": "regions", "killer": "cages",
             "antiknight": "anti_knight", "antiking": "anti_king"}


def only(row: ConstraintType) -> Variant:
    """A 9x9 variant with ``row``'s rule alone."""
    if row.is_flag:
        return row.switched_on(Variant())
    if row.name == "jigsaw":
        return Variant(regions=tuple(random_regions(Shape(3, 3), random.Random(3))))
    return Variant(cages=(Cage((0, 1, 9), 12), Cage((40, 41))))


@pytest.mark.parametrize("row", TABLE, ids=lambda row: row.name)
def test_every_name_and_alias_finds_its_row(row: ConstraintType) -> None:
    for name in (row.name, *row.aliases):
        assert by_name(name) is row
        assert by_name(f" {name.upper()} ") is row
        assert parse_names(name) == (row.name,)
    assert by_json_key(row.json_key) is row
    for key in row.fpuzzles_keys:
        assert by_fpuzzles_key(key) is row


def test_no_two_rows_share_a_name_or_key() -> None:
    # "anti-knight" and "antiknight" are one name to the lookups; no name leads to two rows.
    names = [n for row in TABLE for n in {name_key(a) for a in (row.name, *row.aliases)}]
    assert len(names) == len(set(names)) > len(TABLE)
    assert len({row.json_key for row in TABLE}) == len(TABLE)
    keys = [k for row in TABLE for k in row.fpuzzles_keys]
    assert len(keys) == len(set(keys))
    assert by_name("rellik") is None and by_json_key("x") is None
    assert by_fpuzzles_key("lockout") is None


@pytest.mark.parametrize("row", FIRST, ids=lambda row: row.name)
def test_every_json_key_is_written_and_read_by_its_row(row: ConstraintType) -> None:
    variant = only(row)
    assert [r.name for r in TABLE if r.present(variant)] == [row.name]
    data = variant.to_json()
    assert list(data) == [row.json_key] == [JSON_KEYS[row.name]]
    assert data[row.json_key] == row.json_value(variant)
    assert variant_from_json(data, 9) == variant
    assert row.read_json(data, Variant(), 9) == variant
    assert row.read_json({}, Variant(), 9) == Variant()  # absent: the rule stays off


def test_the_table_order_is_the_cli_order() -> None:
    assert tuple(row.name for row in FIRST) == VARIANT_NAMES[:len(FIRST)] == CLI_ORDER
    every = Variant()
    for row in reversed(FIRST):
        every = row.taken(every, only(row))
    assert every.names == CLI_ORDER
    assert list(every.to_json()) == [JSON_KEYS[name] for name in CLI_ORDER]
    help_text = subprocess.run([sys.executable, "-m", "sudoku_core", "solve", "--help"],
                               capture_output=True, text=True, check=True).stdout
    # argparse may wrap a name at its hyphen ("diagonal-minus"): compare without white space.
    want = "combined with commas: " + ", ".join(VARIANT_NAMES) + " (jigsaw and killer need"
    assert "".join(want.split()) in "".join(help_text.split())


def test_the_words_match_describe() -> None:
    every = Variant()
    for row in FIRST:
        assert only(row).describe() == row.words == WORDS[row.name]
        every = row.taken(every, only(row))
    assert every.describe() == ", ".join(WORDS[name] for name in CLI_ORDER)
    assert Variant().describe() == "classic"


def test_rules_text_is_one_sentence_per_rule_on() -> None:
    assert Variant().rules_text() == ()
    every = Variant()
    for row in FIRST:
        (sentence,) = only(row).rules_text()
        assert sentence == row.rules_text and sentence.endswith(".") and sentence[0].isupper()
        every = row.taken(every, only(row))
    assert every.rules_text() == tuple(row.rules_text for row in FIRST)


SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)]


@given(st.sampled_from(SHAPES), st.sampled_from([r for r in FIRST if r.is_flag]))
def test_a_flag_rows_units_and_moves_lie_on_the_grid(box: tuple[int, int],
                                                      row: ConstraintType) -> None:
    br, bc = box
    n = br * bc
    variant = row.switched_on(Variant())
    units = row.units(variant, br, bc)
    assert units == tuple(u for u in units if len(set(u)) == n)  # each unit: N distinct cells
    assert all(0 <= c < n * n for u in units for c in u)
    assert bool(units) == bool(row.unit_kind)
    assert row.units(Variant(), br, bc) == () and row.moves(Variant()) == ()
    cells = row.cells(variant, br, bc)
    assert list(cells) == sorted(set(cells)) and all(0 <= c < n * n for c in cells)
    if row.moves(variant):  # a chess move reaches every cell of a grid of 4x4 or more
        assert cells == tuple(range(n * n))


def test_the_rows_cells() -> None:
    assert len(by_name("x").cells(only(by_name("x")), 3, 3)) == 17  # type: ignore[union-attr]
    killer = by_name("killer")
    assert killer is not None
    assert killer.cells(only(killer), 3, 3) == (0, 1, 9, 40, 41)
    assert killer.groups(only(killer)) == ((0, 1, 9), (40, 41))
    jigsaw = by_name("jigsaw")
    assert jigsaw is not None and jigsaw.cells(only(jigsaw), 3, 3) == tuple(range(81))
    assert [r.name for r in FIRST if not r.is_flag] == ["jigsaw", "killer"]
    assert [r.text_section for r in FIRST] == ["rules", "rules", "regions", "cages", "rules",
                                               "rules"]
