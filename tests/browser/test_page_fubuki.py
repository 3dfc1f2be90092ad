"""Fubuki in the page: generate, a wrong digit flagged and undone, a hint filled in, the
rest typed with real clicks and keys, checked by the server as solved, and the share URL
reopens the same puzzle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import generate, wrong_count


def _type(page: Any, r: int, c: int, digit: int) -> None:
    page.click(f".cell[data-r='{r}'][data-c='{c}'] input")
    page.keyboard.type(str(digit))
    page.keyboard.press("Tab")


def test_fubuki_typed_with_a_hint(page: Any, tmp_path: Path) -> None:
    record = generate(page, "fubuki", {"size": "3"}, seed=5)
    assert record["id"] == "fubuki:3x3#5"
    givens, answer = record["puzzle"]["givens"], record["solution"]
    empty = [(r, c) for r in range(3) for c in range(3) if not givens[r][c]]

    r, c = empty[0]
    _type(page, r, c, answer[r][c] % 9 + 1)
    assert wrong_count(page) == 1
    page.click("#undo")
    assert wrong_count(page) == 0
    assert page.evaluate("() => current.game.values") == givens

    page.click("#hint")
    page.wait_for_selector("#status:has-text('Hint:')")
    values = page.evaluate("() => current.game.values")
    filled = [(r, c) for r, c in empty if values[r][c]]
    assert len(filled) == 1
    (hr, hc), = filled
    assert values[hr][hc] == answer[hr][hc]

    for r, c in empty:
        if (r, c) not in filled:
            _type(page, r, c, answer[r][c])
    assert wrong_count(page) == 0
    assert page.evaluate("() => current.game.values") == answer
    page.click("#check")
    page.wait_for_selector("#status.good")
    assert page.text_content("#status").startswith("Solved in ")

    page.goto(page.get_attribute("#share", "href"))
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("() => current.puzzle") == record["puzzle"]
