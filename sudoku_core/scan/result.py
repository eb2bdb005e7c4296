"""What a scan found: the grid offered, how sure each cell is, and the solver's word."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model.grid import Grid, cell_name
from .check import Verdict
from .warp import Quad

_SAID = {
    "unique": "the solver finds one solution",
    "several": "the solver finds several solutions, so some given is missing or misread",
    "none": "the solver finds no solution, so some given is misread",
    "conflicts": "some digits repeat in a row, column or box, so some given is misread",
    "gave_up": "the solver ran out of time before it could check the grid",
}
SHOWN_CELLS = 12  # cells named in the message at most
# A given read less likely than this keeps the grid from being verified. On the scan set and
# 100 pictures drawn apart from it (other fonts, italics, other warps), no grid verified at 0.5
# or above was wrong; 0.7 leaves a margin (docs/scan.md).
SURE = 0.7


@dataclass(frozen=True)
class ScanResult:
    """A scan's outcome; ``to_json`` is the contract of docs/protocol.md ("scan")."""

    grid: Grid  # the grid offered
    read: list[int]
    confidence: list[float]
    unsure: list[int]
    changed: list[int]
    verdict: Verdict
    corners: Quad
    elapsed: float  # seconds

    @property
    def verified(self) -> bool:
        """True only when the exact solver found the offered grid has one solution, no cell
        was changed to get there, and every given was read at least SURE likely. A misread
        digit can leave another puzzle with one solution (a slanted 1 read as 2 on a 4x4):
        the solver cannot see that, so such a grid waits for the player to confirm it."""
        return self.verdict == "unique" and not self.changed and all(
            p >= SURE for p, v in zip(self.confidence, self.grid.cells, strict=True) if v)

    def message(self) -> str:
        """The outcome in words, for a status line."""
        n = self.grid.size
        text = f"Read {self.grid.given_count} givens in a {n}x{n} grid; {_SAID[self.verdict]}."
        if self.changed:
            text += (f" {_cells(self.changed, n)} read more likely otherwise: "
                     f"changed to fit ({len(self.changed)} cell"
                     f"{'s' if len(self.changed) > 1 else ''}).")
        look = [c for c in self.unsure if c not in self.changed]
        if look:
            text += f" Check {_cells(look, n)}: read with little confidence."
        if self.verdict == "unique" and not self.verified:
            text += " Not verified until those cells are confirmed against the picture."
        elif not self.verified and not look and not self.changed:
            text += " Compare the grid with the picture."
        return text

    def to_json(self) -> dict[str, Any]:
        """The JSON of `sudoku scan --json` and the facade's `scan` reply."""
        shape = self.grid.shape
        return {
            "size": shape.size,
            "box": [shape.box_rows, shape.box_cols],
            "puzzle": self.grid.line(),
            "values": list(self.grid.cells),
            "read": list(self.read),
            "confidence": list(self.confidence),
            "unsure": list(self.unsure),
            "changed": list(self.changed),
            "verdict": self.verdict,
            "verified": self.verified,
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "elapsed_ms": round(self.elapsed * 1000, 1),
            "message": self.message(),
        }


def _cells(cells: list[int], n: int) -> str:
    names = [cell_name(c, n) for c in cells[:SHOWN_CELLS]]
    more = len(cells) - len(names)
    return ", ".join(names) + (f" and {more} more" if more > 0 else "")
