"""Puzzle text formats, in and out: read.py (parse, read_puzzles) and write.py (format_grid, the
other writers), one module per format beside them."""
