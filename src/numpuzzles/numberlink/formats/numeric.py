"""The ``numeric`` format: ``w h``, then h rows of w integers; 0 empty, -1 blocked.

Many puzzles per file (blank lines and ``#`` comment lines are ignored); a line ``0 0``
ends the input.  This is the format of imos/Puzzle's NumberLink samples.
"""

from __future__ import annotations

from ...core.errors import PuzzleFormatError
from ...core.intparse import ascii_int
from ..model import Puzzle, Solution
from .grid import BLOCK, Grid, read_sized_blocks, to_puzzle

NAME = "numeric"


def int_row(line: str, number: int, width: int) -> list[str | None]:
    """One row of ``width`` integers as tokens; anything else is an error at ``number``."""
    parts = line.split()
    if len(parts) != width:
        raise PuzzleFormatError(f"row has {len(parts)} cells, expected {width}", line=number)
    tokens: list[str | None] = []
    for part in parts:
        value = ascii_int(part, number)
        if value is None:
            raise PuzzleFormatError(f"unknown cell {part!r}, expected an integer", line=number)
        if value < -1:
            raise PuzzleFormatError(f"unknown cell {part!r}", line=number)
        tokens.append(None if value == 0 else BLOCK if value == -1 else str(value))
    return tokens


def read(text: str) -> list[Grid]:
    """The grids in ``text``."""
    return read_sized_blocks(text, int_row, numeric=True)


def parse(text: str) -> list[Puzzle]:
    """Every puzzle in ``text``."""
    return [to_puzzle(grid) for grid in read(text)]


def int_rows(width: int, height: int, cells: tuple[int, ...]) -> list[str]:
    """Rows of space-separated integers."""
    return [" ".join(str(v) for v in cells[r * width : (r + 1) * width]) for r in range(height)]


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """``w h`` and the rows (the solved grid's rows when ``solution`` is given)."""
    cells = puzzle.cells if solution is None else solution.cells
    body = "\n".join(int_rows(puzzle.width, puzzle.height, cells))
    return f"{puzzle.width} {puzzle.height}\n{body}\n"
