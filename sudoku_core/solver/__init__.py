"""Exact solving: search, bitboards, propagation, counting and validation.

exact.py is the entry point (solve, count_solutions); _cover.py the fast engine up to 25x25;
bitboards.py the per-shape tables; propagate.py singles to a fixed point; validate.py the report.
"""
