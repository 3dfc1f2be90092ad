"""Hints: a cell the sums force, found by the deductions a person makes, simplest first.

1. *last cell*: a line with one empty cell left;
2. *only number*: after narrowing every empty cell to the numbers that can complete each
   of its lines (a line's remaining numbers must be unused ones reaching its sum), one
   cell keeps a single number;
3. *only place*: an unused number that only one empty cell can still take;
4. *search*: every solution agrees on the cell, and no deduction above shows it.

The same ladder as Fubuki's (``fubuki/hint.py``), written over m×n tables; the tier is
also our deduction grade (``grade.py``), which sits beside Mustonen's MD.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .model import Puzzle
from .solve import solve

_MAX_SUBSET_CELLS = 4
"""Lines with more empty cells are not enumerated (C(30, 5) sets per line is too slow)."""


@dataclass(frozen=True)
class Hint:
    """Cell ``index`` (0-based, row by row) must hold ``value``; ``reason`` says why."""

    index: int
    value: int
    reason: str
    tier: int
    width: int

    @property
    def position(self) -> int:
        """1-based position row by row."""
        return self.index + 1

    @property
    def row(self) -> int:
        """1-based row."""
        return self.index // self.width + 1

    @property
    def col(self) -> int:
        """1-based column."""
        return self.index % self.width + 1


def _where(puzzle: Puzzle, index: int) -> str:
    return f"cell {index + 1} (row {index // puzzle.width + 1}, column {index % puzzle.width + 1})"


def _last_cell(puzzle: Puzzle) -> Hint | None:
    values = puzzle.givens
    unused = set(range(1, puzzle.cell_count + 1)) - set(values)
    for name, cells, total in puzzle.lines():
        empties = [i for i in cells if not values[i]]
        if total is None or len(empties) != 1:
            continue
        placed = [values[i] for i in cells if values[i]]
        value = total - sum(placed)
        if value in unused:
            sums = " − ".join(map(str, placed))
            reason = f"{name} has one empty cell left: {total} − {sums} = {value}"
            return Hint(empties[0], value, reason, 1, puzzle.width)
    return None


def narrow(puzzle: Puzzle) -> dict[int, set[int]] | None:
    """Candidates of every empty cell after line-set narrowing to a fixpoint; None if dead."""
    values = puzzle.givens
    unused = set(range(1, puzzle.cell_count + 1)) - set(values)
    cand = {i: set(unused) for i, v in enumerate(values) if not v}
    changed = True
    while changed:
        changed = False
        for _, cells, total in puzzle.lines():
            empties = [i for i in cells if not values[i]]
            if total is None or not empties or len(empties) > _MAX_SUBSET_CELLS:
                continue
            need = total - sum(values[i] for i in cells if values[i])
            pool = sorted(set().union(*(cand[i] for i in empties)))
            allowed: dict[int, set[int]] = {i: set() for i in empties}
            for numbers in itertools.combinations(pool, len(empties)):
                if sum(numbers) != need:
                    continue
                for perm in itertools.permutations(numbers):
                    if all(v in cand[i] for i, v in zip(empties, perm, strict=True)):
                        for i, v in zip(empties, perm, strict=True):
                            allowed[i].add(v)
            for i in empties:
                if allowed[i] != cand[i]:
                    cand[i] &= allowed[i]
                    changed = True
                    if not cand[i]:
                        return None
        for i, options in cand.items():
            if len(options) == 1:
                (v,) = options
                for j, other in cand.items():
                    if j != i and v in other:
                        other.discard(v)
                        changed = True
                        if not other:
                            return None
    return cand


def hint(puzzle: Puzzle) -> Hint | None:
    """A forced cell with the reason, or None when no empty cell is forced (several
    solutions, none, or a full table); callers that must tell these apart solve."""
    found = _last_cell(puzzle)
    if found is not None:
        return found
    cand = narrow(puzzle)
    if cand is not None:
        for index in sorted(cand):
            if len(cand[index]) == 1:
                (value,) = cand[index]
                reason = (f"{value} is the only number that can still complete the sums of "
                          f"both lines through {_where(puzzle, index)}")
                return Hint(index, value, reason, 2, puzzle.width)
        for value in sorted(set().union(*cand.values()) if cand else set()):
            homes = [i for i, options in cand.items() if value in options]
            if len(homes) == 1:
                reason = f"{value} must go somewhere, and no other empty cell can take it"
                return Hint(homes[0], value, reason, 3, puzzle.width)
    result = solve(puzzle, limit=2)
    if result.count != 1 or not result.complete:
        return None
    first = [v for row in result.solutions[0] for v in row]
    for index, value in enumerate(first):
        if not puzzle.givens[index]:
            reason = (f"the only solution has {value} in {_where(puzzle, index)} "
                      "(shown by search: no line-by-line deduction reaches it)")
            return Hint(index, value, reason, 4, puzzle.width)
    return None
