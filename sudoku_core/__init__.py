"""sudoku_core: parse, validate, solve, explain, rate and generate Sudoku of every box shape.

>>> from sudoku_core import parse, solve
>>> solve(parse("..3..4.221......")).solution.line()
'1234341221434321'
"""

from .formats.read import PuzzleRecord, parse, read_puzzles
from .formats.write import format_grid
from .logic.explain import steps
from .logic.hint import Hint, hint
from .logic.rate import Rating, rate
from .make.generate import Generated, generate
from .model.errors import CellCountError, ParseError, ShapeError, SudokuError, SymbolError
from .model.grid import Geometry, Grid, Shape, cell_name
from .solver.exact import SolveResult, count_solutions, has_unique_solution, solve
from .solver.validate import Conflict, Report, find_conflicts, validate

__version__ = "0.1.0"

__all__ = [
    "CellCountError",
    "Conflict",
    "Generated",
    "Geometry",
    "Grid",
    "Hint",
    "PuzzleRecord",
    "Rating",
    "ParseError",
    "Report",
    "Shape",
    "ShapeError",
    "SolveResult",
    "SudokuError",
    "SymbolError",
    "__version__",
    "cell_name",
    "count_solutions",
    "find_conflicts",
    "format_grid",
    "generate",
    "has_unique_solution",
    "hint",
    "parse",
    "rate",
    "read_puzzles",
    "solve",
    "steps",
    "validate",
]
