"""Independent Fubuki checker: verifies a filling from the rules alone.

It shares no code with the solver (not even the model's line list), so a bug in one cannot
hide a bug in the other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..core.violation import Violation
from ..core.words import index_words
from .model import Puzzle


def check(puzzle: Puzzle, filling: Sequence[Sequence[int]]) -> list[Violation]:
    """Every rule ``filling`` breaks; an empty list means it solves ``puzzle``."""
    n = puzzle.size
    problems: list[Violation] = []
    if len(filling) != n or any(len(row) != n for row in filling):
        return [Violation("shape", f"the filling must be {n} rows of {n} digits")]
    flat = [filling[r][c] for r in range(n) for c in range(n)]
    top = n * n
    for index, value in enumerate(flat):
        if not 1 <= value <= top:
            where = index_words(index, n)
            problems.append(Violation("range", f"{where} holds {value}, outside 1..{top}"))
    counts: dict[int, int] = {}
    for value in flat:
        counts[value] = counts.get(value, 0) + 1
    for value in sorted(counts):
        if counts[value] > 1 and 1 <= value <= top:
            problems.append(Violation("once", f"digit {value} appears {counts[value]} times"))
    for index, given in enumerate(puzzle.givens):
        if given and flat[index] != given:
            problems.append(
                Violation(
                    "given",
                    f"{index_words(index, n)} must hold the given {given}, not {flat[index]}",
                )
            )
    word = "product" if puzzle.product else "total"
    lines: list[tuple[str, list[int], int | None]] = []
    for r in range(n):
        lines.append((f"row {r + 1}", [filling[r][c] for c in range(n)], puzzle.rows[r]))
    for c in range(n):
        lines.append((f"column {c + 1}", [filling[r][c] for r in range(n)], puzzle.cols[c]))
    if puzzle.diagonals is not None:
        lines.append(("main diagonal", [filling[i][i] for i in range(n)], puzzle.diagonals[0]))
        lines.append(
            ("anti-diagonal", [filling[i][n - 1 - i] for i in range(n)], puzzle.diagonals[1])
        )
    for name, cells, want in lines:
        if want is None:
            continue
        got = math.prod(cells) if puzzle.product else sum(cells)
        if got != want:
            problems.append(Violation(word, f"{name} {word} is {got}, should be {want}"))
    return problems
