"""A canonical form of a Numberlink board up to rotation, reflection and relabelling.

Generators promise that the puzzles of one batch differ "up to symmetry" (the seed loop
in ``core/batch.py`` compares ``Family.distinct_key``, this form for Numberlink): two boards
that one of the eight rotations/reflections of the square turns into each other, after renaming
the labels, count as the same puzzle.  ``canonical_form`` picks one representative of
that class, so equality of canonical forms decides it.

Relabelling: after a transform, labels are renumbered 1, 2, ... in order of first
appearance in row-major order (blocked ``-1`` and empty ``0`` cells keep their values).
The canonical form is the smallest ``(height, width, cells)`` over the eight transforms.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .model import Puzzle

CanonicalForm = tuple[int, int, tuple[int, ...]]

# Each transform maps (row, col, height, width) to (row', col') on the transformed board;
# the transformed board is height x width, or width x height when ``swaps`` is True.
_Transform = tuple[bool, Callable[[int, int, int, int], tuple[int, int]]]

_TRANSFORMS: tuple[_Transform, ...] = (
    (False, lambda r, c, h, w: (r, c)),
    (False, lambda r, c, h, w: (r, w - 1 - c)),
    (False, lambda r, c, h, w: (h - 1 - r, c)),
    (False, lambda r, c, h, w: (h - 1 - r, w - 1 - c)),
    (True, lambda r, c, h, w: (c, r)),
    (True, lambda r, c, h, w: (c, h - 1 - r)),
    (True, lambda r, c, h, w: (w - 1 - c, r)),
    (True, lambda r, c, h, w: (w - 1 - c, h - 1 - r)),
)


def relabel(cells: Sequence[int]) -> tuple[int, ...]:
    """``cells`` with labels renumbered 1, 2, ... by first appearance."""
    names: dict[int, int] = {}
    out: list[int] = []
    for value in cells:
        if value > 0:
            value = names.setdefault(value, len(names) + 1)
        out.append(value)
    return tuple(out)


VIEWS = len(_TRANSFORMS)
"""The eight views of a board: ``transform(..., k)`` for ``k`` in ``range(VIEWS)``; view 0
is the board itself, views 4..7 swap its sides."""


def transform(width: int, height: int, cells: Sequence[int], k: int) -> tuple[int, int, list[int]]:
    """View ``k`` of a board given row by row: its width, its height and its cells."""
    swaps, move = _TRANSFORMS[k]
    new_h, new_w = (width, height) if swaps else (height, width)
    grid = [0] * (width * height)
    for index, value in enumerate(cells):
        r, c = divmod(index, width)
        nr, nc = move(r, c, height, width)
        grid[nr * new_w + nc] = value
    return new_w, new_h, grid


def view(puzzle: Puzzle, k: int) -> Puzzle:
    """View ``k`` of a puzzle (the same labels; a solution maps to a solution)."""
    width, height, grid = transform(puzzle.width, puzzle.height, puzzle.cells, k)
    return Puzzle(width, height, tuple(grid), puzzle.names)


def canonical_form(width: int, height: int, cells: Sequence[int]) -> CanonicalForm:
    """The representative of the board's class under the 8 symmetries and relabelling."""
    best: CanonicalForm | None = None
    for k in range(VIEWS):
        new_w, new_h, grid = transform(width, height, cells, k)
        form = (new_h, new_w, relabel(grid))
        if best is None or form < best:
            best = form
    assert best is not None
    return best


def puzzle_form(puzzle: Puzzle) -> CanonicalForm:
    """``canonical_form`` of a puzzle's givens."""
    return canonical_form(puzzle.width, puzzle.height, puzzle.cells)
