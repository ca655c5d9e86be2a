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
#: ``user_properties`` key of a test run a second time because its page
#: crashed the first time (its value: what the first run said).
RUN_AGAIN = "run_again_after_a_crash"


def crashed(reports) -> bool:
    """Whether a test's reports (setup, call, teardown) failed because a
    page or the browser died under it, not because of an assertion."""
    return any(report.failed and CRASHED.search(str(report.longrepr)) for report in reports)


def run_once_more_after_a_crash(item, run: Callable[[], list]) -> list:
    """``run()`` (a test's setup, call and teardown: their reports), and once
    more if a page crashed under it (``item.phase_reports``, where the browser
    fixture reads the crash, emptied first); the second run's reports then
    carry the first's words under :data:`RUN_AGAIN`.  Any other failure, or a
    second crash, stands."""
    reports = run()
    if not crashed(reports):
        return reports
    words = first_line(next(report for report in reports if crashed([report])))
    item.phase_reports = {}
    reports = run()
    for report in reports:
        report.user_properties.append((RUN_AGAIN, words))
    return reports


def first_line(report) -> str:
    """The line of Playwright's error that says the page crashed, for the summary."""
    text = str(report.longrepr)
    found = CRASHED.search(text)
    if not found:
        return text.strip()[:160]
    start = text.rfind("\n", 0, found.start()) + 1
    end = text.find("\n", found.end())
    return text[start:end if end != -1 else None].strip(" E")[:160]


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
