"""The scan's digit reader (sudoku_core.scan.digits): cells drawn here with Pillow, in fonts
of the TEST set (scripts/scan_render.py TEST_FONTS: families the reader was never trained
on), with grid-line remnants at the edges as the pipeline cuts them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_core.scan.digits import features, pencil_marks, read_cell
from sudoku_core.scan.image import CELL_PX, Gray

Image = pytest.importorskip("PIL.Image")
ImageDraw = pytest.importorskip("PIL.ImageDraw")
ImageFont = pytest.importorskip("PIL.ImageFont")

SYMBOLS = "123456789ABCDEFG"
# Test-set fonts (never in training) and the Debian package holding each.
FONTS = {
    "Roboto": ("/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
               "fonts-roboto-unhinted"),
    "Caladea": ("/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf",
                "fonts-crosextra-caladea"),
}
SCALE = 4  # cells are drawn 4x larger and averaged down: antialiased like a real picture


def font_path(name: str) -> str:
    path, package = FONTS[name]
    if not Path(path).is_file():
        pytest.skip(f"font {name} not installed ({path}): apt-get install {package}")
    return path


def draw_cell(text: str, font: str | None, *, height: float = 0.6, dx: float = 0.0,
              dy: float = 0.0, ink: int = 20, paper: int = 235, lines: bool = True) -> Gray:
    """A cell as the pipeline cuts it: half of a grid line along each edge (a thick one at
    the left and top), the symbol's digit-height `height` of the cell, moved by (dx, dy)
    pixels of the 32-pixel cell."""
    big = CELL_PX * SCALE
    img = Image.new("L", (big, big), paper)
    draw = ImageDraw.Draw(img)
    if lines:
        draw.rectangle((0, 0, big, 2 * SCALE - 1), fill=ink)          # thick top
        draw.rectangle((0, 0, 2 * SCALE - 1, big), fill=ink)          # thick left
        draw.rectangle((0, big - SCALE // 2, big, big), fill=ink)     # thin bottom
        draw.rectangle((big - SCALE // 2, 0, big, big), fill=ink)     # thin right
    if text and font:
        probe = ImageFont.truetype(font, 100)
        top, bottom = probe.getbbox("8")[1], probe.getbbox("8")[3]
        face = ImageFont.truetype(font, round(100 * height * big / (bottom - top)))
        left, t, right, b = draw.textbbox((0, 0), text, font=face)
        x = big / 2 + dx * SCALE - (left + right) / 2
        y = big / 2 + dy * SCALE - (t + b) / 2
        draw.text((x, y), text, font=face, fill=ink)
    small = img.resize((CELL_PX, CELL_PX), Image.Resampling.BOX)
    return Gray(CELL_PX, CELL_PX, small.tobytes())


def noisy(cell: Gray, sigma: float, seed: int) -> Gray:
    rng = random.Random(seed)
    px = bytes(max(0, min(255, round(p + rng.gauss(0, sigma)))) for p in cell.pixels)
    return Gray(cell.width, cell.height, px)


def check_ranking(ranking: list[tuple[int, float]], size: int) -> None:
    values = [v for v, _ in ranking]
    probs = [p for _, p in ranking]
    assert len(set(values)) == len(values)
    assert all(0 <= v <= size for v in values), ranking
    assert sum(probs) == pytest.approx(1.0, abs=1e-9)
    assert all(0 <= p <= 1 for p in probs)
    assert probs == sorted(probs, reverse=True)


@pytest.mark.parametrize("name", sorted(FONTS))
def test_digits_of_an_unseen_font_are_read(name: str) -> None:
    font = font_path(name)
    for digit in range(1, 10):
        ranking = read_cell(draw_cell(str(digit), font), 9)
        check_ranking(ranking, 9)
        assert ranking[0][0] == digit, (name, digit, ranking[:3])
        assert ranking[0][1] > 0.5, (name, digit, ranking[:3])


def test_letters_of_a_16x16_grid_are_read() -> None:
    font = font_path("Roboto")
    for value, symbol in enumerate(SYMBOLS, 1):
        ranking = read_cell(draw_cell(symbol, font), 16)
        assert ranking[0][0] == value, (symbol, ranking[:3])


def test_grey_ink_and_noise_are_read() -> None:
    font = font_path("Caladea")
    for digit in (3, 5, 8):
        cell = noisy(draw_cell(str(digit), font, ink=120, paper=225), 6.0, digit)
        assert read_cell(cell, 9)[0][0] == digit


@pytest.mark.parametrize("seed", range(5))
def test_an_empty_cell_reads_empty(seed: int) -> None:
    ranking = read_cell(noisy(draw_cell("", None), 8.0, seed), 9)
    check_ranking(ranking, 9)
    assert ranking[0] == (0, pytest.approx(1.0, abs=0.05))


def test_a_speck_or_a_line_is_not_a_digit() -> None:
    speck = bytearray(draw_cell("", None).pixels)
    for y in (15, 16):
        speck[y * CELL_PX + 15:y * CELL_PX + 17] = b"\x00\x00"
    assert read_cell(Gray(CELL_PX, CELL_PX, bytes(speck)), 9)[0][0] == 0
    # A grid line cut deep into the cell (the corners were found a little off).
    deep = bytearray(draw_cell("", None, lines=False).pixels)
    for y in range(CELL_PX):
        deep[y * CELL_PX + 4:y * CELL_PX + 7] = b"\x14\x14\x14"
    assert read_cell(Gray(CELL_PX, CELL_PX, bytes(deep)), 9)[0][0] == 0


def test_no_value_above_the_grid_size() -> None:
    font = font_path("Roboto")
    for size in (4, 6, 9):
        ranking = read_cell(draw_cell("8", font), size)
        check_ranking(ranking, size)
        assert {v for v, _ in ranking} <= set(range(size + 1))
        assert len(ranking) == size + 1  # every value of the grid and "empty"


def test_bad_calls_are_refused() -> None:
    with pytest.raises(ValueError, match="up to 16"):
        read_cell(draw_cell("", None), 25)
    with pytest.raises(ValueError, match="32x32"):
        read_cell(Gray(16, 16, bytes(256)), 9)


@settings(max_examples=40)
@given(digit=st.integers(1, 9), name=st.sampled_from(sorted(FONTS)),
       dx=st.floats(-3, 3), dy=st.floats(-3, 3), height=st.floats(0.45, 0.72))
def test_moved_and_scaled_digits_are_read(digit: int, name: str, dx: float, dy: float,
                                          height: float) -> None:
    font = font_path(name)
    ranking = read_cell(draw_cell(str(digit), font, height=height, dx=dx, dy=dy), 9)
    check_ranking(ranking, 9)
    assert ranking[0][0] == digit, ranking[:3]


def test_the_weights_fit_the_features_and_stay_small() -> None:
    # A change of the features without retraining (scripts/train_digits.py) shows here, and
    # the weights ship in the wheel and the page: they stay well under 300 KB.
    from importlib import resources

    text = resources.files("sudoku_core.scan").joinpath("digits.json").read_text()
    assert len(text.encode()) < 300_000
    found = features(draw_cell("8", font_path("Roboto")))
    assert found is not None
    model = json.loads(text)
    assert {len(row) for row in model["w1"]} == {len(found[0])}
    assert len(model["w2"]) == 16 and {len(row) for row in model["w2"]} == {len(model["b1"])}


def pencil_cell(marks: list[int], font: str) -> Gray:
    """An app's empty cell with pencil marks: each candidate small in its third of the cell."""
    big = CELL_PX * SCALE
    img = Image.new("L", (big, big), 240)
    draw = ImageDraw.Draw(img)
    face = ImageFont.truetype(font, big // 4)
    for m in marks:
        r, c = divmod(m - 1, 3)
        draw.text(((c + 0.5) * big / 3, (r + 0.5) * big / 3), str(m), font=face, fill=70,
                  anchor="mm")
    return Gray(CELL_PX, CELL_PX, img.resize((CELL_PX, CELL_PX), Image.Resampling.BOX).tobytes())


@pytest.mark.parametrize("marks", [[1, 9], [2, 5, 7], [1, 3, 4, 6, 8]])
def test_pencil_marks_read_as_an_empty_cell(marks: list[int]) -> None:
    # A screenshot of another app shows its candidates: small glyphs, apart, none as tall as
    # a digit. Read as a digit they would fake givens (each mark alone is a digit's shape).
    font = font_path("Roboto")
    ranking = read_cell(pencil_cell(marks, font), 9)
    check_ranking(ranking, 9)
    assert ranking[0][0] == 0 and ranking[0][1] > 0.95, ranking[:3]


def test_a_digit_broken_by_blur_is_no_pencil_mark() -> None:
    # Pieces of one glyph nearly touch: they are not marks (a 4 with its stem cut off).
    assert pencil_marks([(8, 8, 14, 16), (10, 18, 16, 24)]) is False  # 1 pixel apart
    assert pencil_marks([(3, 3, 7, 9), (24, 22, 28, 28)]) is True  # two corners' marks
    assert pencil_marks([(3, 3, 7, 9), (12, 6, 20, 26)]) is False  # one is a digit's height
