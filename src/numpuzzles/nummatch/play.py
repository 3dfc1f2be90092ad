"""A keyboard game: the state machine behind ``numpuzzles nummatch play``.

All game logic lives in ``Game.process(command) -> reply`` so it is tested without a
terminal; the command line only reads lines and prints replies.

Commands (case-insensitive):

* ``b1 c1``: take the pair at column b row 1 and column c row 1 (letters are columns,
  numbers are rows counted from 1, as printed around the board);
* ``1 0 2 0`` or ``1,0,2,0``: the same with the original's 0-based ``x1 y1 x2 y2``;
* ``u`` / ``undo``; ``h`` / ``hint``; ``a`` / ``add`` (``classic``, ``easybrain``);
* ``?`` / ``help``; ``q`` / ``quit``.
"""

from __future__ import annotations

import re
import string

from ..core.errors import InvalidParameterError
from ..core.result import Status
from .board import Board, Cell, Pair
from .hint import hint
from .rules import Rules, get_rules
from .sequence import add_seq, board_cells, to_board
from .take import is_legal, take

HELP = (
    "commands: two cells like 'b1 c1' (letter = column, number = row) or 'x1 y1 x2 y2' "
    "(0-based), u = undo, h = hint, a = add numbers, ? = help, q = quit"
)
_CELL = re.compile(r"^([a-z])(\d+)$")


class Game:
    """One game in progress: the board, the additions used and the undo history."""

    def __init__(self, board: Board, rules: Rules | str = "original") -> None:
        self.rules = get_rules(rules)
        if board.width > len(string.ascii_lowercase):
            raise InvalidParameterError("play names columns a..z, so boards are limited to 26")
        if not self.rules.fixed:
            board = to_board(board_cells(board), board.width)
        self.board = board
        self.adds = 0
        self.history: list[tuple[Board, int]] = []
        self.finished = False

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

    def _parse_pair(self, text: str) -> Pair | None:
        parts = [p for p in re.split(r"[\s,]+", text.strip().lower()) if p]
        if len(parts) == 4 and all(p.isdigit() for p in parts):
            x1, y1, x2, y2 = (int(p) for p in parts)
            return Pair.from_xy(x1, y1, x2, y2)
        if len(parts) == 2:
            cells: list[Cell] = []
            for p in parts:
                m = _CELL.match(p)
                if not m or int(m.group(2)) < 1:
                    return None
                cells.append((int(m.group(2)) - 1, ord(m.group(1)) - ord("a")))
            return Pair(cells[0], cells[1])
        return None

    def process(self, command: str) -> str:
        """Apply one typed command and return what to show the player."""
        cmd = command.strip().lower()
        if self.finished:
            return "the game is over"
        if cmd in ("q", "quit", "exit"):
            self.finished = True
            return "bye"
        if cmd in ("?", "help", ""):
            return HELP
        if cmd in ("u", "undo"):
            if not self.history:
                return "nothing to undo"
            self.board, self.adds = self.history.pop()
            return self.render()
        if cmd in ("h", "hint"):
            return self._hint()
        if cmd in ("a", "add"):
            limit = self.rules.max_adds
            if limit is not None and self.adds >= limit:
                return f"no additions left under {self.rules.name} rules"
            self.history.append((self.board, self.adds))
            self.board = add_seq(self.board, self.rules, self.adds)
            self.adds += 1
            return self.render()
        pair = self._parse_pair(cmd)
        if pair is None:
            return f"not understood: {command.strip()!r} ({HELP})"
        if not is_legal(self.board, pair, self.rules):
            return f"cannot take {command.strip()}: not equal or summing to ten, or not connected"
        after = take(self.board, pair, self.rules)
        assert after is not None
        self.history.append((self.board, self.adds))
        self.board = after
        if self.board.cleared or not self.board.cells:
            self.finished = True
            return self.render() + "\ncleared: you win!"
        return self.render()

    def _hint(self) -> str:
        answer = hint(self.board, self.rules, timeout=5.0, adds_used=self.adds)
        if answer.move is None:
            if answer.status is Status.UNKNOWN:
                return "no hint: the solver ran out of time"
            return "no move keeps the board solvable (undo with u)"
        if isinstance(answer.move, Pair):
            (r1, c1), (r2, c2) = answer.move.a, answer.move.b
            letters = string.ascii_lowercase
            return f"try {letters[c1]}{r1 + 1} {letters[c2]}{r2 + 1}"
        return "add numbers (a)"
