"""Survo on the page (issue 27, point 1): today's 3×4 played to solved with the keyboard on
a desktop and with the keypad by touch on a phone, and a Survo set in the editor from an
empty table until it is unique, then played.  The counts shown are checked against a brute
force over the permutations."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from .helpers import SIZES, Player, audit, generate, press, settle


@pytest.fixture()
def fresh(browser: Any, server: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    size = request.node.callspec.params["size"]
    phone = size == "phone"
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(server + "/?family=survo")
    page.wait_for_selector("body[data-ready='1']")
    settle(page)
    yield page
    context.close()


def _fillings(puzzle: dict[str, Any]) -> list[tuple[tuple[int, ...], ...]]:
    """Every filling with these sums and givens: row by row, every ordered choice of the
    numbers left (brute force, sharing nothing with the solver)."""
    h, w = puzzle["height"], puzzle["width"]
    out = []

    def rows(done: list[tuple[int, ...]], left: set[int]) -> None:
        r = len(done)
        if r == h:
            if all(s is None or sum(row[c] for row in done) == s
                   for c, s in enumerate(puzzle["cols"])):
                out.append(tuple(done))
            return
        for row in itertools.permutations(sorted(left), w):
            if puzzle["rows"][r] is not None and sum(row) != puzzle["rows"][r]:
                continue
            if any(g and g != row[c] for c, g in enumerate(puzzle["givens"][r])):
                continue
            rows([*done, row], left - set(row))

    rows([], set(range(1, h * w + 1)))
    return out


@pytest.mark.parametrize("size", list(SIZES))
def test_todays_survo_is_played_to_solved(fresh: Any, size: str) -> None:
    page, phone = fresh, size == "phone"
    assert page.evaluate("() => current.family") == "survo"
    assert page.locator("#board .cell[data-r]").count() == 12  # a 3x4 table
    audit(page)
    player = Player(page, "survo", phone)
    for move in player.moves():
        player.play(move)
    page.wait_for_selector("#status.good")
    assert page.text_content("#status").startswith("Solved in")
    assert page.errors == []


@pytest.mark.parametrize("size", ["desktop"])
def test_a_survo_is_set_until_unique_then_played(fresh: Any, size: str) -> None:
    page = fresh
    target = page.evaluate("() => current.puzzle")
    page.click("#mode-make")
    page.wait_for_selector("#make-board input")
    for i, total in enumerate(target["rows"]):
        field = f"#make-board input[aria-label='total of row {i + 1}']"
        page.fill(field, str(total))
        page.press(field, "Tab")
    for i, total in enumerate(target["cols"]):
        field = f"#make-board input[aria-label='total of column {i + 1}']"
        page.fill(field, str(total))
        page.press(field, "Tab")
    page.wait_for_function("() => document.body.dataset.analysing === '0'")
    made = page.evaluate("() => editor.draft.puzzle().puzzle")
    every = _fillings(made)
    status = page.text_content("#make-status")
    if len(every) > 1:
        assert status.startswith(f"{len(every):,} solutions"), status
    for _ in range(12):
        if page.text_content("#make-status").startswith("Unique"):
            break
        if page.is_visible("#make-fix"):
            page.click("#make-fix")
        else:
            givens = page.evaluate("() => editor.draft.puzzle().puzzle.givens")
            r, c = next((r, c) for r, row in enumerate(target["givens"]) for c, g in enumerate(row)
                        if g and not givens[r][c])
            field = f"#make-board input[aria-label='row {r + 1}, column {c + 1}']"
            page.fill(field, str(target["givens"][r][c]))
            page.press(field, "Tab")
        page.wait_for_function("() => document.body.dataset.analysing === '0'")
    assert page.text_content("#make-status").startswith("Unique")
    assert len(_fillings(page.evaluate("() => editor.draft.puzzle().puzzle"))) == 1
    press(page, "#make-play", False)
    page.wait_for_function("() => window.current && current.origin === 'made'")
    settle(page)
    player = Player(page, "survo", False)
    for move in player.moves():
        player.play(move)
    page.wait_for_selector("#status.good")
    assert page.errors == []


@contextmanager
def _survo_on_a_phone(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page at 390 px, by touch, on today's Survo, ready; closed afterwards."""
    context = browser.new_context(viewport=SIZES["phone"], has_touch=True, is_mobile=True)
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        page.goto(server + "/?family=survo")
        page.wait_for_selector("body[data-ready='1']")
        settle(page)
        yield page
    finally:
        context.close()


def _no_sideways_page(page: Any) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], widths


def _stays_in_view(page: Any, frame: str, selector: str) -> None:
    """``selector``'s element lies within the phone's width with ``frame`` scrolled to its
    start and part of the way along."""
    for left in (0, 150):
        page.evaluate(f"() => {{ document.getElementById('{frame}').scrollLeft = {left}; }}")
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, left


def test_a_2x18_on_a_phone_scrolls_sideways_with_cells_to_tap(browser: Any, server: str) -> None:
    """An open 2×18 has 19 columns with its sums: on a 390 px phone they would shrink to
    about 17 px, too small to tap or to read two digits in.  Its cells stay at least 30 px,
    the board scrolls sideways inside its frame (never the page) under its row sums, which
    stay in view, a shade at the frame's edge shows which way more of it lies, and a
    number goes into the last column by the keypad after scrolling to it."""
    with _survo_on_a_phone(browser, server) as page:
        record = generate(page, "survo", {"shape": "2x18", "givens": "0"}, 1)
        assert record["puzzle"]["width"] == 18
        width = page.evaluate(
            "() => document.querySelector('#board .cell[data-r]').getBoundingClientRect().width")
        assert width >= 30
        _no_sideways_page(page)
        assert page.evaluate(
            "() => { const f = document.getElementById('board-wrap');"
            " return f.scrollWidth > f.clientWidth; }")
        shades = "() => document.getElementById('board-frame').className"
        assert page.evaluate(shades).split() == ["more-right"]  # more of it to the right
        # the row sums stay at the frame's right edge, in view
        _stays_in_view(page, "board-wrap", "#board .cell.total[aria-label^='total of row 1:']")
        last = page.locator("#board .cell[data-r='0'][data-c='17']")
        last.scroll_into_view_if_needed()
        page.evaluate("() => { const f = document.getElementById('board-wrap');"
                      " f.scrollLeft = f.scrollWidth; }")
        page.wait_for_function(
            "() => document.getElementById('board-frame').className === 'more-left'")
        box = last.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
        last.tap()
        value = record["solution"][0][17]
        page.tap(f"#keypad .key[data-value='{value}']")
        page.wait_for_function(
            "v => current.game.values[0][17] === v", arg=value)


def test_a_2x18_is_set_on_a_phone_with_cells_to_tap(browser: Any, server: str) -> None:
    """The editor keeps the same least cell size: a 2×18 being set on a phone scrolls
    sideways in its frame under its row totals, which stay in view."""
    with _survo_on_a_phone(browser, server) as page:
        page.click("#mode-make")
        page.wait_for_selector("#make-board input")
        for name, value in (("height", 2), ("width", 18)):
            page.fill(f"#make-size input[name='{name}']", str(value))
            page.press(f"#make-size input[name='{name}']", "Tab")
        page.wait_for_selector("#make-board input[aria-label='row 2, column 18']")
        width = page.evaluate(
            "() => document.querySelector('#make-board .cell').getBoundingClientRect().width")
        assert width >= 30
        _no_sideways_page(page)
        _stays_in_view(page, "make-wrap", "#make-board input[aria-label='total of row 1']")
