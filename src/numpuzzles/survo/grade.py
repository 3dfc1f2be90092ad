"""Our deduction grade for Survo, beside Mustonen's MD (``mutation.py``).

The hint ladder (``hint.py``) played to the end: fill the cell the simplest deduction
forces, again and again, and keep the hardest tier any step needed.  ``easy`` (last cells
only), ``medium`` (only number), ``hard`` (only place), ``expert`` (search).  Why both: MD
measures how long a blind swapping search wanders, which says little about the reasoning
a person needs; the tiers say which reasoning a player will need, and agree with Fubuki's.
"""

from __future__ import annotations

from dataclasses import dataclass

from .hint import hint
from .model import Puzzle

GRADES = ("easy", "medium", "hard", "expert")
STEP_NAMES = ("last cell", "only number", "only place", "search")


@dataclass(frozen=True)
class SurvoGrade:
    """``grade``, the hardest ``tier`` (1..4), how many steps needed it (``score``) and
    how many steps there were (``steps``)."""

    grade: str
    tier: int
    score: int
    steps: int

    @property
    def hardest_step(self) -> str:
        """The hardest step's name, as the hints call it."""
        return STEP_NAMES[self.tier - 1]


def grade(puzzle: Puzzle) -> SurvoGrade | None:
    """The grade of a unique ``puzzle``; None when the ladder stops before the table is
    full (no solution, or several)."""
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
        if found.tier == 4:  # search settles the rest: the solver found the one solution
            break
    hardest = max(tiers, default=1)
    return SurvoGrade(GRADES[hardest - 1], hardest, tiers.count(hardest), len(tiers))
