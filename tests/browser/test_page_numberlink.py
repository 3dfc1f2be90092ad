"""Numberlink and Arukone in the page: generate, a wrong path flagged and undone, every path dragged
(one with a finger), checked by the server as solved, and the share URL reopens it."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from .helpers import generate, mouse_drag, touch_drag, wrong_count


def _wrong_step(record: dict[str, Any]) -> tuple[str, list[list[int]]]:
    """A label and a two-cell drag from its end into a cell the solution gives another."""
    grid = record["puzzle"]["grid"]
    answer = record["solution"]["grid"]
    for label, cells in record["solution"]["paths"].items():
        r, c = cells[0]
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if (0 <= nr < len(grid) and 0 <= nc < len(grid[0]) and not grid[nr][nc]
                    and answer[nr][nc] != int(label)):
                return label, [[r, c], [nr, nc]]
    raise AssertionError("no wrong step next to any end")


@pytest.mark.parametrize(("family", "params", "seed", "id_"), [
    ("numberlink", {"size": "6x6"}, 3, "numberlink:6x6,fill#3"),
    ("arukone", {"n": "6", "unique": True}, 2, "arukone:6,unique#2"),
])
def test_paths_played_with_mouse_and_touch(page: Any, tmp_path: Path, family: str,
                                           params: dict[str, str | bool], seed: int,
                                           id_: str) -> None:
    record = generate(page, family, params, seed)
    assert record["id"] == id_

    _, step = _wrong_step(record)
    mouse_drag(page, step)
    assert wrong_count(page) == 1
    assert "disagree" in page.text_content("#status")
    page.click("#undo")
    assert wrong_count(page) == 0

    page.click("#check")
    page.wait_for_selector("#status.bad")
    assert "Not solved" in page.text_content("#status")

    paths = list(record["solution"]["paths"].values())
    touch_drag(page, paths[0])
    for cells in paths[1:]:
        mouse_drag(page, cells)
    assert wrong_count(page) == 0
    drawn = page.evaluate("() => current.game.grid()")
    assert drawn == record["solution"]["grid"]
    page.click("#check")
    page.wait_for_selector("#status.good")
    assert page.text_content("#status").startswith("Solved in ")

    share = page.get_attribute("#share", "href")
    assert share.endswith("?id=" + quote(id_, safe=""))
    page.goto(share)  # in this browser the solved board is kept
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("() => current.puzzle") == record["puzzle"]
    assert page.evaluate("() => current.game.grid()") == record["solution"]["grid"]
    assert page.text_content("#status").startswith("Solved in ")
    friend = page.context.browser.new_context()  # someone the link was sent to
    try:
        theirs = friend.new_page()
        theirs.goto(share)
        theirs.wait_for_selector("body[data-ready='1']")
        assert theirs.evaluate("() => current.puzzle") == record["puzzle"]
        assert theirs.evaluate("() => current.game.grid()") == record["puzzle"]["grid"]
    finally:
        friend.close()


def test_hint_draws_a_forced_path_then_the_next(page: Any) -> None:
    """Each hint draws a path the solution forces (shortest first) that the board lacks;
    undo takes it back."""
    record = generate(page, "numberlink", {"size": "6x6"}, 3)
    answer = record["solution"]["grid"]
    page.click("#hint")
    page.wait_for_function("() => Object.keys(current.game.paths).length === 1")
    first = page.evaluate("() => current.game.paths")
    ((label, cells),) = first.items()
    assert all(answer[r][c] == int(label) for r, c in cells)
    assert cells == record["solution"]["paths"][label] or cells[::-1] == (
        record["solution"]["paths"][label])
    page.click("#hint")
    page.wait_for_function("() => Object.keys(current.game.paths).length === 2")
    assert wrong_count(page) == 0
    page.click("#undo")
    page.wait_for_function("() => Object.keys(current.game.paths).length === 1")
