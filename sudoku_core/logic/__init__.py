"""Human logic: techniques and their table, the walker, explain, hint, rate, grade."""
