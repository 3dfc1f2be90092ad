"""How fast the page is in a real browser (issues 10 and 23's quality bars).

Run from the repository root (needs the [web] and [test] extras and Debian's chromium):

    python bench/page_bench.py              # 10 of each

Starts ``numpuzzles serve`` (2 workers) on a free loopback port and drives
``/usr/bin/chromium`` with Playwright.  Prints (1) the time from opening a share URL to a
playable board (the page, its modules, the family list, the packs and the puzzle's
generation), after one warm-up that starts the worker pool; (2) a first visit to ``/`` in
a new browser profile, which opens Numberlink's puzzle of the day, to a playable board;
(3) "the next puzzle of a pack": with level k of a pack on screen for 1 s (the time the
page's prefetch of level k+1 has; a player takes longer), the click on level k+1 to its
board, over the Numberlink 15x15 and Fubuki 5x5 packs (the slowest to make); and (4) the
time from clicking Generate for a 10x10 Numberlink (seeds 1..N) to the board on screen.
Targets: a board within 1 s of load, the next pack puzzle within 0.5 s.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Browser, Page, sync_playwright

from web_bench import free_port, start_server  # the same server start as the API bench


def _open(page: Page, url: str) -> float:
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1'] .cell")
    return time.perf_counter() - started


def _first_visit(browser: Browser, base: str) -> float:
    context = browser.new_context()
    try:
        return _open(context.new_page(), base + "/")
    finally:
        context.close()


def _next_level(page: Page, base: str, pack: dict[str, Any], index: int) -> float:
    """Level ``index`` of ``pack`` on screen for 1 s, then the click on the next level."""
    page.goto(f"{base}/?id={quote(pack['levels'][index]['id'], safe='')}&pack={pack['name']}")
    page.wait_for_selector("body[data-ready='1'] .cell")
    page.wait_for_timeout(1000)
    nxt = pack["levels"][index + 1]["id"]
    started = time.perf_counter()
    page.click(f"#level-list li:nth-child({index + 2}) button")
    page.wait_for_function("id => current && current.id === id && document.body.dataset.loading"
                           " === '0'", arg=nxt)
    return time.perf_counter() - started


def _generate(page: Page, seed: int) -> float:
    before = page.evaluate("() => Number(document.body.dataset.puzzles || 0)")
    page.fill("#seed", str(seed))
    started = time.perf_counter()
    page.click("#generate")
    page.wait_for_function(f"() => Number(document.body.dataset.puzzles || 0) > {before}")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10, help="generations to time")
    args = parser.parse_args()
    port = free_port()
    server = start_server(port)
    base = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page()
            share = f"{base}/?id=numberlink%3A10x10%2Cfill%230"
            warm = _open(page, share)
            opened = [_open(page, share) for _ in range(3)]
            first = [_first_visit(browser, base) for _ in range(args.count)]
            packs = page.evaluate("async () => (await (await fetch('/api/packs')).json()).packs")
            slow = [p for p in packs if p["name"] in ("numberlink-15x15", "fubuki-5x5")]
            nexts = {p["name"]: [_next_level(page, base, p, i) for i in range(args.count)]
                     for p in slow}
            page.select_option("#family", "numberlink")
            page.wait_for_function("() => document.body.dataset.loading === '0'")
            page.eval_on_selector("#new-box", "box => { box.open = true; }")
            page.fill("#params [name='size']", "10x10")
            made = [_generate(page, seed) for seed in range(1, args.count + 1)]
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    print(f"share URL to a playable 10x10 board: first {warm:.3f} s (starts the pool), "
          f"then {', '.join(f'{s:.3f}' for s in opened)} s")
    print(f"first visit to / (today's Numberlink), {args.count} new profiles: median "
          f"{statistics.median(first):.3f} s, max {max(first):.3f} s")
    for name, times in nexts.items():
        print(f"next level of {name} (levels 2..{args.count + 1}): median "
              f"{statistics.median(times):.3f} s, max {max(times):.3f} s")
    print(f"Generate 10x10 Numberlink in the page, {args.count} seeds: median "
          f"{statistics.median(made):.3f} s, max {max(made):.3f} s")


if __name__ == "__main__":
    main()
