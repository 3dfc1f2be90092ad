"""The ``letters`` format: rows of characters, ``.`` empty, ``#`` blocked, others labels.

This is the Flow Free convention.  Puzzles in one file are separated by blank lines.
Labels are numbered 1.. in order of first appearance; the characters are kept as names.
"""

from __future__ import annotations

from ...core.errors import PuzzleFormatError
from ..model import BLOCKED, EMPTY, Puzzle, Solution
from .grid import BLOCK, Grid, char_names, to_puzzle

NAME = "letters"


def read(text: str) -> list[Grid]:
    """The grids in ``text``: blocks of non-blank lines."""
    grids: list[Grid] = []
    block: list[tuple[int, str]] = []
    for number, raw in enumerate([*text.splitlines(), ""], start=1):
        line = raw.strip()
        if line:
            block.append((number, line))
            continue
        if block:
            grids.append(_grid(block))
            block = []
    return grids


def _grid(block: list[tuple[int, str]]) -> Grid:
    width = len(block[0][1])
    tokens: list[str | None] = []
    for number, line in block:
        if len(line) != width:
            raise PuzzleFormatError(f"row has {len(line)} cells, expected {width}", line=number)
        for char in line:
            if char.isspace():
                raise PuzzleFormatError("spaces are not allowed inside a row", line=number)
            tokens.append(None if char == "." else BLOCK if char == "#" else char)
    return Grid(width, len(block), tuple(tokens), tuple(n for n, _ in block), numeric=False)


def parse(text: str) -> list[Puzzle]:
    """Every puzzle in ``text``."""
    return [to_puzzle(grid) for grid in read(text)]


def rows(puzzle: Puzzle, cells: tuple[int, ...]) -> list[str]:
    """``cells`` (a puzzle's or a solution's) as rows of characters."""
    names = char_names(puzzle)
    out = []
    for r in range(puzzle.height):
        row = cells[r * puzzle.width : (r + 1) * puzzle.width]
        out.append("".join("." if v == EMPTY else "#" if v == BLOCKED else names[v] for v in row))
    return out


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle's rows, or the solved grid's rows when ``solution`` is given."""
    cells = puzzle.cells if solution is None else solution.cells
    return "\n".join(rows(puzzle, cells)) + "\n"
