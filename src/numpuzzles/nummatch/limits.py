"""The largest boards Number Match generates: one place for each number.

Why a module of its own: the family adapter checks a request against these before any
work and the command line's ``--help`` prints them from the same names, while
``generate.py`` checks them again where it starts; both import them from here, so reading
a board never imports the generator to learn a limit and the help cannot drift from the
refusal.
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError
from .rules import PRESETS, Rules, get_rules

MAX_SIDE = 30
"""The widest and the highest board ``generate`` makes."""

MAX_CELLS = 120
"""The most cells of a ``classic``/``easybrain`` start (12x10 took 5 s, seed 1).  Each
attempt is bounded by the 20,000-node limit, so every size up to this one ends."""

MAX_FIXED_CELLS = 72
"""The most cells of a fixed-grid (``original``, ``brief``) board, e.g. 9x8.

Every attempt there costs a solver run and a trap-rate walk (a solver run per legal move
at every step), and the time has a long tail.  Measured (``original``, one core of a shared
2-core machine): 8x8 in 0.4-1.3 s (seeds 1-6), 9x8 in 1.3-23 s (seeds 1-4), but 10x8 did
not finish in 200 s for seed 3, 10x10 in 300 s for seed 2, and 11x10 or 12x10 not in 300 s
for any seed tried.
"""


def max_cells(rules: Rules | str) -> int:
    """The most cells ``generate`` makes under ``rules``."""
    return MAX_FIXED_CELLS if get_rules(rules).fixed else MAX_CELLS


def size_limits() -> str:
    """The limits in words, for ``--help`` and for the refusal alike."""
    fixed = [name for name in PRESETS if get_rules(name).fixed]
    growing = [name for name in PRESETS if not get_rules(name).fixed]
    return (f"sides 1 to {MAX_SIDE}, at most {MAX_FIXED_CELLS} cells under "
            f"{'/'.join(fixed)} and {MAX_CELLS} under {'/'.join(growing)}")


def check_size(width: int, height: int, rules: Rules | str) -> None:
    """Refuse a board outside 1..``MAX_SIDE`` by 1..``MAX_SIDE`` or over ``max_cells``."""
    top = max_cells(rules)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE and width * height <= top):
        raise InvalidParameterError(
            f"a generated {get_rules(rules).name} board is 1 to {MAX_SIDE} cells wide and high "
            f"with at most {top} cells, got {width}x{height}"
        )
