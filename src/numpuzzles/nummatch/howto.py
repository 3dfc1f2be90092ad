"""How to play Number Match, in a few sentences a player reads, made from a ``Rules``.

Why from the fields and not one text per preset: the solvers, the move generator and
the checker all read the same ``Rules`` (its ``lines``, ``diagonal_neighbours``,
``reading_order``, ``removes_rows``, ``max_adds``), so sentences built from those fields
say what the solver enforces, and a preset changed or added is described without anyone
rewriting its text.
"""

from __future__ import annotations

from .rules import ANTIDIAGONAL, DIAGONAL, HORIZONTAL, VERTICAL, Direction, Rules, get_rules

PLAY = ('Tap two cells to take them as a pair; "Add numbers" writes the digits left '
        "again, where the rules allow it.")
"""How the page plays it."""

GOAL = ("Clear the board by taking two digits at a time that are equal or add up to ten "
        "(1 and 9, 2 and 8, 3 and 7, 4 and 6, 5 and 5).")
"""What every preset shares: the match (``rules.matches``) and the end (no digit left)."""

_LINE_WORDS: tuple[tuple[tuple[Direction, ...], str], ...] = (
    ((HORIZONTAL,), "row"),
    ((VERTICAL,), "column"),
    ((DIAGONAL, ANTIDIAGONAL), "45° diagonal"),
)
"""How a player names the directions of ``Rules.lines``; a diagonal is named when either
of its directions is a line."""


def _listed(words: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _connections(rules: Rules) -> list[str]:
    lines = [word for directions, word in _LINE_WORDS
             if any(d in rules.lines for d in directions)]
    out = []
    if lines:
        out.append(f"Two digits can be taken when they lie in one {_listed(lines)}, side by "
                   "side or with only cleared cells between them.")
    diagonal_lines = DIAGONAL in rules.lines or ANTIDIAGONAL in rules.lines
    if rules.diagonal_neighbours and not diagonal_lines:
        out.append("Digits that touch at a corner can be taken too.")
    if rules.reading_order:
        out.append("Digits that follow each other in reading order, with only cleared cells "
                   "between, can be taken too: a row's end runs on to the next row's start.")
    return out


def _board(rules: Rules) -> str:
    if rules.removes_rows:
        return "A row whose digits are all cleared disappears, and the rows below move up."
    return "Cleared cells stay in place, as gaps."


def _adds(rules: Rules) -> str:
    if rules.max_adds == 0:
        return "No digits are ever added: clear the board as it is dealt."
    how_often = ("as often as you like" if rules.max_adds is None
                 else "once" if rules.max_adds == 1 else f"at most {rules.max_adds} times")
    when = (", but only when no pair can be taken" if rules.add_policy == "stuck"
            else ", even while pairs are left")
    return ('"Add numbers" writes every digit left again, in reading order, after the last '
            f"one; use it {how_often}{when}.")


def how_to_play(rules: Rules | str = "original") -> list[str]:
    """The goal, then each rule of ``rules`` (a preset's name, or any ``Rules``)."""
    chosen = get_rules(rules)
    return [GOAL, *_connections(chosen), _board(chosen), _adds(chosen)]
