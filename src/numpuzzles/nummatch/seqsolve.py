"""Exact search for the reading-order presets (``classic``, ``easybrain``), fewest adds.

The state is the cell sequence (empty rows removed) plus the number of additions left.
Iterative deepening on additions (0, 1, 2, ...) makes the first solution found one with
the fewest additions.  Within one bound the search is depth-first over moves, with:

* **dead-state memo** on ``(cells, additions left)``; a state that fails with ``a``
  additions left fails whatever the bound, so the memo is shared by all bounds;
* **parity** with no additions left (each move removes two digits of one value class;
  an addition doubles every count, so parity only prunes once additions are spent);
* **deadlocks** with no additions left (``pairs_deadlocked``): the digits of the small
  value classes (up to ``SMALL_CLASS`` = 6 left) must pair among themselves, and reading
  order, columns and (under ``easybrain``) the rows that must disappear before a diagonal can
  form say which of those pairs must wait for which; when every way of pairing them
  waits in a circle, the state is dead.  ``odd_inside_forced_pair`` adds: an odd number
  of one class enclosed by a pair that can only meet along reading order must send a
  digit out, which needs a column or diagonal.  Both are proofs (see their docstrings),
  checked against brute force in the tests.  They are what make hard random starts
  quick: before them, every board after the addition had to be searched to the end
  (one 27-digit start was still undecided after 7.8 million nodes, 90 s; one 35-digit
  start after 1.15 million nodes, 30 s); with them these take 3,427 and 1,594 nodes.
  Classes of six (15 pairings) joined later: with classes of at most four, one 35-digit
  start of 500 (seed 7) was still undecided after 3.3 million nodes (60 s); with six it
  takes 9,325 nodes (0.3 s), and all 500 starts each of 27 and 35 digits are decided
  within 0.8 s (a time limit gives ``UNKNOWN``, never a guess);
* **ordering**: moves that empty a row first, then moves in value classes with few
  digits left; the addition last under ``easybrain`` but first under ``classic`` (measured:
  on random 27-digit starts adding last is about 10x faster for ``easybrain``, whose
  diagonals leave many moves; ``classic`` has fewer moves and adding first finds the 1..19
  start in about 600 nodes instead of 100,000).  Some boards are quick one way and slow
  the other (a 27-digit start: 563,428 nodes adding last, 84 adding first), so the search
  restarts with the other order after a slice of nodes, slices doubling, the dead-state
  memo shared.  The order never affects correctness: every branch is still searched.

``easybrain`` (5 additions) is decided exactly: ``UNSOLVABLE`` means no clearing exists
with up to 5 additions.  ``classic`` allows unlimited additions; the search raises the
bound up to ``max_adds`` (default ``CLASSIC_DEFAULT_MAX_ADDS`` = 10, ``--max-adds`` on the
command line) and answers ``UNKNOWN`` beyond it, never ``UNSOLVABLE``: no argument that a
board can *never* be cleared, however many additions, is implemented (each addition
makes the board longer, so the states do not run out).  A solution it does return uses
the fewest additions, proved: every smaller bound was searched to the end.  For the
classic 1..19 start bound 0 ends at once (27 digits: some class is odd) and bound 1
finds a clearing.
"""

from __future__ import annotations

import time
from itertools import combinations, count
from math import comb

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
FIRST_SLICE = 1_000
"""Nodes of the first restart slice (see ``solve_sequence``)."""
_CLASS = (0, 1, 2, 3, 4, 5, 4, 3, 2, 1)


class _Stop(Exception):
    """A time or node limit was reached."""


class _SliceOver(_Stop):
    """One restart's share of nodes is spent (see ``solve_sequence``)."""


def _parity_ok(cells: Cells) -> bool:
    odd = 0
    for v in cells:
        if v:
            odd ^= 1 << _CLASS[v]
    return odd == 0


_MATCHINGS: dict[int, list[list[tuple[int, int]]]] = {}


def _perfect_matchings(n: int) -> list[list[tuple[int, int]]]:
    """Every way to split ``0..n-1`` (``n`` even) into pairs, as index pairs."""
    known = _MATCHINGS.get(n)
    if known is None:

        def split(items: list[int]) -> list[list[tuple[int, int]]]:
            if not items:
                return [[]]
            head, rest = items[0], items[1:]
            out = []
            for k, other in enumerate(rest):
                for tail in split(rest[:k] + rest[k + 1 :]):
                    out.append([(head, other), *tail])
            return out

        known = _MATCHINGS[n] = split(list(range(n)))
    return known


SMALL_CLASS = 6
"""Value classes with at most this many digits left take part in ``pairs_deadlocked``."""
MAX_COMBINATIONS = 256
"""At most this many choices of pairs are tried by ``pairs_deadlocked`` (else: no proof)."""


_SERIALS = count()

MAX_DIAGONAL_WAYS = 32
"""Above this many ways for rows to disappear before a diagonal, ``_PairNeeds`` keeps
only the weaker "enough rows between must empty" condition."""


class _PairNeeds:
    """When a candidate pair ``(i, j)``, ``i < j``, can be taken, as conditions on which
    cells are still digits (see ``pairs_deadlocked``; ``_deadlocked`` evaluates them).
    Each condition is monotone: more digits present never unblocks the pair.

    ``reading`` and ``column`` are bitmasks of cells that must all be cleared (``column``
    is -1 when the pair is not in one column).  ``diagonal`` lists one bitmask per way the
    pair could come to lie on a diagonal (rows between that must have emptied, plus the
    diagonal's cells in the rows that stay); one of them must be all cleared.  When there
    are too many ways, ``diag_rows`` instead holds the row masks between, of which more
    than ``diag_spare`` may not still hold digits."""

    __slots__ = ("bits", "column", "diag_rows", "diag_spare", "diagonal", "reading", "serial")

    def __init__(self, i: int, j: int, width: int, diagonals: bool) -> None:
        self.serial = next(_SERIALS)  # never reused: names this pair, width and rules
        ri, ci = divmod(i, width)
        rj, cj = divmod(j, width)
        dc, dr = abs(cj - ci), rj - ri
        self.bits = (1 << i) | (1 << j)
        self.reading = (1 << j) - (1 << (i + 1))
        self.column = _column_bits(i, j, width) if dc == 0 else -1
        self.diagonal: list[int] = []
        self.diag_rows: list[int] = []
        self.diag_spare = 0
        if not diagonals or not 1 <= dc <= dr:
            return
        step = 1 if cj > ci else -1
        between = list(range(ri + 1, rj))
        if comb(len(between), dc - 1) > MAX_DIAGONAL_WAYS:
            self.diag_rows = [((1 << width) - 1) << (r * width) for r in between]
            self.diag_spare = dc - 1
            return
        for kept in combinations(between, dc - 1):
            mask = 0
            for r in between:
                if r not in kept:
                    mask |= ((1 << width) - 1) << (r * width)
            for k, r in enumerate(kept, start=1):
                mask |= 1 << (r * width + ci + k * step)
            self.diagonal.append(mask)


def pairs_deadlocked(cells: Cells, width: int, diagonals: bool) -> bool:
    """True when no way of pairing the small value classes can ever be taken in order, on
    a board with no additions left.

    With no addition to come, the digits of each value class must be paired among
    themselves.  Take the classes with at most ``SMALL_CLASS`` digits left (a class of two
    has one pairing, a class of four three, a class of six fifteen).  A chosen pair ``P``
    (ends ``i < j``, rows ``ri <= rj``, columns ``dc`` apart) can be taken only when one
    of these holds:

    * every cell strictly between its ends in reading order is cleared;
    * (``dc == 0``) every cell between them in the column is cleared;
    * (``easybrain``, ``dc == rj - ri``) every cell on the diagonal between them is
      cleared (no row between may disappear first, or the diagonal is gone);
    * (``easybrain``, ``1 <= dc < rj - ri``) at least ``rj - ri - dc`` of the rows between
      have become empty and been removed (rows only ever disappear, so the row distance
      only shrinks; ``dc > rj - ri`` can never be a diagonal).

    Clearing and row removal never change a cell's column or reading order, so these are
    exact necessary conditions, each blocked by more digits being present.  If, among the
    chosen pairs, every pair still left is blocked by the ends of the others, none of them
    can be taken first: a deadlock.  When every choice of pairs deadlocks, the board can
    never be cleared.

    A proof of deadness (True only for boards that cannot be cleared without additions),
    used to prune the search; False means "no proof", not "solvable".  The answer depends
    only on where the small classes' digits are, so it is remembered by those positions.
    """
    positions: list[list[int]] = [[] for _ in range(6)]
    for k, v in enumerate(cells):
        if v:
            positions[_CLASS[v]].append(k)
    small = SMALL_CLASS
    key = (width, diagonals, small, *(tuple(w) if len(w) <= small else () for w in positions))
    known = _PAIRINGS.get(key)
    if known is None:
        if len(_PAIRINGS) > 200_000:
            _PAIRINGS.clear()
        known = _PAIRINGS[key] = _pairings_deadlocked(positions, width, diagonals)
    return known


_PAIRINGS: dict[tuple[object, ...], bool] = {}


def _pairings_deadlocked(positions: list[list[int]], width: int, diagonals: bool) -> bool:
    """``pairs_deadlocked`` for the digits' positions by value class.

    A pairing of one class that deadlocks with the forced pairs (classes of two) alone is
    dropped first (it deadlocks in every combination); a class left with no pairing proves
    the board dead at once.  The remaining classes are combined fewest pairings first, so
    a deadlock among the cheap choices cuts the expensive ones."""
    forced: list[_PairNeeds] = []  # classes of two: their one pairing
    candidates: list[list[list[_PairNeeds]]] = []  # larger classes: each way to pair them
    for where in positions:
        if len(where) == 2:
            forced.append(_needs(where[0], where[1], width, diagonals))
    for where in positions:
        if 2 < len(where) <= SMALL_CLASS and not len(where) % 2:
            options = _pairings(tuple(where), width, diagonals)
            if forced:
                options = [o for o in options if not _deadlocked(forced + o)]
                if not options:
                    return True
            candidates.append(options)
    candidates.sort(key=len)
    groups: list[list[list[_PairNeeds]]] = []
    combos = 1
    for options in candidates:
        if combos * len(options) <= MAX_COMBINATIONS:
            combos *= len(options)
            groups.append(options)
    if len(forced) + 2 * len(groups) < 2:
        return False

    def open_choice(g: int, chosen: list[_PairNeeds]) -> bool:
        # a deadlocked part stays deadlocked whatever is added (more ends only block more)
        if len(chosen) > 1 and _deadlocked(chosen):
            return False
        if g == len(groups):
            return True
        return any(open_choice(g + 1, chosen + option) for option in groups[g])

    return not open_choice(0, forced)


_OPTIONS: dict[tuple[tuple[int, ...], int, bool], list[list[_PairNeeds]]] = {}


def _pairings(where: tuple[int, ...], width: int, diagonals: bool) -> list[list[_PairNeeds]]:
    """Every way to pair the digits at ``where``, as lists of ``_PairNeeds`` (remembered)."""
    key = (where, width, diagonals)
    known = _OPTIONS.get(key)
    if known is None:
        if len(_OPTIONS) > 100_000:
            _OPTIONS.clear()
        known = _OPTIONS[key] = [
            [_needs(where[a], where[b], width, diagonals) for a, b in m]
            for m in _perfect_matchings(len(where))
        ]
    return known


_DEADLOCKS: dict[tuple[int, ...], bool] = {}


def _deadlocked(chosen: list[_PairNeeds]) -> bool:
    """True when, taking every pair the others do not block until none is left or all
    are blocked, some pairs remain (each waits for another).

    The answer depends on the chosen pairs' positions alone (only their own ends block
    each other), and neighbouring search states choose mostly the same pairs, so answers
    are remembered: measured on the slowest 35-digit start of the benchmark, 93,514 calls
    of which most repeat."""
    key = tuple([pair.serial for pair in chosen])
    known = _DEADLOCKS.get(key)
    if known is None:
        if len(_DEADLOCKS) > 500_000:
            _DEADLOCKS.clear()
        known = _DEADLOCKS[key] = _settle(chosen)
    return known


def _settle(chosen: list[_PairNeeds]) -> bool:
    """``_deadlocked`` computed (the hot loop: ``_PairNeeds``' conditions inlined)."""
    alive = chosen
    ends = 0
    for pair in alive:
        ends |= pair.bits
    while alive:
        rest = []
        for pair in alive:
            present = ends & ~pair.bits
            if (
                pair.reading & present
                and not (pair.column >= 0 and not pair.column & present)
                and not (pair.diagonal and not all(m & present for m in pair.diagonal))
                and not (
                    pair.diag_rows
                    and sum(1 for row in pair.diag_rows if row & present) <= pair.diag_spare
                )
            ):
                rest.append(pair)
            else:
                ends &= ~pair.bits  # taken: its ends no longer block the others
        if len(rest) == len(alive):
            return True
        alive = rest
    return False


_NEEDS: dict[tuple[int, int, int, bool], _PairNeeds] = {}


def _needs(i: int, j: int, width: int, diagonals: bool) -> _PairNeeds:
    """``_PairNeeds`` for a pair (they depend on positions only, so they are shared)."""
    key = (i, j, width, diagonals)
    found = _NEEDS.get(key)
    if found is None:
        if len(_NEEDS) > 200_000:
            _NEEDS.clear()
        found = _NEEDS[key] = _PairNeeds(i, j, width, diagonals)
    return found


def odd_inside_forced_pair(cells: Cells, width: int, diagonals: bool) -> bool:
    """True when some class of two or four digits cannot be paired without enclosing an
    odd number of another class that cannot get out, on a board with no additions left.

    Let ``P`` (ends ``i < j``) be a pair the class must use (the only two digits of their
    class, or one of the three ways to pair a class of four), in different columns and
    never on a common diagonal (``|dc| > dr``).  ``P`` can then only be taken along
    reading order, so every digit strictly between ``i`` and ``j`` must go first.  When a
    class has an odd number of digits in there, one of them, ``x``, must be taken with a
    partner ``y`` outside ``[i, j]`` while ``P`` is still on the board: along reading
    order ``i`` or ``j`` is in the way, so ``(x, y)`` needs a column or diagonal that
    ``_PairNeeds`` leaves open with ``i`` and ``j`` present.  When no such ``(x, y)``
    exists for some pair of every way of pairing the class, the board can never be
    cleared.  A proof of deadness: False means "no proof".
    """
    positions: list[list[int]] = [[] for _ in range(6)]
    for k, v in enumerate(cells):
        if v:
            positions[_CLASS[v]].append(k)
    for where in positions:
        if len(where) not in (2, 4):
            continue
        if all(
            any(_traps(where[a], where[b], cells, positions, width, diagonals) for a, b in m)
            for m in _perfect_matchings(len(where))
        ):
            return True
    return False


def _traps(
    i: int, j: int, cells: Cells, positions: list[list[int]], width: int, diagonals: bool
) -> bool:
    """True when the pair ``(i, j)`` can only meet along reading order and encloses an odd
    number of some class none of whose digits inside can be taken with one outside while
    ``i`` and ``j`` stand (see ``odd_inside_forced_pair``)."""
    ri, ci = divmod(i, width)
    rj, cj = divmod(j, width)
    dc = abs(cj - ci)
    if dc == 0 or (diagonals and dc <= rj - ri):
        return False
    odd = 0
    for x in range(i + 1, j):
        v = cells[x]
        if v:
            odd ^= 1 << _CLASS[v]
    c = 0
    while odd:
        c += 1
        odd >>= 1
        if odd & 1 and not _can_get_out(positions[c], i, j, width, diagonals):
            return True
    return False


_GET_OUT: dict[tuple[object, ...], bool] = {}


def _can_get_out(where: list[int], i: int, j: int, width: int, diagonals: bool) -> bool:
    """Some digit of ``where`` strictly inside ``(i, j)`` may be taken with one outside
    ``[i, j]`` while ``i`` and ``j`` are still digits (by a column with neither between,
    or a diagonal that ``_PairNeeds`` does not rule out).  Remembered by its arguments
    (positions only): neighbouring search states ask the same questions."""
    key = (i, j, width, diagonals, *where)
    known = _GET_OUT.get(key)
    if known is None:
        if len(_GET_OUT) > 200_000:
            _GET_OUT.clear()
        known = _GET_OUT[key] = _gets_out(where, i, j, width, diagonals)
    return known


def _gets_out(where: list[int], i: int, j: int, width: int, diagonals: bool) -> bool:
    """``_can_get_out`` computed."""
    ends = _needs(i, j, width, diagonals)
    inside = [x for x in where if i < x < j]
    outside = [y for y in where if y < i or y > j]
    for x in inside:
        for y in outside:
            # P waits for x, so (x, y) and P deadlock exactly when P's ends block (x, y)
            if not _deadlocked([ends, _needs(min(x, y), max(x, y), width, diagonals)]):
                return True
    return False


def _column_bits(i: int, j: int, width: int) -> int:
    """Bits of the cells strictly between ``i`` and ``j`` in their column."""
    out = 0
    for x in range(i + width, j, width):
        out |= 1 << x
    return out


class _SeqSearch:
    def __init__(
        self, width: int, diagonals: bool, deadline: Deadline, max_nodes: int | None
    ) -> None:
        self.width = width
        self.diagonals = diagonals
        self.deadline = deadline
        self.max_nodes = max_nodes
        self.slice_end: int | None = None
        self.nodes = 0
        self.dead: set[tuple[Cells, int]] = set()
        self.add_first = not diagonals
        self.path: list[tuple[Cells, tuple[int, int] | None]] = []

    def _ordered(self, cells: Cells, monotone: bool = False) -> list[tuple[int, int]]:
        """Legal pairs, best first: those that empty a row, then those in value classes
        with few digits left.

        ``monotone`` (``classic`` with no addition left: clearing never breaks a
        connection, since reading order and columns survive row removal): a legal pair that
        is the last two digits of its class is the only move tried.  Every clearing takes
        that pair some time, and taking it first leaves every later move legal (it only
        clears cells), so no clearing is lost."""
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
            left = counts[_CLASS[cells[i]]]
            if monotone and left == 2:
                return [(i, j)]
            scored.append((not emptied, left, i, j))
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
        if self.slice_end is not None and self.nodes > self.slice_end:
            raise _SliceOver
        if adds_left == 0 and cells[-1] == 0:
            # with no addition to come, cleared cells after the last digit change nothing
            end = len(cells)
            while cells[end - 1] == 0:
                end -= 1
            cells = cells[:end]
        width = self.width
        key = (cells, adds_left)
        if key in self.dead:
            return False
        if adds_left == 0 and (
            not _parity_ok(cells)
            or pairs_deadlocked(cells, width, self.diagonals)
            or odd_inside_forced_pair(cells, width, self.diagonals)
        ):
            self.dead.add(key)
            return False
        if adds_left > 0 and self.add_first and self._try_add(cells, adds_left):
            return True
        for i, j in self._ordered(cells, adds_left == 0 and not self.diagonals):
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

    # Restarts: each order of trying the addition gets a slice of nodes in turn, the slices
    # doubling; refuted states stay in the shared memo, so no restart repeats a proof.
    orders = [search.add_first, not search.add_first]
    share = FIRST_SLICE
    try:
        while True:
            for add_first in orders:
                search.add_first = add_first
                search.slice_end = search.nodes + share
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
                                    moves.append(
                                        Pair(divmod(i, board.width), divmod(j, board.width))
                                    )
                            return result(Status.SOLVED, (tuple(moves),))
                except _SliceOver:
                    continue
                return result(Status.UNSOLVABLE if exhaustive_means_proof else Status.UNKNOWN)
            share *= 2
    except _Stop:
        return result(Status.UNKNOWN, timed_out=True)
    except RecursionError:  # move lists deeper than Python's stack: undecided, not unsolvable
        return result(Status.UNKNOWN)


def count_adds(moves: tuple[Move, ...]) -> int:
    """How many additions a move list uses."""
    return sum(1 for m in moves if not isinstance(m, Pair))
