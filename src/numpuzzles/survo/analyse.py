"""``analyse`` for Survo: the count, the numbers every solution shares, and a given to add.

The plan is the genre's (``sumgrid/setter.py``, as Fubuki's), run with Survo's engines:
its solver, its exact counter (``count.py``: open tables meet in the middle), its grade
(our deduction tiers) and its JSON record.
"""

from __future__ import annotations

from ..core.analysis import Analysis
from ..sumgrid import setter
from .count import count
from .formats import to_json
from .model import Puzzle
from .solve import solve


def _grade(puzzle: Puzzle) -> object:
    from .grade import grade  # the hint ladder: only a unique puzzle is graded

    return grade(puzzle)


ENGINES = setter.Engines(solve=solve, count=count, grade=_grade, to_json=to_json)


def analyse(puzzle: Puzzle, *, timeout: float | None = None) -> Analysis:
    """The setter's view of ``puzzle`` within ``timeout`` seconds."""
    return setter.analyse(puzzle, ENGINES, timeout=timeout)
