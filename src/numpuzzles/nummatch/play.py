"""A keyboard game: the state machine behind ``numpuzzles nummatch play``.

All game logic lives in ``Game.process(command) -> reply`` so it is tested without a
terminal; the command line only reads lines and prints replies.

Commands (case-insensitive):

* ``b1 c1``: take the pair at column b row 1 and column c row 1 (letters are columns,
  numbers are rows counted from 1, as printed around the board);
* ``1 0 2 0`` or ``1,0,2,0``: the same with the original's 0-based ``x1 y1 x2 y2``;
* ``u`` / ``undo``; ``h`` / ``hint``; ``a`` / ``add`` (``classic``, ``easybrain``);
* ``?`` / ``help``; ``q`` / ``quit``.

Why the replies are worded from the rules in force: a player told "a = add numbers" under
rules that never add, or "not connected" for a cell that is not on the board, learns the
wrong game.  So the help lists adding only where the rules allow it, and a refused pair
says which of its conditions failed (a cell off the board, named as typed; the same cell
twice; a cleared cell; digits that do not match; cells the rules do not connect, with the
rule's own sentence from ``howto.py``).
"""

from __future__ import annotations

import re
import string

from ..core.errors import InvalidParameterError
from ..core.result import Status
from .board import Board, Cell, Pair
from .hint import hint
from .howto import how_to_play
from .rules import Rules, get_rules, matches
from .sequence import add_seq, board_cells, to_board
from .take import is_legal, take

_CELL = re.compile(r"^([a-z])(\d+)$")


def help_for(rules: Rules | str) -> str:
    """The commands, ``a = add numbers`` only where ``rules`` allow adding."""
    add = "" if get_rules(rules).max_adds == 0 else "a = add numbers, "
    return ("commands: two cells like 'b1 c1' (letter = column, number = row) or "
            f"'x1 y1 x2 y2' (0-based), u = undo, h = hint, {add}? = help, q = quit")


class Game:
    """One game in progress: the board, the additions used and the undo history."""

    def __init__(self, board: Board, rules: Rules | str = "original", *,
                 hint_timeout: float = 5.0) -> None:
        self.rules = get_rules(rules)
        self.hint_timeout = hint_timeout
        if board.width > len(string.ascii_lowercase):
            raise InvalidParameterError("play names columns a..z, so boards are limited to 26")
        if not self.rules.fixed:
            board = to_board(board_cells(board), board.width)
        self.board = board
        self.adds = 0
        self.history: list[tuple[Board, int]] = []
        self.finished = False
        self.help = help_for(self.rules)

    def render(self) -> str:
        """The board with column letters above and 1-based row numbers on the left."""
        width = self.board.width
        head = "    " + " ".join(string.ascii_lowercase[c] for c in range(width))
        lines = [head]
        for r, row in enumerate(self.board.rows(), start=1):
            lines.append(f"{r:>3} " + " ".join(str(v) if v else "." for v in row))
        limit = self.rules.max_adds
        if limit is None or limit > 0:
            left = "unlimited" if limit is None else str(limit - self.adds)
            lines.append(f"additions left: {left}")
        return "\n".join(lines)

    def _parse_pair(self, text: str) -> tuple[Pair, tuple[str, str]] | None:
        """The pair typed, with each cell's name as the player wrote it."""
        parts = [p for p in re.split(r"[\s,]+", text.strip().lower()) if p]
        if len(parts) == 4 and all(p.isdigit() and len(p) <= 6 for p in parts):
            x1, y1, x2, y2 = (int(p) for p in parts)
            return Pair.from_xy(x1, y1, x2, y2), (f"x={x1},y={y1}", f"x={x2},y={y2}")
        if len(parts) == 2:
            cells: list[Cell] = []
            for p in parts:
                m = _CELL.match(p)
                if not m or int(m.group(2)) < 1 or len(m.group(2)) > 6:
                    return None
                cells.append((int(m.group(2)) - 1, ord(m.group(1)) - ord("a")))
            return Pair(cells[0], cells[1]), (parts[0], parts[1])
        return None

    def _refusal(self, pair: Pair, names: tuple[str, str]) -> str:
        """Why ``pair`` cannot be taken, in the player's terms (see the module docstring)."""
        board = self.board
        for cell, name in zip((pair.a, pair.b), names, strict=True):
            if not board.contains(cell):
                last = string.ascii_lowercase[board.width - 1]
                return (f"{name} is off the board: columns run a to {last}, "
                        f"rows 1 to {board.height}")
        if pair.a == pair.b:
            return "that is one cell twice: name two different cells"
        values = (board.value(pair.a), board.value(pair.b))
        for value, name in zip(values, names, strict=True):
            if not value:
                return f"{name} is already cleared"
        if not matches(*values):
            return f"{values[0]} and {values[1]} are neither equal nor sum to ten"
        rule = " ".join(how_to_play(self.rules)[1:-2])
        return f"{names[0]} and {names[1]} are not connected under {self.rules.name} rules. {rule}"

    def process(self, command: str) -> str:
        """Apply one typed command and return what to show the player."""
        cmd = command.strip().lower()
        if self.finished:
            return "the game is over"
        if cmd in ("q", "quit", "exit"):
            self.finished = True
            return "bye"
        if cmd in ("?", "help", ""):
            return self.help
        if cmd in ("u", "undo"):
            if not self.history:
                return "nothing to undo"
            self.board, self.adds = self.history.pop()
            return self.render()
        if cmd in ("h", "hint"):
            return self._hint()
        if cmd in ("a", "add"):
            limit = self.rules.max_adds
            if limit == 0:
                return (f"{self.rules.name} rules never add numbers: take pairs "
                        "(u = undo, h = hint)")
            if limit is not None and self.adds >= limit:
                return f"no additions left: {self.rules.name} rules allow {limit}"
            if self.rules.add_policy == "stuck" and self._pairs_left():
                return ("numbers are added only when no pair is left, and a pair can still "
                        "be taken (h = hint)")
            self.history.append((self.board, self.adds))
            self.board = add_seq(self.board, self.rules, self.adds)
            self.adds += 1
            return self.render()
        parsed = self._parse_pair(cmd)
        if parsed is None:
            return f"not understood: {command.strip()!r} ({self.help})"
        pair, names = parsed
        if not is_legal(self.board, pair, self.rules):
            return f"cannot take {command.strip()}: {self._refusal(pair, names)}"
        after = take(self.board, pair, self.rules)
        assert after is not None
        self.history.append((self.board, self.adds))
        self.board = after
        if self.board.cleared or not self.board.cells:
            self.finished = True
            return self.render() + "\ncleared: you win!"
        return self.render()

    def _pairs_left(self) -> bool:
        from .sequence import board_cells, legal_index_pairs, uses_diagonals

        cells = board_cells(self.board)
        return bool(legal_index_pairs(cells, self.board.width, uses_diagonals(self.rules)))

    def _hint(self) -> str:
        answer = hint(self.board, self.rules, timeout=self.hint_timeout, adds_used=self.adds)
        if answer.move is None:
            if answer.status is Status.UNKNOWN:
                return "no hint: the solver ran out of time"
            return "no move keeps the board solvable (undo with u)"
        if isinstance(answer.move, Pair):
            (r1, c1), (r2, c2) = answer.move.a, answer.move.b
            letters = string.ascii_lowercase
            return f"try {letters[c1]}{r1 + 1} {letters[c2]}{r2 + 1}"
        return "add numbers (a)"
