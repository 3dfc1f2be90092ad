"""What the browser tests share: generating in the page, cell centres, drags, and a player
that plays a family's solution move by move as the screen size offers."""

from __future__ import annotations

import os
import time
from collections import deque
from pathlib import Path
from typing import Any

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def generate(page: Any, family: str, params: dict[str, str | bool],
             seed: int) -> dict[str, Any]:
    """Generate through the page's form; the page's puzzle record (puzzle, solution, id).
    Choosing a family opens that family's puzzle of the day first: wait for it to land."""
    page.select_option("#family", family)
    settle(page)
    page.eval_on_selector("#new-box", "box => { box.open = true; }")
    for name, value in params.items():
        field = f"#params [name='{name}']"
        if isinstance(value, bool):
            page.set_checked(field, value)
        elif page.eval_on_selector(field, "e => e.tagName") == "SELECT":
            page.select_option(field, value)
        else:
            page.fill(field, value)
    page.fill("#seed", str(seed))
    before = page.evaluate("() => Number(document.body.dataset.puzzles || 0)")
    page.click("#generate")
    page.wait_for_function(f"() => Number(document.body.dataset.puzzles || 0) > {before}")
    page.wait_for_selector(".cell[data-r='0'][data-c='0']")
    record: dict[str, Any] = page.evaluate(
        "() => ({id: current.id, puzzle: current.puzzle, solution: current.solution})")
    return record


def settle(page: Any) -> None:
    """Wait until no puzzle is being opened."""
    page.wait_for_function("() => document.body.dataset.loading !== '1'")


def centre(page: Any, r: int, c: int) -> tuple[float, float]:
    box = page.locator(f"#board .cell[data-r='{r}'][data-c='{c}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page: Any, cells: list[list[int]]) -> None:
    """Press on the first cell, move through the others, release: real mouse events."""
    page.mouse.move(*centre(page, *cells[0]))
    page.mouse.down()
    for r, c in cells[1:]:
        page.mouse.move(*centre(page, r, c), steps=3)
    page.mouse.up()


def touch_drag(page: Any, cells: list[list[int]]) -> None:
    """The same drag with one finger (see touch_drag_points)."""
    touch_drag_points(page, [centre(page, r, c) for r, c in cells])


def touch_drag_points(page: Any, points: list[tuple[float, float]]) -> None:
    """A drag with one finger through ``points`` (viewport pixels): touch events sent
    through the DevTools protocol, which Chromium turns into pointer events, as on a phone.
    The events carry timestamps 40 ms apart and the finger rests on the last point before
    it lifts, as a hand does: events sent all at once read as a fling, and Chromium then
    takes the next tap for the tap that stops the fling and sends no click."""
    cdp = page.context.new_cdp_session(page)
    at = time.time()

    def send(kind: str, touches: list[tuple[float, float]]) -> None:
        nonlocal at
        at += 0.04
        spots = [{"x": x, "y": y} for x, y in touches]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "timestamp": at, "touchPoints": spots})

    send("touchStart", points[:1])
    for point in [*points[1:], points[-1], points[-1], points[-1]]:
        send("touchMove", [point])
    send("touchEnd", [])
    cdp.detach()


def wrong_count(page: Any) -> int:
    count: int = page.locator(".cell.wrong").count()
    return count


def screenshot(page: Any, folder: Path, name: str) -> Path:
    """The page as a PNG in ``folder`` (a test's tmp_path); also in the folder named by
    ``NUMPUZZLES_SCREENSHOTS`` when set, which is how docs/screenshots/ is made."""
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 1000
    extra = os.environ.get("NUMPUZZLES_SCREENSHOTS")
    if extra:
        page.screenshot(path=str(Path(extra) / f"{name}.png"))
    return path


AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"


def audit(page: Any) -> None:
    """axe-core's accessibility rules on the page as it stands, with every fold (how to
    play, new puzzle, paste) opened so that their contents are audited too, then closed
    again as they were: no serious or critical violation may be found."""
    folds = page.eval_on_selector_all(
        "details", "ds => ds.map(d => { const was = d.open; d.open = true; return was; })")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return {passes: result.passes.length + result.incomplete.length,
                violations: result.violations.map(v => ({id: v.id, impact: v.impact,
                    help: v.help, where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))};
    }""")
    page.eval_on_selector_all("details", "(ds, was) => ds.forEach((d, i) => { d.open = was[i]; })",
                              folds)
    bad = [v for v in found["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, bad
    assert found["passes"] > 0  # the rules ran


def press(page: Any, selector: str, phone: bool) -> None:
    if phone:
        page.tap(selector)
    else:
        page.click(selector)


def _arrow_route(givens: list[list[int]], start: tuple[int, int],
                 goal: tuple[int, int]) -> list[str]:
    """The arrow keys from ``start`` to ``goal``, as the page moves: an arrow goes to the
    next cell that is not a given in its direction (a breadth-first search)."""
    h, w = len(givens), len(givens[0])
    steps = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
    seen: dict[tuple[int, int], list[str]] = {start: []}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            return seen[at]
        for key, (dr, dc) in steps.items():
            r, c = at[0] + dr, at[1] + dc
            while 0 <= r < h and 0 <= c < w and givens[r][c]:
                r, c = r + dr, c + dc
            if 0 <= r < h and 0 <= c < w and (r, c) not in seen:
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
        if self.family in ("fubuki", "survo"):
            givens = self.puzzle["givens"]
            return [(r, c, v) for r, row in enumerate(self.solution) for c, v in enumerate(row)
                    if not givens[r][c]]
        return list(self.solution)

    def play(self, move: Any) -> None:
        page = self.page
        if self.family in ("numberlink", "arukone"):
            (touch_drag if self.phone else mouse_drag)(page, move)
        elif self.family in ("fubuki", "survo"):
            self._digit(*move)
        elif move == "add":
            press(page, "#add", self.phone)
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
            page.click(f"#board .cell[data-r='{r}'][data-c='{c}'] input")
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
