"""The browser tests' harness: the web app on a free loopback port (uvicorn in a thread,
jobs in threads), and Debian's Chromium driven by Playwright.

``playwright install`` downloads browsers, which CI cannot; the tests drive
``/usr/bin/chromium`` (Debian's ``chromium`` package, installed by ``.ci/run``), whose major
version is the one the pinned Playwright was made for.  With ``CI`` set, a missing browser
or Playwright is a failure; elsewhere the tests are skipped, saying why.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so the browser tests must run)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The app on 127.0.0.1 at a free port; its base URL.  Stopped after the session."""
    uvicorn = pytest.importorskip("uvicorn")
    from numpuzzles.web.app import create_app
    from numpuzzles.web.settings import WebSettings

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(WebSettings(workers=0)), host="127.0.0.1", port=port,
                            log_level="warning")
    app_server = uvicorn.Server(config)
    thread = threading.Thread(target=app_server.run, daemon=True)
    thread.start()
    started = threading.Event()
    for _ in range(200):  # up to 10 s for the server to listen
        if app_server.started:
            started.set()
            break
        started.wait(0.05)
    assert app_server.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    app_server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright.  Module-scoped, not session-scoped: Playwright's
    sync API holds an event loop open in this thread while it runs, and a later test
    calling ``asyncio.run`` would fail."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -e '.[test]')")
    if not CHROMIUM.exists():
        _unavailable(f"{CHROMIUM} is missing (apt-get install chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM))
        yield chromium
        chromium.close()


def opened(browser: Any, server: str, timeout_ms: int = 15_000,
           **context: Any) -> Iterator[Any]:
    """A fresh page in a new browser context (``context``: Playwright's options, e.g. the
    viewport) on the app's home page, ready; the context is closed afterwards."""
    made = browser.new_context(has_touch=True, **context)
    made.set_default_timeout(timeout_ms)
    page = made.new_page()
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    yield page
    made.close()


@pytest.fixture()
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh page (touch enabled, so touch drags can be sent) on the app's home page."""
    yield from opened(browser, server, viewport={"width": 1000, "height": 560})
