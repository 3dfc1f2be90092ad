"""Links and loads a player cannot get wrong (issue 23, point 7): a bad share link gets one
sentence on the page, never a JavaScript error, and a load asks for nothing the server
does not have (the favicon included)."""

from __future__ import annotations

from typing import Any

import pytest


def _open(page: Any, url: str) -> tuple[list[str], list[str]]:
    """Load ``url``; the console errors and page errors, and every answer of 400 or more."""
    errors: list[str] = []
    failed: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return errors, failed


def test_a_plain_load_fetches_nothing_missing(page: Any, server: str) -> None:
    errors, failed = _open(page, server + "/")
    page.wait_for_load_state("networkidle")
    assert errors == [] and failed == []
    icon = page.evaluate("() => document.querySelector('link[rel=icon]').href")
    assert icon.endswith("/static/favicon.svg")


@pytest.mark.parametrize(("query", "sentence"), [
    ("?id=foo:bar", 'This link names no puzzle family the page knows ("foo").'),
    ("?family=numberlink&puzzle=notjson",
     "This link's puzzle could not be read: it is not a puzzle in JSON form."),
])
def test_a_bad_link_gets_one_sentence(page: Any, server: str, query: str, sentence: str) -> None:
    errors, _ = _open(page, server + "/" + query)
    assert page.text_content("#status") == sentence
    assert page.get_attribute("#status", "class") == "bad"
    assert errors == []


def test_a_share_link_sets_the_form_to_its_puzzle(page: Any, server: str) -> None:
    """After a share link, Generate makes the same kind of puzzle (the next seed the
    player types), not the form's defaults."""
    _open(page, server + "/?id=" + "fubuki%3A4x4%2Cdiagonals%237")
    assert page.input_value("#params [name='size']") == "4"
    assert page.input_value("#params [name='variant']") == "diagonals"
    assert page.input_value("#seed") == "7"
    page.eval_on_selector("#new-box", "box => { box.open = true; }")
    page.fill("#seed", "8")
    page.click("#generate")
    page.wait_for_function("() => current.id === 'fubuki:4x4,diagonals#8'")
