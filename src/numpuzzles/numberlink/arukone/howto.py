"""How to play Arukone: the competition's rules, in a few sentences a player reads.

Why its own words: Arukone is Numberlink under the ``blank`` rules (the rule set the
Bundeswettbewerb Informatik's task and its online checker use, and the one
``ArukoneFamily`` generates under), so the rules are Numberlink's, said once in
``numberlink/howto.py``; only the goal is worded as the competition does.  A puzzle read
under other rules is told those rules.
"""

from __future__ import annotations

from ..howto import how_to_play as numberlink_how_to_play
from ..howto import rule_sentences, rules_of
from ..model import Rules

RULES = Rules.BLANK
"""The competition's rule set."""


def how_to_play(rules: Rules | str | None = None) -> list[str]:
    """The goal and the rules under ``rules`` (default: the competition's, ``blank``)."""
    chosen = rules_of(rules, RULES)
    if chosen is not RULES:
        return numberlink_how_to_play(chosen)
    return ["Connect each pair of equal numbers with one path, as in the Arukone task of "
            "the Bundeswettbewerb Informatik.", *rule_sentences(chosen)]
