"""Fast drags (issue 23, point 4): a pointer that skips cells still draws every cell it
passes, in orthogonal steps along its line, and stops where the rules stop it."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any
from urllib.parse import quote

from .helpers import centre

BOARD = {"width": 6, "height": 6, "rules": "blank", "grid": [
    [1, 0, 0, 0, 0, 2],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0],
    [0, 3, 0, 0, 3, 0],
    [2, 0, 0, 0, 0, 1],
]}


def _open(page: Any, server: str) -> None:
    page.goto(f"{server}/?family=numberlink&puzzle={quote(json.dumps(BOARD))}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(".cell[data-r='0'][data-c='0']")


def _orthogonal(cells: list[list[int]]) -> bool:
    return all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairwise(cells))


def test_a_fast_diagonal_drag_fills_its_cells(page: Any, server: str) -> None:
    _open(page, server)
    page.mouse.move(*centre(page, 0, 0))
    page.mouse.down()
    page.mouse.move(*centre(page, 3, 4), steps=1)  # one jump, seven cells away
    page.mouse.up()
    cells = page.evaluate("() => current.game.paths['1']")
    assert cells[0] == [0, 0] and cells[-1] == [3, 4]
    assert len(cells) == 8 and _orthogonal(cells)


def test_a_fast_drag_stops_at_another_labels_end(page: Any, server: str) -> None:
    _open(page, server)
    page.mouse.move(*centre(page, 5, 0))
    page.mouse.down()
    page.mouse.move(*centre(page, 4, 3), steps=1)  # its line runs into 3's end at (4, 1)
    page.mouse.up()
    assert page.evaluate("() => current.game.paths['2']") == [[5, 0], [5, 1]]


def test_a_tap_on_a_path_clears_it_and_undo_brings_it_back(page: Any, server: str) -> None:
    _open(page, server)
    page.mouse.move(*centre(page, 0, 0))
    page.mouse.down()
    page.mouse.move(*centre(page, 0, 3), steps=4)
    page.mouse.up()
    drawn = page.evaluate("() => current.game.paths['1']")
    assert drawn == [[0, 0], [0, 1], [0, 2], [0, 3]]
    page.mouse.click(*centre(page, 0, 2))
    assert page.evaluate("() => current.game.paths['1'] || null") is None
    page.click("#undo")
    assert page.evaluate("() => current.game.paths['1']") == drawn
