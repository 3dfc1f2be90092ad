"""Printable puzzle books: puzzles several to an A4 page, solutions at the back.

Each puzzle is headed by its number, its ID (which makes it again) and its difficulty;
the solutions follow in the same order and layout, so solution *k* sits where puzzle *k*
sat.  The drawings are the families' own SVG, placed as vector paths (``render``), and the
PDF's dates are fixed, so the same puzzles give the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidParameterError
from ..core.family import Family, Generated
from .render import new_pdf, place_svg

PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 15.0
HEADER = 12.0
"""Height of the page heading, in mm."""
CAPTION = 6.0
"""Height of each puzzle's caption line, in mm."""
GAP = 8.0
MAX_PER_PAGE = 12


@dataclass(frozen=True)
class _Entry:
    number: int
    caption: str
    puzzle_svg: str
    solution_svg: str


def _layout(per_page: int) -> tuple[int, int]:
    """Columns and rows for ``per_page`` puzzles on a portrait page."""
    columns = 1 if per_page <= 2 else 2 if per_page <= 8 else 3
    return columns, math.ceil(per_page / columns)


def pages_for(count: int, per_page: int) -> int:
    """How many pages a book of ``count`` puzzles has (puzzles, then solutions)."""
    return 2 * math.ceil(count / per_page)


def make_book(
    family: Family[Any, Any],
    items: Iterable[Generated[Any, Any]],
    *,
    per_page: int = 4,
    title: str | None = None,
) -> bytes:
    """The book as PDF bytes; ``items`` is consumed once, in order (a progress bar can
    wrap it)."""
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise InvalidParameterError(f"per page must be between 1 and {MAX_PER_PAGE}")
    entries = [
        _Entry(
            number,
            f"{number}.  {item.id}" + (f"   difficulty: {item.difficulty}"
                                       if item.difficulty else ""),
            family.draw(item.puzzle),
            family.draw(item.puzzle, item.solution),
        )
        for number, item in enumerate(items, start=1)
    ]
    if not entries:
        raise InvalidParameterError("a book needs at least one puzzle")
    pdf = new_pdf()
    name = title or family.title.split(":")[0]
    pdf.set_title(name)
    for solutions in (False, True):
        for start in range(0, len(entries), per_page):
            chunk = entries[start : start + per_page]
            heading = (f"{name}: solutions {chunk[0].number}-{chunk[-1].number}" if solutions
                       else f"{name}: puzzles {chunk[0].number}-{chunk[-1].number}")
            _page(pdf, heading, chunk, per_page, solutions)
    return bytes(pdf.output())


def _page(pdf: Any, heading: str, chunk: list[_Entry], per_page: int, solutions: bool) -> None:
    pdf.add_page()
    pdf.set_font("DejaVu", "B", 14)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.cell(PAGE_W - 2 * MARGIN, 8, heading)
    columns, rows = _layout(per_page)
    top = MARGIN + HEADER
    slot_w = (PAGE_W - 2 * MARGIN - (columns - 1) * GAP) / columns
    slot_h = (PAGE_H - top - MARGIN - (rows - 1) * GAP) / rows
    for index, entry in enumerate(chunk):
        row, col = divmod(index, columns)
        x = MARGIN + col * (slot_w + GAP)
        y = top + row * (slot_h + GAP)
        size = 9.0 if columns > 1 else 11.0
        pdf.set_font("DejaVu", "", size)
        while pdf.get_string_width(entry.caption) > slot_w and size > 5:
            size -= 0.5  # long IDs shrink to their slot rather than run into the next
            pdf.set_font("DejaVu", "", size)
        pdf.set_xy(x, y)
        pdf.cell(slot_w, CAPTION - 1, entry.caption)
        svg = entry.solution_svg if solutions else entry.puzzle_svg
        place_svg(pdf, svg, x, y + CAPTION, slot_w, slot_h - CAPTION)
