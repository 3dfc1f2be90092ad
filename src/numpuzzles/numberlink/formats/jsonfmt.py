"""The ``json`` format: one object per puzzle, as JSON Lines or as one JSON array.

A puzzle is ``{"width": w, "height": h, "grid": rows, "names": [...]}`` with ``grid`` rows
of integers (0 empty, -1 blocked, labels positive) and ``names`` optional (the characters of
letter formats).  Written with a solution, the object gains ``"solution": {"grid": rows,
"paths": {label: [[row, col], ...]}}``; ``solve --json`` answers (objects with
``"solutions"``) are read as solutions too.
"""

from __future__ import annotations

import json
from typing import Any

from ...core.errors import PuzzleFormatError
from ...core.jsontext import json_values
from ..model import Puzzle, Solution
from .grid import BLOCK, Grid, to_puzzle

NAME = "json"


def grid_of(rows: Any, number: int, width: int | None = None) -> Grid:
    """A grid from JSON rows of integers (0 empty, -1 blocked)."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise PuzzleFormatError("'grid' must be a non-empty list of rows", line=number)
    w = len(rows[0]) if width is None else width
    tokens: list[str | None] = []
    for row in rows:
        if len(row) != w:
            raise PuzzleFormatError(f"row has {len(row)} cells, expected {w}", line=number)
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int) or value < -1:
                raise PuzzleFormatError(f"unknown cell {value!r}", line=number)
            tokens.append(None if value == 0 else BLOCK if value == -1 else str(value))
    if w == 0:
        raise PuzzleFormatError("rows must not be empty", line=number)
    return Grid(w, len(rows), tuple(tokens), (number,) * len(rows), numeric=True)


def puzzle_from_json(value: Any, number: int = 1) -> Puzzle:
    """The puzzle a JSON object describes (``number``: its line, for errors)."""
    if not isinstance(value, dict) or "grid" not in value:
        raise PuzzleFormatError("expected an object with a 'grid'", line=number)
    grid = grid_of(value["grid"], number, value.get("width"))
    if "height" in value and value["height"] != grid.height:
        raise PuzzleFormatError(
            f"'height' is {value['height']}, the grid has {grid.height} rows", line=number
        )
    puzzle = to_puzzle(grid)
    names = value.get("names")
    if names is not None:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise PuzzleFormatError("'names' must be a list of strings", line=number)
        if list(puzzle.labels) != list(range(1, len(names) + 1)):
            raise PuzzleFormatError("'names' needs labels numbered 1..len(names)", line=number)
        puzzle = Puzzle(puzzle.width, puzzle.height, puzzle.cells, tuple(names))
    return puzzle


def parse(text: str) -> list[Puzzle]:
    """Every puzzle in ``text``."""
    return [puzzle_from_json(value, number) for number, value in json_values(text)]


def solution_json(solution: Solution) -> dict[str, Any]:
    """A solution as JSON: ``grid`` rows and ``paths`` (label -> ordered [row, col])."""
    return {
        "grid": solution.rows(),
        "paths": {str(label): [[r, c] for r, c in cells] for label, cells in solution.paths},
    }


def puzzle_json(puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle as JSON."""
    out: dict[str, Any] = {"width": puzzle.width, "height": puzzle.height, "grid": puzzle.rows()}
    if puzzle.names is not None:
        out["names"] = list(puzzle.names)
    return out


def dump(puzzle: Puzzle, solution: Solution | None = None) -> str:
    """One JSON line: the puzzle, with ``solution`` when given."""
    out = puzzle_json(puzzle)
    if solution is not None:
        out["solution"] = solution_json(solution)
    return json.dumps(out, separators=(",", ":")) + "\n"


def solution_value(text: str) -> tuple[int, Any]:
    """The first solution object in ``text``: ``solution``, ``solutions[0]`` or a bare grid."""
    for number, value in json_values(text):
        if isinstance(value, dict):
            if isinstance(value.get("solution"), dict):
                return number, value["solution"]
            solutions = value.get("solutions")
            if isinstance(solutions, list) and solutions and isinstance(solutions[0], dict):
                return number, solutions[0]
            if "grid" in value:
                return number, value
    raise PuzzleFormatError("no solution found in the JSON input")
