"""Number Match as a ``numpuzzles.core.family.Family``: the uniform interface other tools use.

A family object carries one rule preset (``FAMILY`` uses ``original``); puzzles are
``Board`` values and solutions are move lists.  Text holds one board per paragraph: rows of
digits on separate lines (or one line with ``/`` between rows), boards separated by blank
lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.errors import InvalidParameterError
from ..core.result import SolveResult
from ..core.violation import Violation
from .board import Board, parse_board
from .check import check as check_moves
from .generate import generate as generate_board
from .rules import get_rules
from .sequence import Move
from .solve import solve as solve_board


class NumMatchFamily:
    """The Family protocol for one rule preset."""

    name = "nummatch"
    formats: Sequence[str] = ("text",)

    def __init__(self, rules: str = "original") -> None:
        self.rules = get_rules(rules)

    def _format(self, fmt: str | None) -> None:
        if fmt not in (None, "text"):
            raise InvalidParameterError(f"nummatch knows the format 'text', not {fmt!r}")

    def parse(self, text: str, format: str | None = None) -> list[Board]:
        """Every board in ``text`` (paragraphs separated by blank lines)."""
        self._format(format)
        short_ok = not self.rules.fixed
        blocks = [b for b in text.replace("\r\n", "\n").split("\n\n") if b.strip()]
        return [parse_board(b, allow_short_last_row=short_ok) for b in blocks]

    def dump(self, puzzle: Board, format: str | None = None) -> str:
        """Rows of digits on separate lines (0 = cleared)."""
        self._format(format)
        return str(puzzle).replace("/", "\n") + "\n"

    def solve(
        self, puzzle: Board, *, limit: int | None = 1, timeout: float | None = None
    ) -> SolveResult[tuple[Move, ...]]:
        """One clearing move list (``limit`` is not used: the solver proves one answer)."""
        return solve_board(puzzle, self.rules, timeout=timeout)

    def check(self, puzzle: Board, solution: tuple[Move, ...]) -> list[Violation]:
        """The independent checker's verdict on a move list."""
        return check_moves(puzzle, solution, self.rules.name)

    def generate(self, params: Mapping[str, Any], seed: int) -> Board:
        """A solvable board; params: width, height, difficulty (fixed-grid presets)."""
        made = generate_board(
            int(params.get("width", 5)),
            int(params.get("height", 4)),
            rules=self.rules,
            seed=seed,
            difficulty=params.get("difficulty"),
        )
        return made.board


FAMILY = NumMatchFamily()
"""The family under the original's rules."""
