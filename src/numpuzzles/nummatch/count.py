"""Counting solutions two ways, which answer different questions.

* ``count_matchings``: how many different *sets of pairs* clear the board (a matching of
  the digits into pairs that can all be taken in some order).  Two move lists that take the
  same pairs in a different order count once.  Exact for any fixed-grid board the solver
  can finish (it reuses the matching-view search, with a memo of counts).
* ``count_sequences``: how many *ordered move lists* clear the board.  This grows like a
  factorial, and needs a memo over every reachable board, so it is only offered for small
  boards (``max_digits``).
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError
from .board import Board
from .grid import between_masks
from .rules import ORIGINAL, Rules, get_rules, matches, parity_ok
from .solve import MatchingSearch, PairIdx

DEFAULT_MAX_DIGITS = 24


def count_matchings(board: Board, rules: Rules | str = ORIGINAL) -> int:
    """The number of distinct clearing matchings (sets of pairs) of ``board``."""
    rules = get_rules(rules)
    if not parity_ok(board.cells):
        return 0
    search = MatchingSearch(board, rules)
    memo: dict[tuple[int, tuple[PairIdx, ...]], int] = {}

    def count(uncommitted: int, pending: tuple[PairIdx, ...]) -> int:
        occupied, pending = search.execute(uncommitted, pending)
        search.moves.clear()
        if not uncommitted:
            return 0 if pending else 1
        key = (uncommitted, pending)
        known = memo.get(key)
        if known is not None:
            return known
        kids = search.children(uncommitted, pending, occupied) or []
        total = sum(count(left, new_pending) for left, new_pending in kids)
        memo[key] = total
        return total

    return count(search.alive, ())


def count_sequences(
    board: Board, rules: Rules | str = ORIGINAL, *, max_digits: int = DEFAULT_MAX_DIGITS
) -> int:
    """The number of ordered move lists that clear ``board`` (small boards only)."""
    rules = get_rules(rules)
    if not rules.fixed or not board.rectangular:
        raise InvalidParameterError("sequence counting needs a fixed-grid preset")
    if board.remaining > max_digits:
        raise InvalidParameterError(
            f"counting move orders is limited to {max_digits} digits (board has {board.remaining})"
        )
    if not parity_ok(board.cells):
        return 0
    vals = board.cells
    pairs = [
        ((1 << i) | (1 << j), between)
        for (i, j), between in between_masks(board.width, board.height, rules).items()
        if matches(vals[i], vals[j])
    ]
    memo: dict[int, int] = {0: 1}

    def count(state: int) -> int:
        known = memo.get(state)
        if known is not None:
            return known
        total = 0
        for both, between in pairs:
            if state & both == both and not state & between:
                total += count(state & ~both)
        memo[state] = total
        return total

    return count(sum(1 << i for i, v in enumerate(vals) if v))


DEFAULT_MAX_STATES = 200_000
"""``count_reading_sequences`` gives up (with an error) beyond this many distinct states."""


def count_reading_sequences(
    board: Board,
    rules: Rules | str,
    *,
    max_digits: int = DEFAULT_MAX_DIGITS,
    max_adds: int | None = None,
    max_states: int = DEFAULT_MAX_STATES,
) -> tuple[int | None, int]:
    """``(fewest additions, move lists)`` for ``classic``/``easybrain`` on a small board.

    What is counted: the ordered move lists that clear ``board`` using the *fewest*
    additions, each addition counting as one move in the list (so taking a pair before or
    after an addition are different lists).  Fewer additions are proved impossible when
    the fewest is ``k`` (every smaller bound was counted exhaustively and gave 0).  The
    number of matchings has no meaning here: additions copy digits and row removal moves
    cells, so there is no fixed set of pairs.

    Returns ``(None, 0)`` when no list with up to the bound (``max_adds``, else the
    rules' limit, else ``CLASSIC_DEFAULT_MAX_ADDS``) clears the board.  Raises
    ``InvalidParameterError`` for boards with more than ``max_digits`` digits or when more
    than ``max_states`` states would have to be remembered.
    """
    from .seqsolve import CLASSIC_DEFAULT_MAX_ADDS
    from .sequence import add_numbers, board_cells, legal_index_pairs, take_indices, uses_diagonals

    rules = get_rules(rules)
    if rules.fixed:
        raise InvalidParameterError("use count_sequences for the fixed-grid presets")
    if board.remaining > max_digits:
        raise InvalidParameterError(
            f"counting move orders is limited to {max_digits} digits (board has {board.remaining})"
        )
    cap = rules.max_adds if rules.max_adds is not None else CLASSIC_DEFAULT_MAX_ADDS
    if max_adds is not None:
        cap = min(cap, max_adds)
    width, diagonals = board.width, uses_diagonals(rules)
    stuck = rules.add_policy == "stuck"
    memo: dict[tuple[tuple[int, ...], int], int] = {}

    def count(cells: tuple[int, ...], adds_left: int) -> int:
        if not cells:
            return 1
        key = (cells, adds_left)
        known = memo.get(key)
        if known is not None:
            return known
        if len(memo) >= max_states:
            raise InvalidParameterError(
                f"counting needs more than {max_states} states: board too large to count"
            )
        pairs = legal_index_pairs(cells, width, diagonals)
        total = sum(count(take_indices(cells, width, i, j), adds_left) for i, j in pairs)
        if adds_left and (not stuck or not pairs):  # ``stuck``: an addition only then
            total += count(add_numbers(cells), adds_left - 1)
        memo[key] = total
        return total

    start = board_cells(board)
    for adds in range(cap + 1):
        found = count(start, adds)
        if found:
            return adds, found
    return None, 0
