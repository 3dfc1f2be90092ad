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
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import audit, centre, mouse_drag, screenshot, settle, touch_drag

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
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


def _press(page: Any, selector: str, phone: bool) -> None:
    if phone:
        page.tap(selector)
    else:
        page.click(selector)


def _arrow_route(givens: list[list[int]], start: tuple[int, int],
                 goal: tuple[int, int]) -> list[str]:
    """The arrow keys from ``start`` to ``goal``, as the page moves: an arrow goes to the
    next cell that is not a given in its direction (a breadth-first search)."""
    n = len(givens)
    steps = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
    seen: dict[tuple[int, int], list[str]] = {start: []}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            return seen[at]
        for key, (dr, dc) in steps.items():
            r, c = at[0] + dr, at[1] + dc
            while 0 <= r < n and 0 <= c < n and givens[r][c]:
                r, c = r + dr, c + dc
            if 0 <= r < n and 0 <= c < n and (r, c) not in seen:
                seen[(r, c)] = [*seen[at], key]
                todo.append((r, c))
    raise AssertionError(f"no arrow route from {start} to {goal}")


class Player:
    """Plays one family's solution move by move, in the way the screen size offers."""

    def __init__(self, page: Any, family: str, phone: bool) -> None:
        self.page, self.family, self.phone = page, family, phone
        self.puzzle = page.evaluate("() => current.puzzle")
        self.solution = page.evaluate("() => current.solution")
        self.at: tuple[int, int] | None = None  # Fubuki: the focused cell

    def moves(self) -> list[Any]:
        if self.family in ("numberlink", "arukone"):
            return list(self.solution["paths"].values())
        if self.family == "fubuki":
            givens = self.puzzle["givens"]
            return [(r, c, v) for r, row in enumerate(self.solution) for c, v in enumerate(row)
                    if not givens[r][c]]
        return list(self.solution)

    def play(self, move: Any) -> None:
        page = self.page
        if self.family in ("numberlink", "arukone"):
            (touch_drag if self.phone else mouse_drag)(page, move)
        elif self.family == "fubuki":
            self._digit(*move)
        elif move == "add":
            _press(page, "#add", self.phone)
        else:
            x1, y1, x2, y2 = move
            for r, c in ((y1, x1), (y2, x2)):
                if self.phone:
                    page.touchscreen.tap(*centre(page, r, c))
                else:
                    page.mouse.click(*centre(page, r, c))
        if self.family == "nummatch":
            page.wait_for_function("() => !current.game.pending")

    def _digit(self, r: int, c: int, value: int) -> None:
        """A phone taps the cell and the keypad; a desktop moves with the arrow keys and
        types, and Enter commits the digit."""
        page = self.page
        if self.phone:
            page.touchscreen.tap(*centre(page, r, c))
            page.tap(f"#keypad .key[data-value='{value}']")
            return
        if self.at is None:
            page.click(f".cell[data-r='{r}'][data-c='{c}'] input")
        else:
            for key in _arrow_route(self.puzzle["givens"], self.at, (r, c)):
                page.keyboard.press(key)
        page.keyboard.type(str(value))
        page.keyboard.press("Enter")
        self.at = (r, c)

    def undo_redo(self) -> None:
        """Undo the last move and redo it: by buttons on a phone, Ctrl+Z and Ctrl+Y on a
        desktop (focus goes to the page first, as a player clicks beside the board)."""
        page = self.page
        before = page.evaluate("() => current.game.snapshot()")
        if not self.phone:
            page.mouse.click(5, SIZES["desktop"]["height"] - 5)
            self.at = None
        if self.phone:
            page.tap("#undo")
        else:
            page.keyboard.press("Control+z")
        page.wait_for_function("s => current.game.snapshot() !== s", arg=before)
        if self.phone:
            page.tap("#redo")
        else:
            page.keyboard.press("Control+y")
        page.wait_for_function("s => current.game.snapshot() === s", arg=before)


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

    _press(page, "#next", phone)  # today's puzzle done: the first level not solved yet
    page.wait_for_function("id => current.id !== id", arg=daily[family])
    settle(page)
    assert re.search(r", level \d+$", page.text_content("#puzzle-name"))
    assert page.locator("#level-list button[aria-current='true']").count() == 1
    assert not page.is_visible("#done")
    assert page.errors == []
