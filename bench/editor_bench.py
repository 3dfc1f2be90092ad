"""How fast the editor's live status follows an edit (issue 24's quality bar: within 0.5 s
of the last edit on a 15x15).

Run from the repository root (needs the [web] and [test] extras and Debian's chromium):

    python bench/editor_bench.py              # 10 boards of each kind

Starts ``numpuzzles serve`` (2 workers) on a free loopback port and drives
``/usr/bin/chromium`` with Playwright.  Each board is a generated 15x15 puzzle with one pair
held back, opened in the editor by its link (``?make=1&puzzle=...``) and left to settle;
then the setter's last edit, the tap that places the held-back pair's second end, is timed
in the page from the click to the first status that answers it (not "Checking…"), and to
the last answer (a second, longer analysis follows when the first was cut short).  Kinds:
Numberlink 15x15 under ``fill`` and the same boards under ``blank``, and Arukone 15x15
(``unique``); the last edit makes them unique.  Then the same boards under ``blank`` with
a second pair left out, so that the last edit leaves many solutions (the first answer is
the one cut short by its time limit, "at least N").  The unique kinds' edit is also made
while the previous board's analysis is still out, to show that the cancelled request does
not delay the answer.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any
from urllib.parse import quote

import httpx
from playwright.sync_api import Page, sync_playwright

from web_bench import free_port, start_server  # the same server start as the API bench

LAST_EDIT = """async ([r, c]) => {
    const status = document.getElementById('make-status');
    const cell = document.querySelector(`#make-board button.cell[data-r="${r}"][data-c="${c}"]`);
    const started = performance.now();
    let first = null;
    const answered = new Promise((done) => {
        const watch = new MutationObserver(() => {
            const text = status.textContent;
            if (first === null && text && !text.startsWith('Checking')) {
                first = performance.now() - started;
            }
            if (first !== null && document.body.dataset.analysing === '0') {
                watch.disconnect();
                done();
            }
        });
        watch.observe(status, {childList: true, characterData: true, subtree: true});
        watch.observe(document.body, {attributes: true});
    });
    cell.click();
    await answered;
    return [first / 1000, (performance.now() - started) / 1000, status.textContent];
}"""


def _boards(base: str, family: str, params: dict[str, Any], count: int,
            hold: int = 1) -> list[Any]:
    """Generated puzzles with their last ``hold`` pairs held back: (puzzle, the cells of
    the first pair held back), so the timed edit leaves ``hold - 1`` pairs out."""
    out = []
    for seed in range(1, count + 1):
        answer = httpx.post(f"{base}/api/{family}/generate",
                            json={"params": params, "seed": seed}, timeout=120).json()
        puzzle = answer["puzzle"]
        top = max(v for row in puzzle["grid"] for v in row)
        held = set(range(top - hold + 1, top + 1))
        ends = [(r, c) for r, row in enumerate(puzzle["grid"])
                for c, v in enumerate(row) if v == top - hold + 1]
        grid = [[0 if v in held else v for v in row] for row in puzzle["grid"]]
        out.append(({**puzzle, "grid": grid}, ends))
    return out


def _open(page: Page, base: str, family: str, puzzle: Any) -> None:
    text = quote(json.dumps(puzzle, separators=(",", ":")), safe="")
    page.goto(f"{base}/?family={family}&make=1&puzzle={text}")
    page.wait_for_selector("body[data-ready='1'] #make-board .cell")
    page.wait_for_function("() => document.body.dataset.analysing === '0'")


def _time(page: Page, base: str, family: str, board: Any, overlap: bool) -> tuple[float, float]:
    puzzle, (first, second) = board
    _open(page, base, family, puzzle)
    tap = "#make-board button.cell[data-r='{}'][data-c='{}']"
    page.click(tap.format(*first))
    if overlap:  # the full board's analysis is out when its last end is taken off again
        page.click(tap.format(*second))
        page.wait_for_timeout(200)
        page.click(tap.format(*second))
    answer, last, _ = page.evaluate(LAST_EDIT, list(second))
    return answer, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10, help="boards of each kind")
    args = parser.parse_args()
    port = free_port()
    server = start_server(port)
    base = f"http://127.0.0.1:{port}"
    rows = []
    try:
        fill = _boards(base, "numberlink", {"size": "15x15"}, args.count)
        blank = [({**p, "rules": "blank"}, ends) for p, ends in fill]
        open_blank = [({**p, "rules": "blank"}, ends) for p, ends in
                      _boards(base, "numberlink", {"size": "15x15"}, args.count, hold=2)]
        arukone = _boards(base, "arukone", {"n": 15, "unique": True}, args.count)
        open_arukone = _boards(base, "arukone", {"n": 15, "unique": True}, args.count, hold=2)
        kinds = [("numberlink 15x15 fill", "numberlink", fill, True),
                 ("numberlink 15x15 blank", "numberlink", blank, True),
                 ("numberlink 15x15 blank, a pair left out", "numberlink", open_blank, False),
                 ("arukone 15x15", "arukone", arukone, True),
                 ("arukone 15x15, a pair left out", "arukone", open_arukone, False)]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            _open(page, base, "numberlink", fill[0][0])  # warm-up: starts the worker pool
            for name, family, boards, both in kinds:
                for overlap in (False, True) if both else (False,):
                    started = time.perf_counter()
                    times = [_time(page, base, family, board, overlap) for board in boards]
                    rows.append((name + (", edit over a pending one" if overlap else ""),
                                 times, time.perf_counter() - started))
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    for name, times, _ in rows:
        first = [t[0] for t in times]
        last = [t[1] for t in times]
        print(f"{name}: status after the last edit median {statistics.median(first):.3f} s, "
              f"max {max(first):.3f} s; settled median {statistics.median(last):.3f} s, "
              f"max {max(last):.3f} s")


if __name__ == "__main__":
    main()
