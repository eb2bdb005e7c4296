"""The `sudoku` subcommands, one module each; each exports ``add_parser(subparsers)``."""

COMMANDS = ("solve", "validate", "show", "hint", "steps", "rate", "generate")
