"""Hints: a cell whose value the totals force, found by the deductions a person would make.

Deductions are tried from the simplest up, and the first that fixes a cell is reported:

1. *last cell*: a line with one empty cell left;
2. *only digit*: after narrowing every empty cell to the digits that can complete each of
   its lines (a line's remaining digits must be a set of unused digits reaching its total),
   one cell keeps a single digit;
3. *only place*: an unused digit that only one empty cell can still take;
4. *search*: every solution agrees on the cell (no simple deduction above shows it).

The tier doubles as a difficulty measure: the higher the tier a puzzle needs, the harder.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from .model import Line, Puzzle, combine
from .solve import solve

_MAX_SUBSET_CELLS = 4
"""Lines with more empty cells than this are not enumerated (C(25, 5) sets is too slow)."""


@dataclass(frozen=True)
class Hint:
    """Cell ``index`` (0-based, row by row) must hold ``value``; ``reason`` says why."""

    index: int
    value: int
    reason: str
    tier: int
    size: int

    @property
    def position(self) -> int:
        """1-based position row by row, as the original program numbers cells."""
        return self.index + 1

    @property
    def row(self) -> int:
        """1-based row."""
        return self.index // self.size + 1

    @property
    def col(self) -> int:
        """1-based column."""
        return self.index % self.size + 1


def _where(puzzle: Puzzle, index: int) -> str:
    n = puzzle.size
    return f"cell {index + 1} (row {index // n + 1}, column {index % n + 1})"


def _last_cell(puzzle: Puzzle, lines: list[Line]) -> Hint | None:
    values = puzzle.givens
    unused = set(range(1, puzzle.cell_count + 1)) - set(values)
    for line in lines:
        empties = [i for i in line.cells if not values[i]]
        if line.total is None or len(empties) != 1:
            continue
        placed = [values[i] for i in line.cells if values[i]]
        if puzzle.product:
            done = math.prod(placed)
            if line.total % done:
                continue
            value = line.total // done
            sum_text = f"{line.total} ÷ {' ÷ '.join(map(str, placed))} = {value}"
        else:
            value = line.total - sum(placed)
            sum_text = f"{line.total} − {' − '.join(map(str, placed))} = {value}"
        if value in unused:
            reason = f"{line.name} has one empty cell left: {sum_text}"
            return Hint(empties[0], value, reason, 1, puzzle.size)
    return None


def _narrow(puzzle: Puzzle, lines: list[Line]) -> dict[int, set[int]] | None:
    """Candidates of every empty cell after line-set narrowing to a fixpoint; None if dead."""
    values = puzzle.givens
    unused = set(range(1, puzzle.cell_count + 1)) - set(values)
    cand = {i: set(unused) for i, v in enumerate(values) if not v}
    changed = True
    while changed:
        changed = False
        for line in lines:
            empties = [i for i in line.cells if not values[i]]
            if line.total is None or not empties or len(empties) > _MAX_SUBSET_CELLS:
                continue
            placed = [values[i] for i in line.cells if values[i]]
            pool = sorted(set().union(*(cand[i] for i in empties)))
            allowed: dict[int, set[int]] = {i: set() for i in empties}
            for digits in itertools.combinations(pool, len(empties)):
                if combine(placed + list(digits), puzzle.product) != line.total:
                    continue
                for perm in itertools.permutations(digits):
                    if all(d in cand[i] for i, d in zip(empties, perm, strict=True)):
                        for i, d in zip(empties, perm, strict=True):
                            allowed[i].add(d)
            for i in empties:
                if allowed[i] != cand[i]:
                    cand[i] &= allowed[i]
                    changed = True
                    if not cand[i]:
                        return None
        for i, options in cand.items():
            if len(options) == 1:
                (d,) = options
                for j, other in cand.items():
                    if j != i and d in other:
                        other.discard(d)
                        changed = True
                        if not other:
                            return None
    return cand


def hint(puzzle: Puzzle) -> Hint | None:
    """A forced cell with the reason, or None when no empty cell is forced (or none is empty).

    None also covers puzzles without a solution; callers that need to tell these apart
    solve the puzzle.
    """
    lines = puzzle.lines()
    found = _last_cell(puzzle, lines)
    if found is not None:
        return found
    cand = _narrow(puzzle, lines)
    if cand is not None:
        for index in sorted(cand):
            if len(cand[index]) == 1:
                (value,) = cand[index]
                reason = (
                    f"{value} is the only digit that can still complete the totals of every "
                    f"line through {_where(puzzle, index)}"
                )
                return Hint(index, value, reason, 2, puzzle.size)
        for digit in sorted(set().union(*cand.values()) if cand else set()):
            homes = [i for i, options in cand.items() if digit in options]
            if len(homes) == 1:
                reason = f"{digit} must go somewhere, and no other empty cell can take it"
                return Hint(homes[0], digit, reason, 3, puzzle.size)
    result = solve(puzzle, limit=None, node_limit=2_000_000)
    if not result.solutions:
        return None
    first = [v for row in result.solutions[0] for v in row]
    for index, value in enumerate(first):
        if puzzle.givens[index]:
            continue
        if all(sol[index // puzzle.size][index % puzzle.size] == value for sol in result.solutions):
            if not result.complete:
                continue
            reason = (
                f"every solution has {value} in {_where(puzzle, index)} "
                "(shown by search: no line-by-line deduction reaches it)"
            )
            return Hint(index, value, reason, 4, puzzle.size)
    return None
