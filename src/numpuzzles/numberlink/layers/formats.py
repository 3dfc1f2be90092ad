"""Layered boards in the contest's files (``formats/adc.py`` reads and writes the text),
and answers turned back into paths.

An answer holds line numbers only, so each line's path is recovered as a path through
that line's cells, six ways, between its two ends that visits every one of them (a
search, ``numberlink/trace.py``'s, here stepping between layers too).
That is reading, not solving: the checker still verifies what comes out.  JSON: a board
is ``{"width", "height", "depth", "layers": [[row, ...], ...]}``.
"""

from __future__ import annotations

from typing import Any

from ...core.errors import InvalidPuzzleError, PuzzleFormatError
from ..formats import adc
from ..trace import through_all
from .model import MAX_LAYER_CELLS, Cell3, LayeredPuzzle, LayeredSolution


def parse_layered(text: str) -> LayeredPuzzle:
    """The board of a problem file of several layers (``adc.read_stack``)."""
    if adc.is_answer(text):
        raise PuzzleFormatError("this is an ADC answer file, not a problem", line=2)
    stack = adc.read_stack(text)
    cells = [0] * (stack.width * stack.height * stack.depth)
    for label, ends in stack.ends.items():
        for z, r, c in ends:
            cells[(z * stack.height + r) * stack.width + c] = label
    try:
        return LayeredPuzzle(stack.width, stack.height, stack.depth, tuple(cells),
                             tuple(stack.vias.items()))
    except InvalidPuzzleError as exc:
        raise PuzzleFormatError(str(exc), line=1) from None


def dump_layered(puzzle: LayeredPuzzle, solution: LayeredSolution | None = None) -> str:
    """The problem file, or with ``solution`` the answer file (2016 style)."""
    if solution is not None:
        return adc.dump_layers(puzzle.width, puzzle.height, puzzle.depth, solution.cells)
    return adc.dump_stack(puzzle.width, puzzle.height, puzzle.depth, puzzle.endpoints(),
                          dict(puzzle.vias))


def parse_layered_answer(text: str, puzzle: LayeredPuzzle) -> LayeredSolution:
    """The solution an answer file gives ``puzzle``, each line's path traced."""
    width, height, depth, cells, _first = adc.read_layers(text)
    if (width, height, depth) != (puzzle.width, puzzle.height, puzzle.depth):
        raise PuzzleFormatError(
            f"answer is {width}x{height}x{depth}, puzzle is "
            f"{puzzle.width}x{puzzle.height}x{puzzle.depth}", line=1)
    return solution_from_cells(puzzle, cells)


def solution_from_cells(puzzle: LayeredPuzzle, cells: tuple[int, ...]) -> LayeredSolution:
    """The solution whose cell labels are ``cells``, each label's path traced."""
    known = set(puzzle.labels)
    by_label: dict[int, set[Cell3]] = {}
    for index, (given, value) in enumerate(zip(puzzle.cells, cells, strict=True)):
        if given != 0 and given != value:
            raise InvalidPuzzleError(
                f"answer cell {_place(puzzle.cell(index))} contradicts the problem's end")
        if value > 0:
            if value not in known:
                raise InvalidPuzzleError(f"the answer uses line {value}, which the problem "
                                         "does not have")
            by_label.setdefault(value, set()).add(puzzle.cell(index))
    paths = []
    for label, (start, end) in puzzle.endpoints().items():
        path = _trace(by_label.get(label, set()), start, end, puzzle)
        if path is None:
            raise InvalidPuzzleError(f"line {label}'s cells do not form one path between "
                                     "its ends")
        paths.append((label, tuple(path)))
    return LayeredSolution(puzzle.width, puzzle.height, puzzle.depth, cells, tuple(paths))


def _place(cell: Cell3) -> str:
    z, r, c = cell
    return f"(x {c}, y {r}, layer {z + 1})"


def _trace(cells: set[Cell3], start: Cell3, end: Cell3,
           puzzle: LayeredPuzzle) -> list[Cell3] | None:
    """A path through all of ``cells``; with vias a step between layers is a via's only,
    so that a line's cells that lie above one another elsewhere are not joined."""
    via_of = {cell: name for name, column in puzzle.vias for cell in column}

    def joined(a: Cell3, b: Cell3) -> bool:
        return a[0] == b[0] or not puzzle.vias or (
            via_of.get(a) is not None and via_of.get(a) == via_of.get(b))

    def near(cell: Cell3) -> list[Cell3]:
        z, r, c = cell
        return [n for n in ((z, r - 1, c), (z, r + 1, c), (z, r, c - 1), (z, r, c + 1),
                            (z - 1, r, c), (z + 1, r, c)) if n in cells and joined(cell, n)]

    return through_all(cells, start, end, near)


def puzzle_json(puzzle: LayeredPuzzle) -> dict[str, Any]:
    """The board as JSON: its size and each layer's rows, and its vias (2016 rule) as
    ``{"name": [[layer, row, col], ...]}`` when it has any."""
    out: dict[str, Any] = {
        "width": puzzle.width, "height": puzzle.height, "depth": puzzle.depth,
        "layers": _layers(puzzle.width, puzzle.height, puzzle.depth, puzzle.cells)}
    if puzzle.vias:
        out["vias"] = {name: [list(cell) for cell in cells] for name, cells in puzzle.vias}
    return out


def solution_json(solution: LayeredSolution) -> dict[str, Any]:
    """The solution as JSON: each layer's labels and each path as ``[layer, row, col]``
    steps (layers 0-based, as every JSON coordinate in the package is)."""
    return {
        "layers": _layers(solution.width, solution.height, solution.depth, solution.cells),
        "paths": {str(label): [list(cell) for cell in cells] for label, cells in solution.paths},
    }


def layers_of(value: Any, number: int) -> tuple[int, int, int, tuple[int, ...]]:
    """Size and cells of JSON ``layers`` (each a list of rows of non-negative integers)."""
    if not isinstance(value, list) or not value or not all(
        isinstance(layer, list) and layer and all(isinstance(row, list) for row in layer)
        for layer in value
    ):
        raise PuzzleFormatError("'layers' must be a non-empty list of layers of rows",
                                line=number)
    depth, height, width = len(value), len(value[0]), len(value[0][0])
    cells: list[int] = []
    for layer in value:
        if len(layer) != height:
            raise PuzzleFormatError(f"layer has {len(layer)} rows, expected {height}",
                                    line=number)
        for row in layer:
            if len(row) != width:
                raise PuzzleFormatError(f"row has {len(row)} cells, expected {width}",
                                        line=number)
            for cell in row:
                if isinstance(cell, bool) or not isinstance(cell, int) or cell < 0:
                    raise PuzzleFormatError(f"unknown cell {cell!r}", line=number)
                cells.append(cell)
    if width < 1 or width * height * depth > MAX_LAYER_CELLS:
        raise PuzzleFormatError(f"board {width}x{height}x{depth} is empty or too large",
                                line=number)
    return width, height, depth, tuple(cells)


def _layers(width: int, height: int, depth: int, cells: tuple[int, ...]) -> list[list[list[int]]]:
    return [[list(cells[(z * height + r) * width : (z * height + r + 1) * width])
             for r in range(height)] for z in range(depth)]
