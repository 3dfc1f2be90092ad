"""Fubuki as SVG: givens bold, solution digits blue, totals in the right and bottom margins."""

from __future__ import annotations

from ..draw.svg import GridPicture
from .model import Filling, Puzzle


def draw(puzzle: Puzzle, solution: Filling | None = None) -> str:
    """The puzzle (and, if given, its solution) as an SVG document."""
    n = puzzle.size
    picture = GridPicture(n, n, margin_right=True, margin_bottom=True)
    for index, value in enumerate(puzzle.givens):
        r, c = divmod(index, n)
        if value:
            picture.text(r, c, str(value), "given")
        elif solution is not None:
            picture.text(r, c, str(solution[r][c]), "solution")
    sign = "×" if puzzle.product else ""
    for r, total in enumerate(puzzle.rows):
        picture.text(r, n, "?" if total is None else f"{sign}{total}", "total")
    for c, total in enumerate(puzzle.cols):
        picture.text(n, c, "?" if total is None else f"{sign}{total}", "total")
    if puzzle.diagonals is not None:
        main, anti = puzzle.diagonals
        # Both diagonal totals share the corner cell: anti-diagonal above, main below.
        picture.text(n - 0.25, n, "↙?" if anti is None else f"↙{anti}", "total")
        picture.text(n + 0.25, n, "↘?" if main is None else f"↘{main}", "total")
    return picture.to_svg()
