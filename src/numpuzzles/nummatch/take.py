"""Taking a pair, the original's ``take``, under any preset.

On the fixed grids the pair's cells become 0; under ``classic`` and ``easybrain`` rows left
empty are also removed (``sequence.py``), so later coordinates refer to the new board.
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError, InvalidPuzzleError
from .board import Board, Pair
from .grid import between_masks
from .rules import ORIGINAL, Rules, get_rules, matches
from .sequence import is_legal_seq, take_seq


def _require_fixed(board: Board, rules: Rules) -> None:
    if not rules.fixed:
        raise InvalidParameterError(f"rules {rules.name!r} are not supported by this operation")
    if not board.rectangular:
        raise InvalidPuzzleError(f"rules {rules.name!r} need a rectangular board")


def is_legal(board: Board, pair: Pair, rules: Rules | str = ORIGINAL) -> bool:
    """True when ``pair`` may be taken now: two distinct cells on the board, both digits,
    matching (equal or summing to ten), and connected under ``rules``."""
    rules = get_rules(rules)
    if not rules.fixed:
        return is_legal_seq(board, pair, rules)
    _require_fixed(board, rules)
    if not (board.contains(pair.a) and board.contains(pair.b)) or pair.a == pair.b:
        return False
    i, j = sorted((board.index(pair.a), board.index(pair.b)))
    if not matches(board.cells[i], board.cells[j]):
        return False
    between = between_masks(board.width, board.height, rules).get((i, j))
    if between is None:
        return False
    return all(board.cells[k] == 0 for k in range(len(board.cells)) if between >> k & 1)


def take(board: Board, pair: Pair, rules: Rules | str = ORIGINAL) -> Board | None:
    """The board after taking ``pair``, or None when the move is illegal (the original
    returned false and left the board alone)."""
    rules = get_rules(rules)
    if not rules.fixed:
        return take_seq(board, pair, rules)
    if not is_legal(board, pair, rules):
        return None
    return board.with_cleared(board.index(pair.a), board.index(pair.b))


def legal_pairs(board: Board, rules: Rules | str = ORIGINAL) -> list[Pair]:
    """Every legal pair now, in the original's order (first cell in reading order, then the
    second after it in reading order)."""
    rules = get_rules(rules)
    n = len(board.cells)
    out = []
    for i in range(n):
        for j in range(i + 1, n):
            pair = Pair(board.cell(i), board.cell(j))
            if is_legal(board, pair, rules):
                out.append(pair)
    return out
