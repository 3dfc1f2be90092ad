"""Hints: a move that keeps the board solvable, found by solving from the current board.

The first move of any solution is such a move.  Under ``classic``/``easybrain`` the solver
returns a solution with the fewest additions, so a hint of ``add`` means that adding now
starts a clearing with the fewest additions possible (when no pair keeps the board
clearable, it is the addition that revives it).  The search is exact, so "no move keeps it
solvable" is a proof, unless the result says ``UNKNOWN``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.result import Status
from .board import Board, Pair
from .rules import ORIGINAL, Rules
from .sequence import Move
from .solve import solve


@dataclass(frozen=True)
class Hint:
    """``move`` keeps the board solvable (None when no move does or nothing is left)."""

    status: Status
    move: Move | None
    nodes: int
    adds: int = 0
    """Additions in the solution behind the hint (fewest possible)."""


def hint(
    board: Board,
    rules: Rules | str = ORIGINAL,
    *,
    timeout: float | None = None,
    adds_used: int = 0,
) -> Hint:
    """A move that keeps ``board`` solvable, with the solver's status (``adds_used``:
    additions already spent in the game)."""
    result = solve(board, rules, timeout=timeout, adds_used=adds_used)
    move = None
    if result.status is Status.SOLVED and result.solutions[0]:
        move = result.solutions[0][0]
    adds = sum(1 for m in result.solutions[0] if not isinstance(m, Pair)) if move else 0
    return Hint(result.status, move, result.stats.nodes, adds)
