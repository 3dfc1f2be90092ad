"""The page geometry of a printable book: slots, board sizes, text measure (A4, mm).

Why its own module: ``book.py`` decides what a book holds (title page, entries, answers)
and draws it; the numbers that decide how large a board is drawn, and how many a page
holds, are kept here with the rules they follow, so tests can hold the layout to them.

Layout rules (``choose_layout``):

- the boards of a page share one size: the largest board of the book fitted into a slot
  of a grid of slots (``PUZZLE_LAYOUTS``, 1 to 6 a page), cells never over ``MAX_CELL``;
- a layout is usable when its cells are at least ``PENCIL_CELL`` (7 mm) wide; among the
  usable ones the boards' share of the printable area (``fill``) decides: the layout with
  the most boards whose fill is within ``FILL_SLACK`` of the best fill wins, so small
  boards come several to a page and a big one alone at a size a pencil can use; when no
  layout is usable (a board too big for the page), one board a page, as large as it fits;
- answers use ``ANSWER_LAYOUTS`` (up to 20 a page): the most boards whose cells stay at
  least ``ANSWER_CELL`` (4 mm) and no larger than the puzzles' own.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from .svg import CELL

PAGE_W, PAGE_H = 210.0, 297.0
"""A4, in mm."""
MARGIN = 12.0
PRINTABLE_W, PRINTABLE_H = PAGE_W - 2 * MARGIN, PAGE_H - 2 * MARGIN
PRINTABLE_AREA = PRINTABLE_W * PRINTABLE_H
"""The page inside its margins, mm²: what ``Page.fill`` divides by."""
HEADING = 11.0
"""Height of the heading band at the top of a puzzle or answer page, mm."""
FOOTER = 6.0
"""Height of the page-number band at the bottom, mm."""
CAPTION = 6.5
"""Height of the caption line under each board, mm."""
GAP = 6.0
"""Space between slots, mm."""
PENCIL_CELL = 7.0
"""Narrowest cell a puzzle is drawn with where the page allows it, mm: room for a digit
or a path written in pencil."""
MAX_CELL = 25.0
"""Widest cell a board is drawn with, mm: beyond it a page holds more boards instead."""
ANSWER_CELL = 4.0
"""Narrowest cell an answer is drawn with, mm: small, but every digit and path reads."""
FILL_SLACK = 0.10
"""A layout with more boards wins while its fill is at most this far below the best."""
PUZZLE_LAYOUTS: tuple[tuple[int, int], ...] = (
    (1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (1, 4), (2, 3))
"""(columns, rows) of slots tried for puzzles: one big board up to six small ones."""
ANSWER_LAYOUTS: tuple[tuple[int, int], ...] = (
    (1, 1), (1, 2), (2, 2), (2, 3), (1, 4), (1, 5), (2, 4), (3, 3), (3, 4), (2, 6), (4, 4),
    (3, 5), (4, 5))
MAX_PER_PAGE = 12
"""Most puzzles a page may be asked to hold (``per_page``)."""
PT = 25.4 / 72
"""One typographic point in mm."""

@dataclass(frozen=True)
class Text:
    """One line of text on a page: baseline ``(x, y)`` in mm, size in pt."""

    x: float
    y: float
    text: str
    size: float
    bold: bool = False
    anchor: str = "start"


@dataclass(frozen=True)
class Placed:
    """A board placed on a page: entry ``number``'s puzzle (or answer) drawn in the box
    ``(x, y, width, height)`` in mm, its cells ``cell`` mm wide, its caption below."""

    number: int
    answer: bool
    x: float
    y: float
    width: float
    height: float
    cell: float
    caption: tuple[Text, ...]

    @property
    def caption_text(self) -> str:
        return " ".join(t.text for t in self.caption)


@dataclass(frozen=True)
class Page:
    """One page: ``kind`` is ``title``, ``puzzles`` or ``answers``."""

    kind: str
    number: int
    boards: tuple[Placed, ...]
    texts: tuple[Text, ...]

    @property
    def fill(self) -> float:
        """The boards' share of the printable area (the page inside its margins)."""
        return sum(b.width * b.height for b in self.boards) / PRINTABLE_AREA

    @property
    def words(self) -> str:
        """Every text on the page, in order (headings, paragraphs, captions)."""
        return "\n".join([t.text for t in self.texts] + [b.caption_text for b in self.boards])



@dataclass(frozen=True)
class Layout:
    """A grid of ``columns × rows`` slots, each board drawn at ``scale`` mm per SVG unit;
    ``capacity`` boards a page (0: every slot; fewer where the user asked for fewer)."""

    columns: int
    rows: int
    scale: float
    fill: float
    capacity: int = 0

    @property
    def per_page(self) -> int:
        return self.capacity or self.columns * self.rows

    @property
    def cell(self) -> float:
        """Cell width in mm."""
        return self.scale * CELL


def slot(columns: int, rows: int, height: float) -> tuple[float, float]:
    """A slot's width and its board's height (the slot less its caption), mm."""
    width = (PRINTABLE_W - (columns - 1) * GAP) / columns
    return width, (height - (rows - 1) * GAP) / rows - CAPTION


def _layout(columns: int, rows: int, size: tuple[float, float], height: float) -> Layout:
    width, board_h = slot(columns, rows, height)
    svg_w, svg_h = size
    scale = max(0.0, min(width / svg_w, board_h / svg_h, MAX_CELL / CELL))
    fill = columns * rows * svg_w * svg_h * scale * scale / PRINTABLE_AREA
    return Layout(columns, rows, scale, fill)


def body_height() -> float:
    return PRINTABLE_H - HEADING - FOOTER


def choose_layout(size: tuple[float, float]) -> Layout:
    """The puzzle pages' layout for boards of ``size`` (SVG units), by the rules in the
    module docstring."""
    options = [_layout(c, r, size, body_height()) for c, r in PUZZLE_LAYOUTS]
    usable = [o for o in options if o.cell >= PENCIL_CELL]
    if not usable:
        return options[0]
    best = max(o.fill for o in usable)
    near = [o for o in usable if o.fill >= best - FILL_SLACK]
    return max(near, key=lambda o: (o.per_page, o.fill))


def fixed_layout(size: tuple[float, float], per_page: int) -> Layout:
    """The layout for ``per_page`` boards a page, asked for by the user: one column up to
    two boards, then two, three from nine."""
    columns = 1 if per_page <= 2 else 2 if per_page <= 8 else 3
    layout = _layout(columns, math.ceil(per_page / columns), size, body_height())
    return replace(layout, capacity=per_page)


def answer_layout(size: tuple[float, float], puzzle_cell: float) -> Layout:
    """The answer pages' layout: the most answers with cells between ``ANSWER_CELL`` and
    the puzzles' own cell width."""
    options = [_layout(c, r, size, body_height()) for c, r in ANSWER_LAYOUTS]
    usable = [o for o in options if o.cell >= min(ANSWER_CELL, puzzle_cell)]
    if not usable:
        return options[0]
    most = max(o.per_page for o in usable)
    chosen = max((o for o in usable if o.per_page == most), key=lambda o: o.fill)
    if chosen.cell > puzzle_cell:
        chosen = Layout(chosen.columns, chosen.rows, puzzle_cell / CELL, chosen.fill)
    return chosen


def svg_size(svg: str) -> tuple[float, float]:
    """An SVG drawing's width and height in its own units."""
    root = ET.fromstring(svg)
    return float(root.get("width", "1")), float(root.get("height", "1"))


def largest(svgs: Iterable[str]) -> tuple[float, float]:
    sizes = [svg_size(s) for s in svgs]
    return max(w for w, _ in sizes), max(h for _, h in sizes)


@cache
def _font(bold: bool) -> Any:
    from .render import _need, font_file

    ttlib = _need("fontTools.ttLib", "fonttools")
    return ttlib.TTFont(str(font_file(bold)), lazy=True)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in mm of ``text`` set at ``size`` pt in the shipped font."""
    font = _font(bold)
    cmap, metrics = font.getBestCmap(), font["hmtx"]
    units: int = sum(metrics[cmap.get(ord(ch), ".notdef")][0] for ch in text)
    per_em = float(font["head"].unitsPerEm)
    return units / per_em * size * PT


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` mm (a longer word
    stands alone on its line)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return [*lines, current] if current else lines
