"""The page on a phone (issue 23, point 3): a 15x15 Numberlink fits a 390 px wide screen
with no horizontal scroll, and is played to the solved state with one finger."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import opened
from .helpers import generate, touch_drag


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
