"""Independent Survo checker: verifies a filled table from the rules alone.

It shares no code with the solver or the counter (not even the model's line list), so a
bug in one cannot hide a bug in the other.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.violation import Violation
from ..core.words import cell_words
from .model import Puzzle


def check(puzzle: Puzzle, filling: Sequence[Sequence[int]]) -> list[Violation]:
    """Every rule ``filling`` breaks; an empty list means it solves ``puzzle``."""
    m, n = puzzle.height, puzzle.width
    if len(filling) != m or any(len(row) != n for row in filling):
        return [Violation("shape", f"the filling must be {m} rows of {n} numbers")]
    top = m * n
    problems: list[Violation] = []
    seen: dict[int, int] = {}
    for r in range(m):
        for c in range(n):
            value = filling[r][c]
            where = cell_words((r, c))
            if not 1 <= value <= top:
                problems.append(Violation("range", f"{where} holds {value}, outside 1..{top}"))
            seen[value] = seen.get(value, 0) + 1
            given = puzzle.givens[r * n + c]
            if given and value != given:
                problems.append(Violation(
                    "given", f"{where} must hold the given {given}, not {value}"))
    for value in sorted(seen):
        if seen[value] > 1 and 1 <= value <= top:
            problems.append(Violation("once", f"{value} appears {seen[value]} times"))
    for r in range(m):
        want = puzzle.rows[r]
        got = sum(filling[r])
        if want is not None and got != want:
            problems.append(Violation("sum", f"row {r + 1} adds up to {got}, should be {want}"))
    for c in range(n):
        want = puzzle.cols[c]
        got = sum(filling[r][c] for r in range(m))
        if want is not None and got != want:
            problems.append(Violation("sum", f"column {c + 1} adds up to {got}, should be {want}"))
    return problems
