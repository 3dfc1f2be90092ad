"""How to play Fubuki, in a few sentences a player reads, for each variant.

Why here, beside the checker: the sentences say what ``check.py`` enforces (every digit
1..n² once, the givens kept, each printed total met, products in the product variant, the
two diagonals in the diagonals variant, a hidden total ``?`` checking nothing), and where
the page prints each total, so what a player reads is what the judge applies.
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError

VARIANTS = ("plain", "diagonals", "product")
"""The variants, as the ``variant`` generation parameter names them."""

PLAY = "Tap a cell, then type a digit or use the keypad; the arrow keys move between cells."
"""How the page plays it."""

_GOAL = ("Fill the n×n grid with the numbers 1 to n² (1 to 9 on a 3×3 grid), each number "
         "exactly once.")
_GIVENS = "Numbers printed in the grid at the start are given and stay as they are."
_HIDDEN = "A total shown as ? is hidden: that line may come to anything."
_LINES = {
    False: ("The numbers in each row add up to the total at its right, and those in each "
            "column to the total below it."),
    True: ("The numbers in each row multiplied together give the total at its right, and "
           "those in each column the total below it."),
}
_DIAGONALS = ("The diagonals add up too: top left to bottom right (↘) to the total at the "
              "bottom right, top right to bottom left (↙) to the total at the top right.")


def how_to_play(variant: str | None = None) -> list[str]:
    """The goal, then each rule, in ``variant`` (default ``plain``)."""
    chosen = variant or "plain"
    if chosen not in VARIANTS:
        raise InvalidParameterError(
            f"unknown variant {chosen!r} (known: {', '.join(VARIANTS)})")
    sentences = [_GOAL, _LINES[chosen == "product"]]
    if chosen == "diagonals":
        sentences.append(_DIAGONALS)
    return [*sentences, _GIVENS, _HIDDEN]
