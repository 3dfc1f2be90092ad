"""Clauses that hold in a *canonical* ``blank`` solution: no corner of a path can be flipped
across an empty cell to a cell earlier on the board.

Why: a path that turns a corner ``a m b`` beside an empty cell ``e`` (``e`` the fourth cell
of the 2x2 square, neighbour of both ``a`` and ``b``) can turn it through ``e`` instead:
``a e b`` is as long, uses only a cell that was empty, and leaves ``m`` empty.  So the
solutions of a sparse board come in large families that differ only by such flips, and a
SAT search asked "is there a solution of some kind" must refute each member of a family
separately.  Take, among the solutions a question admits, one whose total length is least
and, among those, whose *potential* (the sum of the row-major indices of its used cells)
is least.  Flipping a corner whose ``e`` lies in the row above ``m`` gives a solution of
the same length and a smaller potential, so the chosen one has no such corner: for every
free cell ``e`` and each cell ``m`` diagonally below it, "``e`` is used, or not both edges
``a m`` and ``m b`` are on".  Any order of the cells serves as well, since a flip always
changes the potential; with the column-major indices (``toward="right"``) the clauses
are those for each ``m`` diagonally right of ``e``.  Which order a board's proof finds
quicker varies (janko.at's 530, 20x20: none within 30 s with the rows, 18 s with the
columns; 537: a second solution in 5.3 s with the columns, none found within 30 s with the
rows), so ``unique_blank`` races the two.  One question is sound to restrict this way
when the flipped solution is always admitted again; ``unique_blank.py``'s docstring argues
it for its question.  Measured on janko.at's Arukone 48 (15x15, every other solution
would leave cells empty): Glucose refuted the question in 12.1 s and 315,134 conflicts
without them, 0.24 s and 10,047 conflicts with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..model import EMPTY, Puzzle

if TYPE_CHECKING:
    from .sat_model import Model


Toward = Literal["down", "right"]
"""Where ``corner_flip_clauses`` puts a flip's corner cell ``m`` beside its empty cell:
diagonally below (the row-major potential) or diagonally right (the column-major one)."""

_DIAGONALS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    "down": ((1, -1), (1, 1)),
    "right": ((-1, 1), (1, 1)),
}


def corner_flip_clauses(
    model: Model, puzzle: Puzzle, toward: Toward = "down"
) -> list[list[int]]:
    """For each free cell ``e`` and each cell ``m`` diagonally below it (``toward="right"``:
    diagonally right of it), with ``a`` the cell beside both in ``e``'s row and ``b`` the
    one beside both in ``e``'s column: an edge of ``e`` is on, or not both ``a m`` and
    ``m b`` are (see the module docstring)."""
    w, h, given = puzzle.width, puzzle.height, puzzle.cells
    edges = model.edges
    clauses: list[list[int]] = []
    for e, around in model.incident.items():
        if given[e] != EMPTY:
            continue
        r, c = divmod(e, w)
        for dr, dc in _DIAGONALS[toward]:
            if not (0 <= r + dr < h and 0 <= c + dc < w):
                continue
            a, m, b = e + dc, e + dr * w + dc, e + dr * w
            upper = edges.get((min(a, m), max(a, m)))
            lower = edges.get((min(m, b), max(m, b)))
            if upper and lower:
                clauses.append([*around, -upper, -lower])
    return clauses
