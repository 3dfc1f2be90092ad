"""Hints: a move that keeps the board solvable, found by solving from the current board.

The first move of any solution is such a move.  Under ``classic``/``easybrain`` the solver
returns a solution with the fewest additions, and its search may try the addition first
(that is what finds the 1..19 start quickly), so its first move can be ``add`` while dozens
of pairs are open.  A player asking for a hint there wants a pair: "add numbers" is the one
move they can always find themselves.  So when the solution starts with ``add``, each open
pair is tried (the solution's own later pairs first, since an addition only appends and
leaves their cells where they are, then the rest in reading order): the first pair after
which the board can still be cleared with the same fewest additions is the hint.  Only
when no pair keeps that (or the time runs out before one is proved to) is the hint
``add``, which is then the move that starts a clearing with the fewest additions possible
(when no pair keeps the board clearable, it is the addition that revives it).  A pair is
offered only once it is proved to keep the board clearable: a merely legal pair could be
the move that loses the game.  The search is exact, so "no move keeps it solvable" is a
proof, unless the result says ``UNKNOWN``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..core.result import Status
from .board import Board, Pair
from .rules import ORIGINAL, Rules, get_rules
from .sequence import Move, board_cells, legal_index_pairs, take_seq, to_board, uses_diagonals
from .solve import solve

PAIR_SHARE = 0.5
"""The part of the time left (after the first solve) that the search for a pair may use."""
FIRST_ROUND = 500
"""Nodes each pair's search gets in the first round (see ``_pair_instead``)."""
PAIR_NODES = 50_000
"""Nodes the search for a pair may use at least (ten times the first solve's if more), so
that a hint without a timeout still ends, and gives the same answer on every machine."""


@dataclass(frozen=True)
class Hint:
    """``move`` keeps the board solvable (None when no move does or nothing is left)."""

    status: Status
    move: Move | None
    nodes: int
    adds: int = 0
    """Additions in the solution behind the hint (fewest possible)."""


def _additions(moves: tuple[Move, ...]) -> int:
    return sum(1 for m in moves if not isinstance(m, Pair))


def _candidates(board: Board, rules: Rules, solution: tuple[Move, ...]) -> list[Pair]:
    """The open pairs, the solution's own (legal now) first, then the rest in reading
    order."""
    width = board.width
    legal = [Pair(divmod(i, width), divmod(j, width))
             for i, j in legal_index_pairs(board.cells, width, uses_diagonals(rules))]
    opened = set(legal)
    first = [m for m in solution if isinstance(m, Pair) and m in opened]
    seen: set[Pair] = set()
    out: list[Pair] = []
    for pair in (*first, *legal):
        if pair not in seen:
            seen.add(pair)
            out.append(pair)
    return out


def _pair_instead(
    board: Board, rules: Rules, solution: tuple[Move, ...], adds: int, adds_used: int,
    deadline: float | None, budget: int,
) -> tuple[Pair | None, int]:
    """A pair after which ``board`` clears with ``adds`` additions, and the nodes searched.

    Why rounds: the searches after different pairs differ by thousands of times in length
    (on the classic 1..19 start one pair is proved in 62 nodes, another is not decided in
    190,000), so every pair is searched a little, then each still undecided one eight
    times longer, and so on, until one is proved or the time or node budget is spent.
    """
    nodes = 0
    open_: list[tuple[Pair, Board]] = []
    for pair in _candidates(board, rules, solution):
        after = take_seq(board, pair, rules)
        if after is None:
            continue
        if after.cleared or not after.cells:
            return pair, nodes
        open_.append((pair, after))
    limit = FIRST_ROUND
    while open_:
        undecided: list[tuple[Pair, Board]] = []
        for pair, after in open_:
            left = None if deadline is None else deadline - time.perf_counter()
            if (left is not None and left <= 0) or nodes >= budget:
                return None, nodes
            cap = min(limit, budget - nodes)
            result = solve(after, rules, timeout=left, max_nodes=cap, max_adds=adds,
                           adds_used=adds_used)
            nodes += result.stats.nodes
            if result.status is Status.SOLVED and _additions(result.solutions[0]) <= adds:
                return pair, nodes
            if result.status is Status.UNKNOWN and result.stats.nodes >= cap:
                undecided.append((pair, after))  # stopped by the node limit, not refuted
        open_ = undecided
        limit *= 8
    return None, nodes


def hint(
    board: Board,
    rules: Rules | str = ORIGINAL,
    *,
    timeout: float | None = None,
    adds_used: int = 0,
) -> Hint:
    """A move that keeps ``board`` solvable, with the solver's status (``adds_used``:
    additions already spent in the game); a pair rather than ``add`` where one keeps the
    fewest additions (see the module docstring)."""
    rules = get_rules(rules)
    started = time.perf_counter()
    result = solve(board, rules, timeout=timeout, adds_used=adds_used)
    nodes = result.stats.nodes
    if result.status is not Status.SOLVED or not result.solutions[0]:
        return Hint(result.status, None, nodes, 0)
    solution = result.solutions[0]
    adds = _additions(solution)
    move = solution[0]
    if not isinstance(move, Pair) and not rules.fixed:
        deadline = None
        if timeout is not None:
            left = timeout - (time.perf_counter() - started)
            deadline = time.perf_counter() + max(0.0, left) * PAIR_SHARE
        current = to_board(board_cells(board), board.width)
        budget = max(PAIR_NODES, 10 * nodes)
        pair, more = _pair_instead(current, rules, solution, adds, adds_used, deadline, budget)
        nodes += more
        if pair is not None:
            move = pair
    return Hint(result.status, move, nodes, adds)
