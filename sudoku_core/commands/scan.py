"""`sudoku scan`: read a puzzle from a photo or a screenshot, checked by the exact solver."""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, BinaryIO

from ..formats.write import format_grid
from ..model.errors import ScanError
from ..scan import scan_image
from ..scan.lines import SIZES
from ..scan.load import MAX_FILE_BYTES, UnreadableImage, load_image
from .common import EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, write_line
from .options import add_time_limit, shape_option


def add_parser(subparsers: Any) -> None:
    """Register `sudoku scan`."""
    p = subparsers.add_parser(
        "scan", help="read a puzzle from a photo or a screenshot (needs Pillow)",
        description="Find the grid in a picture, read its digits and check the reading with "
                    "the exact solver: exit 0 when the grid read has one solution, 1 when it "
                    "needs a look (the message names the cells) or no grid was found, 2 when "
                    "the file is no picture. Reading files needs Pillow: pip install "
                    "'sudoku-core[scan]' (docs/scan.md).",
    )
    p.add_argument("image", nargs="?", default="-",
                   help="the picture's file: PNG, JPEG, WebP, ... (as Pillow reads them); "
                        "'-' for stdin (the default)")
    p.add_argument("--json", action="store_true", help="print the scan as JSON")
    p.add_argument("--size", type=int, choices=SIZES, default=None,
                   help="the grid's size when its lines do not tell (default: from the lines)")
    p.add_argument("--box", metavar="RxC",
                   help="the box shape, e.g. 2x3 (default: from the thicker lines)")
    add_time_limit(p, "for the whole scan")


def main(args: argparse.Namespace) -> int:
    """Run `sudoku scan`; the exit code."""
    shape = shape_option(args)
    if shape is not None and args.size is not None and shape.size != args.size:
        print(f"sudoku scan: error: box shape {shape} makes a {shape.size}x{shape.size} grid, "
              f"not {args.size}x{args.size}", file=sys.stderr)
        return EXIT_USAGE
    source: str | BinaryIO = args.image
    if source == "-":
        if sys.stdin.isatty():
            print("sudoku scan: error: give the picture's file (or pipe it in)", file=sys.stderr)
            return EXIT_USAGE
        source = io.BytesIO(sys.stdin.buffer.read(MAX_FILE_BYTES + 1))
    try:
        gray = load_image(source)
        result = scan_image(gray, time_limit=args.time_limit, size=args.size, shape=shape)
    except ScanError as exc:
        # A file that is no picture is a usage error; a picture without a grid, a problem.
        print(f"sudoku scan: error: {exc}", file=sys.stderr)
        return EXIT_USAGE if isinstance(exc, UnreadableImage) else EXIT_PROBLEM
    if args.json:
        write_line(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        write_line(f"{format_grid(result.grid, 'pretty')}\n{result.message()}")
    return EXIT_OK if result.verified else EXIT_PROBLEM
