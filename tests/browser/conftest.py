"""Fixtures for the browser tests: build the site once, serve it on
127.0.0.1, drive Debian's Chromium with pytest-playwright, and fail any test
whose page logs a console error or asks for anything off 127.0.0.1.

    python -m pytest tests/browser -m browser
    DICELAND_SKIP_BUILD=1 python -m pytest tests/browser   # reuse dist/
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
#: Cold Python start on a 2-core machine takes a few seconds; be generous.
READY_TIMEOUT_MS = 60_000

if not Path(CHROMIUM).exists():
    pytest.skip(f"browser tests need {CHROMIUM} (apt-get install chromium)", allow_module_level=True)


def load_build_module():
    spec = importlib.util.spec_from_file_location("diceland_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_module = load_build_module()


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
        self.httpd, self.url = build_module.serve_in_thread(directory)

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
                 "--disable-quic"],
    }


@dataclass
class Watch:
    """What a test's pages did wrong: console errors, page errors and
    requests that tried to leave 127.0.0.1 (those are aborted)."""

    errors: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)

    def allow(self, fragment: str) -> None:
        """Tolerate console errors containing ``fragment`` (offline tests)."""
        self.allowed_errors.append(fragment)

    def problems(self) -> list[str]:
        bad = [e for e in self.errors if not any(a in e for a in self.allowed_errors)]
        return bad + [f"off-site request: {u}" for u in self.offsite]


LOCAL_PREFIXES = ("http://127.0.0.1:", "data:", "blob:", "about:")


@pytest.fixture
def watch(context) -> Iterator[Watch]:
    found = Watch()

    def on_route(route):
        found.offsite.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(LOCAL_PREFIXES), on_route)

    def on_page(page):
        page.on("console", lambda msg: msg.type == "error" and found.errors.append(f"console error: {msg.text}"))
        page.on("pageerror", lambda exc: found.errors.append(f"page error: {exc}"))
        page.on("request", lambda req: None if req.url.startswith(LOCAL_PREFIXES)
                or req.url in found.offsite else found.offsite.append(req.url))

    for page in context.pages:
        on_page(page)
    context.on("page", on_page)
    yield found
    problems = found.problems()
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems[:20]), pytrace=False)


class Site:
    """A page of the game with helpers; ``site.page`` is the Playwright page."""

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url

    def open(self, query: str = "", path: str = "index.html", wait: bool = True) -> None:
        self.page.goto(self.base_url + path + query)
        if wait:
            self.wait_ready()

    def reload(self) -> None:
        self.page.evaluate("delete document.documentElement.dataset.ready")
        self.page.reload()
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY_TIMEOUT_MS)

    def record(self) -> dict | None:
        import json
        text = self.page.evaluate("window.diceland.record()")
        return json.loads(text) if text else None

    def state(self) -> dict:
        import json
        return json.loads(self.page.evaluate("window.diceland.state()"))

    def cell_center(self, row: int, col: int, seat: int | None = None) -> dict:
        return self.page.evaluate(f"window.diceland.cellCenter({row}, {col}, {'null' if seat is None else seat})")

    def tap_cell(self, row: int, col: int, seat: int | None = None) -> None:
        point = self.cell_center(row, col, seat)
        self.page.mouse.click(point["x"], point["y"])


@pytest.fixture
def site(page, server: Server, watch: Watch) -> Site:
    return Site(page, server.url)

