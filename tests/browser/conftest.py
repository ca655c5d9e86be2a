"""Fixtures for the browser tests: build the site once, serve it on
127.0.0.1, drive Debian's Chromium with pytest-playwright, and fail any test
whose page logs a console error or asks for anything off 127.0.0.1.

    python -m pytest tests/browser -m browser
    DICELAND_SKIP_BUILD=1 python -m pytest tests/browser   # reuse dist/
"""

from __future__ import annotations

import contextlib
import functools
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from _pytest.runner import runtestprotocol

import build as build_module
from diceland_build.server import serve_in_thread
from playwright.sync_api import Browser
from playwright.sync_api import Frame as SyncFrame
from playwright.sync_api import Page as SyncPage
from contexts import LOCAL_PREFIXES, OFFLINE_ARGS, KeptContexts, OwnOriginContexts
from restarts import KEPT_REPLACED, RESTARTED, Chromium, Watchdog, crashed, run_once_more_after_a_crash
from support import require

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
#: Cold Python start on a 2-core machine takes a few seconds; be generous.
READY_TIMEOUT_MS = 60_000

require(Path(CHROMIUM).exists(), f"the browser tests need {CHROMIUM} (apt-get install chromium)")

#: How often a test's ``wait_for_function`` asks the page (ms), unless it
#: says otherwise.  Playwright asks at every frame by default: 60 times a
#: second, and a question such as ``window.diceland.state()`` costs the
#: page's thread 2 to 5 ms of Python, taken from the bots and the drawing
#: the test waits for.
POLL_MS = 50


def _poll_every(method):
    @functools.wraps(method)
    def wait_for_function(self, expression, **kwargs):
        if kwargs.get("polling") is None:
            kwargs["polling"] = POLL_MS
        return method(self, expression, **kwargs)
    return wait_for_function


for _owner in (SyncPage, SyncFrame):
    _owner.wait_for_function = _poll_every(_owner.wait_for_function)




def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """dist/, built once per session (or reused with DICELAND_SKIP_BUILD=1)."""
    dist = ROOT / "dist"
    if os.environ.get("DICELAND_SKIP_BUILD") == "1" and (dist / "index.html").exists():
        return dist
    build_module.build(dist, quiet=True)
    return dist


class Server:
    """dist/ (or any folder) on 127.0.0.1 at a free port, in a thread."""

    def __init__(self, directory: Path):
        self.httpd, self.url = serve_in_thread(directory)

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


@pytest.fixture(scope="session")
def server(site_dir: Path) -> Iterator[Server]:
    srv = Server(site_dir)
    yield srv
    srv.stop()


@pytest.fixture
def serve() -> Iterator[Callable[[Path], Server]]:
    """Start extra servers (stopped at the end of the test)."""
    started: list[Server] = []

    def start(directory: Path) -> Server:
        srv = Server(directory)
        started.append(srv)
        return srv

    yield start
    for srv in started:
        srv.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic",
                 # a container's small /dev/shm (64 MB by default) crashes
                 # renderers under load: shared memory in /tmp instead
                 "--disable-dev-shm-usage",
                 # the pages of the site (127.0.0.1, any port) in one context
                 # share one renderer, so the WebAssembly a kept context holds
                 # compiled (contexts.py) serves every page it opens
                 "--process-per-site",
                 *OFFLINE_ARGS],
    }


@pytest.fixture(scope="session")
def chromium(launch_browser: Callable[[], Browser]) -> Iterator[Chromium]:
    owner = Chromium(launch_browser)
    yield owner
    owner.close()


@pytest.fixture
def browser(chromium: Chromium, request: pytest.FixtureRequest) -> Iterator[Browser]:
    """pytest-playwright's browser, one per worker process, but a test that
    finds it dead gets a new one; after a test whose page crashed, it is
    closed and started again (for that test's second run, below, or the next
    test).  Either way the test says so in its ``user_properties`` and the
    run's summary counts it."""
    current, why = chromium.get()
    if why:
        request.node.user_properties.append((RESTARTED, why))
    yield current
    if crashed(getattr(request.node, "phase_reports", {}).values()):
        chromium.close()
        request.node.user_properties.append((RESTARTED, "a page crashed under it"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.when in ("setup", "call"):
        item.phase_reports = {**getattr(item, "phase_reports", {}), report.when: report}
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """A browser test whose page (or browser) crashed under it is run once
    more, from its fixtures up, in a new Chromium: a renderer crash is the
    browser's fault, not the test's.  Only that second run's outcome is
    reported; the run's summary names each test run again and the crash's
    words.  A test that fails in any other way is never run twice, nor one
    that crashes twice.  A test still running after
    :data:`restarts.HANG_AFTER_S` has its Chromium killed (:class:`Watchdog`),
    which counts as a crash, so no call without a timeout stops the run."""
    if "browser" not in getattr(item, "fixturenames", ()):
        return None
    item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    run = Watchdog().watched(lambda: runtestprotocol(item, nextitem=nextitem, log=False))
    for report in run_once_more_after_a_crash(item, run):
        item.ihook.pytest_runtest_logreport(report=report)
    item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


@dataclass
class Watch:
    """What a test's pages did wrong: console errors, page errors and
    requests that tried to leave 127.0.0.1 (those are aborted)."""

    errors: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)
    attached: list = field(default_factory=list, repr=False)

    def allow(self, fragment: str) -> None:
        """Tolerate console errors containing ``fragment`` (offline tests)."""
        self.allowed_errors.append(fragment)

    def attach(self, context) -> None:
        """Check every page of ``context``; a request of the context that
        would leave 127.0.0.1 is listed (the browser cannot reach it:
        OFFLINE_ARGS)."""
        found = self

        def on_page(page):
            page.on("console", found._console)
            page.on("pageerror", lambda exc: found.errors.append(f"page error: {exc}"))

        for page in context.pages:
            on_page(page)
        context.on("page", on_page)
        context.on("request", self._request)
        self.attached.append((context, on_page))

    def _request(self, request) -> None:
        url = request.url
        if not url.startswith(LOCAL_PREFIXES) and url not in self.offsite:
            self.offsite.append(url)

    def _console(self, msg) -> None:
        """A console error, and where from; not the browser's own asking
        for /favicon.ico of a test's host page that names no icon."""
        if msg.type != "error":
            return
        where = (msg.location or {}).get("url") or ""
        if urlsplit(where).path == "/favicon.ico":
            return
        self.errors.append(f"console error: {msg.text}" + (f" ({where})" if where else ""))

    def detach(self, only=None) -> None:
        """Stop watching pages opened later in the contexts attached (a
        kept or lent context outlives the test that watched it), or in
        ``only``."""
        for context, on_page in self.attached:
            if only is None or context is only:
                context.remove_listener("page", on_page)
                context.remove_listener("request", self._request)
        self.attached = [(c, p) for c, p in self.attached if only is not None and c is not only]

    def problems(self) -> list[str]:
        bad = [e for e in self.errors if not any(a in e for a in self.allowed_errors)]
        return bad + [f"off-site request: {u}" for u in self.offsite]


@pytest.fixture
def watch() -> Iterator[Watch]:
    """Guards the test's contexts: the default one (``context``) and those
    given to ``watch.attach(ctx)``."""
    found = Watch()
    yield found
    found.detach()
    problems = found.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems[:20]), pytrace=False)


class Site:
    """A page of the game with helpers; ``site.page`` is the Playwright page."""

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url

    def open(self, query: str = "", path: str = "diceland.html", wait: bool = True) -> None:
        self.page.goto(self.base_url + path + query)
        if wait:
            self.wait_ready()

    def reload(self) -> None:
        self.page.evaluate("delete document.documentElement.dataset.ready")
        self.page.reload()
        self.wait_ready()

    def wait_for_service_worker(self) -> None:
        """Until the site's service worker controls the page (its next
        visit, or reload, is served from the worker's cache)."""
        self.page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)

    def wait_ready(self) -> None:
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        try:
            self.page.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY_TIMEOUT_MS)
        except PlaywrightTimeout:
            raise AssertionError(f"the page was not ready: {self.boot_words()}") from None

    def boot_words(self) -> str:
        """What the page shows while it starts (its label, the details of a
        failure, the network as the page sees it): a not-ready page's story."""
        try:
            return self.page.evaluate("""() => {
                const text = (id) => { const e = document.getElementById(id); return e ? e.textContent.trim() : null; };
                return JSON.stringify({url: location.href, online: navigator.onLine, label: text("boot-label"),
                                       details: text("boot-details"), boot: document.documentElement.dataset.boot || null});
            }""")
        except Exception as error:  # a crashed or closed page
            return f"(the page cannot tell: {error})"

    def record(self) -> dict | None:
        import json
        text = self.page.evaluate("window.diceland.record()")
        return json.loads(text) if text else None

    def state(self) -> dict:
        import json
        return json.loads(self.page.evaluate("window.diceland.state()"))

    def save_id(self) -> str:
        """The id of the game's save, once it is written: a page is ready
        before its first save (written when the site's save lock is
        granted), so the id is waited for."""
        return self.wait_state("s.save_id")["save_id"]

    def cell_center(self, row: int, col: int, seat: int | None = None) -> dict:
        return self.page.evaluate(f"window.diceland.cellCenter({row}, {col}, {'null' if seat is None else seat})")

    def cursor(self) -> list[int] | None:
        return self.state()["extra"].get("cursor")

    def tap_cell(self, row: int, col: int, seat: int | None = None) -> None:
        point = self.cell_center(row, col, seat)
        self.page.mouse.click(point["x"], point["y"])

    def wait_state(self, condition: str, timeout: float = 60_000) -> dict:
        """Wait until the JS expression ``condition`` over ``s`` (the parsed
        ``window.diceland.state()``) is true; returns the state."""
        self.page.wait_for_function(
            "() => { if (!window.diceland) return false; const s = JSON.parse(window.diceland.state()); "
            f"return !!({condition}); }}", timeout=timeout)
        return self.state()

    def click(self, element_id: str) -> None:
        self.page.click(f"#{element_id}")

    def hint_taps(self) -> list[dict]:
        """``window.diceland.hintTaps()``: the hint's move as taps (canvas
        points in client coordinates, or ``{"button": id}``)."""
        import json
        return json.loads(self.page.evaluate("window.diceland.hintTaps()"))

    def next_taps(self, timeout: float = 60.0) -> list[dict] | None:
        """The hint's taps for the next decision of a person (None: the game
        is over), waiting while bots play."""
        import time
        end = time.monotonic() + timeout
        while True:
            if self.state()["over"]:
                return None
            taps = self.hint_taps()
            if taps:
                return taps
            assert time.monotonic() < end, "no decision of a person came"
            self.page.wait_for_timeout(25)

    def finish(self) -> None:
        """Follow the hint's taps to the game's end."""
        for _ in range(300):
            taps = self.next_taps()
            if taps is None:
                return
            for tap in taps:
                self.tap(tap)
        raise AssertionError("the game does not end")

    def tap(self, tap: dict, touch: bool = False) -> None:
        """Follow one of ``hint_taps()``: a tap (``touch``) or a click."""
        if "button" in tap:
            (self.page.tap if touch else self.page.click)(f"#{tap['button']}")
        elif touch:
            self.page.touchscreen.tap(tap["x"], tap["y"])
        else:
            self.page.mouse.click(tap["x"], tap["y"])

    def settled(self) -> dict:
        """Wait until nothing moves by itself (the game is over, or no bot's
        move nor the table's own is due): a record or a save read then stays
        as it is until someone acts. Returns the state."""
        return self.wait_state("s.over || !s.bot_pending")

    def human_decision(self, seat: int = 0, settled: bool = True) -> dict:
        """Wait until the person at ``seat`` has a decision on screen (or the
        game is over), pressing the handoff and Roll buttons on the way;
        ``settled``: and no bot's move is due (Diceland's placements are made
        by all at once: the person's may come while a bot's is still due)."""
        condition = f"s.over || (s.seat === {seat}{' && !s.bot_pending' if settled else ''})"
        for _ in range(100):
            s = self.wait_state(condition)
            if s["over"]:
                return s
            if s["handoff"]:
                self.click("btn-handoff")
            elif s["buttons"].get("roll"):
                self.click("btn-roll")
            else:
                return s
        raise AssertionError("no decision for the person after 100 steps")

    def play(self, decisions: int, seat: int = 0) -> dict:
        """Make up to ``decisions`` of the person's decisions at ``seat`` (fewer
        if the game ends) and return the state of the next one on screen."""
        for _ in range(decisions):
            s = self.human_decision(seat)
            if s["over"]:
                return s
            self.act(s)
        return self.human_decision(seat)

    def press_something(self, s: dict | None = None) -> None:
        """Press a control that changes the game (``s``: the state, if read
        already): the handoff's button, Roll, or the decision on screen."""
        s = s if s is not None else self.state()
        if s["handoff"]:
            self.click("btn-handoff")
        elif s["buttons"].get("roll"):
            self.click("btn-roll")
        else:
            self.act(s)

    def act(self, s: dict) -> None:
        """Make the decision on screen in ``s`` somehow (choose the first
        colour, stop, or place the hint / pass)."""
        if s["phase"] == "choose":
            index = next(i for i, d in enumerate(s["extra"]["dice"]) if d["enabled"])
            self.page.click(f'#dice button.die[data-index="{index}"]')
        elif s["phase"] == "decide":
            self.click("btn-stop")
        else:
            self.click("btn-hint")
            if self.state()["buttons"].get("confirm"):
                self.click("btn-confirm")
            else:
                self.click("btn-pass")


@pytest.fixture(scope="session")
def kept_contexts(server: Server) -> Iterator[KeptContexts]:
    kept = KeptContexts(server.url)
    yield kept
    kept.close()


#: A test that uses one of these serves the site, or pages, from a server
#: of its own: another origin, whose service worker and caches must not
#: outlive the test.
OWN_SERVERS = {"serve", "faulty"}


def replaced_by(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """What a kept context made again before the test says, kept in the
    test's ``user_properties`` for the run's summary."""
    return lambda why: request.node.user_properties.append((KEPT_REPLACED, why))


@pytest.fixture
def context(request: pytest.FixtureRequest, new_context, browser, kept_contexts: KeptContexts,
            watch: Watch) -> Iterator:
    """The test's default context, watched: the worker's kept context (its
    caches, service worker and Python snapshot kept, its storage empty: see
    contexts.py), or a fresh one for a test marked ``fresh_context`` or
    with a server of its own."""
    if request.node.get_closest_marker("fresh_context") or OWN_SERVERS & set(request.fixturenames):
        fresh = new_context()
        watch.attach(fresh)
        yield fresh
        return
    with kept_contexts.lend(browser, watch, replaced=replaced_by(request)) as kept:
        yield kept


@pytest.fixture
def kept_site(browser, server: Server, kept_contexts: KeptContexts, watch: Watch,
              request: pytest.FixtureRequest) -> Iterator[Callable[..., Site]]:
    """``kept_site(width, height, name=..., **context_options)``: the site in
    a new page of the kept context with those options (``name``: another
    device's, with storage of its own), at that viewport, watched."""
    lent: dict[str, object] = {}
    with contextlib.ExitStack() as stack:
        def make(width: int | None = None, height: int | None = None, name: str = "", **options) -> Site:
            key = repr((name, sorted(options.items())))
            if key not in lent:
                lent[key] = stack.enter_context(kept_contexts.lend(browser, watch, name, replaced_by(request),
                                                                   **options))
            page = lent[key].new_page()
            if width:
                page.set_viewport_size({"width": width, "height": height})
            return Site(page, server.url)

        yield make


@pytest.fixture
def site(page, server: Server, watch: Watch) -> Site:
    """The game page in the default context, served by the session server."""
    return Site(page, server.url)


@pytest.fixture
def make_site() -> Callable[..., Site]:
    """``make_site(page, base_url)`` for pages of other contexts."""
    return Site


@pytest.fixture
def own_site(browser, server: Server, watch: Watch) -> Iterator[Callable[..., Site]]:
    """``own_site(**context_options)``: the site in a context of its own
    (its own service worker, caches and storage), watched, closed at the end
    of the test."""
    yield from sites_in_own_contexts(browser, watch, server.url)


def sites_in_own_contexts(browser, watch: Watch, url: str) -> Iterator[Callable[..., Site]]:
    """A fixture's ``make(**context_options)``: a Site of ``url`` in a new
    watched context; the contexts are closed when the fixture ends."""
    contexts = []

    def make(**context_options) -> Site:
        context = browser.new_context(**context_options)
        contexts.append(context)
        watch.attach(context)
        return Site(context.new_page(), url)

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def phone_site(kept_site) -> Callable[..., Site]:
    """``phone_site(width, height)``: the site in a touch phone's screen (the
    kept phone context, watched)."""

    def make(width: int, height: int) -> Site:
        return kept_site(width, height, device_scale_factor=2, is_mobile=True, has_touch=True)

    return make


@pytest.fixture
def faulty(site_dir: Path) -> Iterator["FaultyServer"]:
    """The built site on a server of its own whose answers a test can break
    (:mod:`faulty`), stopped (its stalls released) at the end of the test."""
    from faulty import FaultyServer

    srv = FaultyServer(site_dir)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def own_origin_contexts(server: Server) -> Iterator[OwnOriginContexts]:
    contexts = OwnOriginContexts(server.url)
    yield contexts
    contexts.close()


@pytest.fixture
def faulty_site(browser, faulty, watch: Watch, own_origin_contexts: OwnOriginContexts) -> Iterator[Callable[..., Site]]:
    """``faulty_site(**context_options)``: the site served by ``faulty`` (a
    new origin: no service worker, caches or storage yet) in a context lent
    for the test (contexts.py, ``OwnOriginContexts``), watched; the
    browser's HTTP cache keeps the faulty answers as a real one would
    (max-age=600)."""
    with contextlib.ExitStack() as stack:
        def make(**context_options) -> Site:
            context = stack.enter_context(own_origin_contexts.lend(browser, faulty.url, watch, **context_options))
            return Site(context.new_page(), faulty.url)

        yield make
