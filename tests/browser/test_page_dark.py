"""The page under ``prefers-color-scheme: dark`` (issue 23, point 3): dark backgrounds with
light text, and axe-core's contrast rules still find nothing serious, for every family."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import audit, settle


@pytest.fixture(scope="module")
def dark(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  color_scheme="dark")
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    yield page
    context.close()


def _luminance(page: Any, selector: str, what: str) -> float:
    """The relative luminance (WCAG) of an element's computed colour."""
    rgb = page.eval_on_selector(
        selector, f"e => getComputedStyle(e).{what}.match(/[\\d.]+/g).slice(0, 3).map(Number)")
    lin = [(v / 255 / 12.92) if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4
           for v in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@pytest.mark.parametrize("family", ["numberlink", "arukone", "fubuki", "nummatch"])
def test_dark_scheme(dark: Any, family: str) -> None:
    dark.select_option("#family", family)
    settle(dark)
    assert _luminance(dark, "body", "backgroundColor") < 0.05
    assert _luminance(dark, "body", "color") > 0.6
    assert _luminance(dark, "#board .cell[data-r='0'][data-c='0']", "backgroundColor") < 0.1
    audit(dark)
