"""The ``bwinf`` format, the BwInf Arukone original's: n, the number of pairs, n rows of n.

Round 1 of the 42nd Bundeswettbewerb Informatik printed each puzzle as an optional line
``SEED: s`` (the seed that regenerates it), the board size n, the number of pairs, then n
rows of n space-separated integers, 0 an empty cell (-1 a blocked one is this package's
extension).  A file holds several puzzles, usually separated by blank lines.  This is the
one reader and writer of that format: ``numberlink.formats`` and the ``arukone`` commands
both use it.  The seed lines are read past (a seed regenerates, it does not describe).
"""

from __future__ import annotations

from ...core.errors import InvalidPuzzleError, PuzzleFormatError
from ...core.intparse import read_int
from ..model import Puzzle, Solution
from .grid import BLOCK, Grid, check_size, read_block, to_puzzle
from .numeric import int_row, int_rows

NAME = "bwinf"
SEED_PREFIX = "SEED:"


def _is_seed(line: str) -> bool:
    return line.upper().startswith(SEED_PREFIX)


def read(text: str) -> list[Grid]:
    """The grids in ``text``, in order."""
    lines = [(n, raw.strip()) for n, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    lines = [(n, line) for n, line in lines if not _is_seed(line)]
    grids: list[Grid] = []
    at = 0
    while at < len(lines):
        number, line = lines[at]
        n = read_int(line, "the board size n", number)
        check_size(n, n, number)
        if at + 1 >= len(lines):
            raise PuzzleFormatError("expected the number of pairs after the size", line=number)
        pairs_line, pairs_text = lines[at + 1]
        pairs = read_int(pairs_text, "the number of pairs", pairs_line)
        grid = read_block(lines, at + 2, n, n, int_row, numeric=True)
        labels = {t for t in grid.tokens if t is not None and t != BLOCK}
        if len(labels) != pairs:
            raise PuzzleFormatError(
                f"header says {pairs} pairs, the board has {len(labels)}", line=pairs_line
            )
        grids.append(grid)
        at += 2 + n
    return grids


def parse(text: str) -> list[Puzzle]:
    """Every puzzle in ``text``."""
    return [to_puzzle(grid) for grid in read(text)]


def dump(puzzle: Puzzle, solution: Solution | None = None, *, seed: int | None = None) -> str:
    """``SEED: s`` (when ``seed`` is given), n, the number of pairs and the rows (the
    solved grid's rows with ``solution``), newline-terminated."""
    if puzzle.width != puzzle.height:
        raise InvalidPuzzleError(
            f"the {NAME} format needs a square board, got {puzzle.width}x{puzzle.height}"
        )
    cells = puzzle.cells if solution is None else solution.cells
    head = [] if seed is None else [f"{SEED_PREFIX} {seed}"]
    rows = int_rows(puzzle.width, puzzle.height, cells)
    return "\n".join([*head, str(puzzle.width), str(len(puzzle.labels)), *rows]) + "\n"
