"""Hints: a cell the sums force, found by the deductions a person makes, simplest first.

The ladder is the genre's (``sumgrid/ladder.py``: *last cell*, *only number*, *only
place*, in Survo's words); the last tier is Survo's own:

4. *search*: the only solution has the cell's number, and no deduction above shows it.

The tier is also our deduction grade (``grade.py``), which sits beside Mustonen's MD.
"""

from __future__ import annotations

from ..sumgrid.ladder import Hint, deduce
from ..sumgrid.table import Words, flat
from .model import Filling, Puzzle
from .solve import solve

WORDS = Words(number="number", totals="sums", lines_through="both lines", whole="table")
"""Survo's words: numbers and sums; a cell lies on its row and its column."""

__all__ = ["WORDS", "Hint", "hint"]


SEARCH_NODES = 20_000
"""The solver's nodes before the exact counter is asked whether its one solution is the
only one (see ``_only_solution``)."""


def _only_solution(puzzle: Puzzle, timeout: float | None,
                   known: Filling | None) -> Filling | None:
    """The puzzle's one solution, or None (none, several, or undecided by ``timeout``).
    Why not the solver alone: on open tables near the extremes (``generate``'s walk) it
    cannot rule out a second solution within minutes (a near-sorted 6×6), nor always find
    the first, where the exact counter (``count.py``, the line partitions among its
    counters) takes milliseconds.  So the solver gets ``SEARCH_NODES``; then, if it found
    one solution or the caller ``known`` one (checked here), the counter decides whether
    it is the only one; else the solver goes on."""
    from .check import check
    from .count import count

    listed = solve(puzzle, limit=2, node_limit=SEARCH_NODES, timeout=timeout)
    if listed.count >= 2:
        return None
    if listed.complete:
        return listed.solutions[0] if listed.count == 1 else None
    candidate = listed.solutions[0] if listed.count == 1 else None
    if candidate is None and known is not None and check(puzzle, known) == []:
        candidate = known
    if candidate is None:
        listed = solve(puzzle, limit=2, timeout=timeout)
        return listed.solutions[0] if listed.count == 1 and listed.complete else None
    total, exact = count(puzzle, timeout=timeout)
    return candidate if exact and total == 1 else None


def hint(puzzle: Puzzle, timeout: float | None = None, *,
         known: Filling | None = None) -> Hint | None:
    """A forced cell with the reason, or None when no empty cell is forced (several
    solutions, none, a full table, or undecided by ``timeout``); callers that must tell
    these apart solve.  With no ``timeout`` the answer is exact, so a grade built on it
    depends on the puzzle alone.  ``known``: a solution the caller has (a generator's),
    which saves the search for one; whether it is the only one is still proved here."""
    found = deduce(puzzle, WORDS)
    if found is not None:
        return found
    only = _only_solution(puzzle, timeout, known)
    if only is None:
        return None
    first = flat(only)
    for index, value in enumerate(first):
        if not puzzle.givens[index]:
            reason = (f"the only solution has {value} there "
                      "(shown by search: no line-by-line deduction reaches it)")
            return Hint(index, value, reason, 4, puzzle.width)
    return None
