"""The browser tests' kept contexts: one browser context per worker process
and group of context options that keeps its Cache Storage and service
worker (the site's precache and Python's memory snapshot, so a page is ready
in about a second instead of a cold boot), while each test gets empty
storage of the page's own (localStorage, IndexedDB, cookies, permissions)
and pages of its own (their sessionStorage, dialogs and locks go with them).

Each game's pages (its own page and its embeds) boot from a snapshot of
their own (one per wheel set, python.mjs), made 3 s after a visit is
ready: a test navigates away sooner, so a game a kept context has not
been warmed for would boot normally at every visit.  Once a context's
pages have booted a game :data:`WARM_AFTER` times, after that test the
context visits the game's page once and waits for its snapshot
(``_warm_games``): the visit costs about as much as five boots without a
snapshot, so a context that boots a game a few times only does without.

Between tests, a page the context keeps open (``_cdp``) empties the
storage and reads what is left of it, rather than a new page each time.
That page also holds Pyodide's WebAssembly compiled (:data:`HOLD_WASM`):
V8 keeps a compiled module for every page of the same renderer process
with the same bytes, and with ``--process-per-site`` (conftest.py) every
page of the site in the context shares that process, so a page compiles
none of it and runs code V8 optimised during earlier pages.  Four page
files side by side, two workers: 355 and 367 s against 380 and 423 s.

A test about a first visit, the service worker's install, the caches, the
snapshot, the network or offline, or one that needs context options of its
own, takes a fresh context (``@pytest.mark.fresh_context``, or it uses a
server or context of its own)."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from diceland_build.split import config_name
from diceland_site.games import GAMES

#: Addresses a page may ask for; anything else leaves 127.0.0.1.
LOCAL_PREFIXES = ("http://127.0.0.1:", "data:", "blob:", "about:")
#: Chromium's flags that keep it on 127.0.0.1: no host name resolves, and
#: anything not on the loopback goes to a proxy that is not there.  A
#: request a test's page makes elsewhere fails at once and the test's
#: Watch lists it.  Not Playwright's routing: a routed context has no
#: HTTP cache and every request makes a round trip to the test (a page
#: ready in 2.05 s instead of 1.5 s, and a third more of the processor).
OFFLINE_ARGS = ("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "--proxy-server=http://127.0.0.1:9")
#: What is cleared between tests (Storage.clearDataForOrigin's types): all
#: but ``cache_storage`` and ``service_workers``, which are what is kept.
CLEARED = "cookies,file_systems,indexeddb,local_storage,websql,shader_cache"
#: How long a kept context's IndexedDB may take to list its databases
#: before a test (milliseconds; it takes a few).  With one renderer per site
#: it once never answered, in two tests of a whole run: such a context is
#: made again (:meth:`KeptContexts.lend`).
STORAGE_ANSWER_MS = 10_000
#: A cold boot on a loaded 2-core machine, and the snapshot made after it.
WARM_TIMEOUT_MS = 180_000
#: A game's PyScript configuration (its wheel set, with a snapshot of its
#: own) → the game's page.
GAME_PAGES = {config_name(entry.game): entry.page for entry in GAMES}
#: Compile Pyodide's WebAssembly and keep the module (the page's window holds it).
HOLD_WASM = """async () => {
  window.keptWasm = await WebAssembly.compileStreaming(fetch("pyodide/pyodide.asm.wasm"));
}"""
#: Boots of a game in one kept context after which its snapshot is made.
WARM_AFTER = 4


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class KeptContext:
    """One kept context of ``browser``: warmed up once (a visit that leaves
    the snapshot and the service worker behind), then lent to test after
    test, its storage emptied after each."""

    def __init__(self, browser: Browser, base_url: str, options: dict):
        self.browser = browser
        self.base_url = base_url
        self.origin = origin(base_url)
        self.context = browser.new_context(**options)
        self.closed = False
        self._blank = None      # the context's own page (the manifest), and its DevTools session (_cdp)
        self._session = None
        self.watch = None       # the Watch of the test it is lent to
        self.origins: set[str] = set()  # http origins the test's pages asked for
        self.booted: Counter[str] = Counter()  # boots of each game page's wheel set (its configuration asked for)
        self.warmed: set[str] = set()   # game pages whose snapshot this context keeps
        self.context.on("close", lambda _: setattr(self, "closed", True))
        self.context.on("request", self._seen)
        try:
            self._warm()
        except BaseException:
            self.close()
            raise

    def _seen(self, request) -> None:
        url = request.url  # (an off-site request is the test's Watch's to list)
        if url.startswith("http"):
            self.origins.add(origin(url))
            page = GAME_PAGES.get(urlsplit(url).path.rsplit("/", 1)[-1])
            if page:
                self.booted[page] += 1

    def _warm(self) -> None:
        """A first visit: Python boots, the snapshot is saved in Cache
        Storage and the service worker takes the page; then its storage is
        emptied as after any test (the first game's page: a test opens it
        when it names no page)."""
        self._visit(GAMES[0].page, service_worker=True)
        self._clear()

    def _visit(self, path: str, service_worker: bool = False) -> None:
        """Visit the game page ``path`` until its snapshot is saved (and the
        service worker controls it: ``service_worker``)."""
        from support import html_data, wait_html_data

        errors: list[str] = []
        page = self.context.new_page()
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{self.base_url}{path}?speed=0")
        page.wait_for_selector("html[data-ready=true]", state="attached", timeout=WARM_TIMEOUT_MS)
        # a visit restored from the snapshot makes none
        snapshot = "restored" if html_data(page, "boot") == "snapshot" else wait_html_data(
            page, "snapshot", WARM_TIMEOUT_MS / 1000)
        if service_worker:
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=WARM_TIMEOUT_MS)
        page.close()
        assert snapshot in ("saved", "exists", "restored") and not errors, f"the kept context's visit of {path}: {snapshot}, {errors}"
        self.warmed.add(path)

    def _warm_games(self) -> None:
        """Keep a snapshot of every game booted :data:`WARM_AFTER` times."""
        for path in sorted(p for p, boots in self.booted.items() if boots >= WARM_AFTER and p not in self.warmed):
            self._visit(path)

    def usable(self, browser: Browser) -> bool:
        return browser is self.browser and browser.is_connected() and not self.closed

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.context.close()
        self.closed = True

    def _cdp(self):
        """The DevTools session of a page the context keeps open (not a
        test's: ``pages()`` leaves it out), through which its storage is
        emptied and read: a new page for each would cost a renderer.  It
        shows the site's manifest, a document of the site's origin with no
        script of the site's, fetched past the service worker (which still
        counts it among its pages); scripts run in it read the origin's
        storage."""
        if self._blank is None or self._blank.is_closed():
            self._blank = self.context.new_page()
            self._session = self.context.new_cdp_session(self._blank)
            self._session.send("Network.setBypassServiceWorker", {"bypass": True})
            self._blank.goto(self.base_url + "manifest.webmanifest")
            self._blank.evaluate(HOLD_WASM)
        return self._session

    def pages(self) -> list:
        """The context's pages but its own (``_cdp``)."""
        return [page for page in self.context.pages if page is not self._blank]

    def _clear(self) -> None:
        """Empty the page's own storage of every origin the context has
        visited, keeping Cache Storage and the service worker."""
        cdp = self._cdp()
        for seen in sorted(self.origins | {self.origin}):
            cdp.send("Storage.clearDataForOrigin", {"origin": seen, "storageTypes": CLEARED})
        self.context.clear_cookies()
        self.context.clear_permissions()

    def leftovers(self) -> list[str]:
        """What a test would find of an earlier one: cookies, the site's
        localStorage and IndexedDB, open pages (empty when the context is
        clean; a test that visited another origin has failed).  Raises
        :class:`Unanswered` when IndexedDB does not list its databases in
        :data:`STORAGE_ANSWER_MS`."""
        self._cdp()
        found = [f"cookie {c['name']}" for c in self.context.cookies()]
        self._blank.evaluate("""() => { window.keptNames = null;
            indexedDB.databases().then((found) => { window.keptNames = found.map((d) => d.name); }); }""")
        try:
            self._blank.wait_for_function("() => window.keptNames !== null", timeout=STORAGE_ANSWER_MS)
        except PlaywrightTimeout:
            raise Unanswered(f"IndexedDB did not list its databases in {STORAGE_ANSWER_MS / 1000:.0f} s") from None
        stored = self._blank.evaluate("() => ({local: Object.keys(localStorage), indexed: window.keptNames})")
        found += [f"localStorage {name}" for name in stored["local"]]
        found += [f"IndexedDB {name}" for name in stored["indexed"]]
        return found + [f"open page {p.url}" for p in self.pages()]

    def prepare(self) -> None:
        """Before a test: nothing of an earlier test is left (emptied once
        more if a write of a closed page came after the clear)."""
        left = self.leftovers()
        if left:
            self._clear()
            left = self.leftovers()
        assert not left, f"a kept context still holds an earlier test's state: {left}"

    @contextlib.contextmanager
    def lend(self, watch) -> Iterator[BrowserContext]:
        """The context for one test (prepared: :meth:`prepare`), watched by
        ``watch``; afterwards its pages are closed and its storage emptied.
        A test whose pages asked for another origin fails: that origin's
        service worker and caches would outlive it (such a test takes a
        fresh context)."""
        self.watch, self.origins = watch, set()
        watch.attach(self.context)
        try:
            yield self.context
        finally:
            watch.detach()
            self.watch = None
            try:
                for page in self.pages():
                    page.close()
                self._warm_games()
                self._clear()
            except Exception:  # the browser or the context died under the test (or a warm visit
                self.close()   # failed): the next test gets a new context
        others = sorted(self.origins - {self.origin})
        if others:
            pytest.fail(f"a test in a kept context visited {others}: mark it fresh_context", pytrace=False)


class Unanswered(Exception):
    """A kept context's storage did not answer (:meth:`KeptContext.leftovers`)."""


class KeptContexts:
    """The worker process's kept contexts, one per group of options (and
    ``name``, for tests that need two devices), made again when the
    browser was started again or the context was closed."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.kept: dict[str, KeptContext] = {}

    def get(self, browser: Browser, name: str = "", **options) -> KeptContext:
        key = json.dumps([name, options], sort_keys=True)
        kept = self.kept.get(key)
        if kept is None or not kept.usable(browser):
            if kept is not None:
                kept.close()
            kept = self.kept[key] = KeptContext(browser, self.base_url, options)
        return kept

    @contextlib.contextmanager
    def lend(self, browser: Browser, watch, name: str = "", replaced: Callable[[str], None] = lambda why: None,
             **options) -> Iterator[BrowserContext]:
        """The kept context of ``name`` and ``options``, prepared for a test
        and lent to it (:meth:`KeptContext.lend`).  One whose storage does
        not answer (:class:`Unanswered`) is closed and made again, and
        ``replaced`` is told why."""
        kept = self.get(browser, name, **options)
        try:
            kept.prepare()
        except Unanswered as why:
            replaced(str(why))
            kept.close()
            kept = self.get(browser, name, **options)
            kept.prepare()
        with kept.lend(watch) as context:
            yield context

    def close(self) -> None:
        for kept in self.kept.values():
            kept.close()
        self.kept.clear()


class OwnOriginContexts:
    """Contexts lent to tests whose site comes from a server of their own
    (``faulty_site``): each such server is a new origin, with no storage,
    service worker or HTTP cache of its own in any context, so one context
    per worker process and group of options serves test after test, and
    its page holding Pyodide's WebAssembly (on the session server: the same
    site, so the same renderer) spares each first visit the compiling.
    After a test its pages are closed, the storage of every origin it
    visited and the HTTP cache emptied, and the context put back online; a
    test whose server's origin the context has seen before (a port used
    again) gets a context of its own."""

    def __init__(self, hold_url: str):
        self.hold_url = hold_url
        self.contexts: dict[str, tuple[BrowserContext, object, set[str]]] = {}

    def _get(self, browser: Browser, options: dict):
        key = json.dumps(options, sort_keys=True)
        found = self.contexts.get(key)
        if found is None or found[0].browser is not browser or not browser.is_connected():
            context = browser.new_context(**options)
            holder = context.new_page()
            holder.goto(self.hold_url + "manifest.webmanifest")
            holder.evaluate(HOLD_WASM)
            found = self.contexts[key] = (context, holder, set())
        return found

    @contextlib.contextmanager
    def lend(self, browser: Browser, url: str, watch, **options) -> Iterator[BrowserContext]:
        """A context for a test of the site served at ``url``, watched."""
        if origin(url) in self._get(browser, options)[2]:
            context = browser.new_context(**options)
            watch.attach(context)
            try:
                yield context
            finally:
                context.close()
            return
        context, holder, seen = self._get(browser, options)
        seen.add(origin(url))
        visited = {origin(url)}
        track = lambda request: request.url.startswith("http") and visited.add(origin(request.url))  # noqa: E731
        context.on("request", track)
        watch.attach(context)
        try:
            yield context
        finally:
            context.remove_listener("request", track)
            watch.detach(context)
            try:
                for page in context.pages:
                    if page is not holder:
                        page.close()
                context.set_offline(False)
                context.unroute_all()
                session = context.new_cdp_session(holder)
                for seen_origin in sorted(visited - {origin(self.hold_url)}):
                    seen.add(seen_origin)
                    session.send("Storage.clearDataForOrigin", {"origin": seen_origin, "storageTypes": "all"})
                session.send("Network.clearBrowserCache")
                session.detach()
                context.clear_cookies()
                context.clear_permissions()
            except Exception:  # the browser or the context died under the test: a new one next time
                self.contexts = {k: v for k, v in self.contexts.items() if v[0] is not context}
                with contextlib.suppress(Exception):
                    context.close()

    def close(self) -> None:
        for context, _, _ in self.contexts.values():
            with contextlib.suppress(Exception):
                context.close()
        self.contexts.clear()
