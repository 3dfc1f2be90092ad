"""Number Match in the page: generate, an illegal pair flagged by the server and undone, a
hint taken, the rest clicked pair by pair (and "add numbers" under classic), checked as
solved, and the share URL reopens the same puzzle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .helpers import centre, generate, wrong_count


def _settled(page: Any) -> None:
    page.wait_for_function("() => !current.game.pending")


def _click(page: Any, r: int, c: int) -> None:
    page.mouse.click(*centre(page, r, c))


def _play(page: Any, move: list[int] | str) -> None:
    if move == "add":
        page.click("#add")
    else:
        x1, y1, x2, y2 = move  # type: ignore[misc]
        _click(page, y1, x1)
        _click(page, y2, x2)
    _settled(page)


def _illegal(page: Any) -> list[int]:
    """Two digits that neither match nor sum to ten, on the board as shown."""
    rows = page.evaluate("() => current.game.rows()")
    cells = [(r, c, v) for r, row in enumerate(rows) for c, v in enumerate(row) if v]
    for r1, c1, v1 in cells:
        for r2, c2, v2 in cells:
            if v1 != v2 and v1 + v2 != 10:
                return [c1, r1, c2, r2]
    raise AssertionError("every pair matches")


@pytest.mark.parametrize(("params", "seed", "id_"), [
    ({"width": "5", "height": "4"}, 1, "nummatch:original,width=5,height=4#1"),
    ({"rules": "classic", "width": "5", "height": "3"}, 2, "nummatch:classic,width=5,height=3#2"),
])
def test_nummatch_clicked_pair_by_pair(page: Any, tmp_path: Path, params: dict[str, str],
                                       seed: int, id_: str) -> None:
    record = generate(page, "nummatch", params, seed)
    assert record["id"] == id_

    _play(page, _illegal(page))
    assert wrong_count(page) == 2
    assert "Not a legal move" in page.text_content("#status")
    page.click("#undo")
    assert wrong_count(page) == 0
    assert page.evaluate("() => current.game.moves") == []

    solution = record["solution"]
    page.click("#hint")
    _settled(page)
    page.wait_for_function("() => current.game.moves.length === 1")
    assert wrong_count(page) == 0
    assert page.evaluate("() => current.game.wrong") is None
    page.click("#undo")  # the hint was legal; now the answer's moves, "add" by its button
    for move in solution:
        _play(page, move)
        assert wrong_count(page) == 0
    assert ("add" in solution) == (params.get("rules") == "classic")
    assert page.text_content("#status").startswith("Solved in ")
    page.click("#check")
    page.wait_for_selector("#status.good")

    page.goto(page.get_attribute("#share", "href"))
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("() => current.puzzle") == record["puzzle"]


@pytest.mark.parametrize(("params", "seed"), [
    ({"width": "5", "height": "4"}, 1),
    ({"rules": "classic", "width": "5", "height": "3"}, 2),
])
def test_reveal_marks_each_cell_taken_with_its_step(page: Any,
                                                    params: dict[str, str | bool],
                                                    seed: int) -> None:
    """After Reveal every pair's two cells carry its step number on a tag of the step's
    palette colour (as the drawings mark them), on the board the move is made on, with
    their digits still shown; additions are named over the board they make."""
    record = generate(page, "nummatch", params, seed)
    page.click("#reveal")
    page.wait_for_selector("#status:has-text('The solution is shown.')")
    palette = page.evaluate("async () => (await (await fetch('/api/palette')).json()).colours")
    boards = page.evaluate("""() => [...document.querySelectorAll('#board .phase')].map((b) => ({
        head: (b.querySelector('.phase-head') || {}).textContent || '',
        cells: [...b.querySelectorAll('.cell')].map((c) => ({
            r: Number(c.dataset.r), c: Number(c.dataset.c), step: c.dataset.step || null,
            digit: c.firstChild && c.firstChild.nodeType === 3 ? c.firstChild.data : '',
            ring: Boolean(c.querySelector('.ring')),
            tag: (c.querySelector('.step-no') || {}).textContent || null,
            fill: c.querySelector('.step-no')
                ? getComputedStyle(c.querySelector('.step-no')).backgroundColor : null}))}))""")
    assert boards
    if "rules" not in params:
        assert len(boards) == 1  # a fixed grid: the one answer grid
        grid = record["puzzle"]["grid"]
        shown = {(c["r"], c["c"]): c["digit"] for c in boards[0]["cells"]}
        assert all(shown[r, c] == str(v) for r, row in enumerate(grid) for c, v in enumerate(row))

    def rgb(colour: str) -> str:
        red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        return f"rgb({red}, {green}, {blue})"

    heads = " ".join(b["head"] for b in boards)
    solution = record["solution"]
    for step, move in enumerate(solution, start=1):
        if move == "add":
            assert f"{step}. add numbers" in heads
            continue
        holders = [b for b in boards if any(c["step"] == str(step) for c in b["cells"])]
        assert len(holders) == 1, step
        marked = [c for c in holders[0]["cells"] if c["step"] == str(step)]
        x1, y1, x2, y2 = move
        assert {(c["r"], c["c"]) for c in marked} == {(y1, x1), (y2, x2)}
        assert all(c["ring"] and c["tag"] == str(step) for c in marked)
        assert all(c["fill"] == rgb(palette[step - 1]["fill"]) for c in marked)
        a, b = (int(c["digit"]) for c in marked)
        assert a == b or a + b == 10  # the digits are still there, and they match
    marked_steps = sorted(c["step"] for b in boards for c in b["cells"] if c["step"])
    pairs = [str(n) for n, m in enumerate(solution, start=1) if m != "add"]
    assert marked_steps == sorted(pairs * 2)
    page.reload()  # a revealed puzzle reopens as its answer boards
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#board .cell.step")
    assert page.locator("#board .cell.step").count() == 2 * len(pairs)
