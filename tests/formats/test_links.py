"""Links in the parser: the page's share links, SudokuWiki, sudoku.coach, f-puzzles, SudokuPad,
CSV rows; every malformed one gets a LinkError (or another SudokuError) saying where and why."""

from __future__ import annotations

import json
import random

import pytest
from helpers import random_pair
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core.formats.links import is_link
from sudoku_core.formats.links.codecs.lzstring import compress_to_base64, compress_to_uri
from sudoku_core.formats.links.page import format_link
from sudoku_core.formats.read import LinkError, parse, read_link, read_parts
from sudoku_core.formats.write import format_grid
from sudoku_core.make.variant_generate import generate_puzzle
from sudoku_core.model.errors import ParseError, SudokuError
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.solver.exact import solve

SHAPES = [Shape(r, c) for r, c in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4),
                                    (5, 5), (5, 7), (6, 6), (5, 8)]]
EASY = "4.....938.32.941...953..24.37.6.9..4529..16736.47.3.9.957..83....39..4..24..3.7.9"


# --- the page's own links --------------------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_page_link_keeps_givens_and_entries_apart_for_every_shape(shape: Shape, seed: int) -> None:
    givens, entries = random_pair(shape, seed)
    hash_ = format_grid(givens, "link", entries=entries)
    for text in (hash_, "index.html" + hash_, "https://someone.github.io/sudoku/" + hash_):
        got = read_link(text)
        assert (got.site, got.givens) == ("page", givens)
        assert got.entries == (entries if any(entries.cells) else None)
        assert parse(text) == givens
        assert read_parts(text) == got


def test_page_link_layout_is_the_contract() -> None:
    g = parse("..3..4.221......")
    e = Grid(g.shape, (4,) + (0,) * 15)
    assert format_grid(g, "link") == "#p=..3..4.221......"
    assert format_grid(g, "link", entries=e) == "#p=..3..4.221......&e=4..............."
    six = Grid(Shape(3, 2), (1,) + (0,) * 35)
    assert format_grid(six, "link") == "#p=1" + "." * 35 + "&box=3x2"
    big = Grid(Shape(6, 6), (36,) + (0,) * 1294 + (7,))
    assert format_grid(big, "link") == "#p=36," + "0," * 1294 + "7"


def test_page_link_ignores_the_page_extras_and_reads_escapes() -> None:
    text = "https://x.org/s/index.html#p=..3..4.221%2E%2E%2E%2E%2E%2E&m=1_2&c=3&t=99&e=4"
    got = read_link(text.replace("&e=4", "&e=4" + "." * 15))
    assert got.givens.line() == "..3..4.221......"
    assert got.entries is not None and got.entries.cells[0] == 4


def test_page_link_entries_on_givens_are_dropped_as_the_page_does() -> None:
    got = read_link("#p=1" + "." * 15 + "&e=2" + "3" + "." * 14)
    assert got.entries is not None and got.entries.cells[:2] == (0, 3)


def test_formatting_entries_that_change_a_given_is_refused() -> None:
    g = parse("1" + "." * 15)
    with pytest.raises(ValueError, match="r1c1 holds the given 1"):
        format_grid(g, "link", entries=parse("2" + "." * 15))
    with pytest.raises(ValueError, match="cannot keep entries apart"):
        format_grid(g, "pretty", entries=parse("." * 16))


@pytest.mark.parametrize(("text", "message", "column"), [
    ("#p=..3..4.2x1......", "parameter \"p\", character 9: 'x' is not a symbol of a 4x4", 12),
    ("#p=..3..4.221.....", "parameter \"p\": 15 cells found, a 4x4 puzzle has 16", None),
    ("#p=" + "." * 36 + "&box=4x9", "box shape 4x9 holds 36 cells, but the grid is 6x6", None),
    ("#p=" + "." * 36 + "&box=banana", "expected ROWSxCOLS", None),
    ("#p=..3..4.221......&e=4..", "the entries have 3 cells, the puzzle 16", None),
    ("#p=" + "." * 49, "7 is prime", None),
    ("#p=1,2,x" + ",0" * 13, "cell 3: 'x' is not a value of a 4x4 puzzle", 8),
    ("#e=1234", "the page's links end in '#p='", None),
    ("index.html#p=%E0%A4", "not UTF-8", None),
])
def test_bad_page_links_say_where_and_why(text: str, message: str, column: int | None) -> None:
    with pytest.raises(SudokuError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        parse(text)
    if column is not None:
        assert isinstance(info.value, ParseError) and info.value.column == column
        assert text[column - 1] == info.value.char


def test_columns_count_from_the_text_as_given() -> None:
    with pytest.raises(LinkError) as info:
        parse("  <#p=..3..4.2x1......>")
    assert (info.value.column, info.value.char) == (15, "x")


def test_shape_given_by_the_caller_wins() -> None:
    assert parse("#p=" + "." * 36, Shape(3, 2)).shape == Shape(3, 2)


# --- the page's own JavaScript agrees (web/js/share.js, run by Node when it is installed) ----

def test_the_page_reads_our_links_and_we_read_its_links() -> None:
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    share = Path(__file__).resolve().parents[2] / "web" / "js" / "share.js"
    if node is None or not share.exists():
        pytest.skip("Node.js or web/js/share.js is missing: the page's link code cannot run")
    rng = random.Random(5)
    docs = []
    for k in range(40):
        shape = SHAPES[k % 8]  # the page's links hold one symbol per cell up to 35x35
        givens, entries = random_pair(shape, rng.randrange(2**32))
        docs.append((givens, entries))
    script = f"""
import {{toHash, fromHash}} from {json.dumps(share.as_uri())};
import {{emptyDoc}} from {json.dumps((share.parent / "doc.js").as_uri())};
const input = JSON.parse(process.argv[1]);
const out = input.map(([box, givens, entries, hash]) => {{
  const doc = emptyDoc(box);
  doc.givens = givens; doc.entries = entries;
  const back = fromHash(hash);
  return [toHash(doc), back.box, back.givens, back.entries];
}});
console.log(JSON.stringify(out));
"""
    payload = [[[g.shape.box_rows, g.shape.box_cols], list(g.cells), list(e.cells),
                format_grid(g, "link", entries=e)] for g, e in docs]
    run = subprocess.run([node, "--input-type=module", "-e", script, json.dumps(payload)],
                         capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    for (givens, entries), (js_hash, box, js_givens, js_entries) in zip(
            docs, json.loads(run.stdout), strict=True):
        assert js_hash == format_grid(givens, "link", entries=entries)  # one layout
        got = read_link(js_hash)  # the page's link, read by us
        assert got.givens == givens
        assert (got.entries or Grid.empty(givens.shape)) == entries
        assert box == [givens.shape.box_rows, givens.shape.box_cols]  # our link, read by the page
        assert js_givens == list(givens.cells) and js_entries == list(entries.cells)


# --- SudokuWiki -----------------------------------------------------------------------------

WIKI = "https://www.sudokuwiki.org/sudoku.htm?bd="
# A position from a public tutorial: its 'Load position' (S9B) and 'From the start' links.
S9B = ("S9B4s010g091803064a4c281c1i2t082q7r7v81094g520l1o1m054b074i0g024i018i04038i4nbqba048y0"
       "2b70gc34306040c07b6020eb707bk01447wbeba0f0558bgc22q032qb7bfbf4ebi05067u010g02bi")
S9B_START = "010903600000080000900000507002010430000402000064070200701000005000030000005601020"


def test_sudokuwiki_digits() -> None:
    got = read_link(WIKI + EASY.replace(".", "0"))
    assert (got.site, got.givens.line(), got.entries) == ("SudokuWiki", EASY, None)
    assert parse("www.sudokuwiki.org/sudoku.htm?bd=" + EASY.replace(".", "0")).line() == EASY
    assert parse("?bd=" + EASY).line() == EASY


def test_sudokuwiki_candidate_grid_gives_the_start_and_the_placed_values() -> None:
    got = read_link(WIKI + S9B)
    assert got.givens == parse(S9B_START)
    assert got.entries is not None and any(got.entries.cells)
    solution = solve(got.givens).solution
    assert solution is not None
    for cell, v in enumerate(got.entries.cells):  # every placed value is the solution's
        assert v == 0 or (got.givens.cells[cell] == 0 and v == solution.cells[cell])


@pytest.mark.parametrize(("text", "message"), [
    (WIKI + "12345", "parameter \"bd\": 5 characters; a SudokuWiki board is 81 digits"),
    (WIKI + "S9B0102", "'S9B' is followed by 4 characters"),
    (WIKI + S9B[:9] + "zz" + S9B[11:], "cell 4: 'zz' is not a packed cell"),
    (WIKI + EASY[:-1] + "x", "character 81: 'x' is not a symbol of a 9x9 puzzle"),
    ("https://www.sudokuwiki.org/Killer_Sudoku.htm?bd=" + EASY, "'Killer_Sudoku.htm', a variant"),
    ("https://www.sudokuwiki.org/sudoku.htm", "carries no board"),
])
def test_bad_sudokuwiki_links(text: str, message: str) -> None:
    with pytest.raises(LinkError, match=message.replace("(", r"\(")):
        parse(text)


# --- sudoku.coach ---------------------------------------------------------------------------

def test_sudoku_coach_play_and_solver_links() -> None:
    digits = EASY.replace(".", "0")
    for kind in ("play", "solver"):
        got = read_link(f"https://sudoku.coach/en/{kind}/{digits}")
        assert (got.site, got.givens.line()) == ("sudoku.coach", EASY)
    assert parse(f"sudoku.coach/de/play/{digits}").line() == EASY


@pytest.mark.parametrize(("text", "message"), [
    ("https://sudoku.coach/en/s/JCDs", "short link \\('JCDs'\\) to a puzzle stored on"),
    ("https://sudoku.coach/en/learn", "holds no puzzle"),
    ("https://sudoku.coach/en/play/123", "3 characters; a sudoku.coach puzzle is 81 digits"),
])
def test_bad_sudoku_coach_links(text: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        parse(text)


# --- f-puzzles ------------------------------------------------------------------------------

def fpuzzles(givens: Grid, entries: Grid | None = None, **extra: object) -> dict[str, object]:
    """An f-puzzles puzzle object as the site writes it: rows of cell objects."""
    n = givens.size
    rows = []
    for r in range(n):
        row: list[dict[str, object]] = []
        for c in range(n):
            g = givens.cells[r * n + c]
            e = entries.cells[r * n + c] if entries else 0
            row.append({"value": g, "given": True} if g else {"value": e} if e else {})
        rows.append(row)
    return {"size": n, "title": "test", "grid": rows, **extra}


def test_fpuzzles_published_empty_grid() -> None:
    got = read_link("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLry"
                    "BdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssW0iQA=")
    assert got.givens == Grid.empty(Shape(3, 3))


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from([s for s in SHAPES if s.size <= 16 and s.box_rows <= s.box_cols]),
       seed=st.integers(0, 2**32), uri=st.booleans())
def test_fpuzzles_givens_and_entries(shape: Shape, seed: int, uri: bool) -> None:
    givens, entries = random_pair(shape, seed)
    data = json.dumps(fpuzzles(givens, entries), separators=(",", ":"))
    packed = compress_to_uri(data) if uri else compress_to_base64(data)
    got = read_link("https://www.f-puzzles.com/?load=" + packed)
    assert (got.site, got.givens) == ("f-puzzles", givens)
    assert got.entries == (entries if any(entries.cells) else None)
    # SudokuPad opens f-puzzles data too, and a query decoder may have turned '+' to ' '.
    pad = read_link("https://sudokupad.app/fpuzzles" + packed.replace("+", " "))
    assert (pad.site, pad.givens) == ("SudokuPad", givens)


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from([s for s in SHAPES if s.size <= 16 and s.box_rows <= s.box_cols]),
       seed=st.integers(0, 2**32))
def test_fpuzzles_marks_and_colours_are_kept(shape: Shape, seed: int) -> None:
    rng = random.Random(seed)
    givens, entries = random_pair(shape, seed)
    puzzle = fpuzzles(givens, entries)
    n = shape.size
    want: dict[str, list[tuple[object, ...]]] = {"centre": [], "corner": [], "colours": []}
    palette = ["#FFA0A0", "#b0ffb0", "#C0C0FF", "#fe0"]
    for row in puzzle["grid"]:  # type: ignore[attr-defined]
        for cell in row:
            centre = sorted(rng.sample(range(1, n + 1), rng.randint(0, 3)))
            corner = sorted(rng.sample(range(1, n + 1), rng.randint(0, 2)))
            colours = rng.sample(palette, rng.randint(0, 2))
            if centre:
                cell["centerPencilMarks"] = [str(v) if rng.random() < 0.5 else v for v in centre]
            if corner:
                cell["cornerPencilMarks"] = corner
            if len(colours) == 1:
                cell["c"] = colours[0]
            elif colours:
                cell["cArray"] = colours
            want["centre"].append(tuple(centre))
            want["corner"].append(tuple(corner))
            want["colours"].append(tuple(x.lower() for x in colours))
    got = read_link("https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(puzzle)))
    for key, lists in want.items():
        assert getattr(got, key) == (tuple(lists) if any(lists) else None), key
    assert got.entries == (entries if any(entries.cells) else None)


def test_fpuzzles_bad_marks_are_named() -> None:
    puzzle = fpuzzles(parse(EASY))
    puzzle["grid"][0][1]["cornerPencilMarks"] = [12]  # type: ignore[index]
    with pytest.raises(LinkError, match="r1c2: 12 is not a value"):
        read_link("https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(puzzle)))
    puzzle["grid"][0][1]["cornerPencilMarks"] = "12"  # type: ignore[index]
    with pytest.raises(LinkError, match="r1c2: the pencil marks are not a list"):
        read_link("https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(puzzle)))


@pytest.mark.parametrize(("extra", "message"), [
    ({"somethingnew": [1]}, "holds a variant with somethingnew; those keys are not read"),
    ({"lockout": [{"lines": [["R1C1", "R1C5"]]}]}, "holds a variant with lockout;"),
    ({"cage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]},
     "draws a cage that is no rule ('cage' 1)"),
    ({"negative": ["difference"]}, "the negative rule of the difference dots alone"),
])
def test_fpuzzles_variants_are_refused_by_name(extra: dict[str, object], message: str) -> None:
    data = compress_to_base64(json.dumps(fpuzzles(parse(EASY), **extra)))
    with pytest.raises(LinkError) as info:
        parse("https://www.f-puzzles.com/?load=" + data)
    assert str(info.value).startswith("this f-puzzles link ")
    assert message in str(info.value)


def test_fpuzzles_plain_extras_and_false_flags_are_classic() -> None:
    data = fpuzzles(parse(EASY), author="me", ruleset="normal", antiknight=False, killercage=[])
    link = "https://f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))
    assert parse(link).line() == EASY


def test_fpuzzles_broken_jigsaw_is_refused() -> None:
    data = fpuzzles(parse(EASY))
    grid = data["grid"]
    assert isinstance(grid, list)
    grid[0][0]["region"] = 4
    with pytest.raises(SudokuError, match="region 1 has 8 cells; each of the 9 regions needs 9"):
        parse("https://f-puzzles.com/?load=" + compress_to_base64(json.dumps(data)))


@pytest.mark.parametrize(("load", "message"), [
    ("N4Ig!zglg", "parameter \"load\", character 5: the compressed puzzle is damaged: '!'"),
    (compress_to_base64("not json"), "not an f-puzzles puzzle \\(not JSON"),
    (compress_to_base64('{"size": 9}'), 'no "grid"'),
    (compress_to_base64('{"size": 7, "grid": []}'), "7x7 grid has no box shape"),
    (compress_to_base64('{"size": 4, "grid": [[{}, {}, {}, {}]]}'), "has 1 row, its size says 4"),
    (compress_to_base64('{"size": 4, "grid": [[{}], [], [], []]}'), "row 1 of the grid"),
    (compress_to_base64(json.dumps(fpuzzles(parse("3" + "." * 15))).replace(
        '"value": 3', '"value": 3.5')), "r1c1: 3.5 is not a value of a 4x4 puzzle"),
    (compress_to_base64("[" * 100_000 + "]" * 100_000), "not JSON"),
])
def test_bad_fpuzzles_data(load: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        parse("https://www.f-puzzles.com/?load=" + load)


def test_fpuzzles_stored_puzzle_id_is_explained() -> None:
    with pytest.raises(LinkError, match="stored on f-puzzles.com"):
        parse("https://www.f-puzzles.com/?id=yhkyz63b")


# --- SudokuPad ------------------------------------------------------------------------------

def zipped(givens: Grid, long_keys: bool = False) -> str:
    """A puzzle in SudokuPad's zipped JSON, written by hand from its description: bare keys,
    single quotes, empty cell objects left out of each row."""
    n = givens.size
    cells_key, value_key = ("cells", "value") if long_keys else ("ce", "v")
    rows = []
    for r in range(n):
        row = givens.cells[r * n:(r + 1) * n]
        rows.append("[" + ",".join(f"{{{value_key}:{v}}}" if v else "" for v in row) + "]")
    br, bc = givens.shape.box_rows, givens.shape.box_cols
    regions = ",".join(
        "[" + ",".join(f"[{r},{c}]" for r in range(R, R + br) for c in range(C, C + bc)) + "]"
        for R in range(0, n, br) for C in range(0, n, bc))
    return (f"{{id:'x1',cellSize:50,{cells_key}:[{','.join(rows)}],re:[{regions}],"
            f"ca:[{{v:'title: A test'}},{{v:'author: me'}}],settings:{{conflictchecker:t}}}}")


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES[:8]), seed=st.integers(0, 2**32), long_keys=st.booleans())
def test_sudokupad_scl_classic(shape: Shape, seed: int, long_keys: bool) -> None:
    givens, _ = random_pair(shape, seed)
    data = compress_to_base64(zipped(givens, long_keys))
    for text in (f"https://sudokupad.app/scl{data}", f"https://sudokupad.app/?puzzle=ctc{data}",
                 f"https://sxsm.uk/sudoku/scl{data}"):
        got = read_link(text)
        assert (got.site, got.givens) == ("SudokuPad", givens)


def test_sudokupad_strict_json_also_reads() -> None:
    rows = [[{"value": int(ch)} if ch != "." else {} for ch in EASY[r * 9:r * 9 + 9]]
            for r in range(9)]
    data = compress_to_base64(json.dumps({"cellSize": 50, "cells": rows, "lines": []}))
    assert parse("https://sudokupad.app/scl" + data).line() == EASY


def test_sudokupad_published_classic_code() -> None:
    # From SudokuPad's own list of classic test ids; the run code: 'B' one empty cell, ...
    got = read_link("https://sudokupad.app/classicB6B91D7C2E15F4D9C3K6D4B3D25D4F8F87B4C5B7C3B")
    assert got.givens.line()[:9] == ".6.91...7"
    result = solve(got.givens)
    assert result.status == "solved" and result.unique  # a real puzzle, read right


def test_sudokupad_second_classic_code() -> None:
    # The second code: each character is a digit (index % 10) then index // 10 empty cells.
    pairs = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwx"
    line, code = EASY.replace(".", "0"), ""
    k = 0
    while k < len(line):
        digit, k, run = int(line[k]), k + 1, 0
        while run < 5 and k < len(line) and line[k] == "0":
            run, k = run + 1, k + 1
        code += pairs[digit + 10 * run]
    assert parse("https://sudokupad.app/classic" + code).line() == EASY


@pytest.mark.parametrize(("zip_", "message"), [
    # Cages and lines are read where they draw a rule (tests/formats/test_sudokupad_constraints.py).
    (zipped(parse(EASY)).replace("ca:[", "ca:[{ce:[[0,0],[0,1]],v:'x'},"),
     "cage 1 with the value 'x', which is no killer sum"),
    (zipped(parse(EASY)).replace("ca:[", "l:[{wp:[[0,0],[1,1]]}],ca:["),
     "line 1 \\(no colour\\) that does not run from cell to cell"),
    (zipped(parse(EASY)).replace("re:[[[0,0]", "re:[[[4,4]"), "irregular regions"),
    (zipped(parse(EASY)).replace("{v:4}", "{v:12}", 1), "r1c1: 12 is not a value of a 9x9"),
    ("{ce:[[{v:1}]", "not a SudokuPad puzzle \\(the data ends too early at character 13"),
    ("{ce:" + "[" * 200 + "]" * 200 + "}", "nested more than 64 levels"),
    ("{id:'x'}", 'no "cells"'),
])
def test_bad_sudokupad_puzzles(zip_: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        parse("https://sudokupad.app/scl" + compress_to_base64(zip_))


@pytest.mark.parametrize(("text", "message"), [
    ("https://sudokupad.app/6y4apu1vgr", "stored on the SudokuPad server \\('6y4apu1vgr'\\)"),
    ("https://sxsm.uk/abc123", "stored on the SudokuPad server"),
    ("https://sudokupad.app/scfAbCdEf", "'scf' format"),
    ("https://sudokupad.app/classic0y", "character 2: 'y' belongs to the other of SudokuPad's"),
    ("https://sudokupad.app/classic1+", "character 2: '\\+' is not a character of a classic"),
    ("https://sudokupad.app/", "holds no puzzle"),
    ("https://sudokupad.app/scl" + "A" * 80 + "%%", "parameter \"path\""),
    ("https://sudokupad.app/scl" + "A" * 80 + "%E0", "parameter \"path\""),
])
def test_bad_sudokupad_links(text: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        parse(text)


# --- other sites, and text that only looks like a link -------------------------------------

@pytest.mark.parametrize(("text", "message"), [
    ("https://sudoku.com/hard/", "links from Sudoku.com \\(sudoku.com\\) are not read"),
    ("https://www.nytimes.com/puzzles/sudoku/hard", "The New York Times"),
    ("https://example.org/puzzle?id=5", "links from example.org are not read"),
    ("https://localhost:8000/index.html", "links from localhost are not read"),
])
def test_other_sites_are_named(text: str, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        parse(text)


@pytest.mark.parametrize("text", [
    EASY, "dir.d/file.txt", "sub.dir/file.txt", "53..7....|6..195...", "# comment\n" + EASY,
])
def test_text_that_is_not_a_link(text: str) -> None:
    assert not is_link(text)


# --- CSV rows -------------------------------------------------------------------------------

SOLUTION = "461572938732894156895316247378629514529481673614753892957248361183967425246135789"


@pytest.mark.parametrize("row", [
    f"{EASY},{SOLUTION}",
    f"{EASY.replace('.', '0')},{SOLUTION}",
    f'"{EASY}", "{SOLUTION}"',
    f"17,{EASY},{SOLUTION},36,1.5",
])
def test_csv_rows(row: str) -> None:
    assert solve(parse(EASY)).solution == parse(SOLUTION)  # the test data is right
    got = read_parts(row)
    assert (got.site, got.givens.line(), got.solution) == ("csv", EASY, parse(SOLUTION))
    assert parse(row).line() == EASY


def test_csv_row_without_a_solution() -> None:
    got = read_parts(f"{EASY},hard")
    assert (got.givens.line(), got.solution) == (EASY, None)


@pytest.mark.parametrize(("row", "message", "column"), [
    (f"{EASY[:5]}x{EASY[6:]},{SOLUTION}", "CSV row, field 1: 'x' is not a symbol", 6),
    (f"7,{EASY},{SOLUTION[:-1]}", "CSV row, field 3: 80 cells found", None),
    (f"{EASY},{SOLUTION[:-1]}8", "the solution's r9c9 holds 8, the puzzle's given is 9", None),
    (f"{EASY},{EASY},{EASY}", "field 3 is a third puzzle", 165),
])
def test_bad_csv_rows(row: str, message: str, column: int | None) -> None:
    with pytest.raises(SudokuError, match=message) as info:
        parse(row)
    if column is not None:
        assert isinstance(info.value, ParseError) and info.value.column == column


def test_comma_separated_rows_of_a_grid_are_still_a_grid() -> None:
    # 16 rows of 16 symbols on one line look like a CSV row; they are a 16x16 grid.
    g = Grid(Shape(4, 4), tuple((k * 5) % 17 for k in range(256)))
    line = ",".join(format_grid(g, "line")[r * 16:(r + 1) * 16] for r in range(16))
    assert parse(line) == g


# --- JSON keeps entries apart ---------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_json_keeps_entries_apart_for_every_shape(shape: Shape, seed: int) -> None:
    givens, entries = random_pair(shape, seed)
    text = format_grid(givens, "json", entries=entries)
    assert parse(text, shape) == givens  # readers that know no entries get the givens
    got = read_parts(text, shape)
    assert got.givens == givens
    assert got.entries == (entries if any(entries.cells) else None)


def test_bad_json_entries_are_named() -> None:
    with pytest.raises(SudokuError, match='"entries"'):
        read_parts('{"box": [2, 2], "cells": [[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]], '
                   '"entries": [[9]]}')


# --- hostile input is bounded ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "refusal"), [
    ("https://www.f-puzzles.com/?load=" + "A" * 900_000,
     "compressed data is too long [(]900,000 characters; a puzzle needs at most 524,288"),
    ("https://sudokupad.app/scl" + "Zm9v" * 200_000,
     "compressed data is too long [(]800,000 characters; a puzzle needs at most 524,288"),
    ("#p=" + "1" * 900_000, "900000 cells found, a 64x64 puzzle has 4096"),
    ("#p=" + "1," * 400_000, "400001 cells found, a 64x64 puzzle has 4096"),
    ("https://www.sudokuwiki.org/sudoku.htm?bd=" + "S9B" + "zz" * 300_000,
     "'S9B' is followed by 600000 characters; a board holds 162"),
], ids=["f-puzzles", "sudokupad", "page", "page-numbers", "sudokuwiki"])
def test_huge_links_are_refused_by_their_size(text: str, refusal: str) -> None:
    # Fast because refused by a size check before any decoding (not timed: how fast is for
    # the benchmarks): the message says which limit, so a decoder that ran over the whole
    # text first would end in another error, or none.
    with pytest.raises(SudokuError, match=refusal):
        parse(text)


@settings(max_examples=300, deadline=None)
@given(tail=st.text(alphabet=st.sampled_from(list("#p=&e.box2x3,1-9AZaz%_/?:+ =\u00e9")),
                    max_size=120),
       head=st.sampled_from(["", "https://sudokupad.app/", "https://f-puzzles.com/?load=",
                             "https://www.sudokuwiki.org/sudoku.htm?bd=", "index.html#p=",
                             "https://sudoku.coach/en/play/", "https://sudokupad.app/classic",
                             "https://sudokupad.app/scl"]))
def test_link_like_text_gives_a_grid_or_a_sudoku_error(head: str, tail: str) -> None:
    try:
        got = parse(head + tail)
    except SudokuError:
        return
    assert isinstance(got, Grid)


@settings(max_examples=150, deadline=None)
@given(data=st.text(max_size=300), site=st.sampled_from(["fpuzzles", "scl"]))
def test_any_compressed_text_gives_a_grid_or_a_sudoku_error(data: str, site: str) -> None:
    packed = compress_to_base64(data)
    try:
        got = parse(f"https://sudokupad.app/{site}{packed}")
    except SudokuError:
        return
    assert isinstance(got, Grid)


def test_page_link_carries_variant_rules() -> None:
    made = generate_puzzle(Shape(3, 3), ("killer",), "easy", seed=3).grid
    link = format_link(made)
    assert "&v=%7B%22cages%22" in link and "box=" not in link
    back = parse("https://example.org/index.html" + link)
    assert back.shape.variant == made.shape.variant and back.cells == made.cells
    with pytest.raises(SudokuError, match="v="):
        parse("https://example.org/index.html#p=" + "." * 81 + "&v=%7Bx")
