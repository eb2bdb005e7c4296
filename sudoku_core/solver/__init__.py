"""Exact solving: search, bitboards, propagation, counting and validation.

exact.py is the entry point (solve, count_solutions); _cover.py the fast engine up to 25x25;
bitboards.py the per-shape tables and the branches' singles; propagate.py the human state's
singles; validate.py the report. One propagation per purpose: see bitboards.py.
"""
