"""How fast the page is in a real browser (issue 10's quality bar).

Run from the repository root (needs the [web] and [test] extras and Debian's chromium):

    python bench/page_bench.py              # 10 generations of a 10x10 Numberlink

Starts ``numpuzzles serve`` (2 workers) on a free loopback port and drives
``/usr/bin/chromium`` with Playwright.  Prints (1) the time from opening a share URL to a
playable board (the page, its script, the family list and the puzzle's generation), after
one warm-up that starts the worker pool, and (2) the time from clicking Generate for a
10x10 Numberlink (seeds 1..N) to the board on screen, median and maximum.  Targets:
under 1 s each.
"""

from __future__ import annotations

import argparse
import statistics
import time

from playwright.sync_api import Page, sync_playwright

from web_bench import free_port, start_server  # the same server start as the API bench


def _open(page: Page, url: str) -> float:
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1'] .cell")
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
            page.fill("#params [name='size']", "10x10")
            made = [_generate(page, seed) for seed in range(1, args.count + 1)]
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    print(f"share URL to a playable 10x10 board: first {warm:.3f} s (starts the pool), "
          f"then {', '.join(f'{s:.3f}' for s in opened)} s")
    print(f"Generate 10x10 Numberlink in the page, {args.count} seeds: median "
          f"{statistics.median(made):.3f} s, max {max(made):.3f} s")


if __name__ == "__main__":
    main()
