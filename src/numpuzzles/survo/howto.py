"""How to play Survo, in a few sentences a player reads.

Why here, beside the checker: the sentences say what ``check.py`` enforces (every number
1..m·n once, the givens kept, each printed sum met, a hidden sum ``?`` checking nothing).
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError

RULE_SETS = ("standard",)

PLAY = "Tap a cell, then type a number or use the keypad; the arrow keys move between cells."

_SENTENCES = [
    "Fill the m×n table with the numbers 1 to m·n (1 to 12 in a 3×4 table), each number "
    "exactly once.",
    "The numbers in each row add up to the sum at its right, and those in each column to "
    "the sum below it.",
    "Numbers printed in the table at the start are given and stay as they are; an open "
    "puzzle gives none, only the sums.",
    "A sum shown as ? is hidden: that line may come to anything.",
]


def how_to_play(rules: str | None = None) -> list[str]:
    """The goal, then each rule."""
    if rules is not None and rules not in RULE_SETS:
        raise InvalidParameterError(
            f"survo has no rule set {rules!r}; known: {', '.join(RULE_SETS)}")
    return list(_SENTENCES)
