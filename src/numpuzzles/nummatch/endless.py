"""Proofs that a ``classic`` game played under the paper rule can never be cleared.

Why this module exists: under ``classic`` the additions are unlimited, so the bounded
search of ``seqsolve.py`` can only say "no clearing within K additions".  Some boards,
though, are games that never end: Tom Nick's "infinite" test position is one.  This module
proves that for a class of boards, exactly, so such a board is ``UNSOLVABLE`` and not
``UNKNOWN``.  It is for the addition policy ``stuck`` only (numbers are added when no pair
is left, and then they must be), and for ``classic``'s lines (reading order and columns, no
diagonals).

**The lemma** (``never_pairs``).  Let ``S`` be a board of ``n`` cells, ``width`` to a row,
with no legal pair, and let ``D`` (length ``L`` > 0) be its digits in reading order.  Under
``stuck`` the only move is the addition, which appends ``D`` after the last cell; the new
board's digits are ``D D``, and so on: while no pair appears, the board after ``k``
additions is ``S`` followed by a zone ``Z``, the first ``m L`` digits of the endless
repetition ``D D D ...`` with ``m = 2^k - 1``, every zone cell a digit (no row is removed,
since nothing is cleared).  A legal pair of ``S + Z`` is one of:

1. *both cells in S*: a cell's next digit in reading order, or down its column, that lies in
   ``S`` is the same as on ``S`` alone, so this would be a pair of ``S``: there is none;
2. *one cell in S, one in Z*: the zone cell is the first digit after ``S`` in reading order
   (zone position 0), or the first zone cell down a column of ``S``, whose zone position is
   below ``width``, because the zone has no cleared cells.  So each such candidate is a pair
   of ``S`` followed by the first ``width`` digits of the repetition, or is absent when the
   zone is shorter;
3. *both cells in Z*: zone positions ``p, p + 1`` (reading order) or ``p, p + width``
   (column), holding ``D[p mod L]`` and ``D[(p + 1) mod L]`` or ``D[(p + width) mod L]``.

So when ``S`` followed by ``width`` digits of the repetition has no legal pair and no
``i`` has ``D[i]`` matching ``D[(i + 1) mod L]`` or ``D[(i + width) mod L]``, no board of the
game ever has a pair: by induction on ``k`` each is ``S + Z`` as above with no pair, so the
next move is again an addition, the digits never run out, and the game never ends.

**The search** (``endless``).  A board with pairs is endless when every board one pair
later is endless; a board with none is endless when the lemma holds for it.  Both are
exact, so ``True`` is a proof for every number of additions.  ``False`` means "not proved"
(a clearing may exist, the lemma may not apply, or ``max_states`` was reached): the bounded
search then goes on as before.
"""

from __future__ import annotations

from .rules import matches
from .sequence import Cells, legal_index_pairs, take_indices

MAX_STATES = 20_000
"""Boards the search visits before it gives up (``False``: not proved)."""


def never_pairs(cells: Cells, width: int) -> bool:
    """True when ``cells`` has no legal pair and, adding only when stuck, never will (the
    lemma of the module's docstring); False when it has a pair, no digit, or the lemma's
    conditions fail (which proves nothing either way)."""
    digits = [v for v in cells if v]
    size = len(digits)
    if not size or legal_index_pairs(cells, width, False):
        return False
    for i, v in enumerate(digits):
        if matches(v, digits[(i + 1) % size]) or matches(v, digits[(i + width) % size]):
            return False
    ahead = tuple(digits[r % size] for r in range(width))
    return not legal_index_pairs(cells + ahead, width, False)


def endless(cells: Cells, width: int, max_states: int = MAX_STATES) -> bool:
    """True when no play of ``cells`` under ``classic`` with the paper rule (add only when no
    pair is left) ever clears the board, whatever the number of additions: every choice of
    pairs leads to a board where the lemma holds.  False when that is not proved within
    ``max_states`` boards."""
    proved: set[Cells] = set()
    visited = 0

    def walk(state: Cells) -> bool:
        nonlocal visited
        if state in proved:
            return True
        visited += 1
        if visited > max_states or not any(state):
            return False
        pairs = legal_index_pairs(state, width, False)
        if pairs:
            ok = all(walk(take_indices(state, width, i, j)) for i, j in pairs)
        else:
            ok = never_pairs(state, width)
        if ok:
            proved.add(state)
        return ok

    try:
        return walk(cells)
    except RecursionError:  # deeper than Python's stack: not proved
        return False

