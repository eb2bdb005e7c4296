"""The model: shapes, grids, candidates, steps, budgets, errors and the JSON pieces."""
