"""Every family plays to the solved state in one tab whatever was played before (issue 23,
point 2): a game's pointer and click listeners must leave with it.  Before, a Numberlink
board's pointer handlers (with ``preventDefault``) stayed on the board, so a Fubuki cell
could not take focus and a Number Match pair lost its second click."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import centre, generate, mouse_drag

PUZZLES: dict[str, tuple[dict[str, str | bool], int]] = {
    "numberlink": ({"size": "5x5"}, 3),
    "arukone": ({"n": "5", "unique": True}, 2),
    "fubuki": ({"size": "3"}, 5),
    "nummatch": ({"width": "5", "height": "4"}, 1),
}


def _solved(page: Any) -> None:
    page.click("#check")
    page.wait_for_selector("#status.good")
    assert page.text_content("#status").startswith("Solved in ")


def _play_paths(page: Any, record: dict[str, Any]) -> None:
    for cells in record["solution"]["paths"].values():
        mouse_drag(page, cells)


def _play_digits(page: Any, record: dict[str, Any]) -> None:
    givens, answer = record["puzzle"]["givens"], record["solution"]
    for r, row in enumerate(givens):
        for c, given in enumerate(row):
            if not given:
                page.click(f".cell[data-r='{r}'][data-c='{c}'] input")
                page.keyboard.type(str(answer[r][c]))
                page.keyboard.press("Tab")


def _play_pairs(page: Any, record: dict[str, Any]) -> None:
    for move in record["solution"]:
        if move == "add":
            page.click("#add")
        else:
            x1, y1, x2, y2 = move
            page.mouse.click(*centre(page, y1, x1))
            page.mouse.click(*centre(page, y2, x2))
        page.wait_for_function("() => !current.game.pending")
        assert page.evaluate("() => current.game.wrong") is None, move


PLAY = {"numberlink": _play_paths, "arukone": _play_paths, "fubuki": _play_digits,
        "nummatch": _play_pairs}


@pytest.mark.parametrize("order", [
    ("numberlink", "fubuki", "nummatch", "arukone"),
    ("nummatch", "arukone", "fubuki", "numberlink"),
    ("fubuki", "numberlink", "arukone", "nummatch"),
], ids="-".join)
def test_all_four_families_in_one_tab(page: Any, order: tuple[str, ...]) -> None:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    for family in order:
        params, seed = PUZZLES[family]
        record = generate(page, family, params, seed)
        PLAY[family](page, record)
        _solved(page)
    assert errors == []


def test_switching_mid_drag_leaves_no_path_handlers(page: Any) -> None:
    """Half a Numberlink game (one path drawn, a drag left pressed), then Number Match:
    its first pair is taken with two clicks and judged legal."""
    record = generate(page, "numberlink", *PUZZLES["numberlink"])
    first = next(iter(record["solution"]["paths"].values()))
    mouse_drag(page, first)
    page.mouse.move(*centre(page, 0, 0))
    page.mouse.down()  # left pressed: the next game must not see this drag
    params, seed = PUZZLES["nummatch"]
    record = generate(page, "nummatch", params, seed)
    page.mouse.up()
    x1, y1, x2, y2 = record["solution"][0]
    page.mouse.click(*centre(page, y1, x1))
    page.mouse.click(*centre(page, y2, x2))
    page.wait_for_function("() => !current.game.pending")
    assert page.evaluate("() => current.game.moves.length") == 1
    assert page.evaluate("() => current.game.wrong") is None
