"""Counting by line partitions: which numbers each row holds, then how each such split can
be laid out across the columns.

Why a third counter: the meeting in the middle (``meet.py``) and the memoised search
(``count.py``) both walk the table cell by cell or column by column, and an open 5×5 has
far too many half-filled states for either.  But a solution is exactly an ordered split of
1..m·n into row sets with the row sums, together with a layout of each row's numbers into
the columns with the column sums.  Near the extremes (the tables that make open puzzles:
sums that are far from the average pin the rows' sets down) one side has few splits: a
5×5 whose rows are 15, 40, 65, 90 and 115 has one, and a table two swaps from it hundreds,
where its columns have hundreds of millions.  So the side with the fewer splits is chosen
(the product of its lines' candidate counts, the largest left out since the last line is
what the others leave), every split is listed, and its layouts are counted breadth first
with the sets of numbers used as states (``lines_kernel``): exact, never an estimate.

Givens are kept (a line's candidates hold its own givens and none of the others', a given
is laid in its own crossing line only); hidden sums are not (a line with no sum has no
list to take), so ``count.py`` runs this counter only when every sum is known.
"""

from __future__ import annotations

import math

import numpy as np

from ..core import jit
from ..core.deadline import Deadline
from . import lines_kernel
from .meet import Resumable, Steps, TooLarge, _subsets
from .model import Puzzle

MOST_STATES = 1 << 20
"""The most sets of numbers a layout's level may hold, by the bound C(n, k)^m (six arrays
of at most 2^22 int64, 192 MiB in all): a 5×5 needs at most C(5,2)^5 = 100,000, 12 rows of
3 531,441; a 6×6 (C(6,3)^6) passes it and is left to the other counters."""

_SAFE = float(1 << 62)
"""A float total past this may have wrapped the int64 one: the count is then refused."""


def _candidates(puzzle: Puzzle) -> list[list[int]] | None:
    """Each row's possible sets of numbers as bit sets (bit v for the number v), or None
    when a sum is hidden."""
    givens = puzzle.givens
    width = puzzle.width
    given_anywhere = {v for v in givens if v}
    free = [v for v in range(1, puzzle.cell_count + 1) if v not in given_anywhere]
    out: list[list[int]] = []
    for r, total in enumerate(puzzle.rows):
        if total is None:
            return None
        own = [v for v in givens[r * width:(r + 1) * width] if v]
        base = sum(1 << v for v in own)
        out.append([base | sum(1 << v for v in subset)
                    for subset in _subsets(free, width - len(own), total - sum(own))])
    return out


def _effort(candidates: list[list[int]]) -> float:
    """log of the product of the candidate counts, the largest left out (a split's last
    line is what the others leave): which side has the fewer splits to list."""
    sizes = sorted(len(c) for c in candidates)
    if sizes[0] == 0:
        return -math.inf
    return sum(math.log(s) for s in sizes[:-1])


def _layout_bound(puzzle: Puzzle) -> int:
    """The most sets of numbers one level of a layout can hold: which ``k`` of its ``n``
    numbers each of the ``m`` rows has given."""
    m, n = puzzle.height, puzzle.width
    return max(int(math.comb(n, k) ** m) for k in range(n + 1))


def _side(puzzle: Puzzle) -> tuple[Puzzle, list[list[int]]]:
    """The puzzle turned so that its rows are the side with the fewer splits, among the
    sides whose layouts fit ``MOST_STATES``, and their candidates; ``TooLarge`` when
    neither fits."""
    sides = []
    for side in (puzzle, puzzle.transposed()):
        if _layout_bound(side) > MOST_STATES:
            continue
        candidates = _candidates(side)
        assert candidates is not None  # every sum is known
        sides.append((side, candidates))
    if not sides:
        raise TooLarge
    return min(sides, key=lambda side: _effort(side[1]))


class LineCount(Resumable):
    """The exact count of a puzzle whose sums are all known, by line partitions, run a slice
    at a time (``Resumable``, as ``meet.OpenCount``) so that ``count.py`` can take turns
    between its counters; ``TooLarge`` when a layout outgrows ``MOST_STATES`` or the count
    int64."""

    def __init__(self, puzzle: Puzzle) -> None:
        super().__init__()
        if any(v is None for v in (*puzzle.rows, *puzzle.cols)):
            raise ValueError("every sum must be known")
        self._steps = self._count(puzzle)  # nothing is listed before the first turn

    def _count(self, given: Puzzle) -> Steps[int]:
        puzzle, candidates = _side(given)
        m, n = puzzle.height, puzzle.width
        top = puzzle.cell_count
        cols = puzzle.cols
        row_sums = [r for r in puzzle.rows if r is not None]
        col_sums = [c for c in cols if c is not None]
        if len(row_sums) < m or len(col_sums) < n or sum(row_sums) != sum(col_sums) \
                or sum(col_sums) != top * (top + 1) // 2:
            return 0
        order = sorted(range(m), key=lambda r: len(candidates[r]))
        listed, last = order[:-1], order[-1]
        widest = max(len(candidates[r]) for r in listed) if listed else 1
        cands = np.zeros((len(listed), max(widest, 1)), dtype=np.int64)
        for t, r in enumerate(listed):
            cands[t, :len(candidates[r])] = candidates[r]
        ncands = np.array([len(candidates[r]) for r in listed], dtype=np.int64)
        # crossing lines, those with givens and the farthest from the average sum first:
        # they have the fewest ways and keep the layout's levels small
        average = top * (top + 1) / 2 / n
        crossing = sorted(range(n), key=lambda c: (
            -sum(1 for r in range(m) if puzzle.givens[r * n + c]), -abs((cols[c] or 0) - average)))
        sums = np.array([cols[c] for c in crossing], dtype=np.int64)
        givens = np.array([[puzzle.givens[r * n + c] for c in crossing] for r in order],
                          dtype=np.int64)
        last_givens = sum(1 << v for v in puzzle.givens[last * n:(last + 1) * n] if v)
        everything = ((1 << (top + 1)) - 1) & ~1
        bound = _layout_bound(puzzle)
        capacity = 1 << max(10, (2 * bound + 2).bit_length())
        keys_a = np.full(capacity, lines_kernel.EMPTY, dtype=np.int64)
        keys_b = keys_a.copy()
        vals_a = np.zeros(capacity, dtype=np.int64)
        vals_b = vals_a.copy()
        taken_a = np.zeros(capacity, dtype=np.int64)
        taken_b = taken_a.copy()
        out = np.zeros(2, dtype=np.float64)
        counting = jit.kernel(lines_kernel.count_range)
        walk = np.full(len(listed) + 1, -1, dtype=np.int64)
        walk[0] = 0
        total, budget = 0, 1
        clock = Deadline(None)
        while walk[0] >= 0:
            yield
            started = clock.elapsed()
            total += int(counting(cands, ncands, walk, budget, everything, last_givens, sums,
                                  givens, keys_a, vals_a, keys_b, vals_b, taken_a, taken_b,
                                  out))
            if out[lines_kernel.FULL] != 0.0 or out[lines_kernel.TOTAL] > _SAFE:
                raise TooLarge
            # about a hundredth of a second a call: at most twice as many splits as the
            # last call's pace allows (one split's layouts can take milliseconds)
            took = clock.elapsed() - started
            pace = budget * 0.01 / took if took > 0 else 2 * budget
            budget = max(1, min(2 * budget, int(pace)))
        return total
