"""Hints: a cell whose value the totals force, found by the deductions a person would make.

The ladder is the genre's (``sumgrid/ladder.py``: *last cell*, *only digit*, *only place*,
in Fubuki's words); the last tier is Fubuki's own:

4. *search*: every solution agrees on the cell (no simple deduction above shows it).

The tier doubles as a difficulty measure: the higher the tier a puzzle needs, the harder.
"""

from __future__ import annotations

from ..sumgrid.ladder import Hint, deduce
from ..sumgrid.table import Words, flat
from .model import Puzzle
from .solve import solve

WORDS = Words(number="digit", totals="totals", lines_through="every line", whole="grid")
"""Fubuki's words: digits and totals; a cell may lie on a diagonal too, so "every line"."""

__all__ = ["WORDS", "Hint", "hint"]


def hint(puzzle: Puzzle) -> Hint | None:
    """A forced cell with the reason, or None when no empty cell is forced (or none is empty).

    None also covers puzzles without a solution; callers that need to tell these apart
    solve the puzzle.
    """
    found = deduce(puzzle, WORDS)
    if found is not None:
        return found
    result = solve(puzzle, limit=None, node_limit=2_000_000)
    if not result.solutions or not result.complete:
        return None
    n = puzzle.size
    first = flat(result.solutions[0])
    for index, value in enumerate(first):
        if puzzle.givens[index]:
            continue
        if all(sol[index // n][index % n] == value for sol in result.solutions):
            reason = (
                f"every solution has {value} there "
                "(shown by search: no line-by-line deduction reaches it)"
            )
            return Hint(index, value, reason, 4, n)
    return None
