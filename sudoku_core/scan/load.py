"""Decode an image file into a Gray for the CLI, with Pillow (the optional extra ``scan``).

Pillow is imported on the first call only: the rest of the package, and the page (whose
canvas decodes the picture), never need it. Every way a file can fail to be a picture is a
one-line UnreadableImage; the picture is turned upright by its EXIF orientation (a phone's
photo) and shrunk to MAX_SIDE pixels on its longest side (more only costs time).
"""

from __future__ import annotations

import io
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..model.errors import ScanError
from .image import MIN_SIDE, Gray

if TYPE_CHECKING:
    from PIL.Image import Image

MAX_SIDE = 1600  # longest side of the picture the scan reads, in pixels
MAX_FILE_BYTES = 64 << 20  # a picture piped in is read up to this (a file is read lazily)
MAX_FILE_PIXELS = 50_000_000  # a header claiming more is refused before decoding (a bomb)
INSTALL = "pip install 'sudoku-core[scan]'"


class UnreadableImage(ScanError):
    """A file that cannot be read as a picture: missing, not an image, damaged, too big, or
    Pillow not installed. (A picture that holds no grid is a plain ScanError.)"""


def load_image(path: str | Path | BinaryIO) -> Gray:
    """The picture in the file at ``path`` (or an open binary file) as a grey image, upright,
    at most MAX_SIDE on its longest side."""
    try:
        from PIL import Image as PilImage
        from PIL import UnidentifiedImageError
    except ImportError:
        raise UnreadableImage(f"reading a picture needs Pillow: {INSTALL}") from None
    name = str(path) if isinstance(path, (str, Path)) else "standard input"
    if not isinstance(path, (str, Path)):
        data = path.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise UnreadableImage(f"{name}: more than {MAX_FILE_BYTES >> 20} MB: too large "
                                  f"for a picture of a puzzle")
        path = io.BytesIO(data)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PilImage.DecompressionBombWarning)
            with PilImage.open(path) as im:
                return _to_gray(im, name)
    except ScanError:
        raise  # said in words already (a ValueError too: kept from the clause below)
    except FileNotFoundError:
        raise UnreadableImage(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UnreadableImage(f"{name}: is a folder, not a picture") from None
    except PermissionError:
        raise UnreadableImage(f"{name}: permission denied") from None
    except UnidentifiedImageError:
        raise UnreadableImage(f"{name}: not a picture Pillow can read (PNG, JPEG, WebP, "
                              f"GIF, BMP, TIFF ...)") from None
    except (PilImage.DecompressionBombError, PilImage.DecompressionBombWarning):
        raise UnreadableImage(f"{name}: the picture is too large to decode safely") from None
    except (OSError, SyntaxError, ValueError, EOFError, IndexError, MemoryError) as exc:
        raise UnreadableImage(f"{name}: the picture is damaged or cut short "
                              f"({exc or type(exc).__name__})") from None


def _to_gray(im: Image, name: str) -> Gray:
    from PIL import Image as PilImage
    from PIL import ImageOps

    w, h = im.size
    if w * h > MAX_FILE_PIXELS:
        raise UnreadableImage(f"{name}: the picture is {w}x{h} pixels; more than "
                              f"{MAX_FILE_PIXELS:,} is too large to read")
    im.draft("L", (MAX_SIDE, MAX_SIDE))  # a JPEG decodes at a fraction of its size: faster
    upright = ImageOps.exif_transpose(im)
    if "A" in upright.getbands() or "transparency" in upright.info:
        # A transparent screenshot: its clear pixels are paper, whatever colour they hold.
        rgba = upright.convert("RGBA")
        upright = PilImage.alpha_composite(PilImage.new("RGBA", rgba.size, "white"), rgba)
    gray = upright.convert("L")
    gray.thumbnail((MAX_SIDE, MAX_SIDE))
    if min(gray.size) < MIN_SIDE:
        raise ScanError(f"no sudoku grid found in the image: it is {gray.width}x"
                        f"{gray.height} pixels, too small to hold a grid")
    return Gray(gray.width, gray.height, gray.tobytes())
