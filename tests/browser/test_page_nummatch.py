"""Number Match in the page: generate, an illegal pair flagged by the server and undone, a
hint taken, the rest clicked pair by pair (and "add numbers" under classic), checked as
solved, and the share URL reopens the same puzzle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import centre, generate, wrong_count


def _settled(page: Any) -> None:
    page.wait_for_function("() => !current.game.pending")


def _click(page: Any, r: int, c: int) -> None:
    page.mouse.click(*centre(page, r, c))


def _play(page: Any, move: list[int] | str) -> None:
    if move == "add":
        page.click("#add")
    else:
        x1, y1, x2, y2 = move  # type: ignore[misc]
        _click(page, y1, x1)
        _click(page, y2, x2)
    _settled(page)


def _illegal(page: Any) -> list[int]:
    """Two digits that neither match nor sum to ten, on the board as shown."""
    rows = page.evaluate("() => current.game.rows()")
    cells = [(r, c, v) for r, row in enumerate(rows) for c, v in enumerate(row) if v]
    for r1, c1, v1 in cells:
        for r2, c2, v2 in cells:
            if v1 != v2 and v1 + v2 != 10:
                return [c1, r1, c2, r2]
    raise AssertionError("every pair matches")


@pytest.mark.parametrize(("params", "seed", "id_"), [
    ({"width": "5", "height": "4"}, 1, "nummatch:original,width=5,height=4#1"),
    ({"rules": "classic", "width": "5", "height": "3"}, 2, "nummatch:classic,width=5,height=3#2"),
])
def test_nummatch_clicked_pair_by_pair(page: Any, tmp_path: Path, params: dict[str, str],
                                       seed: int, id_: str) -> None:
    record = generate(page, "nummatch", params, seed)
    assert record["id"] == id_

    _play(page, _illegal(page))
    assert wrong_count(page) == 2
    assert "Not a legal move" in page.text_content("#status")
    page.click("#undo")
    assert wrong_count(page) == 0
    assert page.evaluate("() => current.game.moves") == []

    solution = record["solution"]
    page.click("#hint")
    _settled(page)
    page.wait_for_function("() => current.game.moves.length === 1")
    assert wrong_count(page) == 0
    assert page.evaluate("() => current.game.wrong") is None
    page.click("#undo")  # the hint was legal; now the answer's moves, "add" by its button
    for move in solution:
        _play(page, move)
        assert wrong_count(page) == 0
    assert ("add" in solution) == (params.get("rules") == "classic")
    assert page.text_content("#status").startswith("Solved in ")
    page.click("#check")
    page.wait_for_selector("#status.good")

    page.goto(page.get_attribute("#share", "href"))
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("() => current.puzzle") == record["puzzle"]
