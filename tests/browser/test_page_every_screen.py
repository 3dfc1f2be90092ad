"""Every family played to the solved state on a desktop (mouse and keyboard, 1280x800) and a
phone (touch, 390x844), as a new player meets it (issue 23, points 1, 3, 4, 9): today's
puzzle on screen at once, an accessibility audit with no serious or critical finding, undo
and redo, a reload half way that resumes the game and its timer, "Solved in m:ss" the moment
the last move lands, "Next puzzle" opening the pack's next level, and no console error.

The screenshots taken half way are the README's (docs/screenshots/, made with
``NUMPUZZLES_SCREENSHOTS=docs/screenshots``)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import SIZES, Player, audit, press, screenshot, settle

FAMILIES = ("numberlink", "arukone", "fubuki", "nummatch")


@pytest.fixture()
def fresh(browser: Any, server: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A new player's browser at the size the test names, with its console errors kept."""
    size = request.node.callspec.params["size"]
    context = browser.new_context(viewport=SIZES[size], has_touch=size == "phone",
                                  is_mobile=size == "phone")
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    yield page
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_is_played_to_solved(fresh: Any, family: str, size: str,
                                         tmp_path: Path) -> None:
    page, phone = fresh, size == "phone"
    day = dt.date.today().isoformat()
    daily = page.evaluate(f"async () => (await (await fetch('/api/packs?date={day}')).json())"
                          ".daily")
    # a first visit opens Numberlink's puzzle of the day, with its rules shown
    assert page.evaluate("() => current.id") == daily["numberlink"]
    assert page.is_visible("#howto-text li")
    if family != "numberlink":
        page.select_option("#family", family)
        settle(page)
    assert page.evaluate("() => current.id") == daily[family]
    assert page.text_content("#puzzle-name") == "Today's puzzle"
    audit(page)

    player = Player(page, family, phone)
    moves = player.moves()
    half = len(moves) // 2
    for move in moves[:half]:
        player.play(move)
    player.undo_redo()
    page.wait_for_function("() => document.getElementById('timer').textContent !== '0:00'")
    screenshot(page, tmp_path, f"{family}-{size}")

    state = page.evaluate("() => current.game.snapshot()")
    ticked = page.evaluate("() => playedFor")
    page.reload()  # the game is kept in the browser: it goes on where it was
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    assert page.evaluate("() => current.id") == daily[family]
    assert page.evaluate("() => current.game.snapshot()") == state
    assert "Welcome back" in page.text_content("#status")
    assert page.evaluate("() => playedFor") >= ticked

    player = Player(page, family, phone)
    for move in moves[half:]:
        player.play(move)
    page.wait_for_selector("#status.good")
    assert re.fullmatch(r"Solved in \d+:\d\d\.", page.text_content("#status")), (
        page.text_content("#status"))
    assert page.is_visible("#done") and page.is_visible("#next")

    press(page, "#next", phone)  # today's puzzle done: the first level not solved yet
    page.wait_for_function("id => current.id !== id", arg=daily[family])
    settle(page)
    assert re.search(r", level \d+$", page.text_content("#puzzle-name"))
    assert page.locator("#level-list button[aria-current='true']").count() == 1
    assert not page.is_visible("#done")
    assert page.errors == []
