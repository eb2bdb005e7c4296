"""sudoku_core: parse, validate, solve, explain, rate and generate Sudoku of every box shape.

>>> from sudoku_core import parse, solve
>>> solve(parse("..3..4.221......")).solution.line()
'1234341221434321'

The public face: every function below, the type of everything they return, the variant types
(``Variant``, ``Cage`` and the constraint table, ``CONSTRAINT_TYPES``, of ``ConstraintType``
rows), the photo scanner (``scan_image`` on a ``Gray`` image, ``load_image`` with Pillow)
and every error they raise (all ``SudokuError``).
"""

from .formats.read import PuzzleRecord, parse, read_puzzles
from .formats.write import format_grid
from .logic.explain import Path, steps
from .logic.hint import Hint, hint
from .logic.rate import Rating, rate
from .make.generate import Generated, GenerateError, generate
from .make.symmetry import SymmetryError
from .make.variant_generate import generate_puzzle
from .model.budget import DEFAULT_TIME_LIMIT, BudgetError, OutOfTime
from .model.constraints import TABLE as CONSTRAINT_TYPES
from .model.constraints import ConstraintType
from .model.errors import (
    CellCountError,
    LinkError,
    ParseError,
    ScanError,
    ShapeError,
    SudokuError,
    SymbolError,
    VariantError,
)
from .model.grid import Geometry, Grid, Shape, cell_name
from .model.step import Step
from .model.variants import Cage, Variant
from .scan import scan_image
from .scan.image import Gray
from .scan.load import UnreadableImage, load_image
from .scan.result import ScanResult
from .solver.exact import SolveResult, count_solutions, has_unique_solution, solve
from .solver.true_candidates import TrueCandidatesResult, true_candidates
from .solver.validate import Conflict, Report, find_conflicts, validate

__version__ = "0.1.0"

__all__ = [
    "CONSTRAINT_TYPES",
    "DEFAULT_TIME_LIMIT",
    "BudgetError",
    "Cage",
    "CellCountError",
    "Conflict",
    "ConstraintType",
    "GenerateError",
    "Generated",
    "Geometry",
    "Gray",
    "Grid",
    "Hint",
    "LinkError",
    "OutOfTime",
    "ParseError",
    "Path",
    "PuzzleRecord",
    "Rating",
    "Report",
    "ScanError",
    "ScanResult",
    "Shape",
    "ShapeError",
    "SolveResult",
    "Step",
    "SudokuError",
    "SymbolError",
    "SymmetryError",
    "TrueCandidatesResult",
    "UnreadableImage",
    "Variant",
    "VariantError",
    "__version__",
    "cell_name",
    "count_solutions",
    "find_conflicts",
    "format_grid",
    "generate",
    "generate_puzzle",
    "has_unique_solution",
    "hint",
    "load_image",
    "parse",
    "rate",
    "read_puzzles",
    "scan_image",
    "solve",
    "steps",
    "true_candidates",
    "validate",
]
