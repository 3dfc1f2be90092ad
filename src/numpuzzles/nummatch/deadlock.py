"""Proofs that a reading-order board with no additions left can never be cleared.

Why this module exists: the search (``seqsolve.py``) is exact but blind; on hard random
starts it would search every board after the last addition to the end.  The functions here
look at where the digits of each value class stand and prove, without searching, that no
move order can clear them: ``pairs_deadlocked`` (every way of pairing the small classes
waits in a circle) and ``odd_inside_forced_pair`` (an odd number of one class is enclosed
by a pair that can only meet along reading order and cannot get out).  They are pure
functions of positions, width and rules, so they are kept apart from the search state,
checked on their own against brute force in the tests, and their answers are remembered
in module-level caches (bounded; cleared when full) shared by every search.

Each answers True only for boards that cannot be cleared without additions; False means
"no proof", never "solvable".  The search asks them only once additions are spent: an
addition appends copies of the remaining digits, which may pair with those on the board,
so only then must the digits present pair among themselves, as the proofs assume.
"""

from __future__ import annotations

from itertools import combinations, count
from math import comb

from .rules import VALUE_CLASS, odd_classes
from .sequence import Cells

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
    positions = _class_positions(cells)
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
    positions = _class_positions(cells)
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
    odd = odd_classes(cells[i + 1 : j])
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


def _class_positions(cells: Cells) -> list[list[int]]:
    """The indices of the digits of ``cells``, by value class (index 0 stays empty)."""
    positions: list[list[int]] = [[] for _ in range(6)]
    for k, v in enumerate(cells):
        if v:
            positions[VALUE_CLASS[v]].append(k)
    return positions
