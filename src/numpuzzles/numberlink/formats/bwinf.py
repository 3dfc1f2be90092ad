"""The ``bwinf`` format (BwInf Arukone): n, the number of pairs, then n rows of n integers.

An optional first line ``SEED: s`` is accepted and ignored.  0 is an empty cell, -1 a
blocked one (an extension).  The board is square; one puzzle per file.
"""

from __future__ import annotations

from ...core.errors import InvalidPuzzleError, PuzzleFormatError
from ..model import Puzzle, Solution
from .grid import BLOCK, Grid, to_puzzle
from .numeric import int_row, int_rows

NAME = "bwinf"


def _int(line: str, number: int, what: str) -> int:
    if not line.strip().isdigit():
        raise PuzzleFormatError(f"expected {what} (an integer), got {line.strip()!r}", line=number)
    return int(line)


def read(text: str) -> list[Grid]:
    """The one grid in ``text``."""
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if lines and lines[0][1].upper().startswith("SEED:"):
        lines = lines[1:]
    if len(lines) < 2:
        raise PuzzleFormatError("expected the board size n and the number of pairs")
    n = _int(lines[0][1], lines[0][0], "the board size n")
    pairs = _int(lines[1][1], lines[1][0], "the number of pairs")
    if n == 0:
        raise PuzzleFormatError("board size 0 is empty", line=lines[0][0])
    body = lines[2 : 2 + n]
    if len(body) < n:
        raise PuzzleFormatError(f"expected {n} rows, found {len(body)}", line=lines[-1][0])
    if len(lines) > 2 + n:
        raise PuzzleFormatError("unexpected text after the last row", line=lines[2 + n][0])
    tokens: list[str | None] = []
    for number, row in body:
        tokens.extend(int_row(row, number, n))
    grid = Grid(n, n, tuple(tokens), tuple(num for num, _ in body), numeric=True)
    labels = {t for t in tokens if t is not None and t != BLOCK}
    if len(labels) != pairs:
        raise PuzzleFormatError(
            f"header says {pairs} pairs, the board has {len(labels)}", line=lines[1][0]
        )
    return [grid]


def parse(text: str) -> list[Puzzle]:
    """The puzzle in ``text`` (a list of one)."""
    return [to_puzzle(grid) for grid in read(text)]


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """n, the number of pairs and the rows (the solved grid's rows with ``solution``)."""
    if puzzle.width != puzzle.height:
        raise InvalidPuzzleError(
            f"the {NAME} format needs a square board, got {puzzle.width}x{puzzle.height}"
        )
    cells = puzzle.cells if solution is None else solution.cells
    body = "\n".join(int_rows(puzzle.width, puzzle.height, cells))
    return f"{puzzle.width}\n{len(puzzle.labels)}\n{body}\n"
