"""Number Match: clear the board by taking pairs that are equal or sum to ten.

The family started as a C assignment (a 4x5 grid filled by ``randfill(seed)``, ``take`` a
pair, ``solve`` by a capped breadth-first search).  The original's names are kept:

>>> from numpuzzles.nummatch import randfill, take, solve, Pair
>>> board = randfill(6)
>>> str(board)
'18866/62725/32795/34448'
>>> take(board, Pair.from_xy(1, 0, 2, 0)) is not None  # the two 8s, side by side
True
>>> solve(randfill(3648)).status.value
'solved'

Modules: ``rules`` (the presets and their connection rules), ``board`` (model and text
format), ``randfill`` (glibc ``rand()`` reproduced), ``take``, ``solve`` (exact solver for
fixed grids), ``seqsolve`` (fewest additions for classic/easybrain), ``seedbfs`` (the
original's BFS), ``check`` (independent replay checker), ``count``, ``hint``,
``generate``, ``play``.
"""

from .board import Board, Pair, parse_board
from .check import check
from .randfill import randfill
from .rules import PRESETS, Rules, get_rules
from .sequence import ADD
from .solve import solve
from .take import is_legal, legal_pairs, take

__all__ = [
    "ADD",
    "PRESETS",
    "Board",
    "Pair",
    "Rules",
    "check",
    "get_rules",
    "is_legal",
    "legal_pairs",
    "parse_board",
    "randfill",
    "solve",
    "take",
]
