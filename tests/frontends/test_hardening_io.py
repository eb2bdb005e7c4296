"""Streaming batch input, wrong argument types, and the tooling around the README's commands."""

from __future__ import annotations

import io
import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_core import (
    Shape,
    count_solutions,
    find_conflicts,
    format_grid,
    generate,
    has_unique_solution,
    hint,
    parse,
    rate,
    read_puzzles,
    solve,
    steps,
    validate,
)
from sudoku_core.cli import main
from sudoku_core.commands import inputs
from sudoku_core.formats.records import (
    PuzzleRecord,
    read_puzzles_or_errors,
    stream_puzzles_or_errors,
)
from sudoku_core.model.errors import ParseError, SudokuError

ROOT = Path(__file__).resolve().parents[2]
PUZZLE_4 = "..3..4.221......"

LINE = st.sampled_from([PUZZLE_4, "# comment", "  # indented", "", "   ", "\t", "1234341221434321",
                        "..3..4.2x1......", f"{PUZZLE_4}  # easy", "é..3", "quizzes,solutions"])
ENDING = st.sampled_from(["\n", "\r\n"])


def content(text: str) -> list[tuple[int, str]]:
    """What the streaming reader must give: every line not blank or '#', with its number."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [(k, ln) for k, ln in enumerate(lines, 1) if ln.strip() and ln.lstrip()[0] != "#"]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # same patch each time
@given(lines=st.lists(st.tuples(LINE, ENDING), max_size=40), chunk=st.integers(1, 40),
       last=st.booleans())
def test_streamed_lines_at_any_chunk_boundary(
    monkeypatch: pytest.MonkeyPatch, lines: list[tuple[str, str]], chunk: int, last: bool
) -> None:
    text = "".join(a + b for a, b in lines)
    if not last and text:
        text = text[:-1] if text.endswith("\n") and not text.endswith("\r\n") else text
    data = text.encode()
    monkeypatch.setattr(inputs, "CHUNK_BYTES", chunk)
    got = list(inputs._stream_lines(io.BytesIO(data[chunk:]), data[:chunk], "t"))
    assert got == content(text)


def test_old_mac_line_ends_stream_too() -> None:
    # The first megabyte tells the line ends: here CR alone, as old Mac files end lines.
    data = f"# cr only\r{PUZZLE_4}\r\r{PUZZLE_4}\r".encode()
    assert list(inputs._stream_lines(io.BytesIO(data[12:]), data[:12], "t")) == [
        (2, PUZZLE_4), (4, PUZZLE_4)]


def test_a_bad_byte_names_its_line_and_column() -> None:
    data = f"{PUZZLE_4}\n# \xff is fine in a comment\n..3.\xff\n{PUZZLE_4}".encode("latin-1")
    (n1, first), (n3, bad), (n4, last) = inputs._stream_lines(io.BytesIO(b""), data, "t")
    assert (n1, first, n4, last) == (1, PUZZLE_4, 4, PUZZLE_4)  # the line after it is read
    assert isinstance(bad, ParseError) and (n3, bad.line, bad.column) == (3, 3, 5)
    assert str(bad).startswith("line 3, column 5: byte 0xff is not UTF-8")


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # same patch each time
@given(chunk=st.integers(1, 300), before=st.integers(0, 3), after=st.integers(0, 3),
       long=st.integers(101, 700))
def test_an_endless_line_is_reported_in_its_place_and_reading_goes_on(
    monkeypatch: pytest.MonkeyPatch, chunk: int, before: int, after: int, long: int
) -> None:
    monkeypatch.setattr(inputs, "MAX_LINE_BYTES", 100)
    monkeypatch.setattr(inputs, "CHUNK_BYTES", chunk)
    data = f"{PUZZLE_4}\n".encode() * before + b"1" * long + f"\n{PUZZLE_4}".encode() * after
    got = list(inputs._stream_lines(io.BytesIO(data[chunk:]), data[:chunk], "t"))
    assert [n for n, _ in got] == list(range(1, before + after + 2))
    assert [t for _, t in got if isinstance(t, str)] == [PUZZLE_4] * (before + after)
    bad = got[before][1]
    assert isinstance(bad, ParseError) and bad.line == before + 1
    assert "longer than" in str(bad)


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(LINE, min_size=1, max_size=30))
def test_the_streaming_reader_reads_as_the_whole_text_reader(lines: list[str]) -> None:
    # Files of one puzzle per line or CSV (the kind that grows large) read the same either way.
    text = "\n".join([PUZZLE_4, *lines])
    whole = [r if not isinstance(r, Exception) else str(r) for r in
             read_puzzles_or_errors(text)]
    streamed = [r if not isinstance(r, Exception) else str(r) for r in
                stream_puzzles_or_errors(content(text))]
    assert streamed == whole


def test_titled_grids_stream_with_their_line_numbers() -> None:
    text = ("Grid 01\n..3.\n.4.2\n21..\n....\nGrid 02\n..3.\n\n# gap\n.4.2\n2x..\n....\n"
            "Grid 03\n..3.\n.4.2\n21..\n....\n")
    numbered = content(text)
    for records in (stream_puzzles_or_errors(numbered), read_puzzles_or_errors(text)):
        first, bad, last = records  # a grid that cannot be read is reported, the next read
        assert isinstance(first, PuzzleRecord) and (first.line, first.grid.line()) == (2, PUZZLE_4)
        assert isinstance(bad, ParseError)
        assert re.search("line 11, column 2: 'x'", str(bad))
        assert isinstance(last, PuzzleRecord) and last.line == 14
    with pytest.raises(ParseError, match="line 11, column 2: 'x'"):
        list(read_puzzles(text))  # read_puzzles still stops at the first bad puzzle


def test_an_unreadable_line_in_a_titled_grid_is_that_grids_error() -> None:
    numbered: list[tuple[int, str | SudokuError]] = [
        *content("Grid 01\n..3.\n.4.2\n21..\n....\nGrid 02\n..3.\n")]
    numbered += [(8, ParseError("byte 0xff is not UTF-8 text", line=8, column=3))]
    numbered += content("\n" * 8 + "21..\n....\nGrid 03\n..3.\n.4.2\n21..\n....\n")
    first, bad, last = stream_puzzles_or_errors(numbered)
    assert isinstance(first, PuzzleRecord) and isinstance(last, PuzzleRecord)
    assert isinstance(bad, ParseError) and bad.line == 8 and "UTF-8" in str(bad)
    assert last.line == 12


# D11: a wrong argument type is a TypeError that names the argument.
@pytest.mark.parametrize(("call", "name"), [
    (lambda: solve(PUZZLE_4), "solve() argument 'grid' must be Grid, not str"),  # type: ignore[arg-type]
    (lambda: parse(42), "parse() argument 'text' must be str, not int"),  # type: ignore[arg-type]
    (lambda: parse(PUZZLE_4, "2x2"), "parse() argument 'shape'"),  # type: ignore[arg-type]
    (lambda: validate([1, 2]), "validate() argument 'grid' must be Grid, not list"),  # type: ignore[arg-type]
    (lambda: steps(None), "steps() argument 'grid' must be Grid, not NoneType"),  # type: ignore[arg-type]
    (lambda: hint(PUZZLE_4), "hint() argument 'puzzle' must be Grid"),  # type: ignore[arg-type]
    (lambda: hint(parse(PUZZLE_4), PUZZLE_4), "hint() argument 'current'"),  # type: ignore[arg-type]
    (lambda: rate(b"..3"), "rate() argument 'grid' must be Grid, not bytes"),  # type: ignore[arg-type]
    (lambda: generate(9), "generate() argument 'shape' must be Shape, not int"),  # type: ignore[arg-type]
    (lambda: generate(Shape(2, 2), 3), "generate() argument 'difficulty'"),  # type: ignore[arg-type]
    (lambda: format_grid(PUZZLE_4), "format_grid() argument 'grid'"),  # type: ignore[arg-type]
    (lambda: solve(parse(PUZZLE_4), time_limit="5"), "solve() argument 'time_limit'"),  # type: ignore[arg-type]
    (lambda: solve(parse(PUZZLE_4), limit=True), "solve() argument 'limit' must be int, not bool"),
    # Found by a later audit: an AttributeError or a TypeError about operands, or the wrong name.
    (lambda: find_conflicts(PUZZLE_4), "find_conflicts() argument 'grid' must be Grid, not str"),  # type: ignore[arg-type]
    (lambda: count_solutions(PUZZLE_4), "count_solutions() argument 'grid' must be Grid"),  # type: ignore[arg-type]
    (lambda: has_unique_solution(PUZZLE_4), "has_unique_solution() argument 'grid'"),  # type: ignore[arg-type]
    (lambda: read_puzzles(42), "read_puzzles() argument 'text' must be str, not int"),  # type: ignore[arg-type]
    (lambda: validate(parse(PUZZLE_4), givens=PUZZLE_4), "validate() argument 'givens'"),  # type: ignore[arg-type]
    (lambda: hint(parse(PUZZLE_4), pencil=5), "hint() argument 'pencil'"),  # type: ignore[arg-type]
    (lambda: hint(parse(PUZZLE_4), time_limit="5"), "hint() argument 'time_limit'"),  # type: ignore[arg-type]
    (lambda: generate(Shape(2, 2), time_limit="5"), "generate() argument 'time_limit'"),  # type: ignore[arg-type]
    (lambda: generate(Shape(2, 2), symmetry=3), "generate() argument 'symmetry'"),  # type: ignore[arg-type]
])
def test_a_wrong_type_names_the_argument(call: object, name: str) -> None:
    with pytest.raises(TypeError, match=re.escape(name)):
        call()  # type: ignore[operator]


NAN = float("nan")


# A NaN time limit compares false with every clock reading: solve() on a hard 64x64 with it ran
# with no deadline at all (the CLI and the web facade refuse NaN; the library did not).
@pytest.mark.parametrize(("call", "name"), [
    (lambda: solve(parse(PUZZLE_4), time_limit=NAN), "solve() argument 'time_limit'"),
    (lambda: count_solutions(parse(PUZZLE_4), time_limit=NAN), "count_solutions() argument"),
    (lambda: has_unique_solution(parse(PUZZLE_4), time_limit=NAN), "has_unique_solution()"),
    (lambda: validate(parse(PUZZLE_4), time_limit=NAN), "validate() argument 'time_limit'"),
    (lambda: hint(parse(PUZZLE_4), time_limit=NAN), "hint() argument 'time_limit'"),
    (lambda: steps(parse(PUZZLE_4), time_limit=NAN), "steps() argument 'time_limit'"),
    (lambda: rate(parse(PUZZLE_4), time_limit=NAN), "rate() argument 'time_limit'"),
    (lambda: generate(Shape(2, 2), time_limit=NAN), "generate() argument 'time_limit'"),
])
def test_a_nan_time_limit_is_a_value_error(call: object, name: str) -> None:
    with pytest.raises(ValueError, match=re.escape(name) + ".* not NaN"):
        call()  # type: ignore[operator]


def test_a_grid_given_as_text_says_to_parse_it() -> None:
    with pytest.raises(TypeError, match=r"read the text first: solve\(parse\(text\)\)"):
        solve(PUZZLE_4)  # type: ignore[arg-type]


# D12: the tooling around `make serve` and `make test`.
def test_a_busy_port_says_so_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html>")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "serve.py"), str(tmp_path), "--port",
             str(port)], capture_output=True, text=True, timeout=60,
        )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines() == [
        f"serve: port {port} is busy (another server is using it); pick another: "
        "make serve PORT=8080 (or scripts/serve.py --port 8080)"]


@pytest.mark.parametrize(("argv", "says"), [
    (["--port", "99999"], "--port: '99999' is not a port: expected a number from 0 to 65535"),
    (["--port", "-1"], "--port: '-1' is not a port: expected a number from 0 to 65535"),
    (["--port", "http"], "--port: 'http' is not a port: expected a number from 0 to 65535"),
    (["--port", "0", "--prefix", "sudoku"], "prefix 'sudoku' must start and end with '/'"),
])
def test_a_bad_port_or_prefix_says_so_in_one_line(tmp_path: Path, argv: list[str],
                                                   says: str) -> None:
    (tmp_path / "index.html").write_text("<!doctype html>")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "serve.py"), str(tmp_path), *argv],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].endswith(says), proc.stderr


def make_plan(*argv: str) -> str:
    """What `make -n ARGV` would run in a checkout with no venv (nothing is run)."""
    proc = subprocess.run(["make", "-n", "-B", *argv, "VENV=/nonexistent/venv"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


@pytest.mark.skipif(subprocess.run(["make", "--version"], capture_output=True).returncode,
                    reason="make is not installed")
def test_make_serve_installs_only_what_serving_needs() -> None:
    serve = make_plan("serve")
    assert "-e '.[site]'" in serve and ".[dev]" not in serve
    assert "scripts/serve.py build/site --port 8000" in serve
    assert "scripts/serve.py build/site --port 8080" in make_plan("serve", "PORT=8080")
    test = make_plan("test")
    assert "-e '.[dev]'" in test
    assert test.count("==>") >= 4  # says what it is doing as it goes


def test_skipped_tests_say_why() -> None:
    config = (ROOT / "pyproject.toml").read_text()
    addopts = re.search(r'^addopts = "(.*)"$', config, re.MULTILINE)
    assert addopts is not None and "-rs" in addopts.group(1).split()


def test_a_large_file_of_no_puzzles_is_one_error() -> None:
    # A log file given by mistake: one error for its first line, not one per line.
    junk = [(k, f"May 3 10:0{k % 10} host sshd[{k}]: session opened") for k in range(1, 5000)]
    records = stream_puzzles_or_errors(junk)
    with pytest.raises(ParseError, match="line 1"):
        next(records)


def test_a_bad_first_line_of_a_large_batch_is_reported_and_the_rest_read() -> None:
    numbered = [(1, "bad first line"), *((k, PUZZLE_4) for k in range(3, 1000))]
    records = list(stream_puzzles_or_errors(numbered))
    assert isinstance(records[0], ParseError) and records[0].line == 1
    assert [r.line for r in records[1:]] == list(range(3, 1000))  # type: ignore[union-attr]


# A batch reports a line that is not UTF-8 or too long like any other bad line, and goes on.
BAD_LINES = [
    (b"..3..4.2\xff1......", "line 2, column 9: byte 0xff is not UTF-8 text"),
    (b"\xe9", "line 2, column 1: byte 0xe9 is not UTF-8 text"),
    (b"1" * (inputs.MAX_LINE_BYTES + 1), "line 2: longer than 1 MB: that is no puzzle"),
]


def _batch(bad: bytes, size: int) -> bytes:
    """A batch of ``size`` bytes or more: a puzzle, the bad line, then puzzles to the end."""
    line = f"{PUZZLE_4}\n".encode()
    return line + bad + b"\n" + line * max(2, (size - len(bad)) // len(line))


@pytest.mark.parametrize(("bad", "said"), BAD_LINES)
@pytest.mark.parametrize("streamed", [False, True])
@pytest.mark.parametrize("how", ["-f", "stdin", "argument"])
def test_a_batch_reports_an_unreadable_line_and_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    bad: bytes, said: str, streamed: bool, how: str
) -> None:
    if streamed:  # input larger than what is read whole is read line by line as it goes
        monkeypatch.setattr(inputs, "WHOLE_INPUT_BYTES", 2000)
        monkeypatch.setattr(inputs, "CHUNK_BYTES", 1000)
    data = _batch(bad, 100 if len(bad) > 2000 else 3000)
    total = data.count(b"\n")
    path = tmp_path / "batch.txt"
    path.write_bytes(data)
    argv = ["solve", "--to", "line", "-j", "1", "--json"]
    if how == "-f":
        argv += ["-f", str(path)]
    elif how == "argument":
        argv.append(str(path))
    else:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    name = "stdin" if how == "stdin" else str(path)
    assert main(argv) == 2  # some lines failed
    out, err = capsys.readouterr()
    lines = [json.loads(ln)["line"] for ln in out.splitlines()]
    assert lines == [1, *range(3, total + 1)]  # every other line answered, in order
    assert any(ln.startswith(f"sudoku solve: error: {name}: {said}") for ln in err.splitlines())
    assert err.strip().splitlines()[-1].endswith("; 1 unreadable line")


def test_a_grid_drawn_over_lines_with_a_bad_byte_is_one_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "grid.txt"
    path.write_bytes(b"..3.\n.4\xff2\n21..\n....\n")
    assert main(["solve", str(path)]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"sudoku solve: error: {path}: line 2, column 3: byte 0xff is not UTF-8 text (save the "
        f"file as UTF-8)"]


@pytest.mark.parametrize("as_file_option", [False, True])
def test_variant_text_over_2_mib_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], as_file_option: bool
) -> None:
    # The audit's file: 81 dots, 'cages:' and 200,000 cage lines (2.6 MB) was read as a
    # batch of lines: a classic solution with the rules dropped and 200,002 stderr lines.
    path = tmp_path / "huge.txt"
    path.write_text("." * 81 + "\ncages:\n" + "10: r1c1 r1c2\n" * 200_000, encoding="utf-8")
    assert path.stat().st_size > 2**21
    argv = ["solve", "-f", str(path)] if as_file_option else ["solve", str(path)]
    code = main(argv)
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1, err[:500]
    assert "larger than 2 MB" in err and "variant" in err
