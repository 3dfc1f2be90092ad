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

Modules, one line each:

* ``rules``: the four presets, when digits match and cells connect, value-class parity;
* ``board``: the board model (digits, cleared cells, pairs) and its text format;
* ``randfill``: the original's ``randfill(seed)``, glibc ``rand()`` reproduced;
* ``grid``: fixed-grid geometry, which cell pairs can ever connect and across what;
* ``sequence``: the reading-order presets' moves, row removal and "add numbers";
* ``take``: taking a pair (the original's ``take``) under any preset;
* ``solve``: the exact matching-view solver for fixed grids, and ``solve`` for any preset;
* ``seqsolve``: the exact fewest-additions search for ``classic`` and ``easybrain``;
* ``deadlock``: proofs that a reading-order board with no additions left is dead;
* ``seedbfs``: the original's breadth-first search, kept for comparison;
* ``check``: the independent checker that replays a move list from the rules' prose;
* ``count``: counting clearing matchings and ordered move lists;
* ``hint``: a move that keeps the board solvable;
* ``generate``: solvable boards graded by trap rate or fewest additions;
* ``draw``: the board and a solution as SVG;
* ``play``: the state machine behind the keyboard game;
* ``family``: Number Match through the shared ``Family`` protocol (text and JSON formats).
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
