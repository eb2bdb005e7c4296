"""Every link reader given non-finite and huge numbers wherever its data holds a number: the
answer is the format's own error (or a puzzle), never another exception; the CLI exits 2 and
the facade answers with the error's own type, never InternalError."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.links.codecs.lzstring import compress_to_base64, compress_to_uri
from sudoku_core.formats.read import parse, read_link, read_parts
from sudoku_core.model.errors import SudokuError
from sudoku_core.web_api import handle

# Numbers as JSON (and SudokuPad's zipped JSON) can write them, from harmless to hostile.
NUMBERS = [
    "1e999", "-1e999", "1E400", "NaN", "Infinity", "-Infinity", "1e308", "-1e308", "1e-999",
    "9" * 25, "-" + "9" * 25, "9" * 5000, str(2**64), str(2**63 - 1), "1.5", "-0", "0.0",
    "4.0", "3", "-1", "0", "1e2", "0x10", "t", "null", '"1e999"', '"Infinity"', '"99999"',
]
# A 4x4 puzzle in each reader's own data, with numbered slots for numbers.
PAD = ('{{"cells":[[{{"value":{0}}},{{}},{{}},{{}}],[{{}},{{"v":{1}}},{{}},{{}}],'
       '[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],'
       '"regions":[[[{2},{3}],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],'
       '[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[{4},{5}]]],'
       '"cages":[{{"cells":{6},"value":{8}}}],"cellSize":{7},"size":{9}}}')
PAD_ZIPPED = ("{{cells:[[{{v:{0}}},,,],[,{{value:{1}}},,],[,,,],[,,,]],"
              "regions:[[[{2},{3}],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
              "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[{4},{5}]]],"
              "cages:[{{cells:{6},value:{8}}}],cellSize:{7},size:{9}}}")
FPUZZLES = ('{{"size":{0},"grid":[[{{"value":{1},"given":{2}}},{{}},{{}},{{}}],'
            '[{{"region":{3}}},{{"value":{4}}},{{}},{{}}],[{{}},{{}},{{}},{{}}],'
            '[{{}},{{}},{{}},{{"value":3,"given":true,"region":{5}}}]],'
            '"title":{6},"version":{7},"killercage":{8},"diagonal+":{9}}}')
SLOTS = 10
DEFAULTS = {PAD: ["1", "null", "0", "0", "3", "3", "null", "50", "null", "4"],
            PAD_ZIPPED: ["1", "null", "0", "0", "3", "3", "null", "50", "null", "4"],
            FPUZZLES: ["4", "1", "true", "0", "2", "3", '""', "1", "null", "null"]}


def _filled(template: str, picks: dict[int, str]) -> str:
    return template.format(*(picks.get(k, v) for k, v in enumerate(DEFAULTS[template])))


def _links(picks: dict[int, str]) -> list[str]:
    """The same hostile numbers in every link that carries data with numbers."""
    pad, zipped, fpz = (_filled(t, picks) for t in (PAD, PAD_ZIPPED, FPUZZLES))
    numbers = ",".join(picks.get(k, "0") for k in range(16))
    return [
        "https://sudokupad.app/scl" + compress_to_base64(pad),
        "https://sudokupad.app/ctc" + compress_to_base64(zipped),
        "https://sxsm.uk/puzzle/scl" + compress_to_uri(zipped),
        "https://sudokupad.app/?puzzle=scl" + quote(compress_to_base64(pad), safe=""),
        "https://sudokupad.app/fpuzzles" + compress_to_base64(fpz),
        "https://www.f-puzzles.com/?load=" + compress_to_base64(fpz),
        # The page's own links: numbers for cells, and the box shape.
        f"https://example.org/index.html#p={numbers}",
        f"#p={numbers}&e={numbers}",
        f"#p=..3..4.221......&box={picks.get(0, '2')}x{picks.get(1, '2')}",
        f"#p=..3..4.221......&e={quote(picks.get(2, '1'))}",
        # SudokuWiki and sudoku.coach carry digits only: a number where a digit belongs.
        "https://www.sudokuwiki.org/sudoku.htm?bd=" + quote(picks.get(0, "1")) + "0" * 80,
        "https://sudoku.coach/en/play/" + quote(picks.get(0, "1")) + "0" * 80,
    ]


def _texts(picks: dict[int, str]) -> list[str]:
    """Puzzle text that is not a link but holds numbers: JSON, zipped JSON pasted, a CSV row."""
    n0, n1, n2 = (picks.get(k, "0") for k in range(3))
    return [
        f'{{"box":[{n0},{n1}],"cells":[[{n2},0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}}',
        f'{{"box":"{n0}x{n1}","cells":[{n2},0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}}',
        f'{{"cells":"..3..4.221......","entries":[[{n0},0,0,0],[0,{n1},0,0],[0,0,0,0],'
        f'[0,0,0,{n2}]]}}',
        f"{n0} 0 0 0\n0 {n1} 0 0\n0 0 {n2} 0\n0 0 0 0",
        f"..3..4.221......,{n0}",
    ]


picks_strategy = st.dictionaries(st.integers(0, SLOTS - 1), st.sampled_from(NUMBERS),
                                 min_size=1, max_size=4)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=picks_strategy)
def test_link_readers_answer_huge_and_non_finite_numbers_with_their_own_error(
        picks: dict[int, str]) -> None:
    for text in _links(picks) + _texts(picks):
        for read in (parse, read_parts, read_link):
            if read is read_link and text in _texts(picks):
                continue
            try:
                read(text)
            except SudokuError as err:
                assert str(err), text  # a message, never an empty error
            # Any other exception fails the test with the text that caused it.


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=picks_strategy)
def test_facade_answers_hostile_numbers_in_links_with_the_formats_error(
        picks: dict[int, str]) -> None:
    for text in _links(picks) + _texts(picks):
        for cmd in ("parse", "solve"):
            reply = json.loads(handle(json.dumps({"id": 1, "cmd": cmd, "args": {"text": text}})))
            error = reply.get("error")
            assert error is None or error["type"] != "InternalError", (text, error)


AUDIT_LINK = ("https://sudokupad.app/sclN4YwpgNhDOBcDa8A0KC6Tloyp7O/QCcwBzASwHsA7OReARjAE4WkA"
              "GVTgXyA")


def test_an_infinite_region_coordinate_is_a_sudokupad_error() -> None:
    with pytest.raises(SudokuError, match="SudokuPad"):
        read_link(AUDIT_LINK)
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "parse",
                                          "args": {"text": AUDIT_LINK}})))
    assert reply["error"]["type"] == "LinkError"


@pytest.mark.parametrize("coordinate", ["1e999", "-1e999", "NaN", "1e308", "2.5", "t"])
def test_region_coordinates_that_are_no_cell_refuse_the_regions(coordinate: str) -> None:
    # A region drawn with a cell that is no cell is not a box: the puzzle is refused as a
    # jigsaw, as for any region that is not a box.
    text = _filled(PAD_ZIPPED, {2: coordinate})
    with pytest.raises(SudokuError, match="irregular regions"):
        read_link("https://sudokupad.app/ctc" + compress_to_base64(text))


def test_whole_number_region_coordinates_written_as_floats_still_read() -> None:
    grid = read_link("https://sudokupad.app/ctc" + compress_to_base64(
        _filled(PAD_ZIPPED, {2: "0.0", 4: "3.0"}))).givens
    assert grid.cells[0] == 1 and grid.shape.box_rows == 2


def test_cli_exits_2_with_the_sites_name_for_the_audit_link() -> None:
    done = subprocess.run([sys.executable, "-m", "sudoku_core", "show", AUDIT_LINK],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "SudokuPad" in done.stderr and "internal error" not in done.stderr


@pytest.mark.parametrize("exc", [OverflowError("cannot convert float infinity to integer"),
                                 RecursionError("maximum recursion depth exceeded"),
                                 MemoryError(), ValueError("Exceeds the limit (4300 digits)")])
def test_a_check_missed_in_a_link_reader_still_gives_the_sites_error(
        monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> None:
    # Python's own errors for input past any puzzle become the site's LinkError: the
    # readers' own checks come first, this is the net under them.
    from sudoku_core.formats import links

    def reader(*_: object) -> None:
        raise exc

    monkeypatch.setattr(links, "SITES", tuple(
        replace(site, read=reader) if site.name == "SudokuPad" else site for site in links.SITES))
    with pytest.raises(SudokuError, match="^SudokuPad link: the data "):
        parse(AUDIT_LINK)
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "parse",
                                          "args": {"text": AUDIT_LINK}})))
    assert reply["error"]["type"] == "LinkError"


@pytest.mark.parametrize("exc", [OverflowError("int too large"), RecursionError(),
                                 MemoryError()])
def test_a_check_missed_in_a_text_reader_still_gives_a_parse_error(
        monkeypatch: pytest.MonkeyPatch, exc: BaseException) -> None:
    from sudoku_core.formats import auto
    from sudoku_core.model.errors import ParseError

    def reader(*_: object) -> None:
        raise exc

    monkeypatch.setattr(auto, "read_text", reader)
    with pytest.raises(ParseError, match="the data "):
        parse("..3. .4.2 21.. ....")


@pytest.mark.parametrize("box", [[10**3998, 10**3998], [-(10**3998), 2], [2, 10**3998]])
@pytest.mark.parametrize("cmd", ["generate", "parse", "solve"])
def test_a_box_of_huge_sides_is_a_shape_error(box: list[int], cmd: str) -> None:
    # Sides of thousands of digits: their product is past what str() of an int may print,
    # and a message that quotes 4,000 digits says nothing clearly.
    args: dict[str, object] = {"box": box}
    if cmd != "generate":
        args["cells"] = [0] * 16
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": cmd, "args": args})))
    assert reply["error"]["type"] in ("ShapeError", "BadRequest"), reply
    assert len(reply["error"]["message"]) < 300, reply
