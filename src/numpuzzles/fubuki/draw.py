"""Fubuki as SVG: givens bold, solution digits blue, totals in the margins.

Each total sits where its line ends or starts, as the page (``web/static/js/games/
digits.js``) prints them: a row's at its right, a column's below it, the main diagonal's
(top left to bottom right, ↘) at the bottom right where it ends, and the anti-diagonal's
(top right to bottom left, ↙) at the top right, above the row totals, where it starts.

``draw_analysis`` draws what ``analyse`` found (``draw --analyse``): the digits every
solution puts in a cell pencilled in (the ``common`` style: lighter, thinner and smaller
than the bold givens, and another colour than a drawn solution's digits, so a setter
never takes a deduced digit for a clue), the cells where solutions differ tinted and
hatched (``draw.svg``), and a caption with the count.
"""

from __future__ import annotations

from ..core.analysis import Analysis
from ..draw.svg import CELL, DIFFER_HATCH, DIFFER_TINT, STYLES, GridPicture, analysis_caption
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
    picture = _picture(puzzle)
    for index, value in enumerate(puzzle.givens):
        r, c = divmod(index, n)
        if value:
            picture.text(r, c, str(value), "given")
        elif solution is not None:
            picture.text(r, c, str(solution[r][c]), "solution")
    return picture.to_svg()


def draw_analysis(puzzle: Puzzle, analysis: Analysis) -> str:
    """The puzzle with the digits every solution shares pencilled in and the cells where
    solutions differ shaded, captioned with the count (see the module docstring)."""
    n = puzzle.size
    picture = _picture(puzzle)
    common = analysis.common
    for index, value in enumerate(puzzle.givens):
        r, c = divmod(index, n)
        if value:
            picture.text(r, c, str(value), "given")
        elif common is not None:
            known = common[r][c]
            if known is None:
                picture.fill(r, c, DIFFER_TINT, hatch=DIFFER_HATCH, kind="differ")
            else:
                picture.text(r, c, str(known), "common")
    picture.caption(analysis_caption(analysis))
    return picture.to_svg()


def _picture(puzzle: Puzzle) -> GridPicture:
    """The grid with its totals: what every drawing of ``puzzle`` starts from."""
    n = puzzle.size
    picture = GridPicture(n, n, margin_right=True, margin_bottom=True,
                          margin_top=puzzle.diagonals is not None)
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
    return picture
