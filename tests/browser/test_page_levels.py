"""Level packs in the page (issue 23, point 6): a level picked from the list is played,
marked solved with its time in the list, and "Next puzzle" opens the next level; a batch
file served with ``--pack`` is listed with the fixed packs (tests/web covers the file)."""

from __future__ import annotations

import re
from typing import Any

from .helpers import settle
from .test_page_every_screen import Player


def test_a_level_is_played_marked_and_followed(page: Any) -> None:
    page.select_option("#family", "fubuki")
    settle(page)
    packs = page.evaluate("async () => (await (await fetch('/api/packs')).json()).packs")
    first = [p for p in packs if p["family"] == "fubuki"][1]  # not the pack shown first
    assert len(first["levels"]) >= 20
    tab = page.locator("#pack-tabs").get_by_role("button", name=first["title"], exact=True)
    assert tab.get_attribute("aria-pressed") == "false"
    tab.click()
    assert tab.get_attribute("aria-pressed") == "true"
    page.click("#level-list button[aria-label='level 2']")
    page.wait_for_function("id => current.id === id", arg=first["levels"][1]["id"])
    settle(page)
    assert page.text_content("#puzzle-name") == f"{first['title']}, level 2"
    level = page.locator("#level-list li:nth-child(2) button")
    assert level.get_attribute("aria-current") == "true"

    player = Player(page, "fubuki", phone=False)
    for move in player.moves():
        player.play(move)
    page.wait_for_selector("#status.good")
    label = level.get_attribute("aria-label")
    assert re.fullmatch(r"level 2, solved in \d+:\d\d", label), label
    assert "solved" in (level.get_attribute("class") or "")

    page.click("#next")
    page.wait_for_function("id => current.id === id", arg=first["levels"][2]["id"])
    settle(page)
    assert page.text_content("#puzzle-name") == f"{first['title']}, level 3"
    assert page.get_attribute("#level-list button[aria-label='level 3']",
                              "aria-current") == "true"
    # the solved level keeps its mark after a reload
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    assert re.fullmatch(r"level 2, solved in \d+:\d\d",
                        page.locator("#level-list li:nth-child(2) button")
                        .get_attribute("aria-label"))
