"""sudoku_core: parse, validate, solve, explain, rate and generate Sudoku of every box shape."""

__version__ = "0.1.0"
