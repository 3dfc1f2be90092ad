"""How to play Numberlink, in a few sentences a player reads, for each rule set.

Why here, beside the checker: the sentences say what ``check.py`` enforces (paths of unit
steps between a label's two ends, no crossing and no cell twice, the ``fill`` and
``no-touch`` rules), so a player is told exactly the rules the judge applies, and a rule
set added to ``Rules`` without words fails the tests.
"""

from __future__ import annotations

from ..core.errors import InvalidParameterError
from .model import Rules

PLAY = ("Drag from a numbered end to its partner to draw a path; a tap on a path clears "
        "it. On a board larger than the screen, a drag from an empty cell moves the board.")
"""How the page plays it (Arukone too)."""

STEPS = ("A path runs from cell to cell sideways or up and down, never diagonally, and "
         "visits no cell twice.")
"""The checker's ``steps`` and ``no-branch`` rules."""
NO_CROSS = ("Paths never cross or share a cell, and no path passes through another "
            "number.")
"""The checker's ``no-cross`` rule (a path through another label's end crosses it too)."""

_RULE_SENTENCES: dict[Rules, tuple[str, ...]] = {
    Rules.FILL: ("Every cell that is not blocked lies on a path: the board ends up full.",),
    Rules.FILL_NOTOUCH: (
        "Every cell that is not blocked lies on a path: the board ends up full.",
        "A path never runs alongside itself: two of its cells side by side are always "
        "consecutive on it.",
    ),
    Rules.BLANK: ("Cells may stay empty: the board need not be filled.",),
}
"""What each rule set adds (the checker's ``fill`` and ``no-touch`` rules)."""


def rules_of(rules: Rules | str | None, default: Rules = Rules.FILL) -> Rules:
    """``rules`` as a ``Rules`` value (its name accepted; None: ``default``)."""
    if rules is None:
        return default
    if isinstance(rules, Rules):
        return rules
    try:
        return Rules(rules)
    except ValueError:
        known = ", ".join(r.value for r in Rules)
        raise InvalidParameterError(f"unknown rules {rules!r} (known: {known})") from None


def rule_sentences(rules: Rules) -> list[str]:
    """The rules alone, without the goal: what a path may do, then the rule set's own."""
    return [STEPS, NO_CROSS, *_RULE_SENTENCES[rules]]


def how_to_play(rules: Rules | str | None = None) -> list[str]:
    """The goal, then each rule, under ``rules`` (default ``fill``)."""
    chosen = rules_of(rules)
    return ["Connect each pair of equal numbers with one path.", *rule_sentences(chosen)]
