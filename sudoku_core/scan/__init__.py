"""Scan a puzzle: a photo or screenshot of a grid becomes a puzzle, checked by the solver.

Pure Python on a grey image (`Gray`), so that the same pipeline runs in the CLI (Pillow
decodes the file) and in the page (the browser's canvas decodes it): find the grid, warp it
square, cut the cells, read each one, then let the exact solver settle the unsure cells.
"""
