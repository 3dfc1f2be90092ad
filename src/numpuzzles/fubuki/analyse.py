"""``analyse`` for Fubuki: the count, the digits every solution shares, and a given to add.

The plan is the genre's (``sumgrid/setter.py``: the backbone asked of the solver one cell at
a time, never a listing; a given suggested only once the changed puzzle was solved to the
end with one solution), run with Fubuki's engines: its solver, its counter (the solver's
exhaustive search without keeping solutions), its grade and its JSON record.
"""

from __future__ import annotations

from ..core.analysis import Analysis
from ..sumgrid import setter
from .formats import to_json
from .model import Puzzle
from .solve import count, solve


def _grade(puzzle: Puzzle) -> object:
    from .grade import grade  # the hint ladder: only a unique puzzle is graded

    return grade(puzzle)


ENGINES = setter.Engines(solve=solve, count=count, grade=_grade, to_json=to_json)


def analyse(puzzle: Puzzle, *, timeout: float | None = None) -> Analysis:
    """The setter's view of ``puzzle`` (``core/analysis.py``), within ``timeout`` seconds."""
    return setter.analyse(puzzle, ENGINES, timeout=timeout)
