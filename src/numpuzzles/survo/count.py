"""Exact solution counts without listing: column by column, memoised, rows as a multiset.

Why this and not the solver: an open 4×5 puzzle can have millions of solutions and an open
5×5 billions, far too many to visit one by one.  The count is built one column at a time.
After the first ``c`` columns, what the remaining columns can still do depends only on
the numbers used so far and, for each row, what its sum still needs and which of its cells
are given further on.  The order of the rows does not matter (swapping two rows maps the
completions of one state onto the other's), so rows are kept sorted and states that differ
only by the order of their rows are counted once (memoised): exact, not an estimate.

Each column is filled cell by cell under two bounds: what a row still needs must lie
between the sums of its remaining free cells' fewest smallest and fewest largest unused
numbers, and the same for what the column still needs.  Hidden sums bound nothing (a lone
hidden one of a kind is first worked out from the others, ``solve.restored_sums``).

The puzzle is turned so that its columns are the longer side: fewer, richer column
boundaries merge more states (measured: bench/survo_bench.py).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable

from ..core.deadline import Deadline
from .lines import LineCount
from .meet import OpenCount, OutOfTime
from .model import Puzzle
from .solve import restored_sums

RowState = tuple[tuple[int, ...], int | None]
"""A row at a column boundary: its givens in the columns left (0 empty), and what its sum
still needs (None: hidden)."""

_CHECK_EVERY = 4096

LINES = True
"""Whether the line-partition counter takes its turns (``bench/survo_bench.py`` turns it
off for its baseline: the counters as they were before it)."""

MEETING_CELLS = 24
"""The largest table the meeting in the middle takes turns on: an open 5×5's halves
outgrow its state limit (it never finished one in 30 s, ``bench/survo_bench.py``), and
its turns only took time from the line partitions there (measured on 8 open 5×5s a swap
from sorted, 10 s each: median 5.7 s and 3 undecided with its turns, 2.0 s and 2 without)."""


class _OutOfTime(Exception):
    """The deadline passed."""


def _prefix(values: list[int]) -> tuple[list[int], list[int]]:
    """Sums of the k smallest and of the k largest of ``values`` (sorted), k = 0..len."""
    low, high = [0], [0]
    for i in range(len(values)):
        low.append(low[-1] + values[i])
        high.append(high[-1] + values[-1 - i])
    return low, high


def _row_order(row: RowState) -> tuple[tuple[int, ...], int]:
    """A sort key for rows: a hidden sum (None) sorts before every number it meets."""
    pattern, want = row
    return pattern, -1 if want is None else want


def _in_order(rows: Iterable[RowState]) -> tuple[RowState, ...]:
    """Rows in one canonical order, so states that differ only by row order meet in the
    memo.  Two rows with the same givens left, one sum hidden and one printed, are the
    case plain tuple sorting cannot compare."""
    return tuple(sorted(rows, key=_row_order))


class _Counter:
    def __init__(self, puzzle: Puzzle, deadline: Deadline) -> None:
        self.width = puzzle.width
        self.height = puzzle.height
        self.top = puzzle.cell_count
        rows, cols = restored_sums(puzzle)
        self.cols = cols
        self.col_givens = [
            [puzzle.givens[r * self.width + c] for r in range(self.height)]
            for c in range(self.width)]
        self.deadline = deadline
        self.memo: dict[tuple[int, int, tuple[RowState, ...]], int] = {}
        self.calls = 0
        used = 0
        for v in puzzle.givens:
            if v:
                used |= 1 << v
        self.start_used = used
        self.start_rows = _in_order(
            (tuple(puzzle.givens[r * self.width:(r + 1) * self.width]), rows[r])
            for r in range(self.height))

    def total(self) -> int:
        return self.columns(0, self.start_used, self.start_rows)

    def feasible(self, c: int, rows: tuple[RowState, ...], low: list[int],
                 high: list[int]) -> bool:
        """Whether the needs left can still be met all together: the ``j`` rows (or columns)
        needing least take ``j·k`` distinct free numbers, so they need at least the ``j·k``
        smallest ones' sum, and the ``j`` needing most at most the ``j·k`` largest ones'.
        (A necessary condition, checked on open lines, which is where it cuts.)"""
        for needs, k in (self._row_needs(rows), self._col_needs(c, rows)):
            needs.sort()
            acc = 0
            for j, need in enumerate(needs, start=1):
                acc += need
                if acc < low[j * k]:
                    return False
            acc = 0
            for j, need in enumerate(reversed(needs), start=1):
                acc += need
                if acc > high[j * k]:
                    return False
        return True

    def _row_needs(self, rows: tuple[RowState, ...]) -> tuple[list[int], int]:
        """What each row with no givens left and a known sum still needs, and its cells."""
        k = len(rows[0][0]) if rows else 0
        return [want for pattern, want in rows if want is not None and not any(pattern)], k

    def _col_needs(self, c: int, rows: tuple[RowState, ...]) -> tuple[list[int], int]:
        """The same for the columns left (their sums are fixed; givens make them skip)."""
        needs = []
        for col in range(c, self.width):
            total = self.cols[col]
            if total is not None and not any(self.col_givens[col]):
                needs.append(total)
        return needs, len(rows)

    def columns(self, c: int, used: int, rows: tuple[RowState, ...]) -> int:
        """Completions of columns ``c``.. from this boundary (memoised)."""
        if c == self.width:
            return 1
        key = (c, used, rows)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.calls += 1
        if self.calls % _CHECK_EVERY == 0 and self.deadline.expired():
            raise _OutOfTime
        free = [v for v in range(1, self.top + 1) if not used >> v & 1]
        low, high = _prefix(free)
        if not self.feasible(c, rows, low, high):
            self.memo[key] = 0
            return 0
        column_sum = self.cols[c]
        givens_here = [pattern[0] for pattern, _ in rows]
        free_here = givens_here.count(0)
        need = None if column_sum is None else column_sum - sum(givens_here)
        total = 0
        m = len(rows)
        next_rows: list[RowState] = [((), None)] * m

        def fill(i: int, used_now: int, need_now: int | None, free_left: int) -> None:
            nonlocal total
            if i == m:
                if need_now is not None and need_now != 0:
                    return
                total += self.columns(c + 1, used_now, _in_order(next_rows))
                return
            pattern, want = rows[i]
            rest = pattern[1:]
            rest_free = rest.count(0)
            rest_given = sum(rest)
            if pattern[0]:
                value = pattern[0]
                if want is not None:
                    left = want - value - rest_given
                    if not low[rest_free] <= left <= high[rest_free]:
                        return
                next_rows[i] = (rest, None if want is None else want - value)
                fill(i + 1, used_now, need_now, free_left)
                return
            lo, hi = 1, self.top
            if want is not None:
                target = want - rest_given
                lo, hi = max(lo, target - high[rest_free]), min(hi, target - low[rest_free])
            if need_now is not None:
                after = free_left - 1
                lo, hi = max(lo, need_now - high[after]), min(hi, need_now - low[after])
            if lo > hi:
                return
            for k in range(bisect_left(free, lo), bisect_right(free, hi)):
                value = free[k]
                if used_now >> value & 1:
                    continue
                next_rows[i] = (rest, None if want is None else want - value)
                fill(i + 1, used_now | 1 << value,
                     None if need_now is None else need_now - value, free_left - 1)

        fill(0, used, need, free_here)
        self.memo[key] = total
        return total


def count(puzzle: Puzzle, *, timeout: float | None = None) -> tuple[int, bool]:
    """The exact number of solutions and True; ``(0, False)`` when ``timeout`` came first.

    Puzzles with every sum known have more than one counter, and they take turns with
    doubling time slices, none starting over on its next turn (each resumes where it
    stopped; the search keeps its memo):

    - meeting in the middle with anonymous rows (``meet.py``, open puzzles only): the
      fastest on open tables near the average (4×4 in hundredths of a second);
    - line partitions (``lines.py``): the fastest near the extremes, where one side's
      sets are pinned down (open 5×5s with millions of solutions in a second, where the
      other two take minutes);
    - the memoised search with labelled rows here, a quarter of the others' time, which
      extreme sums and givens prune hard.

    Puzzles with a sum hidden (and not worked out from the others) take the search
    alone."""
    turned = puzzle.transposed() if puzzle.width < puzzle.height else puzzle
    deadline = Deadline(timeout)
    rows, cols = restored_sums(turned)
    known_rows = tuple(s for s in rows if s is not None)
    known_cols = tuple(s for s in cols if s is not None)
    search = _Counter(turned, deadline)
    if not (len(known_rows) == len(rows) and len(known_cols) == len(cols)):
        try:
            return search.total(), True
        except _OutOfTime:
            return 0, False

    def searching(piece: Deadline) -> int:
        search.deadline = piece  # its memo keeps what the last turns finished
        return search.total()

    known = Puzzle(turned.height, turned.width, rows, cols, turned.givens)
    turns: list[tuple[Callable[[Deadline], int], float]] = []
    if turned.is_open and turned.cell_count <= MEETING_CELLS:
        turns.append((OpenCount(turned.height, turned.width, known_rows, known_cols).run, 1.0))
    if LINES:
        turns.append((LineCount(known).run, 1.0))
    turns.append((searching, 0.25 if turned.is_open else 1.0))
    budget = 0.25
    while True:
        for run, share in turns:
            left = deadline.remaining()
            if left is not None and left <= 0:
                return 0, False
            piece = Deadline(budget * share if left is None else min(budget * share, left))
            try:
                return run(piece), True
            except (_OutOfTime, OutOfTime):
                pass
        budget *= 2
