"""Mustonen's measure of difficulty, MD: the mean number of mutations his first solver needs.

The published definition (Survo puzzle, "Assessing degree of difficulty"; Mustonen 2006):
the solver fills the missing numbers into the table at random, then exchanges numbers
systematically to bring the computed row and column sums as close to the true ones as it
can.  It ends at a solution or, most often, at a dead end where no exchange reduces the
discrepancy; then it makes a *mutation*, an exchange of numbers at random, and goes on.
MD is the mean number of mutations over 1,000 runs, each from a fresh random table, and
the published five-star scale reads it as 0–30 ★, 31–150 ★★, 151–600 ★★★, 601–1500 ★★★★,
more ★★★★★.

Our reading of the parts the definition leaves open, said here so figures can be compared:
the discrepancy is the sum of |computed − true| over the printed sums; "systematically"
is steepest descent (the exchange of two free cells that lowers the discrepancy most, until
none lowers it); a mutation exchanges two free cells chosen at random.  The figures are
therefore close to Mustonen's in kind, not digit for digit, and every run is seeded, so a
puzzle's MD is the same on every machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.deadline import Deadline
from .model import Puzzle

RUNS = 1000
"""Runs in the published definition."""

STARS = ((30, 1), (150, 2), (600, 3), (1500, 4))
"""The published scale: an MD up to the first figure earns the second's stars; above, 5."""


@dataclass(frozen=True)
class MutationDifficulty:
    """``md`` the mean mutations over ``runs`` runs (fewer than asked when the deadline
    came first: ``complete`` False), ``stars`` on the published scale."""

    md: float
    runs: int
    complete: bool
    capped: bool = False
    """Some run stopped at the cap: ``md`` is then a lower bound."""

    @property
    def stars(self) -> int:
        """1 to 5 on the published scale."""
        for bound, stars in STARS:
            if self.md <= bound:
                return stars
        return 5


class _Table:
    """One run's table: values, computed sums, and the discrepancy kept up to date."""

    def __init__(self, puzzle: Puzzle, rand: random.Random) -> None:
        n = puzzle.width
        self.free = [i for i, v in enumerate(puzzle.givens) if not v]
        missing = sorted(set(range(1, puzzle.cell_count + 1)) - set(puzzle.givens))
        rand.shuffle(missing)
        self.values = list(puzzle.givens)
        for cell, value in zip(self.free, missing, strict=True):
            self.values[cell] = value
        self.row_of = [i // n for i in range(puzzle.cell_count)]
        self.col_of = [i % n for i in range(puzzle.cell_count)]
        self.want_rows = list(puzzle.rows)
        self.want_cols = list(puzzle.cols)
        self.rows = [sum(self.values[r * n:(r + 1) * n]) for r in range(puzzle.height)]
        self.cols = [sum(self.values[c::n]) for c in range(n)]

    def discrepancy(self) -> int:
        out = 0
        for got, want in zip(self.rows, self.want_rows, strict=True):
            if want is not None:
                out += abs(got - want)
        for got, want in zip(self.cols, self.want_cols, strict=True):
            if want is not None:
                out += abs(got - want)
        return out

    def gain(self, a: int, b: int) -> int:
        """How much swapping cells ``a`` and ``b`` lowers the discrepancy."""
        d = self.values[b] - self.values[a]
        total = 0
        for sums, wants, ia, ib in ((self.rows, self.want_rows, self.row_of[a], self.row_of[b]),
                                    (self.cols, self.want_cols, self.col_of[a], self.col_of[b])):
            if ia == ib:
                continue
            wa, wb = wants[ia], wants[ib]
            if wa is not None:
                total += abs(sums[ia] - wa) - abs(sums[ia] + d - wa)
            if wb is not None:
                total += abs(sums[ib] - wb) - abs(sums[ib] - d - wb)
        return total

    def swap(self, a: int, b: int) -> None:
        d = self.values[b] - self.values[a]
        self.values[a], self.values[b] = self.values[b], self.values[a]
        self.rows[self.row_of[a]] += d
        self.rows[self.row_of[b]] -= d
        self.cols[self.col_of[a]] += d
        self.cols[self.col_of[b]] -= d


def mutations(puzzle: Puzzle, rand: random.Random, cap: int) -> int:
    """One run: mutations until the table is a solution (at most ``cap``)."""
    table = _Table(puzzle, rand)
    free = table.free
    pairs = [(free[i], free[j]) for i in range(len(free)) for j in range(i + 1, len(free))]
    current = table.discrepancy()
    made = 0
    while True:
        while current:
            best, best_pair = 0, None
            for a, b in pairs:
                g = table.gain(a, b)
                if g > best:
                    best, best_pair = g, (a, b)
            if best_pair is None:
                break
            table.swap(*best_pair)
            current -= best
        if current == 0 or made >= cap or len(free) < 2:
            return made
        a, b = rand.sample(free, 2)
        current -= table.gain(a, b)
        table.swap(a, b)
        made += 1


def mutation_difficulty(puzzle: Puzzle, *, runs: int = RUNS, seed: int = 0,
                        timeout: float | None = None, cap: int = 10_000) -> MutationDifficulty:
    """MD of ``puzzle`` over ``runs`` seeded runs (see the module docstring); a puzzle with
    no solution never reaches one, so each run stops at ``cap`` mutations."""
    rand = random.Random(seed)
    deadline = Deadline(timeout)
    total = done = 0
    capped = False
    for _ in range(runs):
        if done and deadline.expired():
            break
        made = mutations(puzzle, rand, cap)
        capped = capped or made >= cap
        total += made
        done += 1
    return MutationDifficulty(total / done if done else 0.0, done, done == runs, capped)
