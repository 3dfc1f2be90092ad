"""The original assignment's solver, kept for comparison: breadth-first search over a list.

The original keeps a fixed list of at most 100,000 distinct boards.  It starts with the
given board, expands the boards in list order, generating children pair by pair (first
cell in reading order, second cell after it), stops with "solvable" as soon as a child is
the empty board, and skips children already in the list.  When a new child no longer fits,
the original answers "unsolvable"; that is not a proof, so here it is ``Status.UNKNOWN``.
Exhausting the list without meeting the empty board is a proof (every reachable board was
expanded), so that is ``Status.UNSOLVABLE``.

Every full solution has exactly N/2 moves, so BFS meets the empty board only after it has
generated almost every reachable board: that is why the cap makes it wrong on larger boards
(``solve.py`` is the exact replacement).

``dedup="hash"`` finds duplicates with a hash set; ``dedup="linear"`` scans the list like
the original C program (much slower; for the benchmark only).
"""

from __future__ import annotations

import time
from typing import Literal

from ..core.deadline import Deadline
from ..core.errors import InvalidParameterError, InvalidPuzzleError
from ..core.result import SolveResult, Stats, Status
from .board import Board, Pair
from .grid import between_masks
from .rules import ORIGINAL, Rules, get_rules, matches

DEFAULT_MAX_BOARDS = 100_000


def seed_bfs(
    board: Board,
    rules: Rules | str = ORIGINAL,
    *,
    max_boards: int = DEFAULT_MAX_BOARDS,
    dedup: Literal["hash", "linear"] = "hash",
    timeout: float | None = None,
) -> SolveResult[tuple[Pair, ...]]:
    """The original's capped BFS; ``UNKNOWN`` where the original would have said false."""
    rules = get_rules(rules)
    if not rules.fixed:
        raise InvalidParameterError("the seed BFS only knows the fixed-grid presets")
    if not board.rectangular:
        raise InvalidPuzzleError("fixed-grid rules need a rectangular board")
    if max_boards < 1:
        raise InvalidParameterError(f"max_boards must be at least 1, got {max_boards}")
    start = time.perf_counter()
    deadline = Deadline(timeout)
    vals = board.cells
    # candidate pairs in the original's order, with the cells that must be cleared between
    pairs = [
        (i, j, (1 << i) | (1 << j), between)
        for (i, j), between in sorted(between_masks(board.width, board.height, rules).items())
        if matches(vals[i], vals[j])
    ]
    root = sum(1 << i for i, v in enumerate(vals) if v)
    boards = [root]
    parent: list[tuple[int, int, int]] = [(-1, -1, -1)]
    seen = {root}

    def path(index: int, last: tuple[int, int]) -> tuple[Pair, ...]:
        moves = [last]
        while index > 0:
            up, i, j = parent[index]
            moves.append((i, j))
            index = up
        return tuple(Pair(board.cell(i), board.cell(j)) for i, j in reversed(moves))

    def done(
        status: Status, sols: tuple[tuple[Pair, ...], ...] = (), timed_out: bool = False
    ) -> SolveResult[tuple[Pair, ...]]:
        stats = Stats(seconds=time.perf_counter() - start, nodes=len(boards))
        return SolveResult(
            status, sols, complete=status is Status.UNSOLVABLE, timed_out=timed_out, stats=stats
        )

    if root == 0:
        return done(Status.SOLVED, ((),))
    head = 0
    while head < len(boards):
        if head & 255 == 0 and deadline.expired():
            return done(Status.UNKNOWN, timed_out=True)
        state = boards[head]
        for i, j, both, between in pairs:
            if state & both != both or state & between:
                continue
            child = state & ~both
            if child == 0:
                return done(Status.SOLVED, (path(head, (i, j)),))
            new = child not in boards if dedup == "linear" else child not in seen
            if new:
                if len(boards) >= max_boards:
                    return done(Status.UNKNOWN)
                boards.append(child)
                parent.append((head, i, j))
                seen.add(child)
        head += 1
    return done(Status.UNSOLVABLE)
