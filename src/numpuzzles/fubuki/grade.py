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

from dataclasses import dataclass

from .hint import hint
from .model import Puzzle

GRADES = ("easy", "medium", "hard", "expert")
"""The grades, easiest first; grade ``k`` (0-based) means tier ``k + 1`` was needed."""
STEP_NAMES = ("last cell", "only digit", "only place", "search")
"""What each tier's deduction is called in the hints."""


@dataclass(frozen=True)
class FubukiGrade:
    """``grade`` (one of ``GRADES``), the hardest ``tier`` (1..4) any step needed, how many
    steps needed it (``score``) and how many steps there were in all (``steps``)."""

    grade: str
    tier: int
    score: int
    steps: int

    @property
    def hardest_step(self) -> str:
        """The hardest step's name, as the hints call it."""
        return STEP_NAMES[self.tier - 1]


def grade(puzzle: Puzzle) -> FubukiGrade | None:
    """The grade of ``puzzle`` (see the module docstring); None when the ladder stops
    before the grid is full (no solution, or several: no cell is forced)."""
    current = puzzle
    tiers: list[int] = []
    while 0 in current.givens:
        found = hint(current)
        if found is None:
            return None
        givens = list(current.givens)
        givens[found.index] = found.value
        current = current.with_givens(tuple(givens))
        tiers.append(found.tier)
    hardest = max(tiers, default=1)
    return FubukiGrade(GRADES[hardest - 1], hardest, tiers.count(hardest), len(tiers))
