"""The browser tests' one Chromium per worker process, started again when it
died, and how a crash under a test is told from a failed assertion."""

from __future__ import annotations

import contextlib
import re
from typing import Callable

from playwright.sync_api import Browser

#: What Playwright says when the page's renderer, or the whole browser, died
#: under a test (the browser's fault, not an assertion).
CRASHED = re.compile(r"(Page|Target) crashed|[Bb]rowser has been closed|Target page, context or browser has been closed")
#: ``user_properties`` key of a test after which the browser was started again.
RESTARTED = "chromium_restarted"


class Chromium:
    """The worker process's one Chromium, started again when it has died
    (or a page of it crashed) so that the next test gets a sound one."""

    def __init__(self, launch: Callable[[], Browser]):
        self._launch = launch
        self._browser: Browser | None = None

    def get(self) -> tuple[Browser, str | None]:
        """The browser, and why it was started again (None: it was alive)."""
        if self._browser is not None and self._browser.is_connected():
            return self._browser, None
        why = None if self._browser is None else "the browser had died"
        self._browser = self._launch()
        return self._browser, why

    def close(self) -> None:
        if self._browser is not None:
            with contextlib.suppress(Exception):
                self._browser.close()
            self._browser = None
