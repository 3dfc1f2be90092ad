"""Exact search for the reading-order presets (``classic``, ``easybrain``), fewest adds.

The state is the cell sequence (empty rows removed) plus the number of additions left.
Iterative deepening on additions (0, 1, 2, ...) makes the first solution found one with
the fewest additions.  Within one bound the search is depth-first over moves, with:

* **dead-state memo** on ``(cells, additions left)``; a state that fails with ``a``
  additions left fails whatever the bound, so the memo is shared by all bounds;
* **parity** with no additions left (each move removes two digits of one value class;
  an addition doubles every count, so parity only prunes once additions are spent);
* **ordering**: moves that empty a row first, then moves in value classes with few
  digits left; the addition last under ``easybrain`` but first under ``classic`` (measured:
  on random 27-digit starts adding last is about 10x faster for ``easybrain``, whose
  diagonals leave many moves; ``classic`` has fewer moves and adding first finds the 1..19
  start in about 600 nodes instead of 100,000).  The order never affects correctness: every
  branch is still searched.

``easybrain`` (5 additions) is decided exactly: ``UNSOLVABLE`` means no clearing exists
with up to 5 additions.  ``classic`` allows unlimited additions; the search raises the
bound up to ``max_adds`` (default 10) and answers ``UNKNOWN`` beyond it, never
``UNSOLVABLE``.
"""

from __future__ import annotations

import time

from ..core.deadline import Deadline
from ..core.result import SolveResult, Stats, Status
from .board import Board, Pair
from .rules import Rules
from .sequence import (
    ADD,
    Cells,
    Move,
    add_numbers,
    board_cells,
    legal_index_pairs,
    take_indices,
    uses_diagonals,
)

CLASSIC_DEFAULT_MAX_ADDS = 10
_CLASS = (0, 1, 2, 3, 4, 5, 4, 3, 2, 1)


class _Stop(Exception):
    """A time or node limit was reached."""


def _parity_ok(cells: Cells) -> bool:
    odd = 0
    for v in cells:
        if v:
            odd ^= 1 << _CLASS[v]
    return odd == 0


class _SeqSearch:
    def __init__(
        self, width: int, diagonals: bool, deadline: Deadline, max_nodes: int | None
    ) -> None:
        self.width = width
        self.diagonals = diagonals
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.dead: set[tuple[Cells, int]] = set()
        self.add_first = not diagonals
        self.path: list[tuple[Cells, tuple[int, int] | None]] = []

    def _ordered(self, cells: Cells) -> list[tuple[int, int]]:
        """Legal pairs, best first: those that empty a row, then those in value classes
        with few digits left."""
        width = self.width
        counts = [0] * 6
        row_digits = [0] * (len(cells) // width + 1)
        for k, v in enumerate(cells):
            if v:
                counts[_CLASS[v]] += 1
                row_digits[k // width] += 1
        scored = []
        for i, j in legal_index_pairs(cells, width, self.diagonals):
            ri, rj = i // width, j // width
            if ri == rj:
                emptied = row_digits[ri] == 2
            else:
                emptied = (row_digits[ri] == 1) + (row_digits[rj] == 1) > 0
            scored.append((not emptied, counts[_CLASS[cells[i]]], i, j))
        scored.sort()
        return [(i, j) for _, _, i, j in scored]

    def search(self, cells: Cells, adds_left: int) -> bool:
        if not cells:
            return True
        self.nodes += 1
        if self.nodes & 255 == 0 and self.deadline.expired():
            raise _Stop
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Stop
        if adds_left == 0 and cells[-1] == 0:
            # with no addition to come, cleared cells after the last digit change nothing
            end = len(cells)
            while cells[end - 1] == 0:
                end -= 1
            cells = cells[:end]
        key = (cells, adds_left)
        if key in self.dead:
            return False
        if adds_left == 0 and not _parity_ok(cells):
            self.dead.add(key)
            return False
        if adds_left > 0 and self.add_first and self._try_add(cells, adds_left):
            return True
        width = self.width
        for i, j in self._ordered(cells):
            self.path.append((cells, (i, j)))
            if self.search(take_indices(cells, width, i, j), adds_left):
                return True
            self.path.pop()
        if adds_left > 0 and not self.add_first and self._try_add(cells, adds_left):
            return True
        self.dead.add(key)
        return False

    def _try_add(self, cells: Cells, adds_left: int) -> bool:
        self.path.append((cells, None))
        if self.search(add_numbers(cells), adds_left - 1):
            return True
        self.path.pop()
        return False


def solve_sequence(
    board: Board,
    rules: Rules,
    *,
    timeout: float | None = None,
    max_nodes: int | None = None,
    max_adds: int | None = None,
    adds_used: int = 0,
) -> SolveResult[tuple[Move, ...]]:
    """Clear ``board`` under ``classic`` or ``easybrain`` with the fewest additions.

    ``max_adds`` lowers the rules' own limit (for ``classic``, whose limit is unlimited, it
    defaults to ``CLASSIC_DEFAULT_MAX_ADDS`` and a failure beyond it is ``UNKNOWN``).
    ``adds_used``: additions already spent in the game (they count against the limit).
    """
    start = time.perf_counter()
    rule_cap = None if rules.max_adds is None else max(0, rules.max_adds - adds_used)
    if max_adds is None:
        cap = CLASSIC_DEFAULT_MAX_ADDS if rule_cap is None else rule_cap
    else:
        cap = max_adds if rule_cap is None else min(max_adds, rule_cap)
    # proof only when the bound we searched is the rules' own bound
    exhaustive_means_proof = rule_cap is not None and cap == rule_cap
    search = _SeqSearch(board.width, uses_diagonals(rules), Deadline(timeout), max_nodes)
    cells = board_cells(board)

    def result(
        status: Status, sols: tuple[tuple[Move, ...], ...] = (), timed_out: bool = False
    ) -> SolveResult[tuple[Move, ...]]:
        stats = Stats(seconds=time.perf_counter() - start, nodes=search.nodes)
        return SolveResult(
            status, sols, complete=status is Status.UNSOLVABLE, timed_out=timed_out, stats=stats
        )

    try:
        for bound in range(cap + 1):
            search.path.clear()
            if search.search(cells, bound):
                moves: list[Move] = []
                for _, step in search.path:
                    if step is None:
                        moves.append(ADD)
                    else:
                        i, j = step
                        moves.append(Pair(divmod(i, board.width), divmod(j, board.width)))
                return result(Status.SOLVED, (tuple(moves),))
    except _Stop:
        return result(Status.UNKNOWN, timed_out=True)
    except RecursionError:  # move lists deeper than Python's stack: undecided, not unsolvable
        return result(Status.UNKNOWN)
    return result(Status.UNSOLVABLE if exhaustive_means_proof else Status.UNKNOWN)


def count_adds(moves: tuple[Move, ...]) -> int:
    """How many additions a move list uses."""
    return sum(1 for m in moves if not isinstance(m, Pair))
