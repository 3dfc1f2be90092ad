"""The hint ladder: a cell the totals force, by the deductions a person makes, simplest first.

1. *last cell*: a line with one empty cell left;
2. *only number*: after narrowing every empty cell to the numbers that can complete each
   of its lines (a line's remaining numbers must be unused ones reaching its total), one
   cell keeps a single number;
3. *only place*: an unused number that only one empty cell can still take;
4. *search*: no deduction above reaches a cell, only the solver (each family's own step,
   passed in, as the two solvers differ).

The tier doubles as a difficulty measure: played to the end (``climb``), the hardest tier
any step needed is the grade.  Written once for Fubuki and Survo (``sumgrid``); each
family's words (``table.Words``) keep its messages in its own terms.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..core.family import HintAnswer
from ..core.result import SolveResult, Status
from ..core.words import cell_words
from .table import Line, SumTable, Words, combine

T = TypeVar("T", bound=SumTable)

MAX_SUBSET_CELLS = 4
"""Lines with more empty cells than this are not enumerated (C(30, 5) sets per line is
too slow)."""

GRADES = ("easy", "medium", "hard", "expert")
"""The grades, easiest first; grade ``k`` (0-based) means tier ``k + 1`` was needed."""


@dataclass(frozen=True)
class Hint:
    """Cell ``index`` (0-based, row by row) must hold ``value``; ``reason`` says why, at
    ``tier`` 1..4, in a table ``width`` cells wide."""

    index: int
    value: int
    reason: str
    tier: int
    width: int

    @property
    def position(self) -> int:
        """1-based position row by row, as the command line numbers cells."""
        return self.index + 1

    @property
    def row(self) -> int:
        """1-based row."""
        return self.index // self.width + 1

    @property
    def col(self) -> int:
        """1-based column."""
        return self.index % self.width + 1


def _unused(table: SumTable) -> set[int]:
    return set(range(1, table.cell_count + 1)) - set(table.givens)


def last_cell(table: SumTable, lines: list[Line]) -> Hint | None:
    """Tier 1: the first line with one empty cell left, and what it needs there."""
    values = table.givens
    unused = _unused(table)
    for line in lines:
        empties = [i for i in line.cells if not values[i]]
        if line.total is None or len(empties) != 1:
            continue
        placed = [values[i] for i in line.cells if values[i]]
        if table.product:
            done = math.prod(placed)
            if line.total % done:
                continue
            value = line.total // done
            shown = f"{line.total} ÷ {' ÷ '.join(map(str, placed))} = {value}"
        else:
            value = line.total - sum(placed)
            shown = f"{line.total} − {' − '.join(map(str, placed))} = {value}"
        if value in unused:
            reason = f"{line.name} has one empty cell left: {shown}"
            return Hint(empties[0], value, reason, 1, table.width)
    return None


def narrow(table: SumTable, lines: list[Line]) -> dict[int, set[int]] | None:
    """Candidates of every empty cell after line-set narrowing to a fixpoint; None if dead."""
    values = table.givens
    unused = _unused(table)
    cand = {i: set(unused) for i, v in enumerate(values) if not v}
    changed = True
    while changed:
        changed = False
        for line in lines:
            empties = [i for i in line.cells if not values[i]]
            if line.total is None or not empties or len(empties) > MAX_SUBSET_CELLS:
                continue
            placed = [values[i] for i in line.cells if values[i]]
            pool = sorted(set().union(*(cand[i] for i in empties)))
            allowed: dict[int, set[int]] = {i: set() for i in empties}
            for numbers in itertools.combinations(pool, len(empties)):
                if combine(placed + list(numbers), table.product) != line.total:
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


def deduce(table: SumTable, words: Words) -> Hint | None:
    """The first forced cell tiers 1 to 3 find, or None (the search tier is the family's)."""
    lines = table.lines()
    found = last_cell(table, lines)
    if found is not None:
        return found
    cand = narrow(table, lines)
    if cand is None:
        return None
    for index in sorted(cand):
        if len(cand[index]) == 1:
            (value,) = cand[index]
            reason = (f"{value} is the only {words.number} that can still complete the "
                      f"{words.totals} of {words.lines_through} through it")
            return Hint(index, value, reason, 2, table.width)
    for value in sorted(set().union(*cand.values()) if cand else set()):
        homes = [i for i, options in cand.items() if value in options]
        if len(homes) == 1:
            reason = f"{value} must go somewhere, and no other empty cell can take it"
            return Hint(homes[0], value, reason, 3, table.width)
    return None


@dataclass(frozen=True)
class Graded:
    """``grade`` (one of ``GRADES``), the hardest ``tier`` (1..4) any step needed, how many
    steps needed it (``score``), how many steps there were (``steps``), and what each
    tier is called in the family's hints (``step_names``)."""

    grade: str
    tier: int
    score: int
    steps: int
    step_names: tuple[str, str, str, str]

    @property
    def hardest_step(self) -> str:
        """The hardest step's name, as the hints call it."""
        return self.step_names[self.tier - 1]


def climb(table: T, hint: Callable[[T], Hint | None], step_names: tuple[str, str, str, str],
          *, stop_at_search: bool) -> Graded | None:
    """The ladder played to the end: fill the cell ``hint`` forces, again and again; the
    grade names the hardest tier needed.  None when it stops before the table is full (no
    solution, or several).  ``stop_at_search``: a search step ends the climb (where the
    family's search step shows the one solution, so the rest needs no reasoning)."""
    current = table
    tiers: list[int] = []
    while 0 in current.givens:
        found = hint(current)
        if found is None:
            return None
        givens = list(current.givens)
        givens[found.index] = found.value
        current = current.with_givens(tuple(givens))  # type: ignore[assignment]
        tiers.append(found.tier)
        if stop_at_search and found.tier == 4:
            break
    hardest = max(tiers, default=1)
    return Graded(GRADES[hardest - 1], hardest, tiers.count(hardest), len(tiers), step_names)


def hint_answer(table: SumTable, found: Hint | None, words: Words,
                solve: Callable[..., SolveResult[Any]], timeout: float | None) -> HintAnswer:
    """The protocol's hint: the forced cell and why; else why there is none (no solution,
    undecided in time, the table full, or several solutions)."""
    if found is not None:
        # the cell in people's words; a reason speaks of it as "it" or "there", so the
        # page can show the same reason beside a highlighted cell
        message = f"{cell_words((found.row - 1, found.col - 1))} is {found.value}: {found.reason}"
        details = {"position": found.position, "row": found.row, "col": found.col,
                   "value": found.value, "reason": found.reason, "tier": found.tier}
        return HintAnswer(Status.SOLVED, message, details)
    result = solve(table, limit=2, timeout=timeout)
    if result.status is Status.UNSOLVABLE:
        return HintAnswer(Status.UNSOLVABLE, "the puzzle has no solution")
    if result.status is Status.UNKNOWN:
        return HintAnswer(Status.UNKNOWN, "undecided: the time limit stopped the search")
    if 0 not in table.givens:
        return HintAnswer(Status.SOLVED, f"the {words.whole} is already full")
    return HintAnswer(Status.SOLVED,
                      "no empty cell is forced: the puzzle has more than one solution")
