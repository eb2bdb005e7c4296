"""expect(): the TypeError a public function raises, naming the argument, for a wrong type.

Without it ``solve("..3..4.2...")`` fails deep inside with an AttributeError about ``.shape``.
"""

from __future__ import annotations

import math

Kind = type | tuple[type, ...]
NONE = type(None)
NUMBER = (int, float)  # a budget that must be given
OPTIONAL_NUMBER = (int, float, NONE)  # a time limit; bool is refused below
SEED = (int, NONE)


def expect(func: str, **arguments: tuple[object, Kind]) -> None:
    """Raise TypeError when an argument is not of its kind: name=(value, kind).

    A float NaN is a ValueError: as a time limit it compares false with every clock reading,
    so a search would never stop.
    """
    for name, (value, kind) in arguments.items():
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds):
            if isinstance(value, float) and math.isnan(value):
                raise ValueError(f"{func}() argument {name!r} must be a number, not NaN")
            continue
        wanted = " or ".join("None" if k is type(None) else k.__name__ for k in kinds)
        advice = ""
        if isinstance(value, str) and any(k.__name__ == "Grid" for k in kinds):
            advice = f" (read the text first: {func}(parse(text)))"
        raise TypeError(
            f"{func}() argument {name!r} must be {wanted}, not {type(value).__name__}{advice}"
        )
