"""Cells in people's words: 1-based rows and columns, as the page names them.

Why one home: the checker's messages, ``solve --unique``'s "differ at", a hint's route and
the analysis's suggestions are read by people, who count rows and columns from 1; the
JSON records keep 0-based ``[row, col]`` pairs for programs.  Written once so every
message counts the same way (the checker uses these for wording only; it shares no
reasoning with the solver).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from .model import Cell

STEPS = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}
"""A step between neighbouring cells, as the route reads it."""


def cell_words(cell: Cell) -> str:
    """``row 3, column 5`` for the 0-based cell ``(2, 4)``."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _spans(numbers: list[int]) -> str:
    """``1-3, 5`` for 1, 2, 3, 5 (sorted, distinct)."""
    parts = []
    for _, run in itertools.groupby(enumerate(numbers), key=lambda item: item[1] - item[0]):
        values = [value for _, value in run]
        parts.append(str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}")
    return ", ".join(parts)


def cells_words(cells: Iterable[Cell]) -> str:
    """Cells grouped by row, rows and columns 1-based and in order: ``row 10, columns
    1-4; row 11, columns 1, 3`` (``column`` where a row has one)."""
    rows: dict[int, set[int]] = {}
    for r, c in cells:
        rows.setdefault(r, set()).add(c)
    parts = []
    for r in sorted(rows):
        columns = sorted(c + 1 for c in rows[r])
        noun = "column" if len(columns) == 1 else "columns"
        parts.append(f"row {r + 1}, {noun} {_spans(columns)}")
    return "; ".join(parts)


def route_words(cells: Sequence[Cell]) -> str:
    """A path as moves from its first cell: ``from row 1, column 2: right 2, down 3 to row
    4, column 4`` (a step that is not to a neighbour reads ``jump``)."""
    if not cells:
        return "nowhere"
    if len(cells) == 1:
        return f"at {cell_words(cells[0])}"
    moves = [
        STEPS.get((b[0] - a[0], b[1] - a[1]), "jump") for a, b in itertools.pairwise(cells)
    ]
    runs = [f"{move} {len(list(run))}" for move, run in itertools.groupby(moves)]
    return f"from {cell_words(cells[0])}: {', '.join(runs)} to {cell_words(cells[-1])}"
