"""A difficulty grade for Fubuki: the hardest deduction a person needs, step by step.

The measure is the hint ladder of ``hint.py`` played to the end: fill the cell the
simplest deduction forces, again and again, and keep the hardest tier any step needed
(1 *last cell*, 2 *only digit*, 3 *only place*, 4 *search*: no line-by-line deduction
reached a cell, only the solver did).  The grade names that tier:

- ``easy``: every cell falls to a line with one empty cell left (tier 1 alone);
- ``medium``: some step needs the digits that can still complete a line (tier 2);
- ``hard``: some step needs a digit that only one cell can still take (tier 3);
- ``expert``: some cell is shown only by search (tier 4).

Why this and not search nodes: the solver's nodes on a 3x3 are a handful whatever the
givens, so they do not tell puzzles apart, while the deductions are the ones a hint
explains to a player, so a grade says which kind of reasoning the puzzle will ask for.
The score is the number of steps that needed the hardest tier, so within a grade a larger
score means more such steps.
"""

from __future__ import annotations

from ..sumgrid.ladder import GRADES, Graded, climb
from .hint import hint
from .model import Puzzle

STEP_NAMES = ("last cell", "only digit", "only place", "search")
"""What each tier's deduction is called in the hints."""

FubukiGrade = Graded
"""A Fubuki grade: the genre's (``sumgrid.ladder.Graded``)."""

__all__ = ["GRADES", "STEP_NAMES", "FubukiGrade", "grade"]


def grade(puzzle: Puzzle) -> Graded | None:
    """The grade of ``puzzle`` (see the module docstring); None when the ladder stops
    before the grid is full (no solution, or several: no cell is forced)."""
    return climb(puzzle, hint, STEP_NAMES, stop_at_search=False)
