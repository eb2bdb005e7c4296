"""The grey image every step of the scan reads: row-major bytes, 0 black to 255 white."""

from __future__ import annotations

from dataclasses import dataclass

from ..model.errors import ScanError

# A photo is shrunk before it gets here (the page's canvas, Pillow in the CLI): 4 megapixels
# is far more than a grid needs and bounds the pure-Python passes over the pixels.
MAX_PIXELS = 4_000_000
MIN_SIDE = 16  # below this no grid of 4x4 cells can show
CELL_PX = 32  # side of each cell image the reader gets: enough for a digit's strokes


@dataclass(frozen=True)
class Gray:
    """A grey image: ``pixels[y * width + x]`` is the brightness of pixel (x, y)."""

    width: int
    height: int
    pixels: bytes

    def __post_init__(self) -> None:
        if self.width < MIN_SIDE or self.height < MIN_SIDE:
            raise ScanError(f"the image is {self.width}x{self.height} pixels: too small to "
                            f"hold a grid (at least {MIN_SIDE}x{MIN_SIDE})")
        if self.width * self.height > MAX_PIXELS:
            raise ScanError(f"the image is {self.width}x{self.height} pixels: more than "
                            f"{MAX_PIXELS:,}; shrink it first")
        if len(self.pixels) != self.width * self.height:
            raise ScanError(f"the image holds {len(self.pixels):,} bytes for "
                            f"{self.width}x{self.height} pixels: expected "
                            f"{self.width * self.height:,} (one grey byte a pixel)")
