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
"""The most sets of numbers a layout's level may hold (six arrays of at most 2^22 int64,
192 MiB in all).  The bound C(n, k)^m says ahead which sides always fit: a 5×5 needs at most
C(5,2)^5 = 100,000, 12 rows of 3 531,441; a 6×6 (C(6,3)^6, 64 million) may not, so its
tables start small (``FIRST_STATES``) and grow while they can; past this limit the other
side is tried, and past it on both the count is refused (``TooLarge``) and left to the
other counters."""
MOST_CANDIDATES = 1 << 18
"""The most sets a listed line may have (an open 6×6's central row has some tens of
thousands)."""
PIN_LIST = 1024
"""Rows with at most this many sets are listed to pin numbers (``_side_lines``)."""
FIRST_STATES = 1 << 14
"""The first tables' size for a side whose bound passes ``MOST_STATES`` (384 KiB)."""

_SAFE = float(1 << 62)
"""A float total past this may have wrapped the int64 one: the count is then refused."""


def _lines(puzzle: Puzzle) -> tuple[list[int], list[tuple[int, int, int]]]:
    """The numbers no cell is given, and each row's (its givens as a bit set, how many
    numbers it still takes, what they add up to)."""
    givens = puzzle.givens
    width = puzzle.width
    given_anywhere = {v for v in givens if v}
    free = [v for v in range(1, puzzle.cell_count + 1) if v not in given_anywhere]
    rows = []
    for r, total in enumerate(puzzle.rows):
        assert total is not None  # every sum is known
        own = [v for v in givens[r * width:(r + 1) * width] if v]
        rows.append((sum(1 << v for v in own), width - len(own), total - sum(own)))
    return free, rows


def _count_sets(pool: list[int], size: int, total: int) -> float:
    """How many ``size``-sets of ``pool`` add up to ``total``, without listing them: a
    knapsack count.  Why: a 4×9's middle row alone has hundreds of thousands of sets, which
    need not be listed to learn that the other side has fewer."""
    if total < 0 or size < 0:
        return 0.0
    counts = np.zeros((size + 1, total + 1), dtype=np.float64)
    counts[0, 0] = 1.0
    for v in pool:  # each number in or out once: the right side is read before it is added
        if v <= total:
            counts[1:, v:] = counts[1:, v:] + counts[:-1, :total + 1 - v]
    return float(counts[size, total])


Lines = tuple[list[list[int]], list[tuple[int, int, int]], list[float]]
"""Each row's pool of free numbers, its (givens as a bit set, how many numbers it still
takes, what they add up to), and how many sets it may hold."""


def _side_lines(puzzle: Puzzle) -> Lines:
    """Each row's pool, narrowed: a row with at most ``PIN_LIST`` sets is listed, the
    numbers in all of them are pinned to it (out of every other row's pool) and the numbers
    in none leave its own; repeated until nothing changes.  Sound, since a number in every
    set a row may hold is in that row in every solution.  Why: near the extremes one row's
    pinned numbers settle the next row's (a sorted 4×9's middle rows have hundreds of
    thousands of sets each, and one each once the outer rows are pinned)."""
    free, rows = _lines(puzzle)
    pools = [list(free) for _ in rows]
    sizes = [_count_sets(free, k, t) for _, k, t in rows]
    seen: list[list[int] | None] = [None] * len(rows)  # the pool each row was listed from
    changed = True
    while changed:
        changed = False
        for r, (_, k, t) in enumerate(rows):
            if sizes[r] > PIN_LIST or sizes[r] == 0 or seen[r] == pools[r]:
                continue
            seen[r] = pools[r]
            sets = [set(subset) for subset in _subsets(pools[r], k, t)]
            pinned = set.intersection(*sets)
            held = sorted(set.union(*sets))
            if held != pools[r]:
                pools[r] = seen[r] = held  # its sets are the same from the narrower pool
                changed = True
            for o in range(len(rows)):
                if o != r and pinned & set(pools[o]):
                    pools[o] = [v for v in pools[o] if v not in pinned]
                    sizes[o] = _count_sets(pools[o], rows[o][1], rows[o][2])
                    changed = True
    return pools, rows, sizes


def _candidates(lines: Lines, skip: int) -> list[list[int]]:
    """Each row's possible sets of numbers as bit sets (bit v for the number v): its
    givens, and numbers of its pool to make up its sum; none for row ``skip`` (the last
    line of a split, which is what the others leave)."""
    pools, rows, _ = lines
    return [[] if r == skip else
            [base | sum(1 << v for v in subset) for subset in _subsets(pools[r], k, t)]
            for r, (base, k, t) in enumerate(rows)]


def _effort(sizes: list[float]) -> float:
    """log of the product of the candidate counts, the largest left out (a split's last
    line is what the others leave): which side has the fewer splits to list."""
    sizes = sorted(sizes)
    if sizes[0] == 0:
        return -math.inf
    return sum(math.log(s) for s in sizes[:-1])


def _layout_bound(puzzle: Puzzle) -> int:
    """The most sets of numbers one level of a layout can hold: which ``k`` of its ``n``
    numbers each of the ``m`` rows has given."""
    m, n = puzzle.height, puzzle.width
    return max(int(math.comb(n, k) ** m) for k in range(n + 1))


def crossing_order(puzzle: Puzzle) -> list[int]:
    """The crossing lines (the columns), those with givens and those farthest from the
    average sum first: they have the fewest ways and keep a layout's levels small."""
    m, n = puzzle.height, puzzle.width
    average = puzzle.cell_count * (puzzle.cell_count + 1) / 2 / n
    return sorted(range(n), key=lambda c: (
        -sum(1 for r in range(m) if puzzle.givens[r * n + c]),
        -abs((puzzle.cols[c] or 0) - average)))


def _sides(puzzle: Puzzle) -> list[tuple[Puzzle, Lines]]:
    """The puzzle and its transpose, the side with the fewer splits first: the order in
    which ``LineCount`` tries them, with each line's number of sets.  A side with a listed
    line of more than ``MOST_CANDIDATES`` sets is left out (listing them would take seconds
    and outgrow memory before the count began)."""
    sides = []
    for side in (puzzle, puzzle.transposed()):
        lines = _side_lines(side)
        sizes = lines[2]
        if sorted(sizes)[-2] <= MOST_CANDIDATES:  # the largest line is never listed
            sides.append((_effort(sizes), side, lines))
    sides.sort(key=lambda entry: entry[0])
    return [(side, lines) for _, side, lines in sides]


class _Full(Exception):
    """A side's layouts outgrew ``MOST_STATES``: the other side is tried."""


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
        row_sums = [r for r in given.rows if r is not None]
        col_sums = [c for c in given.cols if c is not None]
        top = given.cell_count
        if len(row_sums) < given.height or len(col_sums) < given.width \
                or sum(row_sums) != sum(col_sums) or sum(col_sums) != top * (top + 1) // 2:
            return 0
        for puzzle, lines in _sides(given):
            try:
                return (yield from self._count_side(puzzle, lines))
            except _Full:
                continue  # its layouts outgrew the tables: the other side may not
        raise TooLarge

    def _count_side(self, puzzle: Puzzle, lines: Lines) -> Steps[int]:
        """The count with ``puzzle``'s rows as the listed lines; ``_Full`` when a layout
        would pass ``MOST_STATES`` sets.  A side whose bound (``_layout_bound``) fits gets
        tables for all of it at once; one past it starts with ``FIRST_STATES`` and starts
        over with tables eight times larger whenever a layout fills them (near the
        extremes an open 6×6's layouts stay small, though its bound is 64 million)."""
        m, n = puzzle.height, puzzle.width
        top = puzzle.cell_count
        cols = puzzle.cols
        sizes = lines[2]
        order = sorted(range(m), key=lambda r: sizes[r])
        listed, last = order[:-1], order[-1]
        candidates = _candidates(lines, last)
        widest = max(len(candidates[r]) for r in listed) if listed else 1
        cands = np.zeros((len(listed), max(widest, 1)), dtype=np.int64)
        for t, r in enumerate(listed):
            cands[t, :len(candidates[r])] = candidates[r]
        ncands = np.array([len(candidates[r]) for r in listed], dtype=np.int64)
        crossing = crossing_order(puzzle)
        sums = np.array([cols[c] for c in crossing], dtype=np.int64)
        givens = np.array([[puzzle.givens[r * n + c] for c in crossing] for r in order],
                          dtype=np.int64)
        last_givens = sum(1 << v for v in puzzle.givens[last * n:(last + 1) * n] if v)
        everything = ((1 << (top + 1)) - 1) & ~1
        bound = _layout_bound(puzzle)
        states = bound if bound <= MOST_STATES else min(FIRST_STATES, MOST_STATES)
        counting = jit.kernel(lines_kernel.count_range)
        clock = Deadline(None)
        while True:
            capacity = 1 << (2 * states + 2).bit_length()  # a level fills under half
            keys_a = np.full(capacity, lines_kernel.EMPTY, dtype=np.int64)
            keys_b = keys_a.copy()
            vals_a = np.zeros(capacity, dtype=np.int64)
            vals_b = vals_a.copy()
            taken_a = np.zeros(capacity, dtype=np.int64)
            taken_b = taken_a.copy()
            out = np.zeros(2, dtype=np.float64)
            walk = np.full(len(listed) + 1, -1, dtype=np.int64)
            walk[0] = 0
            total, budget = 0, 1
            while walk[0] >= 0:
                yield
                started = clock.elapsed()
                total += int(counting(cands, ncands, walk, budget, everything, last_givens,
                                      sums, givens, keys_a, vals_a, keys_b, vals_b, taken_a,
                                      taken_b, out))
                if out[lines_kernel.TOTAL] > _SAFE:
                    raise TooLarge
                if out[lines_kernel.FULL] != 0.0:
                    break
                # about a hundredth of a second a call: at most twice as many splits as
                # the last call's pace allows (one split's layouts can take milliseconds)
                took = clock.elapsed() - started
                pace = budget * 0.01 / took if took > 0 else 2 * budget
                budget = max(1, min(2 * budget, int(pace)))
            else:
                return total
            if states >= MOST_STATES:
                raise _Full
            states = min(8 * states, MOST_STATES)
