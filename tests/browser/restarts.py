"""The browser tests' one Chromium per worker process, started again when it
died, and how a crash under a test is told from a failed assertion."""

from __future__ import annotations

import contextlib
import gc
import os
import re
import signal
import threading
import traceback
from pathlib import Path
from typing import Callable, Iterator

import greenlet

from playwright.sync_api import Browser

#: What Playwright says when the page's renderer, or the whole browser, died
#: under a test (the browser's fault, not an assertion).
CRASHED = re.compile(r"(Page|Target) crashed|[Bb]rowser has been closed|Target page, context or browser has been closed"
                     r"|Chromium stopped answering")
#: ``user_properties`` key of a test after which the browser was started again.
RESTARTED = "chromium_restarted"
#: ``user_properties`` key of a test run a second time because its page
#: crashed the first time (its value: what the first run said).
RUN_AGAIN = "run_again_after_a_crash"
#: ``user_properties`` key of a test before which its kept context was made
#: again, its storage not answering (tests/browser/contexts.py).
KEPT_REPLACED = "kept_context_made_again"
#: Seconds a browser test (setup, call and teardown) may take before its
#: Chromium counts as hung and is killed (the slowest test takes about 170 s).
HANG_AFTER_S = 480.0
TESTS = Path(__file__).resolve().parents[1]


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


class Watchdog:
    """Kills the worker's Chromium when a test has run ``after`` seconds.

    Some of Playwright's calls have no timeout (``evaluate``, a key press):
    if Chromium never answers one, the test would wait for ever, and with it
    the whole run.  Killed, the browser makes that call fail as a crash does
    (:data:`CRASHED`), so the test is run once more in a new Chromium and the
    run's summary says where the test waited (:attr:`where`)."""

    def __init__(self, after: float = HANG_AFTER_S, kill: Callable[[], None] | None = None):
        self.after = after
        self.kill = kill or kill_browsers
        #: the test's own lines the waiting call came from, once it fired
        self.where: str | None = None
        self.fired = threading.Event()

    @contextlib.contextmanager
    def over(self) -> Iterator["Watchdog"]:
        """Watch the block: the browser is killed if it lasts ``after`` s."""
        self.where = None
        self.fired.clear()
        timer = threading.Timer(self.after, self._fire)
        timer.daemon = True
        timer.start()
        try:
            yield self
        finally:
            timer.cancel()

    def _fire(self) -> None:
        self.where = waiting_lines() or "no line of a test was waiting"
        self.kill()
        self.fired.set()

    def words(self) -> str:
        """The line the run's summary and the failure start with."""
        return f"Chromium stopped answering for {self.after:.0f} s and was killed; the test waited at {self.where}"

    def watched(self, run: Callable[[], list]) -> Callable[[], list]:
        """``run`` (a test's setup, call and teardown: their reports) under
        the watchdog; if it fired, the first failed report starts with
        :meth:`words`, which the summary of a test run again quotes."""
        def go() -> list:
            with self.over():
                reports = run()
            if self.where is not None:
                failed = next((report for report in reports if report.failed), None)
                if failed is not None:
                    failed.longrepr = f"{self.words()}\n{failed.longrepr}"
            return reports
        return go


def kill_browsers() -> None:
    """Kill the Chromium browsers this process started (Playwright's driver's)."""
    for pid in browser_processes(os.getpid()):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def waiting_lines() -> str:
    """Where the tests' code waits now: the innermost line under tests/ of
    each greenlet suspended in a call (Playwright runs the test's code in
    one greenlet and its event loop in another)."""
    found = []
    for obj in gc.get_objects():
        if isinstance(obj, greenlet.greenlet) and obj.gr_frame is not None:
            ours = [f for f in traceback.extract_stack(obj.gr_frame)
                    if Path(f.filename).resolve().is_relative_to(TESTS)]
            if ours:
                f = ours[-1]
                found.append(f"{Path(f.filename).name}:{f.lineno}: {(f.line or '').strip()}")
    return "; ".join(found)


def browser_processes(root: int) -> list[int]:
    """The Chromium browser processes (not their renderers or helpers)
    among the descendants of process ``root``, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                ppid = int(stat[stat.rindex(")") + 2:].split()[1])
                children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], list(children.get(root, []))
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        with contextlib.suppress(OSError):
            argv = (Path("/proc") / str(pid) / "cmdline").read_bytes().split(b"\0")
            if "chromium" in Path(os.fsdecode(argv[0])).name and not any(a.startswith(b"--type=") for a in argv):
                out.append(pid)
    return out
