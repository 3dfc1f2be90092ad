"""Survo text and JSON formats.

Text, one puzzle per block, blocks separated by blank lines, ``#`` starts a comment line::

    .  6  .  .  30     one line per row: cells (`.` empty, a number given), its sum last
    8  .  .  .  18
    .  .  3  .  30
    27 16 10 25        the column sums

The table is as tall as there are row lines and as wide as the column-sum line; ``?`` is
a hidden sum.  This is Fubuki's text format with the square lifted (a square Survo block
reads the same numbers as the Fubuki block would).

JSON: ``{"height": m, "width": n, "rows": [row sums], "cols": [column sums],
"givens": [[...], ...]}`` with ``null`` for a hidden sum and 0 for an empty cell;
``givens`` may be left out (an open puzzle), and so may ``height``/``width`` (the sums'
lengths say them).
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import InvalidPuzzleError, PuzzleFormatError
from ..core.intparse import ascii_int
from ..core.sumtext import (
    cell_token,
    json_givens,
    json_int,
    json_sums,
    json_table,
    parse_tables,
    sum_token,
)
from .model import Filling, Puzzle, shape_error

FORMATS = ("text", "json")


def _make(height: int, width: int, rows: tuple[int | None, ...], cols: tuple[int | None, ...],
          givens: tuple[int, ...], number: int) -> Puzzle:
    try:
        return Puzzle(height, width, rows, cols, givens)
    except InvalidPuzzleError as exc:
        raise PuzzleFormatError(str(exc), number) from None


def _parse_block(block: list[tuple[int, str]]) -> Puzzle:
    first = block[0][0]
    if len(block) < 2:
        raise PuzzleFormatError("a puzzle needs its rows and a line of column sums", first)
    number, last = block[-1]
    width = len(last.split())
    height = len(block) - 1
    problem = shape_error(height, width)
    if problem:
        raise PuzzleFormatError(problem, first)
    cols = tuple(sum_token(t, number) for t in last.split())
    cells: list[int] = []
    rows: list[int | None] = []
    for number, line in block[:-1]:
        tokens = line.split()
        if len(tokens) != width + 1:
            raise PuzzleFormatError(
                f"a row of a {height}x{width} table needs {width} cells and a sum, "
                f"got {len(tokens)} items", number)
        cells.extend(cell_token(t, number) for t in tokens[:-1])
        rows.append(sum_token(tokens[-1], number))
    return _make(height, width, tuple(rows), cols, tuple(cells), first)


def _from_json(obj: Any, number: int) -> Puzzle:
    raw_rows, raw_cols = json_table(obj, number)
    rows = json_sums(raw_rows, "rows", number)
    cols = json_sums(raw_cols, "cols", number)
    height = json_int(obj["height"], "'height'", number) if "height" in obj else len(rows)
    width = json_int(obj["width"], "'width'", number) if "width" in obj else len(cols)
    problem = shape_error(height, width)
    if problem:
        raise PuzzleFormatError(problem, number)
    givens = obj.get("givens")
    if givens:
        grid = json_givens(givens, number)
        if len(grid) != height or any(len(row) != width for row in grid):
            raise PuzzleFormatError(f"'givens' must be {height} rows of {width} cells", number)
        flat = tuple(json_int(v, "a given", number) for row in grid for v in row)
    else:
        flat = (0,) * (height * width)
    return _make(height, width, rows, cols, flat, number)


def parse(text: str, format: str | None = None) -> list[Puzzle]:
    """Every puzzle in ``text``; JSON (an object, a list, or JSON Lines) is sniffed."""
    return parse_tables(text, format, _from_json, _parse_block, FORMATS)


def _token(value: int | None) -> str:
    return "?" if value is None else str(value)


def dump(puzzle: Puzzle, format: str = "text") -> str:
    """``puzzle`` as aligned text or as one line of JSON."""
    if format == "json":
        return json.dumps(to_json(puzzle))
    if format != "text":
        raise PuzzleFormatError(f"unknown format {format!r}; known: {', '.join(FORMATS)}")
    n = puzzle.width
    grid = [[str(v) if v else "." for v in puzzle.givens[r * n:(r + 1) * n]]
            for r in range(puzzle.height)]
    cols = [_token(t) for t in puzzle.cols]
    width = max(len(t) for t in [*cols, *(t for row in grid for t in row)])
    lines = [" ".join(t.rjust(width) for t in row) + "  " + _token(puzzle.rows[r])
             for r, row in enumerate(grid)]
    lines.append(" ".join(t.rjust(width) for t in cols))
    return "\n".join(lines) + "\n"


def to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as a JSON-ready object (see the module docstring)."""
    n = puzzle.width
    return {
        "height": puzzle.height,
        "width": n,
        "rows": list(puzzle.rows),
        "cols": list(puzzle.cols),
        "givens": [list(puzzle.givens[r * n:(r + 1) * n]) for r in range(puzzle.height)],
    }


def parse_filling(text: str, height: int, width: int) -> Filling:
    """A filled table written as rows separated by ``/`` or newlines."""
    rows = [r for r in text.replace("\n", "/").split("/") if r.strip()]
    values = [[ascii_int(t) for t in row.replace(",", " ").split()] for row in rows]
    if any(None in row for row in values):
        raise PuzzleFormatError(f"a filling is rows of numbers separated by '/', got {text!r}")
    grid = tuple(tuple(v for v in row if v is not None) for row in values)
    if len(grid) != height or any(len(row) != width for row in grid):
        raise PuzzleFormatError(f"a filling must be {height} rows of {width} numbers")
    return grid


def format_filling(filling: Filling) -> str:
    """A filling as aligned rows, one per line."""
    width = max(len(str(v)) for row in filling for v in row)
    return "\n".join(" ".join(str(v).rjust(width) for v in row) for row in filling)
