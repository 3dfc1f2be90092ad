"""The ``ahle`` format (thomasahle/numberlink): ``w h``, then h rows of w characters.

``.`` is empty, any other character a label; a line starting with ``#`` is a comment; a file
holds many puzzles; a line ``0 0`` ends the input.  The format has no blocked cells.
"""

from __future__ import annotations

from ...core.errors import PuzzleFormatError
from ..model import EMPTY, Puzzle, Solution
from .grid import Grid, char_names, no_blocked, read_sized_blocks, to_puzzle

NAME = "ahle"


def _char_row(row: str, number: int, width: int) -> list[str | None]:
    if len(row) != width:
        raise PuzzleFormatError(f"row has {len(row)} cells, expected {width}", line=number)
    if "".join(row.split()) != row:  # some whitespace inside (split finds every kind)
        raise PuzzleFormatError("spaces are not allowed inside a row", line=number)
    return [None if c == "." else c for c in row]


def read(text: str) -> list[Grid]:
    """The grids in ``text``."""
    return read_sized_blocks(text, _char_row, numeric=False)


def parse(text: str) -> list[Puzzle]:
    """Every puzzle in ``text``."""
    return [to_puzzle(grid) for grid in read(text)]


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """``w h`` and the rows (the solved grid's rows when ``solution`` is given)."""
    no_blocked(puzzle, NAME)
    names = char_names(puzzle)
    cells = puzzle.cells if solution is None else solution.cells
    w = puzzle.width
    rows = [
        "".join("." if v == EMPTY else names[v] for v in cells[r * w : (r + 1) * w])
        for r in range(puzzle.height)
    ]
    return f"{w} {puzzle.height}\n" + "\n".join(rows) + "\n"
