"""Fubuki: place the digits 1..n² once each so that every row and column meets its total.

Beyond the original 3×3 one-given program: any number of givens, 4×4 and 5×5, both diagonal
totals, products instead of sums, hidden totals, exact counting and unique generation.

Modules: ``model`` (the puzzle and its variants), ``solve`` (the exact solver and
``count``), ``check`` (the independent checker), ``formats``, ``generate`` (unique
puzzles), ``hint``, ``draw`` and ``family`` (Fubuki through the shared protocol).
"""

from .check import check
from .generate import generate
from .model import Filling, Puzzle
from .solve import solve

__all__ = ["Filling", "Puzzle", "check", "generate", "solve"]
