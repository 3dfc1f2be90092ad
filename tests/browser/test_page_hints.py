"""Hints in the player's terms (issue 23): the cells on the board, never coordinates."""

from __future__ import annotations

import re
from typing import Any

from .helpers import generate


def test_a_number_match_hint_highlights_its_pair(page: Any) -> None:
    record = generate(page, "nummatch", {"width": "5", "height": "4"}, 1)
    page.click("#hint")
    page.wait_for_function("() => !current.game.pending && current.game.moves.length === 1")
    words = page.text_content("#status")
    assert words.startswith("Hint: take ") and "(highlighted)" in words
    assert not re.search(r"\d,\s*\d", words)  # no "1,0,1,1"
    x1, y1, x2, y2 = page.evaluate("() => current.game.moves[0]")
    grid = record["puzzle"]["grid"]
    assert f"take {grid[y1][x1]} and {grid[y2][x2]}" in words
    hinted = page.locator(".cell.hinted")
    assert hinted.count() == 2
    assert sorted(hinted.all_text_contents()) == sorted([str(grid[y1][x1]), str(grid[y2][x2])])
    page.click("#undo")
    assert page.locator(".cell.hinted").count() == 0


def test_a_numberlink_hint_draws_the_longest_shared_path(page: Any) -> None:
    record = generate(page, "numberlink", {"size": "8x8"}, 4)
    shared = page.evaluate(
        """async () => (await (await fetch('/api/numberlink/hint', {method: 'POST',
            headers: {'content-type': 'application/json'},
            body: JSON.stringify({puzzle: current.puzzle})})).json()).hint.paths""")
    assert len(shared) >= 2
    page.click("#hint")
    page.wait_for_function("() => Object.keys(current.game.paths).length === 1")
    ((label, cells),) = page.evaluate("() => current.game.paths").items()
    assert len(cells) == max(len(p["path"]) for p in shared)
    assert record["solution"]["grid"][cells[0][0]][cells[0][1]] == int(label)
