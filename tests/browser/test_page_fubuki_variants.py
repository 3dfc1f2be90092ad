"""Fubuki's variants in the page (issue 23): hidden totals, both diagonals told apart,
products that fit their cells, only 1..n² typed, Check on a half-filled grid, and a hint
shown on the board in the player's terms."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote


def _open(page: Any, server: str, id_: str) -> None:
    page.goto(f"{server}/?id={quote(id_, safe='')}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(".cell[data-r='0'][data-c='0']")


def _totals(page: Any) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(".cell.total", "cs => cs.map(c => c.textContent)")
    return texts


def test_diagonals_and_hidden_totals(page: Any, server: str) -> None:
    _open(page, server, "fubuki:4x4,diagonals#7")
    puzzle = page.evaluate("() => current.puzzle")
    main, anti = puzzle["diagonals"]
    totals = _totals(page)
    assert "null" not in page.text_content("#board")
    assert f"↘{main}" in totals and f"↙{anti}" in totals
    hidden = sum(v is None for v in puzzle["rows"] + puzzle["cols"])
    assert hidden > 0 and totals.count("?") == hidden
    titles = page.eval_on_selector_all(".cell.total", "cs => cs.map(c => c.title)")
    assert any("top left to bottom right" in t for t in titles)


def test_products_fit_and_digits_are_bounded(page: Any, server: str) -> None:
    _open(page, server, "fubuki:3x3,product#2")
    assert "null" not in page.text_content("#board")
    assert any(t.startswith("×") for t in _totals(page))
    overflowing = page.eval_on_selector_all(
        ".cell.total", "cs => cs.filter(c => c.scrollWidth > c.clientWidth).length")
    assert overflowing == 0
    page.click(".cell[data-r='0'][data-c='0'] input")
    page.keyboard.type("99")  # a 3x3 cell takes one digit
    page.keyboard.press("Tab")
    assert page.evaluate("() => current.game.values[0][0]") == 9


def test_a_digit_past_n_squared_is_refused(page: Any, server: str) -> None:
    _open(page, server, "fubuki:4x4,diagonals#7")
    page.click(".cell[data-r='1'][data-c='1'] input")
    page.keyboard.type("17")
    page.keyboard.press("Tab")
    assert page.evaluate("() => current.game.values[1][1]") == 0
    assert page.text_content("#status") == "Only the numbers 1 to 16 go in a cell."


def test_check_and_hint_speak_of_the_board(page: Any, server: str) -> None:
    _open(page, server, "fubuki:3x3#5")
    page.click("#check")
    empty = page.evaluate("() => current.game.values.flat().filter(v => !v).length")
    assert page.text_content("#status") == f"Not solved yet: {empty} cells are empty."
    page.click("#hint")
    page.wait_for_selector("#status:has-text('Hint:')")
    words = page.text_content("#status")
    assert "highlighted cell" in words and "row " not in words and "position" not in words
    assert page.locator(".cell.hinted").count() == 1
