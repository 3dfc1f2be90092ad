"""Browser tests of the page (Playwright over Debian's Chromium)."""
