"""The ``ahle`` format (thomasahle/numberlink): ``w h``, then h rows of w characters.

``.`` is empty, any other character a label; a line starting with ``#`` is a comment; a file
holds many puzzles; a line ``0 0`` ends the input.  The format has no blocked cells.
"""

from __future__ import annotations

from ...core.errors import PuzzleFormatError
from ..model import EMPTY, Puzzle, Solution
from .grid import Grid, char_names, no_blocked, to_puzzle

NAME = "ahle"


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((number, line))
    return out


def size_line(line: str, number: int) -> tuple[int, int]:
    """``w h`` as two non-negative integers."""
    parts = line.split()
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise PuzzleFormatError(f"expected a size line 'w h', got {line!r}", line=number)
    return int(parts[0]), int(parts[1])


def read(text: str) -> list[Grid]:
    """The grids in ``text``."""
    lines = _lines(text)
    grids: list[Grid] = []
    at = 0
    while at < len(lines):
        number, line = lines[at]
        width, height = size_line(line, number)
        if width == 0 and height == 0:
            break
        if width == 0 or height == 0:
            raise PuzzleFormatError(f"board size {width}x{height} is empty", line=number)
        body = lines[at + 1 : at + 1 + height]
        if len(body) < height:
            last = lines[-1][0] if lines else number
            raise PuzzleFormatError(f"expected {height} rows, found {len(body)}", line=last)
        tokens: list[str | None] = []
        for row_number, row in body:
            if len(row) != width:
                raise PuzzleFormatError(
                    f"row has {len(row)} cells, expected {width}", line=row_number
                )
            if any(c.isspace() for c in row):
                raise PuzzleFormatError("spaces are not allowed inside a row", line=row_number)
            tokens.extend(None if c == "." else c for c in row)
        grids.append(Grid(width, height, tuple(tokens), tuple(n for n, _ in body), numeric=False))
        at += 1 + height
    return grids


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
