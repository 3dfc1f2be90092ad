"""Turning a solved label grid back into paths, for solution files that only hold labels.

A grid of labels (the union-find printout's solution table, an ADC answer) does not say in
which order a path visits its cells when the path runs alongside itself, so each label's
path is recovered as a Hamiltonian path through that label's cells between its two ends.
This is reading, not solving: the checker still verifies the result from the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TypeVar

from ..core.errors import InvalidPuzzleError
from ..core.words import index_words
from .model import Cell, Puzzle, Solution

MAX_STEPS = 1_000_000
"""Search steps per label before giving up (only self-touching blobs need more than a few)."""

T = TypeVar("T")


def through_all(
    cells: Collection[T], start: T, end: T, near: Callable[[T], Iterable[T]]
) -> list[T] | None:
    """A path from ``start`` to ``end`` that visits every one of ``cells`` once, stepping
    only to ``near``'s cells (a depth-first search), or None when there is none or
    ``MAX_STEPS`` were not enough.  Any cell type: the plane's (row, column) and the
    layered boards' (layer, row, column) both trace with it."""
    path = [start]
    visited = {start}
    stack = [iter(near(start))]
    steps = 0
    while stack:
        steps += 1
        if steps > MAX_STEPS:
            return None
        if path[-1] == end:
            if len(path) == len(cells):
                return path
            stack.pop()
            visited.discard(path.pop())
            continue
        step = next((n for n in stack[-1] if n not in visited), None)
        if step is None:
            stack.pop()
            visited.discard(path.pop())
            continue
        path.append(step)
        visited.add(step)
        stack.append(iter(near(step)))
    return None


def _trace(cells: set[Cell], start: Cell, end: Cell) -> list[Cell] | None:
    def neighbours(cell: Cell) -> list[Cell]:
        r, c = cell
        return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in cells]

    return through_all(cells, start, end, neighbours)


def solution_from_cells(puzzle: Puzzle, cells: tuple[int, ...]) -> Solution:
    """The solution whose cell labels are ``cells``, with each label's path traced.

    Raises ``InvalidPuzzleError`` when a label's cells hold no path between its ends, or a
    cell contradicts the puzzle's givens.
    """
    w = puzzle.width
    if len(cells) != len(puzzle.cells):
        raise InvalidPuzzleError("solution grid and puzzle differ in size")
    for index, (given, value) in enumerate(zip(puzzle.cells, cells, strict=True)):
        if given != 0 and given != value:
            raise InvalidPuzzleError(
                f"the solution's cell at {index_words(index, w)} contradicts the puzzle's given"
            )
    by_label: dict[int, set[Cell]] = {}
    for index, value in enumerate(cells):
        if value > 0:
            by_label.setdefault(value, set()).add(divmod(index, w))
    paths = []
    for label, (start, end) in puzzle.endpoints().items():
        path = _trace(by_label.get(label, set()), start, end)
        if path is None:
            raise InvalidPuzzleError(
                f"label {puzzle.label_name(label)}'s cells do not form one path between its ends"
            )
        paths.append((label, tuple(path)))
    return Solution(w, puzzle.height, tuple(cells), tuple(paths))
