"""Hints: a cell the sums force, found by the deductions a person makes, simplest first.

The ladder is the genre's (``sumgrid/ladder.py``: *last cell*, *only number*, *only
place*, in Survo's words); the last tier is Survo's own:

4. *search*: the only solution has the cell's number, and no deduction above shows it.

The tier is also our deduction grade (``grade.py``), which sits beside Mustonen's MD.
"""

from __future__ import annotations

from ..sumgrid.ladder import Hint, deduce, where
from ..sumgrid.table import Words, flat
from .model import Puzzle
from .solve import solve

WORDS = Words(number="number", totals="sums", lines_through="both lines", whole="table")
"""Survo's words: numbers and sums; a cell lies on its row and its column."""

__all__ = ["WORDS", "Hint", "hint"]


def hint(puzzle: Puzzle) -> Hint | None:
    """A forced cell with the reason, or None when no empty cell is forced (several
    solutions, none, or a full table); callers that must tell these apart solve."""
    found = deduce(puzzle, WORDS)
    if found is not None:
        return found
    result = solve(puzzle, limit=2)
    if result.count != 1 or not result.complete:
        return None
    first = flat(result.solutions[0])
    for index, value in enumerate(first):
        if not puzzle.givens[index]:
            reason = (f"the only solution has {value} in {where(puzzle, index)} "
                      "(shown by search: no line-by-line deduction reaches it)")
            return Hint(index, value, reason, 4, puzzle.width)
    return None
