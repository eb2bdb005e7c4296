"""A number of thousands of digits, anywhere a user can type one (a cage sum, a cell name, a
box, a CLI option), is refused in the project's words: never Python's "Exceeds the limit
(4300 digits) for integer string conversion", and never echoed back whole."""

from __future__ import annotations

import json

import pytest

from sudoku_core.cli import main
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64

LONG = "1" * 5000


def _fpuzzles(puzzle: dict[str, object]) -> str:
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(puzzle))


GRID = "1...\n....\n....\n...4\n"
CASES = {
    "cage sum": (["validate", GRID + f"cages:\n{LONG}: r1c1 r1c2\n"], "cage sum"),
    "cage cell": (["validate", GRID + f"cages:\n3: r{LONG}c1 r1c2\n"], "not a cell"),
    "f-puzzles cage cell": (["validate", _fpuzzles(
        {"size": 4, "grid": [[{}] * 4] * 4, "killercage": [{"cells": [f"R{LONG}C1"]}]})],
        "not a cell"),
    "f-puzzles cage sum": (["validate", _fpuzzles(
        {"size": 4, "grid": [[{}] * 4] * 4,
         "killercage": [{"cells": ["R1C1"], "value": LONG}]})], "not a whole number"),
    "--box": (["validate", "--box", f"{LONG}x2", "1..............4"], "box shape"),
    "--seed": (["generate", "--seed", LONG], "5,000 digits"),
    "--count": (["generate", "-n", LONG], "5,000 digits"),
    "--size": (["generate", "--size", LONG], "5,000 digits"),
    "--time-limit": (["solve", "--time-limit", LONG, "1..............4"], "seconds"),
}


def _exit_code(argv: list[str]) -> int:
    """main's exit code; argparse leaves by SystemExit for a bad option."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(str(exc.code))


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_huge_number_is_one_clear_error(capsys: pytest.CaptureFixture[str], name: str) -> None:
    argv, words = CASES[name]
    assert _exit_code(argv) == 2
    _, err = capsys.readouterr()
    assert words in err, err[:300]
    assert "4300" not in err and "set_int_max_str_digits" not in err
    assert LONG[:100] not in err  # quoted in part, never whole
    assert err.count("\n") == 1 and len(err) < 400, err[:300]
