"""Independent checker: replays a move list from the rules' prose alone.

It deliberately shares no code with the solver, the move generator or the geometry tables
(``grid.py``, ``take.py``, ``solve.py``): it walks each line cell by cell, so a bug in the
bitmask machinery cannot hide behind the same bug here.  Only the ``Board`` and ``Pair``
value types are shared, and the wording of cells (``core/words.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.violation import Violation
from ..core.words import cell_words
from .board import Board, Pair

READING_ORDER_RULES = {"classic": (False, None, "stuck"), "easybrain": (True, 5, "any")}
"""name -> (45-degree diagonals connect, most additions allowed (None = unlimited), when
numbers may be added: ``any`` time or only when ``stuck``).  A name may end in ``+any`` or
``+stuck`` for the other policy (the rules' prose in ``rules.py``)."""

_LONG_LINES = {
    "original": {"row", "column", "diagonal"},
    "brief": {"row", "column"},
}


def _line_kind(dr: int, dc: int) -> str | None:
    if dr == 0:
        return "row"
    if dc == 0:
        return "column"
    if abs(dr) == abs(dc):
        return "diagonal"
    return None


def _connected(grid: list[list[int]], a: tuple[int, int], b: tuple[int, int], rules: str) -> bool:
    dr, dc = b[0] - a[0], b[1] - a[1]
    if max(abs(dr), abs(dc)) == 1:
        return True  # 8-neighbours connect under both fixed-grid presets
    kind = _line_kind(dr, dc)
    if kind is None or kind not in _LONG_LINES[rules]:
        return False
    steps = max(abs(dr), abs(dc))
    sr, sc = dr // steps, dc // steps
    return all(grid[a[0] + k * sr][a[1] + k * sc] == 0 for k in range(1, steps))


def check(board: Board, moves: Sequence[Pair | object], rules: str = "original") -> list[Violation]:
    """What is wrong with clearing ``board`` by ``moves`` under ``rules``; empty = valid.

    Checks each move in turn (cells on the board, distinct, not yet cleared, equal or
    summing to ten, connected) and that the board ends empty.  Replay stops at the first
    illegal move.
    """
    if rules.partition("+")[0] in READING_ORDER_RULES:
        return _check_reading_order(board, moves, rules)
    if rules not in _LONG_LINES:
        return [Violation("rules", f"the checker does not know rules {rules!r}")]
    grid = [list(row) for row in board.rows()]
    if any(len(row) != board.width for row in grid):
        return [Violation("shape", "fixed-grid rules need a rectangular board")]
    height, width = len(grid), board.width
    for number, pair in enumerate(moves, start=1):
        where = _move_words(number, pair)
        if not isinstance(pair, Pair):
            return [Violation("add", f"{where}: {rules} has no additions")]
        a, b = pair.a, pair.b
        if not all(0 <= p[0] < height and 0 <= p[1] < width for p in (a, b)):
            return [Violation("outside", f"{where}: a cell is outside the board")]
        if a == b:
            return [Violation("same-cell", f"{where}: both ends are the same cell")]
        va, vb = grid[a[0]][a[1]], grid[b[0]][b[1]]
        if va == 0 or vb == 0:
            return [Violation("cleared", f"{where}: a cell is already cleared")]
        if not (va == vb or va + vb == 10):
            return [Violation("match", f"{where}: {va} and {vb} are neither equal nor sum to 10")]
        if not _connected(grid, a, b, rules):
            return [Violation("connect", f"{where}: the cells are not connected under {rules}")]
        grid[a[0]][a[1]] = 0
        grid[b[0]][b[1]] = 0
    left = sum(1 for row in grid for v in row if v)
    if left:
        return [Violation("not-cleared", f"{left} digits remain after the last move")]
    return []


def _move_words(number: int, move: object) -> str:
    """``move 3 (4,1,4,2: row 2, column 5 and row 3, column 5)``: the move as the file
    writes it (the original's ``x1,y1,x2,y2``), then its cells in people's words, rows as
    the board stood before the move."""
    if isinstance(move, Pair):
        return f"move {number} ({move}: {cell_words(move.a)} and {cell_words(move.b)})"
    return f"move {number} ({move})"


def _rows_of(values: list[int], width: int) -> list[list[int]]:
    return [values[k : k + width] for k in range(0, len(values), width)]


def _between_reading(rows: list[list[int]], width: int, a: int, b: int) -> bool:
    """All cells strictly between reading positions a < b are cleared."""
    return all(rows[k // width][k % width] == 0 for k in range(a + 1, b))


def _walk_clear(rows: list[list[int]], a: Pair | tuple[tuple[int, int], tuple[int, int]]) -> bool:
    (r1, c1), (r2, c2) = (a.a, a.b) if isinstance(a, Pair) else a
    steps = max(abs(r2 - r1), abs(c2 - c1))
    sr, sc = (r2 - r1) // steps, (c2 - c1) // steps
    return all(rows[r1 + k * sr][c1 + k * sc] == 0 for k in range(1, steps))


def _connects(rows: list[list[int]], width: int, a: tuple[int, int], b: tuple[int, int],
              diagonals: bool) -> bool:
    """Whether the digits at ``a`` and ``b`` may be taken together (values aside)."""
    (r1, c1), (r2, c2) = a, b
    pa, pb = sorted((r1 * width + c1, r2 * width + c2))
    if _between_reading(rows, width, pa, pb):
        return True
    if c1 == c2 or (diagonals and abs(r1 - r2) == abs(c1 - c2)):
        return _walk_clear(rows, (a, b))
    return False


def _pair_left(rows: list[list[int]], width: int, diagonals: bool) -> bool:
    """Whether any two digits on the board may still be taken (every pair of cells)."""
    digits = [(r, c) for r, row in enumerate(rows) for c, v in enumerate(row) if v]
    for k, a in enumerate(digits):
        for b in digits[k + 1:]:
            va, vb = rows[a[0]][a[1]], rows[b[0]][b[1]]
            if (va == vb or va + vb == 10) and _connects(rows, width, a, b, diagonals):
                return True
    return False


def _check_reading_order(
    board: Board, moves: Sequence[Pair | object], rules: str
) -> list[Violation]:
    base, plus, asked = rules.partition("+")
    diagonals, max_adds, policy = READING_ORDER_RULES[base]
    if plus:
        if asked not in ("any", "stuck"):
            return [Violation("rules", f"the checker does not know rules {rules!r}")]
        policy = asked
    width = board.width
    rows = [list(r) for r in board.rows() if any(r)]
    adds = 0
    for number, move in enumerate(moves, start=1):
        where = _move_words(number, move)
        if not isinstance(move, Pair):
            if str(move) != "add":
                return [Violation("move", f"{where}: not a pair or 'add'")]
            adds += 1
            if max_adds is not None and adds > max_adds:
                return [Violation("adds", f"{where}: {rules} allows {max_adds} additions")]
            if policy == "stuck" and _pair_left(rows, width, diagonals):
                return [Violation("add-early", f"{where}: numbers are added only when no pair "
                                               "is left, and a pair can still be taken")]
            flat = [v for row in rows for v in row]
            rows = _rows_of(flat + [v for v in flat if v], width)
            continue
        (r1, c1), (r2, c2) = move.a, move.b
        inside = all(0 <= r < len(rows) and 0 <= c < len(rows[r]) for r, c in (move.a, move.b))
        if not inside:
            return [Violation("outside", f"{where}: a cell is outside the board")]
        if move.a == move.b:
            return [Violation("same-cell", f"{where}: both ends are the same cell")]
        va, vb = rows[r1][c1], rows[r2][c2]
        if va == 0 or vb == 0:
            return [Violation("cleared", f"{where}: a cell is already cleared")]
        if not (va == vb or va + vb == 10):
            return [Violation("match", f"{where}: {va} and {vb} are neither equal nor sum to 10")]
        if not _connects(rows, width, move.a, move.b, diagonals):
            return [Violation("connect", f"{where}: the cells are not connected under {rules}")]
        rows[r1][c1] = 0
        rows[r2][c2] = 0
        rows = [row for row in rows if any(row)]
    left = sum(1 for row in rows for v in row if v)
    if left:
        return [Violation("not-cleared", f"{left} digits remain after the last move")]
    return []
