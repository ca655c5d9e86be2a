"""Nothing the network does breaks a visit: a server that drops, stalls,
cuts, scrambles or replaces answers (:mod:`faulty`, with GitHub Pages'
``Cache-Control: max-age=600``) never leaves the page broken, silent, or
broken again on the next visit, and never loses a saved game."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

READY_TIMEOUT_MS = 60_000

pytestmark = pytest.mark.browser

LOCALES = Path(__file__).resolve().parents[2] / "site" / "diceland_site" / "locales"
WASM = "pyodide/pyodide.asm.wasm"
STDLIB = "pyodide/python_stdlib.zip"
PAGE = "diceland.html"
GAME = "?players=human,greedy&boards=A,B&seed=5&speed=0"
#: what a broken answer makes the browser log
NETWORK_NOISE = ("Failed to load resource", "net::ERR_", "Failed to fetch")


def text(lang: str, key: str) -> str:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))[key]


def wheel(site_dir: Path, name: str) -> str:
    return next(p.relative_to(site_dir).as_posix() for p in (site_dir / "wheels").glob(f"*/{name}-*.whl"))


def keep_a_save(site) -> None:
    """A saved game in the site's storage before the visit (from a small
    file of the same origin: no Python runs)."""
    site.page.goto(site.base_url + "manifest.webmanifest")
    site.page.evaluate("localStorage.setItem('diceland:save:kept', JSON.stringify({kept: true}))")


def the_save_is_kept(site) -> bool:
    return site.page.evaluate("localStorage.getItem('diceland:save:kept')") == '{"kept":true}'


def timed_ready(site, query: str = GAME, path: str = PAGE) -> float:
    started = time.monotonic()
    site.open(query, path)
    return time.monotonic() - started


def quiet(watch) -> None:
    for noise in NETWORK_NOISE:
        watch.allow(noise)


@pytest.mark.parametrize("path, kind", [
    (WASM, "cut"), (STDLIB, "cut"), (WASM, "scramble"), ("diceland_core", "scramble"),
    ("diceland_web", "cut"), (PAGE.replace(".html", ".py"), "cut"),
])
def test_a_damaged_file_is_fetched_again_and_the_next_visit_plays(faulty, faulty_site, site_dir, watch, path, kind):
    quiet(watch)
    path = wheel(site_dir, path) if path.startswith("diceland_") else path
    site = faulty_site()
    keep_a_save(site)
    faulty.faults.add(path, kind)
    timed_ready(site)
    assert faulty.faults.count(path) >= 2, "the damaged answer was not fetched again"
    site.reload()  # the next visit: no bad copy kept (max-age=600)
    assert the_save_is_kept(site)


@pytest.mark.parametrize("path, share", [(WASM, 0.9), (STDLIB, 0.5), ("diceland_core", 0.2)])
def test_a_dropped_download_goes_on_by_itself(faulty, faulty_site, site_dir, watch, path, share):
    quiet(watch)
    path = wheel(site_dir, path) if path.startswith("diceland_") else path
    site = faulty_site()
    faulty.faults.add(path, "drop", share=share)
    site.page.goto(site.base_url + PAGE + GAME)
    site.page.evaluate("window.sameDocument = true")
    site.wait_ready()
    assert site.page.evaluate("window.sameDocument === true"), "the page was reloaded"
    assert faulty.faults.count(path) >= 2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_stalled_download_says_so_and_goes_on_when_back_online(faulty, faulty_site, watch, lang):
    quiet(watch)
    site = faulty_site()
    faulty.faults.add(WASM, "stall", share=0.3)
    site.page.goto(site.base_url + PAGE + GAME + f"&lang={lang}")
    site.page.evaluate("window.sameDocument = true")
    stalled = text(lang, "boot.stalled")
    site.page.wait_for_function("(said) => document.getElementById('boot-label').textContent === said",
                                arg=stalled, timeout=20_000)
    site.page.context.set_offline(True)
    site.page.context.set_offline(False)
    site.wait_ready()
    assert site.page.evaluate("window.sameDocument === true"), "the page was reloaded"


def until(site, condition, timeout_s: float = 60) -> None:
    """Poll ``condition()`` (a check of the server's log, say) until true."""
    end = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < end, "the condition never came true"
        site.page.wait_for_timeout(100)


#: The service worker's install has ended (kept, or failed and gone).
INSTALL_ENDED = """async () => {
  const found = await navigator.serviceWorker.getRegistration();
  return !found || !found.installing;
}"""


def test_a_login_page_is_never_kept_for_a_game(faulty, faulty_site, watch):
    quiet(watch)
    site = faulty_site()
    faulty.faults.add("clever.html", "replace", times=None)
    site.open(GAME)
    # the service worker's install fetches every page: clever.html under the fault
    until(site, lambda: faulty.faults.count("clever.html", "replace") >= 1)
    until(site, lambda: site.page.evaluate(INSTALL_ENDED))
    faulty.faults.lift()
    site.open(path="clever.html")  # the real page, online
    site.wait_for_service_worker()
    until(site, lambda: site.page.evaluate("""async () => {
      const hit = await caches.match("./clever.html");
      return !!hit && (await hit.text()).includes('id="boot"');
    }"""))
    site.page.context.set_offline(True)  # and offline, once kept
    site.open(path="clever.html")
    assert "WiFi" not in site.page.content()


def test_an_open_tab_is_offered_the_new_version_and_keeps_its_game(faulty, faulty_site, site_dir, watch):
    site = faulty_site(locale="es-ES")
    site.open(GAME)
    site.wait_for_service_worker()
    save = site.save_id()
    worker = (site_dir / "sw.js").read_bytes()
    newer = worker.replace(b'const CACHE_NAME = "diceland-', b'const CACHE_NAME = "diceland-0', 1)
    assert newer != worker
    faulty.faults.add("sw.js", "replace", times=None, body=newer, content_type="text/javascript")
    site.page.evaluate("navigator.serviceWorker.getRegistration().then((found) => found.update())")
    offer = site.page.wait_for_selector("#new-version", timeout=READY_TIMEOUT_MS)
    assert text("es", "boot.new_version") in offer.text_content()
    site.page.evaluate("delete document.documentElement.dataset.ready")
    site.page.click("#new-version-reload")
    site.wait_ready()
    assert site.save_id() == save
    names = site.page.evaluate("caches.keys()")
    assert [n for n in names if n.startswith("diceland-0")], names


def test_a_broken_module_offers_a_repair_that_keeps_the_saved_games(faulty, faulty_site, watch):
    quiet(watch)
    watch.allow("SyntaxError")
    watch.allow("Unexpected end of input")
    watch.allow("missing ) after argument list")
    site = faulty_site()
    keep_a_save(site)
    faulty.faults.add("pyodide/pyodide.asm.mjs", "cut")
    site.page.goto(site.base_url + PAGE + GAME + "&lang=it")
    repair = site.page.wait_for_selector("#boot-repair", timeout=READY_TIMEOUT_MS)
    assert repair.text_content() == text("it", "boot.repair")
    repair.click()
    site.wait_ready()
    assert the_save_is_kept(site)
