"""Our deduction grade for Survo, beside Mustonen's MD (``mutation.py``).

The hint ladder (``hint.py``) played to the end: fill the cell the simplest deduction
forces, again and again, and keep the hardest tier any step needed.  ``easy`` (last cells
only), ``medium`` (only number), ``hard`` (only place), ``expert`` (search).  Why both: MD
measures how long a blind swapping search wanders, which says little about the reasoning
a person needs; the tiers say which reasoning a player will need, and agree with Fubuki's.
"""

from __future__ import annotations

from ..sumgrid.ladder import GRADES, Graded, climb
from .hint import hint
from .model import Filling, Puzzle

STEP_NAMES = ("last cell", "only number", "only place", "search")
"""What each tier's deduction is called in the hints."""

SurvoGrade = Graded
"""A Survo grade: the genre's (``sumgrid.ladder.Graded``)."""

__all__ = ["GRADES", "STEP_NAMES", "SurvoGrade", "grade"]


def grade(puzzle: Puzzle, solution: Filling | None = None) -> Graded | None:
    """The grade of a unique ``puzzle``; None when the ladder stops before the table is
    full (no solution, or several).  A search step ends the climb: Survo's search step
    shows the one solution, so the rest needs no reasoning.  ``solution``: one the caller
    knows (see ``hint``'s ``known``; the grade is the same with or without it)."""
    return climb(puzzle, lambda table: hint(table, known=solution), STEP_NAMES,
                 stop_at_search=True)
