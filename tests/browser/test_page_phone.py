"""The page on a phone (issue 23, point 3): a 15x15 Numberlink fits a 390 px wide screen
with no horizontal scroll, and is played to the solved state with one finger."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import opened
from .helpers import centre, generate, touch_drag, touch_drag_points


@pytest.fixture()
def phone(browser: Any, server: str) -> Iterator[Any]:
    yield from opened(browser, server, 30_000, is_mobile=True,
                      viewport={"width": 390, "height": 844})


def _no_sideways_scroll(page: Any) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths


def test_a_15x15_fits_and_plays_by_touch(phone: Any) -> None:
    record = generate(phone, "numberlink", {"size": "15x15"}, 1)
    _no_sideways_scroll(phone)
    box = phone.locator("#board .grid").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    for cells in record["solution"]["paths"].values():
        touch_drag(phone, cells)
    assert phone.evaluate("() => current.game.grid()") == record["solution"]["grid"]
    phone.click("#check")
    phone.wait_for_selector("#status.good")
    _no_sideways_scroll(phone)


def test_cells_grow_back_on_a_wide_screen(phone: Any) -> None:
    generate(phone, "numberlink", {"size": "15x15"}, 1)
    small = phone.locator(".cell[data-r='0'][data-c='0']").bounding_box()["width"]
    phone.set_viewport_size({"width": 1200, "height": 844})
    phone.wait_for_function(
        "small => document.querySelector('.cell').offsetWidth > small + 8", arg=small)


def test_a_25x25_is_played_zoomed_and_panned(phone: Any) -> None:
    """At 390 px a 25x25 gets 15 px cells; the zoom buttons make them larger, the board
    then scrolls inside its frame (never the page), a drag from an empty cell pans it, and
    a drag from a number still draws."""
    record = generate(phone, "numberlink", {"size": "25x25"}, 1)
    _no_sideways_scroll(phone)
    width = "() => document.querySelector('.cell').getBoundingClientRect().width"
    small = phone.evaluate(width)
    assert 12 <= small < 20
    phone.tap("#zoom-in")
    phone.tap("#zoom-in")
    assert phone.evaluate(width) >= 1.9 * small
    _no_sideways_scroll(phone)
    frame = "() => { const f = document.getElementById('board-wrap');" \
            " return [f.scrollWidth > f.clientWidth, f.scrollLeft, f.scrollTop]; }"
    scrolls, left, top = phone.evaluate(frame)
    assert scrolls and (left, top) == (0, 0)

    grid = record["puzzle"]["grid"]
    empty = next((r, c) for r in range(3) for c in range(3) if grid[r][c] == 0)
    start = centre(phone, *empty)
    touch_drag_points(phone, [start, (start[0] - 150, start[1] - 100)])
    _, left, top = phone.evaluate(frame)
    assert left > 100 and top > 50  # the finger moved left and up: the board followed
    assert phone.evaluate("() => Object.keys(current.game.paths).length") == 0

    # a path wholly in view is drawn by touch as on a small board
    view = phone.viewport_size
    for cells in sorted(record["solution"]["paths"].values(), key=len):
        points = [centre(phone, r, c) for r, c in cells]
        if all(0 < x < view["width"] and 0 < y < view["height"] for x, y in points):
            touch_drag(phone, cells)
            break
    else:
        raise AssertionError("no path in view")
    assert phone.evaluate("() => current.game.paths")[str(grid[cells[0][0]][cells[0][1]])] == cells
