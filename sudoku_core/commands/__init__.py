"""The `sudoku` subcommands, one module each; each exports ``add_parser(subparsers)``, which
declares it, and ``main(args)``, which runs it (the table in cli.py names both)."""
