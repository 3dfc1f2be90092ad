"""What the browser tests share: generating in the page, cell centres, drags."""

from __future__ import annotations

import os
import time
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
