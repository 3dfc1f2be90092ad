"""The ``table`` format: the union-find generator's printout.

Each row is a line of cells written ``| 4 |`` (a label), ``|   |`` (empty) or ``| X |``
(blocked), two-digit labels as ``| 12|``.  A printout holds a puzzle table under
"Table to be solved:" and its solution table under "The solution to the above table:";
a table whose header mentions "solution" is a solution, every other table a puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import PuzzleFormatError
from ...core.intparse import ascii_int
from ..model import BLOCKED, EMPTY, Puzzle, Solution
from .grid import BLOCK, Grid, to_puzzle

NAME = "table"
PUZZLE_HEADER = "Table to be solved:"
SOLUTION_HEADER = "The solution to the above table:"


@dataclass(frozen=True)
class Table:
    """One table read from text, and whether its header calls it a solution."""

    grid: Grid
    is_solution: bool


def _row(line: str, number: int) -> list[str | None]:
    body = line.strip()
    if not (body.startswith("|") and body.endswith("|")) or len(body) < 2:
        raise PuzzleFormatError("a table row must start and end with '|'", line=number)
    tokens: list[str | None] = []
    for cell in body[1:-1].split("||"):
        text = cell.strip()
        if "|" in cell:
            raise PuzzleFormatError("cells must be separated by '||'", line=number)
        if not text:
            tokens.append(None)
        elif text.upper() == "X":
            tokens.append(BLOCK)
        else:
            value = ascii_int(text, number)
            if value is None or value <= 0:
                raise PuzzleFormatError(f"unknown cell {text!r}", line=number)
            tokens.append(str(value))
    return tokens


def read_tables(text: str) -> list[Table]:
    """Every table in ``text``, in order."""
    tables: list[Table] = []
    rows: list[tuple[int, list[str | None]]] = []
    is_solution = False

    def flush() -> None:
        if not rows:
            return
        width = len(rows[0][1])
        for number, row in rows:
            if len(row) != width:
                raise PuzzleFormatError(f"row has {len(row)} cells, expected {width}", line=number)
        tokens = tuple(t for _, row in rows for t in row)
        grid = Grid(width, len(rows), tokens, tuple(n for n, _ in rows), numeric=True)
        tables.append(Table(grid, is_solution))
        rows.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("|"):
            rows.append((number, _row(line, number)))
            continue
        flush()
        if line:
            is_solution = "solution" in line.lower()
    flush()
    return tables


def read(text: str) -> list[Grid]:
    """The puzzle grids in ``text`` (solution tables left out)."""
    return [t.grid for t in read_tables(text) if not t.is_solution]


def parse(text: str) -> list[Puzzle]:
    """Every puzzle table in ``text``."""
    return [to_puzzle(grid) for grid in read(text)]


def _cell(value: int) -> str:
    """The original's ``printf("| %-2d|")`` shape: ``| 4 |``, ``|   |``, ``| X |``, ``| 12|``."""
    text = "" if value == EMPTY else "X" if value == BLOCKED else str(value)
    return f"| {text:<2}|"


def rows(width: int, height: int, cells: tuple[int, ...]) -> list[str]:
    """Cells as table rows, in the union-find original's cell shape.

    Each distinct value is shaped once: a solved board has few labels and many cells, and
    shaping every cell anew cost ``solve`` on 300 boards of 8x8 to 17x17 as much time as
    solving them (measured under cProfile: 0.10 s against 0.16 s)."""
    shape = {v: _cell(v) for v in set(cells)}.__getitem__
    return ["".join(map(shape, cells[r * width : (r + 1) * width])) for r in range(height)]


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """The puzzle table, and the solution table after it when ``solution`` is given."""
    out = [PUZZLE_HEADER, *rows(puzzle.width, puzzle.height, puzzle.cells)]
    if solution is not None:
        out += ["", "", SOLUTION_HEADER, *rows(puzzle.width, puzzle.height, solution.cells)]
    return "\n".join(out) + "\n"
