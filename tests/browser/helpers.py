"""What the browser tests share: generating in the page, cell centres, drags."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


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
    box = page.locator(f".cell[data-r='{r}'][data-c='{c}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page: Any, cells: list[list[int]]) -> None:
    """Press on the first cell, move through the others, release: real mouse events."""
    page.mouse.move(*centre(page, *cells[0]))
    page.mouse.down()
    for r, c in cells[1:]:
        page.mouse.move(*centre(page, r, c), steps=3)
    page.mouse.up()


def touch_drag(page: Any, cells: list[list[int]]) -> None:
    """The same drag with one finger: touch events sent through the DevTools protocol
    (Chromium turns them into pointer events, as on a phone)."""
    cdp = page.context.new_cdp_session(page)
    points = [centre(page, r, c) for r, c in cells]
    x, y = points[0]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in points[1:]:
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
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
