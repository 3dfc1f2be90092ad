"""Cells in people's words: 1-based rows and columns, as the page names them.

Why one home for every family: checkers' messages, Numberlink's "differ at", hints (a
Numberlink route, a Number Match pair, a Survo or Fubuki cell) and the analysis's
suggestions are read by people, who count rows and columns from 1; the JSON records keep
0-based ``[row, col]`` pairs (and Number Match's files the original's ``x1,y1,x2,y2``) for
programs.  Written once so every message counts the same way.  Checkers use these for
wording only; they share no reasoning with the solvers.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

Cell = tuple[int, int]
"""A 0-based ``(row, column)``."""

STEPS = {(0, 1): "right", (0, -1): "left", (1, 0): "down", (-1, 0): "up"}
"""A step between neighbouring cells, as the route reads it."""


def cell_words(cell: Cell) -> str:
    """``row 3, column 5`` for the 0-based cell ``(2, 4)``."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def cell_tag(cell: Cell) -> str:
    """``r3c5`` for the 0-based cell ``(2, 4)``: the short form for lists of cells (the
    analysis's differing cells, Number Match's first moves), as puzzle players write it."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def index_words(index: int, width: int) -> str:
    """``row 2, column 1`` for cell ``index`` (0-based, row by row) of a table ``width``
    cells wide: the sum grids number their cells this way."""
    return cell_words(divmod(index, width))


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
