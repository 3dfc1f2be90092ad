"""Number Match as SVG: digits in their cells, cleared cells greyed, and a solution's moves.

With a solution, each pair taken is a line between its two cells with the move's number
at its middle.  Under the fixed-grid presets cells never move, so every pair is drawn on
the board.  Under the reading-order presets (``classic``, ``easybrain``) an addition or a
removed empty row moves the cells, so pairs are drawn only while the board still has its
first shape; that move and every later one (additions included) are listed as text
under the grid instead, in the ``x1,y1,x2,y2`` form the CLI reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..draw.svg import CAPTION_SIZE, GridPicture, label_colour
from .board import Board, Pair
from .rules import get_rules
from .sequence import Move, board_cells, take_seq

CLEARED = "#c8c8c8"


def _drawable(board: Board, rules_name: str, moves: Sequence[Move]) -> int:
    """How many leading moves are pairs whose cells are still where the board shows them."""
    rules = get_rules(rules_name)
    if rules.fixed:
        count = 0
        for move in moves:
            if not isinstance(move, Pair) or not (board.contains(move.a)
                                                  and board.contains(move.b)):
                break
            count += 1
        return count
    if len(board_cells(board)) != len(board.cells):
        return 0  # empty rows in the board itself: coordinates already skip them
    current = board
    for count, move in enumerate(moves):
        if not isinstance(move, Pair):
            return count
        after = take_seq(current, move, rules)
        if after is None or len(after.cells) != len(board.cells):
            return count
        current = after
    return len(moves)


def _wrap(items: Sequence[str], width: int) -> list[str]:
    """``items`` joined by spaces into lines of at most ``width`` characters."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + 2 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}  {item}" if line else item
    if line:
        lines.append(line)
    return lines


def draw(board: Board, rules: str, moves: Sequence[Move] | None = None) -> str:
    """The board (and, if given, a move list clearing it) as an SVG document."""
    holes = frozenset(
        (board.height - 1, c) for c in range(board.width)
        if (board.height - 1) * board.width + c >= len(board.cells)
    )
    picture = GridPicture(board.height, board.width, holes=holes)
    for index, value in enumerate(board.cells):
        row, col = board.cell(index)
        if value:
            picture.text(row, col, str(value), "given")
        else:
            picture.fill(row, col, CLEARED)
    if moves:
        drawn = _drawable(board, rules, moves)
        for number, move in enumerate(moves[:drawn], start=1):
            assert isinstance(move, Pair)
            picture.link(move.a, move.b, label_colour(number - 1), str(number))
        rest = [f"{n}. {m}" for n, m in enumerate(moves[drawn:], start=drawn + 1)]
        if rest:
            chars = max(20, int(picture.width / (0.6 * CAPTION_SIZE)))
            picture.caption("Moves not drawn (x1,y1,x2,y2 or add):")
            for line in _wrap(rest, chars):
                picture.caption(line)
    return picture.to_svg()
