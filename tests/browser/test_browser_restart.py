"""The worker's one Chromium is started again when it has died, and says
why (the run's summary counts such restarts instead of running tests twice)."""

from __future__ import annotations

from restarts import CRASHED


def test_a_dead_browser_is_started_again_and_says_why(chromium):
    first, _ = chromium.get()
    assert chromium.get() == (first, None)  # alive: the same one, nothing to say
    first.close()
    second, why = chromium.get()
    assert second is not first and second.is_connected() and why == "the browser had died"
    page = second.new_page()
    assert page.evaluate("1 + 1") == 2
    page.close()


def test_what_playwright_says_of_a_crash_is_recognised():
    for said in ("Page.evaluate: Target crashed", "Page.goto: Page crashed",
                 "Browser.new_context: Target page, context or browser has been closed"):
        assert CRASHED.search(said), said
    assert not CRASHED.search("AssertionError: assert 3 == 4")
