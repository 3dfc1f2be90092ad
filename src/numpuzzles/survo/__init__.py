"""Survo puzzles: fill an m×n table with 1..m·n, each once, to its row and column sums.

Fubuki is the square special case with small tables and variants (diagonals, products);
Survo is the general rectangular form Seppo Mustonen published from 2006 (3×4, 2×10, 3×5,
4×4, ...), often "open" (the sums alone, no givens).  A family of its own so that Fubuki's
commands, IDs and file format stay exactly as they are.

Modules: ``model`` (the puzzle), ``solve`` (the exact solver), ``count`` (the exact
counter: column by column, memoised), ``check`` (the independent checker), ``formats``,
``generate`` (unique puzzles, fewest givens), ``mutation`` (Mustonen's measure MD),
``hint`` and ``grade`` (our deduction tiers), ``analyse``, ``draw``, ``howto``, ``family``.
"""

from .model import Filling, Puzzle

__all__ = ["Filling", "Puzzle"]
