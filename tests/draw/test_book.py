"""Books as planned: a title page with the family's rules, pages the boards fill at a size a
pencil can use, every puzzle captioned with its ID and difficulty, the answers smaller at
the back; and the PDF made from that plan, the same bytes for the same puzzles."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from numpuzzles import families
from numpuzzles.core.batch import generate_many
from numpuzzles.core.errors import InvalidParameterError
from numpuzzles.draw.book import Book, book_pdf, entries_of, make_book, page_svg, plan_book
from numpuzzles.draw.booklayout import MARGIN

A4_W, A4_H = 210.0, 297.0
NS = "{http://www.w3.org/2000/svg}"
CELL_UNITS = 40.0
"""What one cell measures in every family's SVG (the drawings' own grid, read below)."""


def page_count(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def book_of(name: str, params: dict[str, Any], count: int, seed: int = 1,
            per_page: int | None = None) -> tuple[Book, list[Any]]:
    family = families.family(name)
    items = list(generate_many(family, params, seed, count))
    return plan_book(family, entries_of(family, items), per_page=per_page), items


CASES = [
    ("fubuki", {}),
    ("fubuki", {"size": 4, "variant": "diagonals"}),
    ("numberlink", {"size": "10x10"}),
    ("numberlink", {"size": "15x15"}),
    ("nummatch", {}),
    ("nummatch", {"rules": "classic"}),
    ("arukone", {"n": 10, "unique": True}),
]


@pytest.mark.parametrize(("name", "params"), CASES)
def test_full_pages_are_filled_with_pencil_sized_cells(name: str, params: dict[str, Any]
                                                       ) -> None:
    book, _ = book_of(name, params, 6)
    printable = (A4_W - 2 * MARGIN) * (A4_H - 2 * MARGIN)
    puzzle_pages = [p for p in book.pages if p.kind == "puzzles"]
    per_page = max(len(p.boards) for p in puzzle_pages)
    full = [p for p in puzzle_pages if len(p.boards) == per_page]
    assert full
    entries = {e.number: e for e in book.entries}
    for page in full:
        covered = sum(b.width * b.height for b in page.boards)
        assert covered / printable >= 0.6, (name, params, covered / printable)
        for board in page.boards:
            assert board.x >= MARGIN - 0.01 and board.x + board.width <= A4_W - MARGIN + 0.01
            assert board.y >= MARGIN - 0.01 and board.y + board.height <= A4_H - MARGIN + 0.01
            svg = entries[board.number].puzzle_svg
            cell = board.width / (float(ET.fromstring(svg).get("width", "0")) / CELL_UNITS)
            assert cell >= 7.0 - 1e-9, (name, params, cell)
        boxes = [(b.x, b.y, b.x + b.width, b.y + b.height) for b in page.boards]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_a_board_too_big_for_pencil_cells_gets_a_page_of_its_own() -> None:
    book, _ = book_of("numberlink", {"size": "30x30"}, 2)
    pages = [p for p in book.pages if p.kind == "puzzles"]
    assert [len(p.boards) for p in pages] == [1, 1]
    board = pages[0].boards[0]
    assert board.width >= 0.95 * (A4_W - 2 * MARGIN)  # as large as the page allows


@pytest.mark.parametrize(("name", "params"), CASES)
def test_every_puzzle_and_answer_captioned(name: str, params: dict[str, Any]) -> None:
    book, items = book_of(name, params, 5)
    captions = {(b.number, b.answer): b.caption_text for p in book.pages for b in p.boards}
    assert len(captions) == 2 * len(items)
    for number, item in enumerate(items, start=1):
        assert item.difficulty in ("easy", "medium", "hard", "expert")
        puzzle = captions[(number, False)]
        assert item.id in puzzle.split()
        assert f"difficulty: {item.difficulty}" in puzzle
        assert puzzle.split()[0] == str(number)
        assert item.id in captions[(number, True)].split()


@pytest.mark.parametrize("name", ["fubuki", "nummatch", "numberlink", "arukone"])
def test_title_page_with_the_rules_first(name: str) -> None:
    family = families.family(name)
    book, _ = book_of(name, {"unique": True} if name == "arukone" else {}, 2)
    title = book.pages[0]
    assert title.kind == "title" and not title.boards
    words = " ".join(title.words.split())
    assert " ".join(" ".join(family.how_to_play()).split()) in words
    assert "How to play" in words
    assert family.title.split(":")[0].split("(")[0].strip() in words
    kinds = [p.kind for p in book.pages]
    assert kinds == sorted(kinds, key=["title", "puzzles", "answers"].index)


def test_rules_of_each_rule_set_in_a_mixed_book() -> None:
    family = families.family("numberlink")
    items = [family.generate({"size": "6x6", "rules": rules}, 1) for rules in ("fill", "blank")]
    title = plan_book(family, entries_of(family, items)).pages[0]
    words = " ".join(title.words.split())
    for rules in ("fill", "blank"):
        assert " ".join(" ".join(family.how_to_play(rules)).split()) in words


def test_answers_smaller_and_at_the_back() -> None:
    book, _ = book_of("numberlink", {"size": "10x10"}, 8)
    puzzles = [b for p in book.pages if p.kind == "puzzles" for b in p.boards]
    answers = [b for p in book.pages if p.kind == "answers" for b in p.boards]
    assert [b.number for b in puzzles] == [b.number for b in answers] == list(range(1, 9))
    assert max(b.width for b in answers) < min(b.width for b in puzzles)
    last_puzzle = max(p.number for p in book.pages if p.kind == "puzzles")
    assert min(p.number for p in book.pages if p.kind == "answers") == last_puzzle + 1


@pytest.mark.parametrize(("count", "per_page"), [(1, 4), (3, 2), (5, 4), (7, 3), (10, 9)])
def test_pdf_pages_as_planned(count: int, per_page: int) -> None:
    family = families.family("fubuki")
    items = list(generate_many(family, {}, 11, count))
    book = plan_book(family, entries_of(family, items), per_page=per_page)
    puzzle_pages = [p for p in book.pages if p.kind == "puzzles"]
    assert len(puzzle_pages) == -(-count // per_page)
    assert [len(p.boards) for p in puzzle_pages[:-1]] == [per_page] * (len(puzzle_pages) - 1)
    data = make_book(family, items, per_page=per_page)
    assert data.startswith(b"%PDF-")
    assert page_count(data) == len(book.pages)
    assert data == book_pdf(book)


def test_page_svg_holds_the_captions_as_text() -> None:
    book, items = book_of("fubuki", {}, 3)
    root = ET.fromstring(page_svg(book, 1))
    texts = [t.text or "" for t in root.iter(f"{NS}text")]
    for item in items:
        assert any(item.id in t for t in texts)


def test_bad_requests_refused() -> None:
    family = families.family("fubuki")
    with pytest.raises(InvalidParameterError):
        plan_book(family, [])
    with pytest.raises(InvalidParameterError):
        plan_book(family, entries_of(family, generate_many(family, {}, 1, 1)), per_page=13)
