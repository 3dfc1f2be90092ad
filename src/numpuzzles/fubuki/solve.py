"""Fast exact Fubuki solver: depth-first search with line bounds and fewest-candidates order.

Why it is fast: for a line with ``k`` empty cells and remaining total ``t``, a digit ``v``
fits a cell only if ``t - v`` lies between the sums of the ``k - 1`` smallest and largest
unused digits (products likewise, plus divisibility).  Each node fills the cell with the
fewest such candidates, so forced cells cost no branching.  The original program tried all
8! orderings instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from ..core.deadline import Deadline
from ..core.result import SolveResult, Stats, Status, status_for
from .model import Filling, Puzzle

_CHECK_EVERY = 512


class _Stop(Exception):
    """Unwinds the search when the solution limit or the deadline is reached."""


class _Search:
    """State of one search; attributes are plain lists so the inner loop stays cheap."""

    def __init__(self, puzzle: Puzzle, forbid: Mapping[int, int] | None = None) -> None:
        n = puzzle.size
        self.n = n
        self.top = n * n
        self.product = puzzle.product
        lines = [line for line in puzzle.lines() if line.total is not None]
        self.cell_lines: list[list[int]] = [[] for _ in range(self.top)]
        for index, line in enumerate(lines):
            for cell in line.cells:
                self.cell_lines[cell].append(index)
        self.rem: list[int] = [line.total or 0 for line in lines]
        self.empty: list[int] = [n] * len(lines)
        self.values: list[int] = [0] * self.top
        # digits each cell may not take (bit d for digit d): how ``analyse`` asks for a
        # solution that differs from the ones it knows at one cell
        self.forbid: list[int] = [0] * self.top
        for cell, mask in (forbid or {}).items():
            self.forbid[cell] |= mask
        self.unused = ((1 << (self.top + 1)) - 1) & ~1
        self.nodes = 0
        self.dead = False
        for cell, value in enumerate(puzzle.givens):
            if value:
                self.place(cell, value)
        for rem, empty in zip(self.rem, self.empty, strict=True):
            if empty == 0 and rem != (1 if self.product else 0):
                self.dead = True

    def place(self, cell: int, value: int) -> None:
        """Put ``value`` in ``cell`` (the caller knows it divides every product total)."""
        self.values[cell] = value
        self.unused &= ~(1 << value)
        for index in self.cell_lines[cell]:
            if self.product:
                self.rem[index] //= value
            else:
                self.rem[index] -= value
            self.empty[index] -= 1

    def unplace(self, cell: int, value: int) -> None:
        """Undo ``place``."""
        self.values[cell] = 0
        self.unused |= 1 << value
        for index in self.cell_lines[cell]:
            if self.product:
                self.rem[index] *= value
            else:
                self.rem[index] += value
            self.empty[index] += 1

    def choose(self) -> tuple[int, int]:
        """The empty cell with the fewest candidates and its candidate mask; (-1, 0) when full.

        A mask of 0 means the position is dead.
        """
        unused = self.unused
        digits = [d for d in range(1, self.top + 1) if unused >> d & 1]
        if not digits:
            return -1, 0
        low = [0]
        high = [0]
        if self.product:
            low = [1]
            high = [1]
            for i in range(len(digits)):
                low.append(low[-1] * digits[i])
                high.append(high[-1] * digits[-1 - i])
        else:
            for i in range(len(digits)):
                low.append(low[-1] + digits[i])
                high.append(high[-1] + digits[-1 - i])
        best_cell, best_mask, best_count = -1, 0, 1 << 30
        values, rem, empty, cell_lines = self.values, self.rem, self.empty, self.cell_lines
        forbid = self.forbid
        top = self.top
        for cell in range(top):
            if values[cell]:
                continue
            mask = unused & ~forbid[cell]
            for index in cell_lines[cell]:
                k = empty[index] - 1
                t = rem[index]
                if self.product:
                    lo = -(-t // high[k])
                    hi = t // low[k]
                    if lo > top or hi < 1:
                        mask = 0
                        break
                    lo = max(lo, 1)
                    hi = min(hi, top)
                    band = mask & ((1 << (hi + 1)) - (1 << lo))
                    mask = 0
                    while band:
                        bit = band & -band
                        v = bit.bit_length() - 1
                        if t % v == 0:
                            mask |= bit
                        band ^= bit
                else:
                    lo = t - high[k]
                    hi = t - low[k]
                    if lo > top or hi < 1:
                        mask = 0
                        break
                    lo = max(lo, 1)
                    hi = min(hi, top)
                    mask &= (1 << (hi + 1)) - (1 << lo)
                if not mask:
                    break
            count = mask.bit_count()
            if count < best_count:
                best_cell, best_mask, best_count = cell, mask, count
                if count <= 1:
                    break
        return best_cell, best_mask

    def run(
        self,
        on_solution: Callable[[list[int]], bool],
        deadline: Deadline,
        node_limit: int | None,
    ) -> None:
        """Visit every solution; ``on_solution`` returns False to stop."""
        if self.dead:
            return

        def dfs() -> None:
            self.nodes += 1
            if self.nodes % _CHECK_EVERY == 0 and (
                deadline.expired() or (node_limit is not None and self.nodes > node_limit)
            ):
                raise _Stop
            cell, mask = self.choose()
            if cell < 0:
                if not on_solution(self.values):
                    raise _Stop
                return
            while mask:
                bit = mask & -mask
                mask ^= bit
                value = bit.bit_length() - 1
                self.place(cell, value)
                dfs()
                self.unplace(cell, value)

        dfs()


def _as_filling(values: list[int], n: int) -> Filling:
    return tuple(tuple(values[r * n : (r + 1) * n]) for r in range(n))


def solve(
    puzzle: Puzzle,
    *,
    limit: int | None = None,
    timeout: float | None = None,
    node_limit: int | None = None,
    forbid: Mapping[int, int] | None = None,
) -> SolveResult[Filling]:
    """All solutions of ``puzzle`` (at most ``limit``; ``limit=2`` decides uniqueness).

    ``complete`` is True when the search was exhaustive, so ``count`` is exact.
    ``forbid`` maps an empty cell's index to a mask of digits it may not hold (bit ``d``
    for digit ``d``): only solutions that avoid them are searched (``analyse.py``).
    """
    start = time.perf_counter()
    search = _Search(puzzle, forbid)
    found: list[Filling] = []
    stopped_by_limit = False

    def keep(values: list[int]) -> bool:
        nonlocal stopped_by_limit
        found.append(_as_filling(values, puzzle.size))
        if limit is not None and len(found) >= limit:
            stopped_by_limit = True
            return False
        return True

    exhausted = True
    try:
        search.run(keep, Deadline(timeout), node_limit)
    except _Stop:
        exhausted = False
    timed_out = not exhausted and not stopped_by_limit
    return SolveResult(
        status=status_for(len(found), exhausted),
        solutions=tuple(found),
        complete=exhausted,
        timed_out=timed_out,
        stats=Stats(seconds=time.perf_counter() - start, nodes=search.nodes),
    )


def count(
    puzzle: Puzzle, *, limit: int | None = None, timeout: float | None = None
) -> tuple[int, bool]:
    """The number of solutions (up to ``limit``) without keeping them, and whether it is exact.

    Exact means the search was exhaustive, or it stopped at ``limit`` (then the count is a
    lower bound and ``False`` is returned).
    """
    search = _Search(puzzle)
    total = 0

    def tally(_values: list[int]) -> bool:
        nonlocal total
        total += 1
        return limit is None or total < limit

    try:
        search.run(tally, Deadline(timeout), None)
    except _Stop:
        return total, False
    return total, True


def is_unique(puzzle: Puzzle, timeout: float | None = None) -> bool | None:
    """True/False when decided, None when the timeout stopped the search first."""
    result = solve(puzzle, limit=2, timeout=timeout)
    if result.timed_out:
        return None
    return result.count == 1


__all__ = ["Status", "count", "is_unique", "solve"]
