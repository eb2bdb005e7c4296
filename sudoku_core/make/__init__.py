"""New puzzles: fill, dig, symmetry, generate."""
