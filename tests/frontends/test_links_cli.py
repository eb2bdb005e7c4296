"""`sudoku show URL --to line` reads every supported link format; bad links exit 2 in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_core.cli import main
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64

EASY = "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4..24..3.7.9"
DIGITS = EASY.replace(".", "0")
SOLUTION = "461572938732894156895316247378629514529481673614753892957248361183967425246135789"


def _fpuzzles_data() -> str:
    rows = [[{"value": int(ch), "given": True} if ch != "." else {} for ch in EASY[r * 9:][:9]]
            for r in range(9)]
    return compress_to_base64(json.dumps({"size": 9, "grid": rows}))


def _scl_data() -> str:
    rows = ",".join("[" + ",".join(f"{{v:{ch}}}" if ch != "." else "" for ch in EASY[r * 9:][:9])
                    + "]" for r in range(9))
    return compress_to_base64(f"{{id:'t',cellSize:50,cells:[{rows}]}}")


LINKS = {
    "page": f"https://someone.github.io/sudoku/index.html#p={EASY}&m=&c=",
    "page hash": f"#p={EASY}",
    "SudokuWiki": f"https://www.sudokuwiki.org/sudoku.htm?bd={DIGITS}",
    "sudoku.coach": f"https://sudoku.coach/en/play/{DIGITS}",
    "f-puzzles": f"https://www.f-puzzles.com/?load={_fpuzzles_data()}",
    "SudokuPad scl": f"https://sudokupad.app/scl{_scl_data()}",
    "SudokuPad fpuzzles": f"https://sudokupad.app/?puzzle=fpuzzles{_fpuzzles_data()}",
    "CSV row": f"{DIGITS},{SOLUTION}",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(LINKS))
def test_show_reads_each_link_format(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "show", LINKS[name], "--to", "line")
    assert (code, out.strip(), err) == (0, EASY, "")


def test_show_writes_a_link_that_reads_back(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "..3..4.221......", "--to", "link")
    assert (code, out.strip()) == (0, "#p=..3..4.221......")
    code, out, _ = run(capsys, "show", out.strip(), "--to", "line")
    assert (code, out.strip()) == (0, "..3..4.221......")


def test_a_file_of_links_is_a_batch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # A bare '#p=' line is a comment in a batch file, as every '#' line is: left out here.
    links = [LINKS[k] for k in sorted(LINKS) if k not in ("CSV row", "page hash")]
    path = tmp_path / "links.txt"
    path.write_text("# links\n" + "\n".join(links) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "show", "-f", str(path), "--to", "line")
    assert code == 0
    assert [ln for ln in out.splitlines() if ln.strip()] == [EASY] * len(links)


@pytest.mark.parametrize(("link", "message"), [
    ("https://example.com/sudoku?id=3", "links from example.com are not read"),
    ("https://www.f-puzzles.com/?load=N4Ig!", 'f-puzzles link, parameter "load", character 5'),
    ("https://sudokupad.app/6y4apu1vgr", "stored on the SudokuPad server"),
    (f"#p={EASY[:-1]}x", "'x' is not a symbol of a 9x9 puzzle"),
    ("https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(
        {"size": 9, "grid": [[{}] * 9] * 9, "nonconsecutive": True,
         "difference": [{"cells": ["R1C1", "R1C2"]}]})),
     "this f-puzzles link holds the non-consecutive rule with Kropki dots"),
    ("https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(
        {"size": 9, "grid": [[{}] * 9] * 9, "killercage": [{"cells": ["R1C1"]}]})),
     "the line format cannot carry the rules of a Killer puzzle"),
])
def test_bad_links_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], link: str, message: str
) -> None:
    code, out, err = run(capsys, "show", link, "--to", "line")
    assert (code, out) == (2, "")
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_bad_link_never_shows_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_core", "show", "--to", "line",
         "https://sudokupad.app/scl" + compress_to_base64("{ce:" + "[" * 500 + "}")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == 2
    assert "nested more than 64 levels" in proc.stderr and "Traceback" not in proc.stderr


def test_a_links_entries_are_the_players_work(capsys: pytest.CaptureFixture[str]) -> None:
    # The page's share link keeps the player's entries apart (&e=): hint checks them against
    # the givens, and show keeps them in the formats that can (link, json).
    wrong = "index.html#p=..3..4.221......&e=4..............."
    code, out, _ = run(capsys, "hint", wrong)
    assert code == 1 and "r1c1 = 4 does not fit the solution" in out
    code, out, _ = run(capsys, "hint", "index.html#p=..3..4.221......&e=1...............")
    assert code == 0 and "r1c1" not in out.split(":")[0]
    code, out, _ = run(capsys, "show", "--to", "link", wrong)
    assert code == 0 and out.strip().endswith("#p=..3..4.221......&e=4...............")
    code, out, _ = run(capsys, "show", "--to", "json", wrong)
    assert json.loads(out)["entries"][0][0] == 4


def test_json_entries_are_read_and_checked(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"box": [2, 2], "cells": [[0, 0, 3, 0], [0, 4, 0, 2],
                                                         [2, 1, 0, 0], [0, 0, 0, 0]],
                                "entries": [[4, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4]}))
    code, out, _ = run(capsys, "hint", str(good))
    assert code == 1 and "r1c1 = 4 does not fit the solution" in out
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"box": [2, 2], "cells": [[0] * 4] * 4,
                               "entries": [[9, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4]}))
    code, _, err = run(capsys, "hint", str(bad))
    assert code == 2 and '"entries"' in err and "9 is not a value" in err


ANTI_KING_3X2 = ('{"puzzle": "13.5..6.4..................3.6..5.42", "box": [3, 2], '
                 '"variant": {"anti_king": true}}')


@pytest.mark.parametrize("to", ["variant", "link", "json"])
def test_show_of_a_3x2_variant_reads_back_as_itself(
    capsys: pytest.CaptureFixture[str], to: str
) -> None:
    # The audit's case: the 3x2 anti-king came back with 2x3 boxes and several solutions.
    code, out, err = run(capsys, "show", ANTI_KING_3X2, "--to", to)
    assert (code, err) == (0, "")
    code, back, _ = run(capsys, "show", out.strip("\n"), "--to", "json", "--json")
    shown = json.loads(back)
    assert (code, shown["box"], shown["variant"]) == (0, [3, 2], {"anti_king": True})
    assert shown["puzzle"] == "13.5..6.4..................3.6..5.42"
    code, out, _ = run(capsys, "validate", out.strip("\n"))
    assert code == 0 and "exactly one solution" in out


def test_show_grid_of_a_3x2_keeps_its_boxes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "--box", "3x2", "13.5..6.4..................3.6..5.42",
                       "--to", "grid")
    assert code == 0 and "|" in out
    code, back, _ = run(capsys, "show", out, "--to", "json", "--json")
    assert json.loads(back)["box"] == [3, 2]


@pytest.mark.parametrize("to", ["fpuzzles", "sudokupad"])
def test_show_writes_site_links_of_variants(capsys: pytest.CaptureFixture[str], to: str) -> None:
    x_puzzle = '{"puzzle": "' + EASY + '", "variant": {"diagonals": true}}'
    code, out, err = run(capsys, "show", x_puzzle, "--to", to)
    start = {"fpuzzles": "https://www.f-puzzles.com/?load=",
             "sudokupad": "https://sudokupad.app/fpuzzles"}[to]
    assert (code, err) == (0, "") and out.startswith(start)
    code, back, _ = run(capsys, "show", out.strip(), "--to", "json", "--json")
    assert json.loads(back)["variant"] == {"diagonals": True}


def test_a_shape_f_puzzles_cannot_draw_is_one_clear_error(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "show", ANTI_KING_3X2, "--to", "fpuzzles")
    assert (code, out) == (2, "")
    assert "f-puzzles draws a 6x6 grid only with boxes of 2x3, not 3x2" in err
    assert "internal error" not in err and err.count("\n") == 1
