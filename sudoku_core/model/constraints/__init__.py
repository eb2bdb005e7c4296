"""The constraint table: one row per rule a puzzle adds to rows, columns and boxes.

Like the technique table (``logic/techniques``), adding a rule is one module and one row: its
names, its words, its JSON key, its f-puzzles keys, its text section, its rules for players,
and what it adds to the grid (units, differ groups, moves). The CLI, the readers, the writers
and the geometry read these rows instead of naming the rules themselves.

This is the model floor: the package imports only from ``sudoku_core.model``.
"""

from __future__ import annotations

from .anti_king import ANTI_KING
from .anti_knight import ANTI_KNIGHT
from .arrow import ARROW
from .base import ConstraintType
from .between import BETWEEN_LINE
from .clone import CLONES
from .diagonal import DIAGONAL
from .disjoint import DISJOINT_GROUPS
from .double_arrow import DOUBLE_ARROW
from .entropic import ENTROPIC_LINE
from .extra_region import EXTRA_REGIONS
from .extremes import MAXIMUMS, MINIMUMS
from .given_candidates import GIVEN_CANDIDATES
from .indexer import BOX_INDEXERS, COLUMN_INDEXERS, ROW_INDEXERS
from .jigsaw import JIGSAW
from .killer import KILLER
from .kropki import BLACK_DOTS, KROPKI_NEGATIVE, WHITE_DOTS
from .little_killer import LITTLE_KILLER
from .modular import MODULAR_LINE
from .nonconsecutive import NONCONSECUTIVE
from .palindrome import PALINDROME
from .parity import EVEN, ODD
from .quadruple import QUADRUPLES
from .region_sum import REGION_SUM_LINE
from .renban import RENBAN
from .rule import PLACED_SECTION, PlacedType
from .sandwich import SANDWICH
from .single_diagonal import DIAGONAL_MINUS, DIAGONAL_PLUS
from .skyscraper import SKYSCRAPER
from .thermometer import SLOW_THERMOMETER, THERMOMETER
from .whispers import WHISPERS
from .windoku import WINDOKU
from .xsum import X_SUM
from .xv import XV, XV_NEGATIVE
from .zipper import ZIPPER_LINE

__all__ = ["ANTI_KING", "ANTI_KNIGHT", "DIAGONAL", "FIRST", "JIGSAW", "KILLER", "NAMED",
           "PLACED", "PLACED_SECTION", "TABLE", "WINDOKU", "ConstraintType", "by_fpuzzles_key",
           "by_json_key", "by_name", "name_key"]

# The CLI's order, which every list of rules keeps (names, words, JSON keys, messages).
# The placed rules follow the six first ones (each a module of its own).
PLACED: tuple[PlacedType, ...] = (
    THERMOMETER, SLOW_THERMOMETER,
    ARROW,
    DOUBLE_ARROW,
    WHISPERS,
    RENBAN,
    PALINDROME,
    BETWEEN_LINE,
    REGION_SUM_LINE,
    ENTROPIC_LINE,
    MODULAR_LINE,
    ZIPPER_LINE,
    LITTLE_KILLER,
    SANDWICH,
    X_SUM,
    SKYSCRAPER,
    WHITE_DOTS, BLACK_DOTS, KROPKI_NEGATIVE,
    XV, XV_NEGATIVE,
    NONCONSECUTIVE,
    ODD, EVEN,
    MINIMUMS, MAXIMUMS,
    QUADRUPLES,
    CLONES,
    DIAGONAL_PLUS, DIAGONAL_MINUS,
    EXTRA_REGIONS,
    DISJOINT_GROUPS,
    GIVEN_CANDIDATES,
    COLUMN_INDEXERS, ROW_INDEXERS, BOX_INDEXERS,
)
FIRST: tuple[ConstraintType, ...] = (DIAGONAL, WINDOKU, JIGSAW, KILLER, ANTI_KNIGHT, ANTI_KING)
TABLE: tuple[ConstraintType, ...] = (*FIRST, *PLACED)
# What --variant and 'rules:' name: the first six and the placed rules that are on or off;
# a thermometer or an arrow comes with its cells (JSON, the 'constraints:' section, a link).
NAMED: tuple[ConstraintType, ...] = (*FIRST, *(row for row in PLACED if row.flag))


def name_key(text: str) -> str:
    """A name as the lookups compare it: 'Anti-Knight' -> 'antiknight'."""
    return text.strip().lower().replace("-", "")


_BY_NAME = {name_key(alias): row for row in TABLE for alias in (row.name, *row.aliases)}
_BY_JSON_KEY = {row.json_key: row for row in TABLE}
_BY_FPUZZLES_KEY = {key: row for row in TABLE for key in row.fpuzzles_keys}


def by_name(text: str) -> ConstraintType | None:
    """The row a CLI name or alias names ('x', 'Diagonals', 'anti-knight'); None if none."""
    return _BY_NAME.get(name_key(text))


def by_json_key(key: str) -> ConstraintType | None:
    """The row of a key of the JSON ``variant`` object ('diagonals'); None if none."""
    return _BY_JSON_KEY.get(key)


def by_fpuzzles_key(key: str) -> ConstraintType | None:
    """The row of a key of an f-puzzles puzzle object ('diagonal+'); None if none."""
    return _BY_FPUZZLES_KEY.get(key)
