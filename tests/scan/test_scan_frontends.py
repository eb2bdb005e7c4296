"""`sudoku scan` and the facade's `scan`: exit codes and replies per the contract, and every
hostile input (blank, noise, a crossword, a 1x1 picture, cut-short files, no picture at all,
a header claiming a giant picture, no Pillow) answered in words, never a traceback."""

from __future__ import annotations

import base64
import io
import json
import random
import struct
import sys
import types
import zlib
from pathlib import Path

import pytest
from drawn import Drawn, draw, puzzle, truth_reader
from PIL import Image

from sudoku_core.cli import main
from sudoku_core.model.grid import Grid, Shape
from sudoku_core.scan.load import INSTALL, load_image
from sudoku_core.web_api import handle

CONTRACT_KEYS = {"size", "box", "puzzle", "values", "read", "confidence", "unsure", "changed",
                 "verdict", "verified", "corners", "elapsed_ms", "message"}


@pytest.fixture
def reader(monkeypatch: pytest.MonkeyPatch) -> list[Grid]:
    """Stand in for scan/digits.py: the test puts the grid drawn in the list it returns, and
    each scan reads that grid's cells in order (the real reader lands separately)."""
    truth: list[Grid] = []

    def read_cell(cell: object, size: int) -> list[tuple[int, float]]:
        if not hasattr(read_cell, "it"):
            read_cell.it = truth_reader(truth[0])  # type: ignore[attr-defined]
        return read_cell.it(cell, size)  # type: ignore[attr-defined,no-any-return]

    module = types.ModuleType("sudoku_core.scan.digits")
    module.read_cell = read_cell  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sudoku_core.scan.digits", module)
    return truth


def saved(tmp_path: Path, image: Image.Image, name: str = "grid.png") -> str:
    path = tmp_path / name
    image.save(path)
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["scan", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_a_clean_photo_scans_verified(tmp_path: Path, reader: list[Grid],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    drawn = draw(puzzle(Shape(2, 3), 1), angle=6, page=(640, 480))
    reader.append(drawn.grid)
    code, out, _ = run(capsys, saved(tmp_path, drawn.image))
    assert code == 0
    assert "│" in out and "the solver finds one solution" in out


def test_json_follows_the_contract(tmp_path: Path, reader: list[Grid],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    drawn = draw(puzzle(Shape(3, 3), 2), tilt=0.05, page=(700, 700))
    reader.append(drawn.grid)
    code, out, _ = run(capsys, saved(tmp_path, drawn.image, "g.jpg"), "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == CONTRACT_KEYS
    assert data["puzzle"] == drawn.grid.line() and data["values"] == list(drawn.grid.cells)
    assert (data["size"], data["box"], data["verdict"], data["verified"]) == (
        9, [3, 3], "unique", True)
    assert len(data["confidence"]) == 81 and len(data["corners"]) == 4


def test_a_reading_with_several_solutions_exits_1_and_says_so(
        tmp_path: Path, reader: list[Grid], capsys: pytest.CaptureFixture[str]) -> None:
    grid = Grid.empty(Shape(2, 2)).with_values([(0, 1)])  # one given: many solutions
    drawn = draw(grid, page=(400, 400))
    reader.append(grid)
    code, out, _ = run(capsys, saved(tmp_path, drawn.image))
    assert code == 1 and "several solutions" in out


@pytest.mark.parametrize(("picture", "words"), [
    (Image.new("L", (300, 200), 180), "blank"),
    (Image.frombytes("L", (300, 300), random.Random(3).randbytes(90_000)), "no sudoku grid"),
    (Image.new("L", (1, 1), 0), "too small"),
], ids=["blank", "noise", "1x1"])
def test_pictures_without_a_grid_exit_1(tmp_path: Path, picture: Image.Image, words: str,
                                        reader: list[Grid],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, saved(tmp_path, picture))
    assert code == 1 and not out and words in err and err.count("\n") == 1


def test_a_crossword_is_no_sudoku(tmp_path: Path, reader: list[Grid],
                                  capsys: pytest.CaptureFixture[str]) -> None:
    drawn = draw(Grid.empty(Shape(3, 3)), crossword=True, page=(600, 600))
    reader.append(drawn.grid)
    code, _, err = run(capsys, saved(tmp_path, drawn.image))
    assert code == 1 and "solid black squares" in err


def png_claiming(width: int, height: int) -> bytes:
    """A well-formed PNG whose header claims a picture of that size, with 100 bytes of
    pixels (a decompression bomb's shape: a small file, a giant picture)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(100))) + chunk(b"IEND", b""))


def cut_short(fmt: str) -> bytes:
    buf = io.BytesIO()
    draw(puzzle(Shape(2, 2), 1), page=(300, 300), noise=20).image.save(buf, fmt)
    data = buf.getvalue()
    return data[:len(data) // 2]


@pytest.mark.parametrize(("content", "words"), [
    (b"1.2.3.4\nnot a picture\n", "not a picture"),
    (png_claiming(100_000, 100_000), "too large"),
    (png_claiming(9_000, 9_000), "too large"),
    (png_claiming(400, 400), "damaged or cut short"),
    (cut_short("PNG"), "damaged or cut short"),
    (cut_short("JPEG"), "damaged or cut short"),
    (b"", "not a picture"),
], ids=["text", "bomb", "giant", "no-pixels", "short-png", "short-jpeg", "empty"])
def test_files_that_are_no_picture_exit_2(tmp_path: Path, content: bytes, words: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "file.png"
    path.write_bytes(content)
    code, out, err = run(capsys, str(path))
    assert code == 2 and not out and words in err and err.count("\n") == 1


def test_missing_files_and_folders_exit_2(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, str(tmp_path / "nope.png"))[0] == 2
    code, _, err = run(capsys, str(tmp_path))
    assert code == 2 and "folder" in err


def test_without_pillow_one_line_names_the_extra(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "PIL", None)  # import PIL now fails
    code, _, err = run(capsys, str(tmp_path / "any.png"))
    assert code == 2 and INSTALL in err and err.count("\n") == 1


def test_box_and_size_must_agree(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "x.png", "--size", "6", "--box", "3x3")
    assert code == 2 and "9x9" in err


def test_exif_orientation_turns_the_photo_upright(tmp_path: Path) -> None:
    drawn = draw(puzzle(Shape(2, 2), 1), page=(400, 300))
    turned = drawn.image.transpose(Image.Transpose.ROTATE_90)  # as a phone stores it
    exif = Image.Exif()
    exif[0x0112] = 6  # "rotate 90 clockwise to view"
    path = tmp_path / "phone.jpg"
    turned.save(path, exif=exif)
    gray = load_image(path)
    assert (gray.width, gray.height) == (400, 300)


def test_a_large_photo_is_shrunk(tmp_path: Path) -> None:
    path = saved(tmp_path, Image.new("L", (3200, 1000), 255))
    gray = load_image(path)
    assert (gray.width, gray.height) == (1600, 500)


def ask(args: dict[str, object]) -> dict[str, object]:
    reply = json.loads(handle(json.dumps({"id": 1, "cmd": "scan", "args": args})))
    assert set(reply) in ({"id", "result"}, {"id", "error"})
    return reply  # type: ignore[no-any-return]


def as_args(drawn: Drawn) -> dict[str, object]:
    im = drawn.image
    return {"width": im.width, "height": im.height,
            "gray": base64.b64encode(im.tobytes()).decode()}


def test_the_facade_scans(reader: list[Grid]) -> None:
    drawn = draw(puzzle(Shape(2, 2), 4), page=(320, 240), angle=-8)
    reader.append(drawn.grid)
    result = ask({**as_args(drawn), "time_limit": 5})["result"]
    assert isinstance(result, dict) and set(result) == CONTRACT_KEYS
    assert result["verified"] is True and result["puzzle"] == drawn.grid.line()


@pytest.mark.parametrize(("change", "kind", "words"), [
    ({"width": None}, "BadRequest", "width and height"),
    ({"width": 0}, "BadRequest", "1 or more"),
    ({"width": True}, "BadRequest", "whole numbers"),
    ({"gray": 5}, "BadRequest", "base64"),
    ({"gray": "@@@@"}, "BadRequest", "not valid base64"),
    ({"gray": base64.b64encode(bytes(10)).decode()}, "ScanError", "expected"),
    ({"gray": "A" * 10_000_000}, "BadRequest", "more than"),
    ({"width": 5000, "height": 5000}, "ScanError", "shrink it first"),
    ({"time_limit": -1}, "BadRequest", "time_limit"),
    ({"size": 7}, "BadRequest", "size must be one of"),
    ({"box": "3x3", "size": 4}, "ShapeError", "holds 9 cells"),
], ids=lambda v: str(v)[:30])
def test_the_facade_refuses_bad_requests(change: dict[str, object], kind: str,
                                         words: str) -> None:
    drawn = draw(puzzle(Shape(2, 2), 4), page=(160, 120))
    error = ask({**as_args(drawn), **change})["error"]
    assert isinstance(error, dict)
    assert error["type"] == kind and words in str(error["message"])


def test_the_facade_says_when_no_grid_is_there() -> None:
    blank = Image.new("L", (100, 80), 250)
    error = ask({"width": 100, "height": 80, "gray": base64.b64encode(blank.tobytes()).decode()})
    assert error["error"] == {"type": "ScanError", "message": error["error"]["message"]}  # type: ignore[index]
    assert "blank" in error["error"]["message"]  # type: ignore[index]


class _Stdin:
    def __init__(self, data: bytes, tty: bool = False) -> None:
        self.buffer = io.BytesIO(data)
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_a_picture_piped_in(reader: list[Grid], monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    drawn = draw(puzzle(Shape(2, 2), 6), page=(300, 300))
    reader.append(drawn.grid)
    buf = io.BytesIO()
    drawn.image.save(buf, "PNG")
    monkeypatch.setattr(sys, "stdin", _Stdin(buf.getvalue()))
    code, out, _ = run(capsys, "--json")
    assert code == 0 and json.loads(out)["puzzle"] == drawn.grid.line()
    monkeypatch.setattr(sys, "stdin", _Stdin(b"GIF89a..."))
    code, _, err = run(capsys, "-")
    assert code == 2 and "standard input" in err
    monkeypatch.setattr(sys, "stdin", _Stdin(b"", tty=True))
    code, _, err = run(capsys)
    assert code == 2 and "give the picture's file" in err
