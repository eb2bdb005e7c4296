"""The `sudoku` subcommands, one module each; each exports ``add_parser(subparsers)``."""
