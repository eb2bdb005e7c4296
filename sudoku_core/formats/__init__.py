"""Puzzle text formats, in and out; the public entry points are sudoku_core.parse and .format."""
