"""Every page of the built site carries a strict Content-Security-Policy:
scripts only from the site (plus WebAssembly compilation), no string
evaluation, no inline scripts or handlers, connections only to the site, no
plugins, no <base>.  The browser test tests/browser/test_hardening.py checks
that the game really runs under it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from support import load_build, require_site_tools

require_site_tools()

#: directive → the sources it must have exactly.
REQUIRED = {
    "default-src": {"'self'"},
    "script-src": {"'self'", "'wasm-unsafe-eval'"},
    "connect-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'none'"},
}
#: Inline event handler attributes (onclick=...) would need 'unsafe-inline'.
JS_TYPES = {None, "", "module", "text/javascript", "application/javascript"}


class PageScan(HTMLParser):
    def __init__(self):
        super().__init__()
        self.policies: list[str] = []
        self.in_head = False
        self.scripts_before_policy = 0
        self.inline_scripts: list[str] = []
        self.handlers: list[str] = []
        self._script_inline = False
        self._script_text = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name, _ in attrs:
            if name.startswith("on"):
                self.handlers.append(f"<{tag} {name}>")
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(a.get("content") or "")
        if tag == "script":
            if not self.policies:
                self.scripts_before_policy += 1
            self._script_inline = not a.get("src") and (a.get("type") or "").lower() in JS_TYPES
            self._script_text = ""

    def handle_data(self, data):
        if self._script_inline:
            self._script_text += data

    def handle_endtag(self, tag):
        if tag == "script":
            if self._script_inline:
                self.inline_scripts.append(self._script_text.strip()[:60])
            self._script_inline = False


def parse_policy(text: str) -> dict[str, set[str]]:
    out = {}
    for part in text.split(";"):
        words = part.split()
        if words:
            out[words[0].lower()] = set(words[1:])
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("csp") / "dist"
    files = load_build().build(out, quiet=True)
    return out, files


def test_every_page_has_the_policy(built):
    out, _ = built
    pages = sorted(out.glob("*.html"))
    assert any(p.name == "index.html" for p in pages)
    for page in pages:
        scan = PageScan()
        scan.feed(page.read_text())
        assert len(scan.policies) == 1, f"{page.name}: one Content-Security-Policy meta"
        assert scan.scripts_before_policy == 0, f"{page.name}: the policy comes before any script"
        policy = parse_policy(scan.policies[0])
        for directive, sources in REQUIRED.items():
            assert policy.get(directive) == sources, f"{page.name}: {directive} is {policy.get(directive)}"
        for directive, sources in policy.items():
            assert "'unsafe-eval'" not in sources, f"{page.name}: {directive} allows 'unsafe-eval'"
            assert "*" not in sources or directive == "frame-ancestors", f"{page.name}: {directive} allows *"
        assert not scan.inline_scripts, f"{page.name}: inline scripts {scan.inline_scripts}"
        assert not scan.handlers, f"{page.name}: inline event handlers {scan.handlers}"


def test_pyscript_is_patched_to_boot_without_eval(built):
    _, files = built
    build = load_build()
    for old, new in build.PYSCRIPT_PATCHES:
        pyscript = [data for rel, data in files.items() if rel.startswith("pyscript/") and rel.endswith(".js")]
        assert sum(data.count(new) for data in pyscript) == 1
        assert not any(old in data for data in pyscript)


def test_no_page_needs_the_chunks_left_out(built):
    """build.py leaves out PyScript's editor and terminal: no page may use them."""
    out, files = built
    build = load_build()
    assert not [n for n in files if n.startswith("pyscript/") and n.split("/")[-1].startswith(build.PYSCRIPT_UNUSED)]
    for page in sorted(out.glob("*.html")):
        text = page.read_text()
        assert not re.search(r"""type=["'](py|mpy)-editor""", text), page.name
        assert not re.search(r"<script[^>]*\sterminal[\s>=]", text), page.name
