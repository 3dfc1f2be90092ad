"""The reading-order presets (``classic``, ``easybrain``): moves, row removal, additions.

The board is a sequence of cells in reading order, ``width`` to a row, the last row
possibly short.  Cells are addressed ``(row, col)`` *on the board as it is when the move is
made*: when a row is removed the rows below move up, and the coordinates of later moves
follow.

* Two digits connect when they are next to each other in reading order with only cleared
  cells between (across row ends), or in one column with only cleared cells between, or
  (``easybrain``) on one 45° diagonal with only cleared cells between (no wrapping).
* After a pair is taken, every row whose cells are all cleared is removed.
* "Add numbers" (``ADD``) appends the remaining digits, in reading order, after the last
  cell.  ``classic`` allows any number of additions, ``easybrain`` five.

Row removal makes ``easybrain`` non-monotone: removing a row changes which cells share a
diagonal, so clearing can break a connection.  The search (``seqsolve.py``) therefore works
on move orders, not on matchings.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InvalidPuzzleError
from .board import Board, Pair
from .rules import DIAGONAL, Rules


@dataclass(frozen=True)
class AddNumbers:
    """The "add numbers" move (append the remaining digits in reading order)."""

    def __str__(self) -> str:
        return "add"


ADD = AddNumbers()
Move = Pair | AddNumbers
Cells = tuple[int, ...]


def normalise(cells: Cells, width: int) -> Cells:
    """``cells`` without its fully cleared rows (a short last row counts as a row)."""
    out: list[int] = []
    for start in range(0, len(cells), width):
        row = cells[start : start + width]
        if any(row):
            out.extend(row)
    return tuple(out)


def forward_partners(cells: Cells, width: int, i: int, diagonals: bool) -> list[int]:
    """The cells after ``i`` (in reading order) that ``i`` connects to, whatever their values:
    the next digit in reading order, the next digit down the column and, with
    ``diagonals``, the next digit down each diagonal."""
    n = len(cells)
    out = []
    j = i + 1
    while j < n and cells[j] == 0:
        j += 1
    if j < n:
        out.append(j)
    j = i + width
    while j < n and cells[j] == 0:
        j += width
    if j < n and j not in out:
        out.append(j)
    if diagonals:
        col = i % width
        for step, limit in ((width + 1, width - 1 - col), (width - 1, col)):
            j, k = i + step, 1
            while k <= limit and j < n and cells[j] == 0:
                j += step
                k += 1
            if k <= limit and j < n and j not in out:
                out.append(j)
    return out


def legal_index_pairs(cells: Cells, width: int, diagonals: bool) -> list[tuple[int, int]]:
    """Every legal pair ``(i, j)``, ``i < j``, as flat indices.

    One backward pass finds, for every cell, the next digit in reading order, down its
    column and down both diagonals (the search's hot loop; ``forward_partners`` is the
    plain per-cell version used for single moves).
    """
    n = len(cells)
    down = [-1] * n
    right = [-1] * n
    left = [-1] * n
    out: list[tuple[int, int]] = []
    last = -1
    for i in range(n - 1, -1, -1):
        below = i + width
        if below < n:
            down[i] = below if cells[below] else down[below]
        if diagonals:
            col = i % width
            if col < width - 1 and below + 1 < n:
                right[i] = below + 1 if cells[below + 1] else right[below + 1]
            if col > 0 and below - 1 < n:
                left[i] = below - 1 if cells[below - 1] else left[below - 1]
        v = cells[i]
        if v:
            for j in (last, down[i], right[i], left[i]):
                if j >= 0:
                    w = cells[j]
                    if (v == w or v + w == 10) and (i, j) not in out[-4:]:
                        out.append((i, j))
            last = i
    out.reverse()
    return out


def take_indices(cells: Cells, width: int, i: int, j: int) -> Cells:
    """Clear ``i`` and ``j`` and remove the rows left empty."""
    nxt = list(cells)
    nxt[i] = nxt[j] = 0
    return normalise(tuple(nxt), width)


def add_numbers(cells: Cells) -> Cells:
    """Append the remaining digits, in reading order, after the last cell."""
    return cells + tuple(v for v in cells if v)


def uses_diagonals(rules: Rules) -> bool:
    """True when ``rules`` connect along 45° diagonals."""
    return DIAGONAL in rules.lines


def board_cells(board: Board) -> Cells:
    """The board's cells with empty rows removed (the state the rules play on)."""
    return normalise(board.cells, board.width)


def to_board(cells: Cells, width: int) -> Board:
    """A ``Board`` for a cell sequence (the last row may be short)."""
    return Board(width, -(-len(cells) // width), cells)


def is_legal_seq(board: Board, pair: Pair, rules: Rules) -> bool:
    """True when ``pair`` may be taken on ``board`` under a reading-order preset.

    Rows of ``board`` that are already empty are removed first (the rules never show
    them), so coordinates refer to the board without them.
    """
    board = to_board(board_cells(board), board.width)
    if not (board.contains(pair.a) and board.contains(pair.b)) or pair.a == pair.b:
        return False
    i, j = sorted((board.index(pair.a), board.index(pair.b)))
    cells = board.cells
    if not cells[i] or not (cells[i] == cells[j] or cells[i] + cells[j] == 10):
        return False
    return j in forward_partners(cells, board.width, i, uses_diagonals(rules))


def take_seq(board: Board, pair: Pair, rules: Rules) -> Board | None:
    """The board after taking ``pair`` (rows left empty removed), or None when illegal."""
    if not is_legal_seq(board, pair, rules):
        return None
    board = to_board(board_cells(board), board.width)
    i, j = board.index(pair.a), board.index(pair.b)
    return to_board(take_indices(board.cells, board.width, i, j), board.width)


def add_seq(board: Board, rules: Rules, adds_used: int) -> Board:
    """The board after "add numbers"; raises when ``rules`` allow no more additions."""
    if rules.max_adds is not None and adds_used >= rules.max_adds:
        raise InvalidPuzzleError(f"{rules.name} allows at most {rules.max_adds} additions")
    return to_board(add_numbers(board.cells), board.width)
