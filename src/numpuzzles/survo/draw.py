"""Survo as SVG: givens bold, solution numbers blue, sums in the margins (a row's at its
right, a column's below it), as Fubuki draws its totals; ``draw_analysis`` pencils in what
every solution shares and hatches the cells where solutions differ."""

from __future__ import annotations

from ..core.analysis import Analysis
from ..draw.svg import CELL, DIFFER_HATCH, DIFFER_TINT, STYLES, GridPicture, analysis_caption
from .model import Filling, Puzzle

_ADVANCE = 0.62
"""DejaVu Sans's digits are about this many ems wide."""


def _text(picture: GridPicture, row: float, col: float, text: str, style: str) -> None:
    """Smaller when long, so that 3-digit sums and numbers never touch their neighbours."""
    fits = (CELL - 6) / (_ADVANCE * len(text))
    picture.text(row, col, text, style, size=min(STYLES[style].size, round(fits, 1)))


def _picture(puzzle: Puzzle) -> GridPicture:
    m, n = puzzle.height, puzzle.width
    picture = GridPicture(m, n, margin_right=True, margin_bottom=True)
    for r, total in enumerate(puzzle.rows):
        _text(picture, r, n, "?" if total is None else str(total), "total")
    for c, total in enumerate(puzzle.cols):
        _text(picture, m, c, "?" if total is None else str(total), "total")
    return picture


def draw(puzzle: Puzzle, solution: Filling | None = None) -> str:
    """The puzzle (and its solution, if given) as an SVG document."""
    n = puzzle.width
    picture = _picture(puzzle)
    for index, value in enumerate(puzzle.givens):
        r, c = divmod(index, n)
        if value:
            _text(picture, r, c, str(value), "given")
        elif solution is not None:
            _text(picture, r, c, str(solution[r][c]), "solution")
    return picture.to_svg()


def draw_analysis(puzzle: Puzzle, analysis: Analysis) -> str:
    """The puzzle with ``analysis`` drawn in, captioned with the count."""
    n = puzzle.width
    picture = _picture(puzzle)
    for index, value in enumerate(puzzle.givens):
        r, c = divmod(index, n)
        if value:
            _text(picture, r, c, str(value), "given")
        elif analysis.common is not None:
            known = analysis.common[r][c]
            if known is None:
                picture.fill(r, c, DIFFER_TINT, hatch=DIFFER_HATCH, kind="differ")
            else:
                _text(picture, r, c, str(known), "common")
    picture.caption(analysis_caption(analysis))
    return picture.to_svg()
