"""The worker's one Chromium is started again when it has died, and says
why; a test whose page crashed under it is run once more, and only then
(the run's summary names both)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from restarts import CRASHED, RUN_AGAIN, Watchdog, first_line, run_once_more_after_a_crash


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


def test_a_real_renderer_crash_is_recognised(chromium):
    browser, _ = chromium.get()
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<p>before</p>")
    with pytest.raises(Exception):
        page.goto("chrome://crash")  # the renderer dies
    with pytest.raises(Exception) as error:
        page.evaluate("1 + 1")
    assert CRASHED.search(str(error.value)), str(error.value)
    context.close()
    assert browser.is_connected()  # the page's renderer died, not the browser


def _reports(*words: str | None) -> list:
    """Setup, call and teardown reports; ``words``: each phase's error (None: passed)."""
    return [SimpleNamespace(when=when, failed=said is not None, longrepr=said or "", user_properties=[])
            for when, said in zip(("setup", "call", "teardown"), words)]


@pytest.mark.parametrize("runs, expected_runs, outcome, marked", [
    # a crash, then a sound run: run twice, the second run's reports stand, marked
    ([_reports(None, "E   playwright: Page.goto: Target crashed \nCall log:", None), _reports(None, None, None)],
     2, [False, False, False], True),
    # an assertion fails: run once, never again
    ([_reports(None, "AssertionError: assert 3 == 4", None), _reports(None, None, None)],
     1, [False, True, False], False),
    # a crash twice: the second crash stands (failed)
    ([_reports(None, "Page crashed", None), _reports(None, "Page crashed", None), _reports(None, None, None)],
     2, [False, True, False], True),
    # a crash in setup (a kept context could not be made) counts too
    ([_reports("Browser.new_context: Target page, context or browser has been closed", None, None),
      _reports(None, None, None)], 2, [False, False, False], True),
    # passed at once: run once
    ([_reports(None, None, None), _reports(None, None, None)], 1, [False, False, False], False),
])
def test_only_a_crash_runs_a_test_once_more(runs, expected_runs, outcome, marked):
    item = SimpleNamespace(phase_reports={"call": "stale"})
    given = iter(runs)
    calls = []

    def run():
        calls.append(1)
        return next(given)

    reports = run_once_more_after_a_crash(item, run)
    assert len(calls) == expected_runs
    assert [r.failed for r in reports] == outcome
    assert reports is runs[expected_runs - 1]
    said = [why for r in reports for key, why in r.user_properties if key == RUN_AGAIN]
    assert bool(said) == marked
    if marked:
        assert item.phase_reports == {}  # the browser fixture reads the second run's crash only
        assert all(CRASHED.search(why) and "\n" not in why for why in said), said


def test_the_crash_line_is_the_one_that_says_so():
    report = SimpleNamespace(longrepr="trace\nE   playwright._impl._errors.Error: Page.wait_for_selector: Target crashed \nCall log:\n  - waiting")
    assert first_line(report) == "playwright._impl._errors.Error: Page.wait_for_selector: Target crashed"


def test_a_call_chromium_never_answers_is_ended_by_killing_it(chromium):
    browser, _ = chromium.get()
    page = browser.new_page()
    assert page.evaluate("1 + 1") == 2
    dog = Watchdog(after=2)
    with dog.over(), pytest.raises(Exception) as error:
        page.evaluate("new Promise(() => {})")  # no timeout: would wait for ever
    assert dog.fired.is_set() and CRASHED.search(str(error.value)), str(error.value)
    assert "test_browser_restart.py" in dog.where and 'page.evaluate("new Promise' in dog.where, dog.where
    assert not browser.is_connected()
    again, why = chromium.get()
    assert again is not browser and why == "the browser had died"
    page = again.new_page()
    assert page.evaluate("2 + 2") == 4
    page.close()


def test_a_test_that_ran_too_long_is_run_once_more_and_says_where():
    killed = []
    dog = Watchdog(after=0.05, kill=lambda: killed.append(1))
    runs = iter([_reports(None, "E   Page.evaluate: Target page, context or browser has been closed", None),
                 _reports(None, None, None)])

    def run():
        first = not killed
        if first:
            assert dog.fired.wait(10)  # the test's call waits until the browser is killed
        return next(runs)

    item = SimpleNamespace(phase_reports={})
    reports = run_once_more_after_a_crash(item, dog.watched(run))
    assert killed == [1] and not any(r.failed for r in reports)
    said = [why for r in reports for key, why in r.user_properties if key == RUN_AGAIN]
    assert said and all(why.startswith("Chromium stopped answering for 0 s and was killed") for why in said), said
    assert "test_browser_restart.py" in said[0] or "no line of a test was waiting" in said[0]


def test_a_test_in_time_is_left_alone():
    dog = Watchdog(after=60, kill=lambda: pytest.fail("killed"))
    reports = dog.watched(lambda: _reports(None, "AssertionError: assert 3 == 4", None))()
    assert dog.where is None and str(reports[1].longrepr) == "AssertionError: assert 3 == 4"


def test_a_kept_context_whose_storage_does_not_answer_is_made_again(browser, server, monkeypatch):
    import contexts
    monkeypatch.setattr(contexts, "STORAGE_ANSWER_MS", 500)
    monkeypatch.setattr(contexts.KeptContext, "_warm", lambda self: None)  # no snapshot needed here
    kept = contexts.KeptContexts(server.url)
    said: list[str] = []
    watch = SimpleNamespace(attach=lambda context: None, detach=lambda: None)
    try:
        with kept.lend(browser, watch, replaced=said.append) as first:
            assert kept.get(browser)._blank.evaluate("indexedDB.databases().then((d) => d.length)") == 0
        old = kept.get(browser)
        old._blank.evaluate("() => { indexedDB.databases = () => new Promise(() => {}); }")  # never answers
        with kept.lend(browser, watch, replaced=said.append) as second:
            page = second.new_page()
            assert page.evaluate("1 + 1") == 2
        assert said == ["IndexedDB did not list its databases in 0 s"], said
        assert old.closed and second is not first and kept.get(browser) is not old
    finally:
        kept.close()
