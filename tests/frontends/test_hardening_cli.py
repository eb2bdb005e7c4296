"""The command line under stress: Ctrl+C, closed pipes, any output encoding, clear messages."""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import pytest

from sudoku_core import parse, solve
from sudoku_core.cli import main
from sudoku_core.commands import batch, common, inputs

PUZZLE_4 = "..3..4.221......"
SOLUTION_4 = "1234341221434321"
EMPTY_9 = "." * 81  # 1-3 ms a solve: a batch of 20,000 runs long enough to interrupt
ENV = {**os.environ, "PYTHONUNBUFFERED": "", "SUDOKU_DEBUG": ""}
POSIX = pytest.mark.skipif(os.name != "posix", reason="process groups and SIGINT are POSIX")


STARTED: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def no_leftovers() -> Iterator[None]:
    """Whatever a test started is gone after it, passed or failed (and never hangs it)."""
    yield
    while STARTED:
        proc = STARTED.pop()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def _interruptible() -> None:
    """In the child, before exec: Ctrl+C at its default, as a shell gives a foreground job.
    A process that starts with SIGINT ignored keeps it ignored (Python installs no handler
    then), and a test runner's worker may ignore it (xdist's do): the child would not see
    the test's Ctrl+C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*argv: str, stdin: int | None = subprocess.DEVNULL,
          env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """`sudoku ARGV` in its own process group, as a terminal runs it; killed after 90 s."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_core", *argv], stdin=stdin, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, start_new_session=True, env=env or ENV,
        preexec_fn=_interruptible,
    )
    STARTED.append(proc)
    watchdog = threading.Timer(90, lambda: proc.poll() is None and os.killpg(proc.pid, 9))
    watchdog.daemon = True
    watchdog.start()
    return proc


def ctrl_c(proc: subprocess.Popen[bytes]) -> tuple[int, bytes, bytes]:
    """Ctrl+C as a terminal sends it (to the whole process group); the exit and output."""
    os.killpg(proc.pid, signal.SIGINT)
    assert proc.stdout is not None and proc.stderr is not None
    out = proc.stdout.read()  # not communicate(): it would skip what readline() buffered
    err = proc.stderr.read()
    return proc.wait(timeout=60), out, err


def assert_one_clean_line(code: int, out: bytes, err: bytes) -> None:
    text = err.decode()
    assert code == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text
    assert text.strip().splitlines() == ["sudoku solve: interrupted"], text
    assert not out or out.endswith(b"\n"), out[-200:]  # partial results are whole lines
    for line in out.decode().splitlines():
        assert len(line) == 81 and solve(parse(line)).status == "solved"


@pytest.fixture()
def slow_batch(tmp_path: Path) -> Path:
    path = tmp_path / "empty9.txt"
    path.write_text((EMPTY_9 + "\n") * 20_000)
    return path


def wait_reading_stdin(proc: subprocess.Popen[bytes]) -> None:
    """Until the process blocks reading its stdin (Linux tells through wchan), or a while."""
    wchan = Path(f"/proc/{proc.pid}/wchan")
    end = time.monotonic() + 15
    while time.monotonic() < end:
        try:
            if "read" in wchan.read_text():
                time.sleep(0.2)
                return
        except OSError:
            break
        time.sleep(0.05)
    time.sleep(2)


# D1: Ctrl+C in every mode: one line, exit 130, no worker tracebacks.
@POSIX
@pytest.mark.parametrize("jobs", ["2", "1"])
def test_ctrl_c_during_a_batch_is_one_line(slow_batch: Path, jobs: str) -> None:
    proc = start("solve", "-f", str(slow_batch), "-j", jobs)
    assert proc.stdout is not None
    first = proc.stdout.readline()  # a result is out: the workers are busy
    assert len(first) == 82
    assert_one_clean_line(*ctrl_c(proc))


@POSIX
def test_ctrl_c_while_waiting_for_stdin_is_one_line() -> None:
    proc = start("solve", stdin=subprocess.PIPE)
    wait_reading_stdin(proc)
    code, out, err = ctrl_c(proc)
    assert proc.stdin is not None
    proc.stdin.close()
    assert_one_clean_line(code, out, err)


@POSIX
def test_a_stdin_batch_streams_and_stops_cleanly() -> None:
    # More than WHOLE_INPUT_BYTES (2 MiB) on stdin, stdin still open: the first answer comes
    # anyway (the batch is read as it goes), then Ctrl+C stops it.
    proc = start("solve", "-j", "2", stdin=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    stdin = proc.stdin

    def feed() -> None:
        # The batch pulls its input as the workers go: this write blocks until it does.
        with contextlib.suppress(OSError):
            stdin.write((EMPTY_9 + "\n").encode() * 40_000)
            stdin.flush()

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    first = proc.stdout.readline()
    assert len(first) == 82
    assert writer.is_alive()  # the first answer came before the input was all written
    code, out, err = ctrl_c(proc)
    writer.join(timeout=10)
    assert_one_clean_line(code, out, err)


@POSIX
@pytest.mark.parametrize("jobs", ["2", "1"])
def test_a_closed_pipe_stops_quietly(slow_batch: Path, jobs: str) -> None:
    # `sudoku solve -f FILE | head -1`: the reader goes away; no message, no traceback.
    proc = start("solve", "--json", "-f", str(slow_batch), "-j", jobs)
    assert proc.stdout is not None and proc.stderr is not None
    assert json.loads(proc.stdout.readline())["status"] == "solved"
    proc.stdout.close()
    code = proc.wait(timeout=60)
    err = proc.stderr.read().decode()
    assert code == 0, err
    assert err == ""


# D5: any output encoding; box drawing falls back to ASCII, never exit 70.
@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
@pytest.mark.parametrize("argv", [
    ["solve", PUZZLE_4],
    ["show", "--to", "pretty", PUZZLE_4],
    ["show", "--to", "candidates", PUZZLE_4],
    ["hint", "--level", "apply", PUZZLE_4],
    ["solve", "--json", PUZZLE_4],
])
def test_any_output_encoding(encoding: str, argv: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_core", *argv], capture_output=True, timeout=60,
        env={**ENV, "PYTHONIOENCODING": encoding},
    )
    err = proc.stderr.decode(encoding)
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "internal error" not in err
    out = proc.stdout.decode(encoding)
    if argv[0] == "solve" and "--json" not in argv:
        grid = parse("\n".join(ln for ln in out.splitlines() if "solved in" not in ln))
        assert grid.line() == SOLUTION_4  # the ASCII drawing parses back
    if argv[1:2] == ["--to"] and argv[2] == "pretty":
        assert parse(out).line() == PUZZLE_4
    if "--json" in argv:
        assert json.loads(out)["solution"] == SOLUTION_4


# The C locale: output ASCII, and Python's own handlers are surrogateescape/backslashreplace.
@pytest.mark.parametrize("argv", [["solve", PUZZLE_4], ["show", "--to", "candidates", PUZZLE_4],
                                  ["hint", "--level", "apply", PUZZLE_4]])
def test_the_c_locale_draws_in_ascii(argv: list[str]) -> None:
    env = {k: v for k, v in ENV.items() if not k.startswith(("LC_", "LANG", "PYTHONIO"))}
    proc = subprocess.run([sys.executable, "-m", "sudoku_core", *argv], capture_output=True,
                          timeout=60, env={**env, "LC_ALL": "C", "PYTHONUTF8": "0"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("ascii")  # nothing outside ASCII
    assert "+-" in out and "|" in out


@POSIX
@pytest.mark.parametrize("shell, code, said", [
    ("solve <&-", 2, "standard input is closed"),
    ("solve -f - <&-", 2, "standard input is closed"),
    ("solve ..3..4.221...... >&-", 74, "standard output is closed"),
    ("solve ..3..4.221...... > /dev/full", 74, "could not be written"),
])
def test_closed_or_full_streams_are_one_line(shell: str, code: int, said: str) -> None:
    if "/dev/full" in shell and not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    proc = subprocess.run(["sh", "-c", f'"$0" -m sudoku_core {shell}', sys.executable],
                          capture_output=True, timeout=60, env=ENV)
    err = proc.stderr.decode()
    assert proc.returncode == code, err
    assert said in err and len(err.strip().splitlines()) == 1, err


# D9: messages in the user's words.
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_an_empty_puzzle_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("", "   "):
        code, _, err = run(capsys, "solve", text)
        assert code == 2
        assert "empty puzzle" in err and "directory" not in err


def test_givens_naming_a_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "hint", ".....4.221......", "--givens", "no/such/file.txt")
    assert code == 2
    assert "cannot read no/such/file.txt: no such file" in err
    assert "not a symbol" not in err


def test_givens_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    givens = tmp_path / "givens.txt"
    givens.write_text(PUZZLE_4 + "\n")
    code, out, err = run(capsys, "hint", "--json", "1.3..4.221......", "--givens", str(givens))
    assert code == 0, err
    assert json.loads(out)["status"] == "step"


def test_empty_givens_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "hint", ".....4.221......", "--givens", "")
    assert code == 2
    assert "--givens" in err and "empty" in err


def test_a_bad_givens_in_a_batch_is_reported_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "grids.txt"
    batch.write_text((PUZZLE_4 + "\n") * 95)
    code, _, err = run(capsys, "hint", "-f", str(batch), "--givens", PUZZLE_4)
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "--givens" in err and "unreadable" not in err


@pytest.mark.parametrize("text", [
    "[[" + "9" * 5000 + "]]",  # Python's int-to-str digit limit
    "[" * 100_000,  # the recursion limit
    '{"cells": ' + "[" * 5000 + "]" * 5000 + "}",
])
def test_no_python_internals_in_messages(capsys: pytest.CaptureFixture[str], text: str) -> None:
    code, _, err = run(capsys, "solve", text)
    assert code == 2
    for internal in ("set_int_max_str_digits", "recursion", "sys.", "Error:", "Traceback"):
        assert internal not in err, err
    assert err.count("\n") == 1


# D4: a batch file is read as it goes.
def peak_of(argv: list[str]) -> tuple[int, int]:
    """main(argv)'s exit code and peak of Python memory (tracemalloc)."""
    tracemalloc.start()
    try:
        code = main(argv)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return code, peak


def test_a_file_of_comments_is_quick_and_small(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 200 MB of '#' lines once took 36 s and 1.7 GB before "no puzzle found": a Python loop
    # over every line. Quick is checked by counting, not timing (speed is for the benchmarks):
    # comments are skipped in bulk by the chunk reader, so no line reaches Python code.
    path = tmp_path / "comments.txt"
    path.write_bytes(b"#\n" * (25 * 2**20))  # 50 MB
    streamed: list[str] = []
    handed = [0]  # lines the chunk reader gave to Python code
    real = inputs._stream_lines

    def counted(fh: BinaryIO, head: bytes, name: str) -> Iterator[tuple[int, str]]:
        streamed.append(name)
        for number, line in real(fh, head, name):
            handed[0] += 1
            yield number, line

    monkeypatch.setattr(inputs, "_stream_lines", counted)
    code, peak = peak_of(["solve", "-j", "1", "-f", str(path)])
    assert code == 2
    assert capsys.readouterr().err.strip().endswith("no puzzle found")
    assert streamed == [str(path)] and handed == [0]  # streamed, and no comment line came out
    assert peak < 8 * 2**20  # the whole file would be 50 MB


@pytest.mark.parametrize("megabytes", [3, 16])
def test_memory_is_flat_in_the_file_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, megabytes: int
) -> None:
    # The same 3,000 puzzles with more or less padding between them: the peak stays put.
    padding = "# " + "-" * 60 + "\n"
    per_puzzle = megabytes * 2**20 // 3000 // len(padding)
    path = tmp_path / "padded.txt"
    path.write_text(("..3..4.221......\n" + padding * per_puzzle) * 3000)
    code, peak = peak_of(["show", "--to", "line", "-j", "1", "-f", str(path)])
    out = capsys.readouterr().out.splitlines()
    assert code == 0 and out == ["..3..4.221......"] * 3000
    assert peak < 10 * 2**20, f"{peak / 2**20:.1f} MiB for a {megabytes} MB file"


def test_stream_batch_keeps_order_line_numbers_and_checks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # More than a megabyte: the streaming reader. CSV with a solutions column, bad rows and
    # comments; every result in input order with its own line number.
    rows = ["# a comment", "quizzes,solutions"]
    expected: list[int] = []
    bad_rows: list[int] = []
    for k in range(16_000):
        if k % 4000 == 7:
            rows.append("..3..4.2x1......," + SOLUTION_4)
            bad_rows.append(len(rows))
        elif k % 1000 == 3:
            rows.append("# note " + "x" * 60)
        else:
            rows.append(f"{PUZZLE_4},{SOLUTION_4}")
            expected.append(len(rows))
        rows.append("  # " + "-" * 70)
    rows.append("." * 81 + "," + "1" * 81)  # a wrong expected solution: a mismatch
    expected.append(len(rows))
    path = tmp_path / "big.csv"
    path.write_text("\r\n".join(rows) + "\r\n")
    assert path.stat().st_size > 2**20
    code, out, err = run(capsys, "solve", "--json", "--check", "-j", "1", "-f", str(path))
    results = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in results] == expected
    assert all(r["check"] for r in results[:-1]) and results[-1]["check"] is False
    assert code == 2  # the unreadable rows
    bad = [ln for ln in err.splitlines() if "'x' is not a symbol" in ln]
    assert [int(re.search(r"line (\d+), column 9:", ln).group(1)) for ln in bad] == bad_rows
    assert f"{len(expected) - 1}/{len(expected)}" in err and "1 of" in err


def test_a_parallel_batch_from_a_thread(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # Only the main thread may set signal handlers: elsewhere the pool starts without.
    path = tmp_path / "batch.txt"
    path.write_text((PUZZLE_4 + "\n") * 10)
    codes: list[int] = []
    thread = threading.Thread(target=lambda: codes.append(
        main(["show", "--to", "line", "-j", "2", "-f", str(path)])))
    thread.start()
    thread.join(timeout=60)
    assert codes == [0]
    assert capsys.readouterr().out.splitlines() == [PUZZLE_4] * 10


@POSIX
def test_a_device_or_pipe_is_read_as_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    # `sudoku solve /dev/stdin`, `<(...)`: they exist but are no regular files.
    code, _, err = run(capsys, "solve", os.devnull)
    assert code == 2
    assert "empty" in err and "no such file" not in err
    read, write = os.pipe()
    os.write(write, (PUZZLE_4 + "\n").encode())
    os.close(write)
    try:
        code, out, err = run(capsys, "solve", "--to", "line", f"/dev/fd/{read}")
    finally:
        os.close(read)
    assert (code, out) == (0, SOLUTION_4 + "\n"), err


def _echo(item: common.Item, args: object) -> common.Outcome:
    return common.Outcome(0, {}, item.label, True)


@POSIX
def test_a_stuck_pool_does_not_hang_the_stop() -> None:
    # Ctrl+C once hung a `-j 2` batch (1 in ~80): pool.terminate() waited for the result pipe's
    # lock, held by a worker blocked writing a result that nobody read any more. The test holds
    # that lock itself, as the blocked worker did; the batch must stop anyway.
    grid = parse(PUZZLE_4)
    items = (common.Item(f"line {k}", grid) for k in itertools.count(1))
    pooled = batch._pooled(_echo, items, argparse.Namespace(), 2)
    assert next(pooled)[1].text == "line 1"
    pool = pooled.gi_frame.f_locals["pool"]  # type: ignore[union-attr]
    lock = pool._outqueue._wlock
    assert lock.acquire(timeout=10)
    try:
        closer = threading.Thread(target=pooled.close, daemon=True)
        start = time.monotonic()
        closer.start()
        closer.join(timeout=30)
        assert not closer.is_alive(), "stopping the pool hung"
        # A deadline, so timed, and in wall-clock: the stop waits (STOP_WAIT before it kills
        # the workers) rather than computes, which CPU time would not see; 10 s of margin.
        assert time.monotonic() - start < batch.STOP_WAIT + 10
        assert not any(p.is_alive() for p in pool._pool)
    finally:
        lock.release()


# A puzzle file saved by Windows PowerShell (`>` writes UTF-16 with a byte-order mark).
def test_a_utf16_file_is_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_bytes(f"{PUZZLE_4}\r\n{PUZZLE_4}\r\n".encode("utf-16"))
    assert main(["solve", "-f", str(path), "--to", "line", "-j", "1"]) == 0
    assert capsys.readouterr().out.split() == [SOLUTION_4, SOLUTION_4]


def test_a_large_utf16_file_is_one_error(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    path = tmp_path / "puzzles.txt"
    path.write_bytes(f"{PUZZLE_4}\r\n".encode("utf-16") * 80_000)  # streamed: over 2 MiB
    assert main(["solve", "-f", str(path), "-j", "1"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        f"sudoku solve: error: {path}: UTF-16 text that could not be read: save the file as "
        "UTF-8"], err


# JSON holds backslashes ("\u00e9") and slashes ("1/2") that look like a path: it is never
# taken for a missing file, in the puzzle argument or in --givens.
@pytest.mark.parametrize("cells", ['"\\u00e9"', '"\u00e9"', '"\\/"', '"1/2"'])
def test_json_with_escapes_is_read_as_json_not_as_a_file_name(
        capsys: pytest.CaptureFixture[str], cells: str) -> None:
    text = '{"cells":[[' + cells + ',0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}'
    code, _, err = run(capsys, "show", text)
    assert code == 2
    assert "no such file" not in err
    assert "JSON: cells[0][0]:" in err and "is not a value of a 4x4 puzzle" in err
    code, _, err = run(capsys, "hint", ".....4.221......", "--givens", text)
    assert code == 2 and "no such file" not in err and "JSON: cells[0][0]:" in err


def test_escaped_and_literal_symbols_give_one_error(capsys: pytest.CaptureFixture[str]) -> None:
    code_escaped, _, err_escaped = run(
        capsys, "show", '{"cells":[["\\u00e9",0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}')
    code_literal, _, err_literal = run(
        capsys, "show", '{"cells":[["\u00e9",0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}')
    assert (code_escaped, err_escaped) == (code_literal, err_literal)
