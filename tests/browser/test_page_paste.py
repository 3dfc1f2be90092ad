"""Pasting or uploading a puzzle (a text format, not JSON), revealing and checking it; and the rule
that a missing browser fails under CI instead of being skipped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from numpuzzles import families

from . import conftest
from .helpers import settle, wrong_count


@pytest.mark.parametrize(("family", "ident", "format_", "upload"), [
    ("numberlink", "numberlink:5x5,fill#1", "letters", False),
    ("fubuki", "fubuki:3x3#4", "text", False),
    ("nummatch", "nummatch:original,width=5,height=4#3", "text", True),
])
def test_a_pasted_puzzle_is_read_revealed_and_checked(page: Any, tmp_path: Path, family: str,
                                                      ident: str, format_: str,
                                                      upload: bool) -> None:
    rules = families.family(family)
    made = rules.regenerate(ident)
    text = rules.dump(made.puzzle, format_)
    page.select_option("#family", family)
    settle(page)  # choosing a family opens its puzzle of the day first
    opened = page.evaluate("() => Number(document.body.dataset.puzzles)")
    page.click("#paste-box summary")
    if upload:
        path = tmp_path / "puzzle.txt"
        path.write_text(text)
        page.set_input_files("#upload", str(path))  # read and loaded at once
    else:
        page.fill("#paste", text)
        page.click("#load")
    page.wait_for_function("n => Number(document.body.dataset.puzzles) > n", arg=opened)
    settle(page)
    assert page.input_value("#paste") == text
    assert page.evaluate("() => current.id") is None
    shown = page.evaluate("() => current.puzzle")
    assert shown == rules.puzzle_json(made.puzzle) | ({"names": shown["names"]}
                                                      if "names" in shown else {})
    page.goto(page.get_attribute("#share", "href"))  # a pasted puzzle travels as JSON
    page.wait_for_function("() => Number(document.body.dataset.puzzles || 0) > 0")
    assert page.evaluate("() => current.puzzle") == shown
    page.click("#reveal")
    page.wait_for_selector("#status:has-text('The solution is shown.')")
    assert wrong_count(page) == 0
    page.click("#check")  # the server's checker agrees with what was revealed
    page.wait_for_selector("#status.good:has-text('The solution shown is correct.')")


def test_a_missing_browser_fails_under_ci(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        conftest._unavailable("no browser")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no browser"):
        conftest._unavailable("no browser")
