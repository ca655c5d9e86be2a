"""The scripts that run before Python share one module, site/shared.js: the
page's language and the query string read with Python's limit are written
there once.  Every page that loads one of those scripts loads shared.js
before it, in a way that runs it first; the limit is Python's own."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from diceland_site.safejson import MAX_QUERY_CHARS
from support import load_build

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
SHARED = "shared.js"
#: the scripts that use window.DicelandShared
USERS = ("boot.js", "home.js", "tutorial-list.js", "embed-picture.js")


class Scripts(HTMLParser):
    """The page's classic scripts in document order: (src, deferred)."""

    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src") and attrs.get("type") in (None, "", "text/javascript"):
            self.found.append((attrs["src"].removeprefix("./"), "defer" in attrs or "async" in attrs))


def page_scripts(name: str) -> list[tuple[str, bool]]:
    page = load_build().expand_includes((SITE / name).read_bytes(), SITE / "partials", name)
    scan = Scripts()
    scan.feed(page.decode("utf-8"))
    return scan.found


def runs_before(scripts: list[tuple[str, bool]], first: str, then: str) -> bool:
    """Whether ``first`` runs before ``then``: both synchronous or both
    deferred, in that order; or ``first`` synchronous and ``then`` deferred."""
    order = [src for src, _ in scripts]
    (a, a_defer), (b, b_defer) = scripts[order.index(first)], scripts[order.index(then)]
    return (a_defer == b_defer and order.index(a) < order.index(b)) or (not a_defer and b_defer)


@pytest.mark.parametrize("name", sorted(p.name for p in SITE.glob("*.html")))
def test_every_page_loads_the_shared_module_before_its_users(name):
    scripts = page_scripts(name)
    users = [src for src, _ in scripts if src in USERS]
    if users:
        assert SHARED in [src for src, _ in scripts], f"{name} loads {users} without {SHARED}"
        for user in users:
            assert runs_before(scripts, SHARED, user), f"{name}: {SHARED} does not run before {user}"


def test_the_order_check_reads_defer():
    assert runs_before([("a.js", False), ("b.js", True)], "a.js", "b.js")
    assert runs_before([("b.js", True), ("a.js", False)], "a.js", "b.js")
    assert not runs_before([("a.js", True), ("b.js", False)], "a.js", "b.js")
    assert not runs_before([("b.js", True), ("a.js", True)], "a.js", "b.js")


def test_the_pages_with_python_and_the_home_page_use_it():
    assert ("boot.js", True) in page_scripts("diceland.html") and ("home.js", False) in page_scripts("index.html")
    assert ("tutorial-list.js", True) in page_scripts("tutorial.html")
    assert ("embed-picture.js", True) in page_scripts("embed.html")


def test_the_query_limit_is_pythons():
    text = (SITE / SHARED).read_text(encoding="utf-8")
    assert re.search(r"const MAX_QUERY_CHARS = (\d+);", text).group(1) == str(MAX_QUERY_CHARS)


def test_language_and_the_query_limit_are_written_once():
    for path in sorted(SITE.glob("*.js")) + sorted(SITE.glob("*.mjs")):
        if path.name == SHARED:
            continue
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"function language\s*\(|MAX_QUERY_CHARS\s*=|\b62_?000\b", text), path.name
    for user in USERS:
        assert "window.DicelandShared" in (SITE / user).read_text(encoding="utf-8"), user
