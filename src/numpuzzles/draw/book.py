"""Printable puzzle books: a title page with the rules, puzzles that fill their pages, and
the answers, smaller, at the back.

A book is planned first (``plan_book``: every page's boards and lines of text, in mm on an
A4 page) and drawn second (``page_svg``: one SVG a page, the families' own drawings placed
in it as groups; ``book_pdf``: those pages as vector PDF; ``page_png``: one page as a
picture).  Why one plan and one SVG a page: the PDF and a preview PNG are then the same
page, and the tests read the layout numbers (how much of the page the boards cover, the
cell size, every caption) from the plan instead of parsing a PDF.

How large boards are drawn and how many a page holds: ``booklayout.py``.  Under each
board: its number, its difficulty and its ID (which makes it again); under each answer its
number and ID, plus "one solution of several" where the puzzle has more than one.  The
PDF's dates are fixed, so the same puzzles give the same bytes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidParameterError
from ..core.family import Family, Generated, Ruled
from .booklayout import (
    CAPTION,
    GAP,
    HEADING,
    MARGIN,
    MAX_PER_PAGE,
    PAGE_H,
    PAGE_W,
    PRINTABLE_W,
    PT,
    Layout,
    Page,
    Placed,
    Text,
    answer_layout,
    body_height,
    choose_layout,
    fixed_layout,
    largest,
    slot,
    svg_size,
    text_width,
    wrap,
)
from .svg import SVG_NS

FONT = "DejaVu Sans"
SEVERAL = "one solution of several"
"""The answer note of a puzzle with more than one solution."""
NOT_PROVED = "one solution; not proved the only one"
"""The answer note of a puzzle whose uniqueness check ran out of time."""
UNIQUE_TIMEOUT = 5.0
"""Seconds the uniqueness check of one puzzle may take (families that make non-unique
puzzles on request: those with a ``unique`` generation parameter)."""


@dataclass(frozen=True)
class Entry:
    """One puzzle of the book: its number, ID, difficulty (None: not graded), drawings,
    rule set (None: the family's default) and its answer's note (None: the only one)."""

    number: int
    ident: str
    difficulty: str | None
    puzzle_svg: str
    solution_svg: str
    rules: str | None = None
    note: str | None = None



@dataclass(frozen=True)
class Book:
    """A planned book: its title, its entries and its pages."""

    title: str
    entries: tuple[Entry, ...]
    pages: tuple[Page, ...]

    @property
    def puzzles_per_page(self) -> int:
        return max((len(p.boards) for p in self.pages if p.kind == "puzzles"), default=0)



def difficulty_text(difficulty: str | None) -> str:
    """How a difficulty is printed: ``difficulty: hard``, or ``not graded``."""
    return f"difficulty: {difficulty}" if difficulty else "difficulty: not graded"



def _caption(entry: Entry, x: float, y: float, width: float, answer: bool) -> tuple[Text, ...]:
    """The caption at baseline ``y``: the number bold, then difficulty and ID (an answer:
    the ID, and its note on a second line), shrunk until it fits the slot."""
    rest = entry.ident if answer else f"{difficulty_text(entry.difficulty)}  ·  {entry.ident}"
    number = f"{entry.number}"
    size = 9.0 if not answer else 7.5
    while size > 4.5 and (text_width(number + "   ", size, True) + text_width(rest, size)
                          > width):
        size -= 0.5
    indent = text_width(number + "   ", size, True)
    texts = [Text(x, y, number, size, bold=True), Text(x + indent, y, rest, size)]
    if answer and entry.note:
        texts.append(Text(x + indent, y + size * PT * 1.15, entry.note, size, bold=True))
    return tuple(texts)


def _board_pages(entries: Sequence[Entry], layout: Layout, answer: bool, first_page: int,
                 heading: str) -> list[Page]:
    pages: list[Page] = []
    width, _ = slot(layout.columns, layout.rows, body_height())
    row_h = (body_height() - (layout.rows - 1) * GAP) / layout.rows
    for start in range(0, len(entries), layout.per_page):
        chunk = entries[start : start + layout.per_page]
        boards = []
        for index, entry in enumerate(chunk):
            row, col = divmod(index, layout.columns)
            svg_w, svg_h = svg_size(entry.solution_svg if answer else entry.puzzle_svg)
            w, h = svg_w * layout.scale, svg_h * layout.scale
            slot_x = MARGIN + col * (width + GAP)
            slot_y = MARGIN + HEADING + row * (row_h + GAP)
            x = slot_x + (width - w) / 2
            y = slot_y + (row_h - CAPTION - h) / 2  # the board and its caption centred
            boards.append(Placed(entry.number, answer, x, y, w, h, layout.cell,
                                 _caption(entry, x, y + h + CAPTION - (3.2 if answer else 2.0),
                                          slot_x + width - x, answer)))
        number = first_page + len(pages)
        words = "answers" if answer else "puzzles"
        span = f"{chunk[0].number}" if len(chunk) == 1 else f"{chunk[0].number}–{chunk[-1].number}"
        texts = (
            Text(MARGIN, MARGIN + 6.0, heading, 13, bold=True),
            Text(PAGE_W - MARGIN, MARGIN + 6.0, f"{words.capitalize()} {span}", 11,
                 anchor="end"),
            Text(PAGE_W / 2, PAGE_H - MARGIN, str(number), 9, anchor="middle"),
        )
        pages.append(Page(words, number, tuple(boards), texts))
    return pages


def _rules_of(family: Family[Any, Any], item: Generated[Any, Any]) -> str | None:
    """The rule set ``item`` is posed under: its ``Ruled`` rules, else a generation
    parameter whose value is one of the family's rule sets (Fubuki's variant)."""
    rules: str | None
    if isinstance(item.puzzle, Ruled):
        rules = item.puzzle.rules
    else:
        rules = next((v for v in item.params.values()
                      if isinstance(v, str) and v in family.rule_sets), None)
    return rules if rules in family.rule_sets else None


def answer_note(family: Family[Any, Any], item: Generated[Any, Any]) -> str | None:
    """None when the answer printed is the puzzle's only solution; else what to say.

    Only families that make non-unique puzzles on request (a ``unique`` generation
    parameter: Arukone) are asked: every other generator proves its puzzles unique, or
    (Number Match) prints one way to clear a board as its answer.  A puzzle whose
    generation proved it unique is not solved again."""
    if not any(p.name == "unique" for p in family.generate_params):
        return None
    if item.details.get("unique") is True:
        return None
    result = family.solve(item.puzzle, limit=2, timeout=UNIQUE_TIMEOUT)
    if len(result.solutions) >= 2:
        return SEVERAL
    return None if result.complete and result.solutions else NOT_PROVED


def entries_of(family: Family[Any, Any], items: Iterable[Generated[Any, Any]]) -> list[Entry]:
    """The book's entries, numbered from 1, ``items`` consumed once in order (a progress
    bar can wrap it)."""
    return [
        Entry(number, item.id, item.difficulty, family.draw(item.puzzle),
              family.draw(item.puzzle, item.solution), _rules_of(family, item),
              answer_note(family, item))
        for number, item in enumerate(items, start=1)
    ]


def _title_page(family: Family[Any, Any], name: str, entries: Sequence[Entry],
                puzzle_pages: tuple[int, int], answer_pages: tuple[int, int]) -> Page:
    """The title, what the puzzle is, the rules (the family's how-to-play sentences, one
    paragraph a rule set), how to read a caption, and where things are."""
    texts: list[Text] = []
    y = 62.0
    texts.append(Text(PAGE_W / 2, y, name, 34, bold=True, anchor="middle"))
    y += 12.0
    subtitle = family.title.split(":", 1)[-1].strip().rstrip(".")
    for line in wrap(subtitle[:1].upper() + subtitle[1:], PRINTABLE_W - 20, 13):
        texts.append(Text(PAGE_W / 2, y, line, 13, anchor="middle"))
        y += 6.5
    count = len(entries)
    y += 4.0
    texts.append(Text(PAGE_W / 2, y, f"{count} puzzle{'s' if count != 1 else ''}, answers at "
                      "the back", 12, anchor="middle"))
    y += 24.0
    left, width = MARGIN + 10, PRINTABLE_W - 20

    def paragraph(heading: str, body: str) -> None:
        nonlocal y
        texts.append(Text(left, y, heading, 13, bold=True))
        y += 7.0
        for line in wrap(body, width, 11):
            texts.append(Text(left, y, line, 11))
            y += 5.4
        y += 6.0

    rule_sets = sorted({e.rules for e in entries}, key=lambda r: (r is not None, r or ""))
    for rules in rule_sets:
        heading = "How to play" if len(rule_sets) == 1 else f"How to play: {rules or 'default'}"
        paragraph(heading, " ".join(family.how_to_play(rules)))
    order = ("easy", "medium", "hard", "expert")
    grades = sorted({e.difficulty for e in entries if e.difficulty},
                    key=lambda g: (order.index(g) if g in order else len(order), g))
    graded = (f" Difficulties in this book, easiest first: {', '.join(grades)}."
              if grades else "")
    paragraph("Under each puzzle",
              "Its number, its difficulty, and its ID: numpuzzles " + family.name
              + " generate --id ID makes the same puzzle again." + graded)
    first, last = puzzle_pages
    answers_first, answers_last = answer_pages
    def pages(low: int, high: int) -> str:
        return f"page {low}" if low == high else f"pages {low}–{high}"

    paragraph("Contents",
              f"Puzzles 1–{count}: {pages(first, last)}.   Answers: "
              f"{pages(answers_first, answers_last)}." if count > 1 else
              f"The puzzle: page {first}.   Its answer: page {answers_first}.")
    return Page("title", 1, (), tuple(texts))


def plan_book(
    family: Family[Any, Any],
    entries: Sequence[Entry],
    *,
    per_page: int | None = None,
    title: str | None = None,
) -> Book:
    """The pages of a book of ``entries``: a title page, the puzzles, the answers.

    ``per_page`` fixes how many puzzles a page holds (None: by the layout rules)."""
    if per_page is not None and not 1 <= per_page <= MAX_PER_PAGE:
        raise InvalidParameterError(f"per page must be between 1 and {MAX_PER_PAGE}")
    if not entries:
        raise InvalidParameterError("a book needs at least one puzzle")
    name = title or family.title.split(":")[0].split("(")[0].strip()
    size = largest(e.puzzle_svg for e in entries)
    layout = choose_layout(size) if per_page is None else fixed_layout(size, per_page)
    answers = answer_layout(largest(e.solution_svg for e in entries), layout.cell)
    puzzles = _board_pages(entries, layout, False, 2, name)
    first_answer = 2 + len(puzzles)
    solutions = _board_pages(entries, answers, True, first_answer, name)
    cover = _title_page(family, name, entries, (2, first_answer - 1),
                        (first_answer, first_answer + len(solutions) - 1))
    return Book(name, tuple(entries), (cover, *puzzles, *solutions))


def _element(tag: str, **attrs: object) -> ET.Element:
    return ET.Element(f"{{{SVG_NS}}}{tag}", {k.replace("_", "-"): str(v) for k, v in
                                             attrs.items()})


def _text_element(text: Text) -> ET.Element:
    node = _element("text", x=f"{text.x:.2f}", y=f"{text.y:.2f}", font_family=FONT,
                    font_size=f"{text.size * PT:.3f}",
                    font_weight="bold" if text.bold else "normal", fill="#000000",
                    text_anchor=text.anchor)
    node.text = text.text
    return node


def _board_group(svg: str, placed: Placed) -> ET.Element:
    """The drawing's elements in a group that maps its viewBox onto the placed box."""
    root = ET.fromstring(svg)
    left, top, _, _ = (float(v) for v in root.get("viewBox", "0 0 1 1").split())
    scale = placed.width / float(root.get("width", "1"))
    group = _element("g", transform=f"translate({placed.x:.3f} {placed.y:.3f}) "
                     f"scale({scale:.5f}) translate({-left:g} {-top:g})")
    group.extend(list(root))
    return group


def page_svg(book: Book, index: int) -> str:
    """Page ``index`` (0-based) as an SVG document, 1 unit = 1 mm (4 px a mm at zoom 1)."""
    page = book.pages[index]
    ET.register_namespace("", SVG_NS)
    root = _element("svg", width=f"{PAGE_W * 4:g}", height=f"{PAGE_H * 4:g}",
                    viewBox=f"0 0 {PAGE_W:g} {PAGE_H:g}")
    root.append(_element("rect", x=0, y=0, width=f"{PAGE_W:g}", height=f"{PAGE_H:g}",
                         fill="#ffffff"))
    if page.kind != "title":
        root.append(_element("line", x1=MARGIN, y1=MARGIN + 8.5, x2=PAGE_W - MARGIN,
                             y2=MARGIN + 8.5, stroke="#000000", stroke_width="0.3"))
    entries = {e.number: e for e in book.entries}
    for placed in page.boards:
        entry = entries[placed.number]
        root.append(_board_group(entry.solution_svg if placed.answer else entry.puzzle_svg,
                                 placed))
        for text in placed.caption:
            root.append(_text_element(text))
    for text in page.texts:
        root.append(_text_element(text))
    return ET.tostring(root, encoding="unicode") + "\n"


def _page_words(page: Page) -> list[Text]:
    return [*page.texts, *(t for board in page.boards for t in board.caption)]


def book_pdf(book: Book) -> bytes:
    """The book as vector PDF bytes, one A4 page per planned page.

    The drawn texts are glyph outlines (the SVG's); the same words are laid over them as
    invisible text, so a reader can search the PDF and copy an ID out of it."""
    from fpdf.enums import TextMode

    from .render import new_pdf, place_svg

    pdf = new_pdf()
    pdf.set_title(book.title)
    for index, page in enumerate(book.pages):
        pdf.add_page()
        place_svg(pdf, page_svg(book, index), 0, 0, PAGE_W, PAGE_H)
        pdf.text_mode = TextMode.INVISIBLE
        for text in _page_words(page):
            pdf.set_font("DejaVu", "B" if text.bold else "", text.size)
            width = pdf.get_string_width(text.text)
            shift = width / 2 if text.anchor == "middle" else width if text.anchor == "end" else 0
            pdf.text(text.x - shift, text.y, text.text)
        pdf.text_mode = TextMode.FILL
    return bytes(pdf.output())


def page_png(book: Book, index: int, scale: float = 1.0) -> bytes:
    """Page ``index`` (0-based) as PNG, ``scale`` × 4 pixels a mm (1: about 100 dpi)."""
    from .render import to_png

    return to_png(page_svg(book, index), scale)


def make_book(
    family: Family[Any, Any],
    items: Iterable[Generated[Any, Any]],
    *,
    per_page: int | None = None,
    title: str | None = None,
) -> bytes:
    """The book of ``items`` as PDF bytes (``plan_book`` then ``book_pdf``)."""
    return book_pdf(plan_book(family, entries_of(family, items), per_page=per_page,
                              title=title))
