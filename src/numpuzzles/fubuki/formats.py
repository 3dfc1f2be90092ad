"""Fubuki text and JSON formats.

Text format, one puzzle per block, blocks separated by blank lines, ``#`` starts a comment
line::

    3 . . 16        one line per row: cells (`.` empty, a digit given), the row total last
    . . . 22
    . . . 7
    11 16 18        the column totals
    diagonals 15 15 optional: main and anti-diagonal totals
    product         optional: the totals are products

A hidden total is written ``?``.  The size is the number of row lines.
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
from .model import SIZES, Filling, Puzzle

FORMATS = ("text", "json")


def _parse_block(block: list[tuple[int, str]]) -> Puzzle:
    product = False
    diagonals: tuple[int | None, int | None] | None = None
    body: list[tuple[int, list[str]]] = []
    for number, line in block:
        tokens = line.split()
        if tokens[0].lower() == "product":
            if len(tokens) != 1:
                raise PuzzleFormatError("'product' stands alone on its line", number)
            product = True
        elif tokens[0].lower() == "diagonals":
            if len(tokens) != 3:
                raise PuzzleFormatError("'diagonals' takes two totals", number)
            diagonals = (sum_token(tokens[1], number, "total"),
                         sum_token(tokens[2], number, "total"))
        else:
            body.append((number, tokens))
    first_line = block[0][0]
    if len(body) < 2:
        raise PuzzleFormatError("a puzzle needs its rows and a line of column totals", first_line)
    n = len(body) - 1
    cells: list[int] = []
    rows: list[int | None] = []
    for number, tokens in body[:-1]:
        if len(tokens) != n + 1:
            raise PuzzleFormatError(
                f"a {n}x{n} puzzle's row needs {n} cells and a total, got {len(tokens)} items",
                number,
            )
        cells.extend(cell_token(t, number, "digit") for t in tokens[:-1])
        rows.append(sum_token(tokens[-1], number, "total"))
    number, tokens = body[-1]
    if len(tokens) != n:
        raise PuzzleFormatError(f"expected {n} column totals, got {len(tokens)}", number)
    cols = [sum_token(t, number, "total") for t in tokens]
    try:
        return Puzzle(n, tuple(rows), tuple(cols), tuple(cells), diagonals, product)
    except InvalidPuzzleError as exc:
        raise PuzzleFormatError(str(exc), first_line) from None


def _from_json(obj: Any, number: int) -> Puzzle:
    """A puzzle from the object ``to_json`` writes; ``givens`` may be left out (all empty)."""
    raw_rows, raw_cols = json_table(obj, number)
    rows = json_sums(raw_rows, "rows", number, "total")
    cols = json_sums(raw_cols, "cols", number, "total")
    size = json_int(obj["size"], "'size'", number) if "size" in obj else len(rows)
    givens = obj.get("givens")
    if givens:
        grid = json_givens(givens, number)
        flat = tuple(json_int(v, "a given", number) for row in grid for v in row)
    else:  # all empty; the size is checked before n² cells are made
        flat = (0,) * (size * size) if size in SIZES else ()
    diagonals = obj.get("diagonals")
    diagonal_totals: tuple[int | None, int | None] | None = None
    if diagonals is not None:
        pair = json_sums(diagonals, "diagonals", number, "total")
        if len(pair) != 2:
            raise PuzzleFormatError("'diagonals' holds two totals", number)
        diagonal_totals = (pair[0], pair[1])
    product = obj.get("product", False)
    if not isinstance(product, bool):
        raise PuzzleFormatError(f"'product' must be true or false, got {product!r}", number)
    return Puzzle(size, rows, cols, flat, diagonal_totals, product)


def parse(text: str, format: str | None = None) -> list[Puzzle]:
    """Every puzzle in ``text``; JSON (one object, a list, or JSON Lines) is sniffed."""
    return parse_tables(text, format, _from_json, _parse_block, FORMATS)


def _token(value: int | None) -> str:
    return "?" if value is None else str(value)


def dump(puzzle: Puzzle, format: str = "text") -> str:
    """``puzzle`` as text (aligned columns) or as a JSON object on one line."""
    if format == "json":
        return json.dumps(to_json(puzzle))
    n = puzzle.size
    grid = [
        ["." if puzzle.givens[r * n + c] == 0 else str(puzzle.givens[r * n + c]) for c in range(n)]
        + [_token(puzzle.rows[r])]
        for r in range(n)
    ]
    grid.append([_token(t) for t in puzzle.cols])
    width = max(len(t) for row in grid for t in row[:n])
    lines = [
        " ".join(t.rjust(width) for t in row[:n]) + ("  " + row[n] if len(row) > n else "")
        for row in grid
    ]
    if puzzle.diagonals is not None:
        lines.append(f"diagonals {_token(puzzle.diagonals[0])} {_token(puzzle.diagonals[1])}")
    if puzzle.product:
        lines.append("product")
    return "\n".join(lines) + "\n"


def to_json(puzzle: Puzzle) -> dict[str, Any]:
    """The puzzle as a JSON-ready object (givens as rows, 0 empty)."""
    n = puzzle.size
    return {
        "size": n,
        "rows": list(puzzle.rows),
        "cols": list(puzzle.cols),
        "givens": [list(puzzle.givens[r * n : (r + 1) * n]) for r in range(n)],
        "diagonals": None if puzzle.diagonals is None else list(puzzle.diagonals),
        "product": puzzle.product,
    }


def parse_filling(text: str, size: int | None = None) -> Filling:
    """A filled grid written as rows separated by ``/`` or newlines, digits by spaces or commas."""
    rows = [r for r in text.replace("\n", "/").split("/") if r.strip()]
    values = [[ascii_int(t) for t in row.replace(",", " ").split()] for row in rows]
    if any(None in row for row in values):
        raise PuzzleFormatError(f"a filling is rows of numbers separated by '/', got {text!r}")
    grid = tuple(tuple(v for v in row if v is not None) for row in values)
    n = size if size is not None else len(grid)
    if len(grid) != n or any(len(row) != n for row in grid):
        raise PuzzleFormatError(f"a filling must be {n} rows of {n} numbers")
    return grid


def format_filling(filling: Filling) -> str:
    """A filling as aligned rows, one per line."""
    width = max(len(str(v)) for row in filling for v in row)
    return "\n".join(" ".join(str(v).rjust(width) for v in row) for row in filling)
