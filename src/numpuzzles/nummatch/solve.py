"""Exact solver for the fixed-grid presets (``original``, ``brief``).

Why it is fast where move-order search is hopeless: on a fixed grid a pair connects exactly
when the cells strictly between its ends are cleared (``grid.py``), and clearing never
breaks a connection.  So the order of moves hardly matters; what matters is *which* cells
are paired.  A perfect matching ``M`` of the digits into matching pairs can be cleared iff
the relation "pair Q has a cell between the ends of pair P, so Q must go first" is acyclic
on ``M`` (then any topological order is a legal move list, and greedily taking any legal
pair of ``M`` never hurts).  The search therefore builds the matching, not the move order:

* **parity** (``rules.parity_ok``): every move removes two digits of one value class
  ({1,9}, {2,8}, {3,7}, {4,6}, {5}); a class with an odd count is unsolvable at once
  (about 94 % of random 4x5 boards);
* **matching view**: only pairs on a common line (the static "can ever connect" graph)
  are candidates; a digit with no uncommitted candidate left kills the branch;
* **forced moves and ordering**: branch on the digit with the fewest candidates (one
  candidate is a forced pair, no branching), trying partners that connect right now first;
* **cycle check**: a new pair that would close a precedence cycle with the pairs already
  chosen is never tried;
* **greedy execution**: chosen pairs are taken as soon as they connect, which also yields
  the move list in a legal order;
* **dead-state memo**: the state after execution (bitmask of unpaired digits plus the
  chosen but not yet taken pairs) is remembered when it fails, so transpositions are
  searched once.

``Status.UNSOLVABLE`` is returned only after the search is exhaustive; a timeout or node
limit gives ``Status.UNKNOWN``.
"""

from __future__ import annotations

import time

from ..core.deadline import Deadline
from ..core.errors import InvalidParameterError, InvalidPuzzleError
from ..core.result import SolveResult, Stats, Status
from .board import Board, Pair
from .grid import between_masks
from .rules import ORIGINAL, Rules, get_rules, matches, parity_ok
from .sequence import Move

Moves = tuple[Pair, ...]
PairIdx = tuple[int, int]


class _Stop(Exception):
    """Raised inside the search when a time or node limit is reached."""


class MatchingSearch:
    """The matching-view search state for one board (see the module docstring).

    Also used by ``count.py`` (``count_from``) to enumerate clearing matchings, which is
    why the branching is exposed as ``children``.
    """

    def __init__(
        self,
        board: Board,
        rules: Rules,
        deadline: Deadline | None = None,
        max_nodes: int | None = None,
    ) -> None:
        if not rules.fixed:
            raise InvalidParameterError(
                f"the matching search needs fixed-grid rules, not {rules.name}"
            )
        if not board.rectangular:
            raise InvalidPuzzleError("fixed-grid rules need a rectangular board")
        self.board = board
        self.n = n = len(board.cells)
        vals = board.cells
        self.btw = between_masks(board.width, board.height, rules)
        nbr = [0] * n
        for i, j in self.btw:
            if matches(vals[i], vals[j]):
                nbr[i] |= 1 << j
                nbr[j] |= 1 << i
        self.nbr = nbr
        self.alive = sum(1 << i for i in range(n) if vals[i])
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.nodes = 0
        self.dead: set[tuple[int, tuple[PairIdx, ...]]] = set()
        self.moves: list[PairIdx] = []

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 255 == 0 and self.deadline is not None and self.deadline.expired():
            raise _Stop
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Stop

    def execute(
        self, uncommitted: int, pending: tuple[PairIdx, ...]
    ) -> tuple[int, tuple[PairIdx, ...]]:
        """Take every chosen pair that connects now (repeatedly); returns the occupied mask
        and the pairs still waiting.  Taken pairs are appended to ``self.moves``."""
        occupied = uncommitted
        for i, j in pending:
            occupied |= (1 << i) | (1 << j)
        btw = self.btw
        progress = True
        while progress and pending:
            progress = False
            rest = []
            for p in pending:
                if btw[p] & occupied:
                    rest.append(p)
                else:
                    occupied &= ~((1 << p[0]) | (1 << p[1]))
                    self.moves.append(p)
                    progress = True
            pending = tuple(rest)
        return occupied, pending

    def children(
        self, uncommitted: int, pending: tuple[PairIdx, ...], occupied: int
    ) -> list[tuple[int, tuple[PairIdx, ...]]] | None:
        """The branches for the most constrained digit, best first; None when some digit
        has no candidate left (a dead state)."""
        nbr = self.nbr
        best = -1
        best_deg = 1 << 30
        rest = uncommitted
        while rest:
            low = rest & -rest
            c = low.bit_length() - 1
            rest ^= low
            deg = (nbr[c] & uncommitted).bit_count()
            if deg < best_deg:
                if deg == 0:
                    return None
                best, best_deg = c, deg
                if deg == 1:
                    break
        c = best
        btw = self.btw
        scored = []
        cand = nbr[c] & uncommitted
        while cand:
            low = cand & -cand
            p = low.bit_length() - 1
            cand ^= low
            pair = (c, p) if c < p else (p, c)
            if self._closes_cycle(pair, pending):
                continue
            legal_now = 0 if btw[pair] & occupied == 0 else 1
            scored.append((legal_now, (nbr[p] & uncommitted).bit_count(), pair))
        scored.sort()
        out = []
        for _, _, pair in scored:
            left = uncommitted & ~((1 << pair[0]) | (1 << pair[1]))
            out.append((left, tuple(sorted((*pending, pair)))))
        return out

    def _closes_cycle(self, pair: PairIdx, pending: tuple[PairIdx, ...]) -> bool:
        """True when adding ``pair`` to the chosen pairs makes the precedence relation cyclic."""
        if not pending:
            return False
        btw = self.btw
        mine = (1 << pair[0]) | (1 << pair[1])
        between = btw[pair]
        preds = []
        succs = []
        for q in pending:
            qcells = (1 << q[0]) | (1 << q[1])
            if qcells & between:
                preds.append(q)
            if btw[q] & mine:
                succs.append(q)
        if not preds or not succs:
            return False
        targets = set(preds)
        seen = set(succs)
        stack = list(succs)
        while stack:
            r = stack.pop()
            if r in targets:
                return True
            rcells = (1 << r[0]) | (1 << r[1])
            for s in pending:
                if s not in seen and btw[s] & rcells:
                    seen.add(s)
                    stack.append(s)
        return False

    def search(self, uncommitted: int, pending: tuple[PairIdx, ...]) -> bool:
        """True when the state can be cleared; ``self.moves`` then holds the move list."""
        self._tick()
        mark = len(self.moves)
        occupied, pending = self.execute(uncommitted, pending)
        if not uncommitted:
            if pending:  # cannot happen with acyclic precedence; kept as a safety net
                del self.moves[mark:]
                return False
            return True
        key = (uncommitted, pending)
        if key in self.dead:
            del self.moves[mark:]
            return False
        kids = self.children(uncommitted, pending, occupied)
        if kids:
            for left, new_pending in kids:
                if self.search(left, new_pending):
                    return True
        self.dead.add(key)
        del self.moves[mark:]
        return False


def _to_pairs(board: Board, moves: list[PairIdx]) -> Moves:
    return tuple(Pair(board.cell(i), board.cell(j)) for i, j in moves)


def solve_fixed(
    board: Board,
    rules: Rules | str = ORIGINAL,
    *,
    timeout: float | None = None,
    max_nodes: int | None = None,
) -> SolveResult[Moves]:
    """Decide ``board`` under a fixed-grid preset; a solution is a legal move list."""
    rules = get_rules(rules)
    start = time.perf_counter()
    search = MatchingSearch(board, rules, Deadline(timeout), max_nodes)

    def result(
        status: Status, sols: tuple[Moves, ...] = (), timed_out: bool = False
    ) -> SolveResult[Moves]:
        stats = Stats(seconds=time.perf_counter() - start, nodes=search.nodes)
        return SolveResult(
            status, sols, complete=status is Status.UNSOLVABLE, timed_out=timed_out, stats=stats
        )

    if not parity_ok(board.cells):
        return result(Status.UNSOLVABLE)
    try:
        found = search.search(search.alive, ())
    except _Stop:
        return result(Status.UNKNOWN, timed_out=True)
    except RecursionError:  # a board of well over a thousand digits: say so, never guess
        return result(Status.UNKNOWN)
    if found:
        return result(Status.SOLVED, (_to_pairs(board, search.moves),))
    return result(Status.UNSOLVABLE)


def solve(
    board: Board,
    rules: Rules | str = ORIGINAL,
    *,
    timeout: float | None = None,
    max_nodes: int | None = None,
    max_adds: int | None = None,
    adds_used: int = 0,
) -> SolveResult[tuple[Move, ...]]:
    """The original's ``solve``, made exact: can ``board`` be cleared under ``rules``?

    Returns ``SOLVED`` with one legal move list (with the fewest additions under
    ``classic``/``easybrain``), ``UNSOLVABLE`` (proved) or ``UNKNOWN`` (the timeout, node
    limit or, for ``classic``, the ``max_adds`` bound stopped the search).  ``adds_used``
    counts additions already spent in a game against the rules' limit.
    """
    rules = get_rules(rules)
    if rules.fixed:
        if not board.rectangular:
            raise InvalidPuzzleError(f"rules {rules.name!r} need a rectangular board")
        fixed = solve_fixed(board, rules, timeout=timeout, max_nodes=max_nodes)
        return SolveResult(
            fixed.status, fixed.solutions, fixed.complete, fixed.timed_out, fixed.stats
        )
    from .seqsolve import solve_sequence

    return solve_sequence(
        board, rules, timeout=timeout, max_nodes=max_nodes, max_adds=max_adds, adds_used=adds_used
    )
