"""``analyse`` for Number Match: can the board be cleared, with how few additions, and
which first moves keep that.

Number Match has no grid of values that every solution shares (a solution is a move
list, and the cells all end cleared), so ``common`` and ``differ`` stay empty; what a
setter wants instead is whether the board is a fair puzzle (clearable: ``count`` is 1,
0 when proved not, ``complete`` when decided) and how forgiving it is: the legal first
moves, and those after which the board can still be cleared with the fewest additions
the rules need (``good_first_moves``: on the fixed grids, simply "still clearable").

Why not every first move is searched to the end: after some moves the search is decided
in a few dozen nodes, after others not in hundreds of thousands (``hint.py`` measured
this on the classic 1..19 start).  So the moves are searched in rounds, each undecided
one eight times longer than in the round before, until every move is decided or the
time or node budget is spent; the moves left are reported as undecided, never guessed.
Some are decided for free: on the fixed grids any pair of a clearing matching that is
legal now keeps the board clearable (taking it leaves the rest of that matching to
take, ``solve.py``), so every solution found marks all of its pairs that are legal now;
a solution's own first pair is good under every preset.

``difficulty`` is the generator's measure where it is exact and cheap: under ``classic``
and ``easybrain`` the band of the fewest additions (``generate.ADD_BANDS``); on the
fixed grids the trap rate needs a random winning line, so it is left out (None).
"""

from __future__ import annotations

import time
from typing import Any

from ..core.analysis import Analysis
from ..core.deadline import Deadline
from ..core.result import Status
from .board import Board, Pair
from .rules import Rules, get_rules
from .sequence import Move, board_cells, legal_index_pairs, to_board, uses_diagonals
from .solve import solve
from .take import legal_pairs, take

FIRST_ROUND = 500
"""Nodes each first move's search gets in the first round."""
MOVE_NODES = 200_000
"""Nodes all first moves' searches may use together at least (twenty times the first
solve's if more), so an analysis without a timeout still ends, the same on every machine."""


def _additions(moves: tuple[Move, ...]) -> int:
    return sum(1 for m in moves if not isinstance(m, Pair))


def _first_moves(board: Board, rules: Rules) -> tuple[Board, list[Pair]]:
    """The board the moves are named on and its legal pairs now, in reading order.
    Under the reading-order presets empty rows are gone first (coordinates name the
    board the player sees), as in ``hint.py``."""
    if rules.fixed:
        return board, legal_pairs(board, rules)
    current = to_board(board_cells(board), board.width)
    width = current.width
    pairs = [Pair(divmod(i, width), divmod(j, width))
             for i, j in legal_index_pairs(current.cells, width, uses_diagonals(rules))]
    return current, pairs


def _refuted(result: Any, rules: Rules, adds: int) -> bool:
    """Whether a search after a first move proved it loses the fewest additions: an
    exhaustive failure, or (``max_adds`` below the rules' own limit) the bound searched
    to its end without a clearing."""
    if result.status is Status.UNSOLVABLE:
        return True
    below_rules = rules.max_adds is None or adds < rules.max_adds
    return result.status is Status.UNKNOWN and not result.timed_out and below_rules


def _judge_moves(
    current: Board, rules: Rules, pairs: list[Pair], solution: tuple[Move, ...], adds: int,
    deadline: Deadline, budget: int,
) -> tuple[set[Pair], set[Pair]]:
    """The good first moves and the undecided ones (see the module docstring)."""
    good: set[Pair] = set()
    legal = set(pairs)

    def credit(first: Pair | None, moves: tuple[Move, ...]) -> None:
        if first is not None:
            good.add(first)
        if rules.fixed:
            good.update(m for m in moves if isinstance(m, Pair) and m in legal)
        elif first is None and moves and isinstance(moves[0], Pair):
            good.add(moves[0])

    credit(None, solution)
    waiting: list[tuple[Pair, Board]] = []
    for pair in pairs:
        if pair in good:
            continue
        after = take(current, pair, rules)
        if after is None:
            continue
        if after.cleared:
            good.add(pair)
        else:
            waiting.append((pair, after))
    nodes, cap = 0, FIRST_ROUND
    while waiting:
        undecided: list[tuple[Pair, Board]] = []
        for pair, after in waiting:
            if pair in good:
                continue
            if deadline.expired() or nodes >= budget:
                undecided.append((pair, after))
                continue
            result = solve(after, rules, timeout=deadline.remaining(),
                           max_nodes=min(cap, budget - nodes), max_adds=adds)
            nodes += result.stats.nodes
            if result.status is Status.SOLVED and _additions(result.solutions[0]) <= adds:
                credit(pair, result.solutions[0])
            elif not _refuted(result, rules, adds):
                undecided.append((pair, after))
        if deadline.expired() or nodes >= budget:
            return good, {p for p, _ in undecided if p not in good}
        waiting, cap = undecided, cap * 8
    return good, set()


def _moves_words(moves: list[list[int]]) -> str:
    """First moves as a setter reads them, ``r2c5-r3c5`` (1-based, rows as the rules play
    on the board); the JSON keeps the original's ``x1,y1,x2,y2``."""
    from ..core.words import cell_tag

    if not moves:
        return "none"
    return " ".join(f"{cell_tag((y1, x1))}-{cell_tag((y2, x2))}" for x1, y1, x2, y2 in moves)


def _summary(details: dict[str, Any], status: Status) -> str:
    """The headline for a person: clearable or not, rather than "unique"."""
    if status is Status.UNKNOWN:
        bound = details.get("refuted_additions")
        if bound is None:
            return "undecided: a limit stopped the search"
        fewer = ("without an addition" if bound == 0
                 else f"with up to {bound} addition{'s' if bound > 1 else ''}")
        return f"undecided: no clearing {fewer} (proved); a limit stopped the search"
    if status is Status.UNSOLVABLE:
        return "cannot be cleared (proved)"
    adds = details["fewest_additions"]
    if not adds:
        return "clearable, with no addition"
    return f"clearable, with {adds} addition{'s' if adds > 1 else ''} at the fewest"


def analyse(board: Board, rules: Rules | str, *, timeout: float | None = None) -> Analysis:
    """The setter's view of ``board`` under ``rules`` (see the module docstring)."""
    from .generate import ADD_BANDS

    started = time.perf_counter()
    deadline = Deadline(timeout)
    rules = get_rules(rules)
    current, pairs = _first_moves(board, rules)
    details: dict[str, Any] = {
        "clearable": None, "fewest_additions": None, "refuted_additions": None,
        "first_moves": len(pairs), "good_first_moves": [], "undecided_first_moves": [],
    }

    def done(status: Status, count: int, complete: bool, timed_out: bool = False,
             difficulty: str | None = None) -> Analysis:
        words = {key: _moves_words(details[key])
                 for key in ("good_first_moves", "undecided_first_moves")}
        return Analysis(status, count, complete, difficulty=difficulty, details=details,
                        words=words, summary=_summary(details, status),
                        timed_out=timed_out, seconds=time.perf_counter() - started)

    if board.cleared:
        details.update(clearable=True, fewest_additions=0)
        return done(Status.SOLVED, 1, True)
    result = solve(board, rules, timeout=deadline.remaining())
    if result.status is Status.UNSOLVABLE:
        details["clearable"] = False
        return done(Status.UNSOLVABLE, 0, True)
    if result.status is Status.UNKNOWN:
        details["refuted_additions"] = result.refuted  # what the search proved before it
        return done(Status.UNKNOWN, 0, False, timed_out=result.timed_out)
    solution = result.solutions[0]
    adds = _additions(solution)
    details.update(clearable=True, fewest_additions=adds)
    budget = max(MOVE_NODES, 20 * result.stats.nodes)
    good, undecided = _judge_moves(current, rules, pairs, solution, adds, deadline, budget)
    details["good_first_moves"] = [list(p.xy()) for p in pairs if p in good]
    details["undecided_first_moves"] = [list(p.xy()) for p in pairs if p in undecided]
    difficulty = None
    if not rules.fixed:
        difficulty = next(
            (name for name, (low, high) in ADD_BANDS.items() if low <= adds <= high), "hard")
    return done(Status.SOLVED, 1, True, timed_out=bool(undecided), difficulty=difficulty)
