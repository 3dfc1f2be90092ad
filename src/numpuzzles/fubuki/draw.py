"""Fubuki as SVG: givens bold, solution digits blue, totals in the margins.

Each total sits where its line ends or starts, as the page (``web/static/js/games/
digits.js``) prints them: a row's at its right, a column's below it, the main diagonal's
(top left to bottom right, ↘) at the bottom right where it ends, and the anti-diagonal's
(top right to bottom left, ↙) at the top right, above the row totals, where it starts.
"""

from __future__ import annotations

from ..draw.svg import CELL, STYLES, GridPicture
from .model import Filling, Puzzle

_ADVANCE = 0.62
"""DejaVu Sans's digits are about this many ems wide (× and the arrows no wider)."""


def _total(picture: GridPicture, row: float, col: float, text: str) -> None:
    """A total, smaller when it is long, so that neighbours (×16 beside ×162) never touch."""
    fits = (CELL - 6) / (_ADVANCE * len(text))
    picture.text(row, col, text, "total", size=min(STYLES["total"].size, round(fits, 1)))


def draw(puzzle: Puzzle, solution: Filling | None = None) -> str:
    """The puzzle (and, if given, its solution) as an SVG document."""
    n = puzzle.size
    picture = GridPicture(n, n, margin_right=True, margin_bottom=True,
                          margin_top=puzzle.diagonals is not None)
    for index, value in enumerate(puzzle.givens):
        r, c = divmod(index, n)
        if value:
            picture.text(r, c, str(value), "given")
        elif solution is not None:
            picture.text(r, c, str(solution[r][c]), "solution")
    sign = "×" if puzzle.product else ""

    def shown(total: int | None) -> str:
        return "?" if total is None else f"{sign}{total}"

    for r, total in enumerate(puzzle.rows):
        _total(picture, r, n, shown(total))
    for c, total in enumerate(puzzle.cols):
        _total(picture, n, c, shown(total))
    if puzzle.diagonals is not None:
        main, anti = puzzle.diagonals
        _total(picture, -1, n, f"↙{shown(anti)}")
        _total(picture, n, n, f"↘{shown(main)}")
    return picture.to_svg()
