"""No game lost without a word: blocked storage said before the first move
(the game offered as a file), an old tab after an update never forks the
game, a cleared offline cache refilled (and the page told), every number
of a link bounded, and the refusals that used to leave a blank page said
plainly."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

PERSON_VS_BOT = "?players=human,greedy&boards=A,B&seed=7&speed=0"
START_LINKS = {
    "diceland.html": PERSON_VS_BOT,
    "clever.html": "?players=human,greedy&seed=7&speed=0",
    "wideshut.html": "?players=human,greedy&seed=7&speed=0",
}

#: Cookies and site data blocked: reading either storage throws.
BLOCKED_STORAGE = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true, get() {
    throw new DOMException("Access is denied for this document.", "SecurityError"); } });
}
"""


def save_keys(page) -> list[str]:
    return page.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith('diceland:save:')).sort()""")


# -- blocked storage --------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(START_LINKS))
def test_blocked_storage_is_said_before_the_first_move_and_the_game_offered_as_a_file(own_site, path):
    site = own_site(accept_downloads=True)
    page = site.page
    page.add_init_script(BLOCKED_STORAGE)
    site.open(START_LINKS[path], path=path)
    warning = page.locator("#save-warning")
    assert warning.is_visible(), "the lasting warning shows before any move"
    assert "blocked" in warning.text_content().lower()
    assert "blocks cookies" in site.state()["message"]
    with page.expect_download() as download:
        page.click("#btn-warning-export")
    saved = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert saved["record"] == site.record()


def test_blocked_storage_is_said_in_spanish(own_site):
    site = own_site()
    site.page.add_init_script(BLOCKED_STORAGE)
    site.open(PERSON_VS_BOT + "&lang=es")
    text = site.page.text_content("#save-warning")
    assert "bloque" in text.lower() and "blocked" not in text.lower()


# -- an old tab after an update -----------------------------------------------------------------

@pytest.mark.fresh_context  # two tabs of one storage, as before kept contexts: nothing of another test's
def test_an_old_tab_offers_the_newer_version_and_never_forks_the_game(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    site.act(site.human_decision(0))
    site.human_decision(0)
    save_id = site.save_id()
    page.wait_for_function(  # the bots' decisions written
        f"() => JSON.parse(localStorage.getItem('diceland:save:{save_id}')).record.history.actions.length"
        " === JSON.parse(window.diceland.record()).history.actions.length", timeout=15_000)
    other = page.context.new_page()
    other.goto(site.base_url + "manifest.webmanifest")
    # the newer version saves as every version does: under the site's save lock,
    # reading the revision it writes after
    text = other.evaluate("""(key) => navigator.locks.request("diceland:saves", () => {
        const newer = JSON.parse(localStorage.getItem(key));
        newer.envelope = 2;  // what a newer version of the site writes
        newer.rev = (newer.rev || 0) + 1;
        newer.record.history.actions.push({ newer: true });
        const text = JSON.stringify(newer);
        localStorage.setItem(key, text);
        return text;
    })""", f"diceland:save:{save_id}")
    other.close()
    try:
        page.wait_for_function("() => !!document.getElementById('btn-message-reload')", timeout=45_000)
    except PlaywrightTimeout:  # what the old tab shows and holds, for the failure's reader
        stored = json.loads(page.evaluate(f"localStorage.getItem('diceland:save:{save_id}')") or "null")
        raise AssertionError(
            f"no reload offered: message {site.state()['message']!r}, stored envelope "
            f"{stored and stored.get('envelope')} rev {stored and stored.get('rev')} (written {json.loads(text)['rev']}), "
            f"moves on screen {len(site.record()['history']['actions'])}") from None
    assert "newer version" in site.state()["message"]
    keys = save_keys(page)
    site.press_something()  # refused: the newer version holds the game
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    # any save the input had asked for is written before the lock comes free
    page.evaluate("navigator.locks.request('diceland:saves', () => true)")
    assert page.evaluate(f"localStorage.getItem('diceland:save:{save_id}')") == text
    assert save_keys(page) == keys, "no fork written as a new save"
    settings = json.loads(page.evaluate("localStorage.getItem('diceland:settings')"))
    assert settings["current"] == save_id
    page.evaluate("delete document.documentElement.dataset.ready")
    page.click("#btn-message-reload")
    site.wait_ready()
    assert page.evaluate(f"localStorage.getItem('diceland:save:{save_id}')") == text
    assert save_keys(page) == keys


# -- the offline cache ----------------------------------------------------------------------------

def test_a_cleared_offline_cache_is_refilled_and_the_page_says_when_it_is_ready(own_site, serve, site_dir):
    own = serve(site_dir)  # its own origin: this test owns the service worker
    site = own_site()
    site.base_url = own.url
    page = site.page
    site.open(PERSON_VS_BOT)
    site.wait_for_service_worker()
    page.wait_for_selector("#offline-mark[data-ready=true]", state="visible", timeout=60_000)
    before = site.record()
    page.evaluate("caches.keys().then((names) => Promise.all(names.map((n) => caches.delete(n))))")
    site.reload()  # online: served from the network; the worker fills its cache again
    page.wait_for_selector("#offline-mark[data-ready=true]", state="visible", timeout=60_000)
    page.context.set_offline(True)
    own.stop()
    site.reload()
    assert site.record() == before


def test_the_offline_mark_is_in_the_readers_language(own_site, serve, site_dir):
    own = serve(site_dir)
    site = own_site()
    site.base_url = own.url
    site.open(PERSON_VS_BOT + "&lang=it")
    site.wait_for_service_worker()
    mark = site.page.wait_for_selector("#offline-mark[data-ready=true]", state="visible", timeout=60_000)
    assert "offline" in mark.text_content().lower()
    assert mark.text_content() != "Available offline"


# -- numbers of a link ----------------------------------------------------------------------------

def test_a_links_speed_out_of_range_is_said_and_the_settings_speed_kept(site):
    """A speed no number holds, on the page (every odd speed is read in
    CPython: tests/site/diceland/test_shortcuts.py): the state the page
    hands out stays JSON, never Infinity."""
    speed = "1e308"
    site.open(f"?players=human,greedy&boards=A,B&seed=7&speed={speed}")
    text = site.page.evaluate("window.diceland.state()")
    s = json.loads(text)  # JSON: never Infinity
    assert s["settings"]["bot_delay_ms"] == s["settings"]["bot_delay_ms"]
    assert 0 < s["settings"]["bot_delay_ms"] < 5000
    assert "speed" in s["message"] and speed[:4] in s["message"]


def test_a_links_speed_in_range_is_used(site):
    site.open("?players=human,greedy&boards=A,B&seed=7&speed=2")
    s = site.state()
    assert not s["message"]
    normal = site.page.evaluate("window.diceland.state()")
    assert json.loads(normal)["settings"]["bot_delay_ms"] > 0


# -- refusals said plainly ------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted(START_LINKS))
def test_a_refused_start_link_keeps_the_game_on_screen_and_says_why(site, path):
    site.open(START_LINKS[path], path=path)
    site.settled()
    before = site.record()
    site.page.evaluate("delete document.documentElement.dataset.ready")
    site.open("?players=human,dragon", path=path)
    assert site.record() == before, "the saved game is back on screen"
    message = site.state()["message"]
    assert "dragon" in message
    assert site.page.is_visible("#board")
    assert "?" not in site.page.url, "a reload resumes the game rather than refusing again"


def test_an_unknown_lesson_is_said(site):
    page = site.page
    site.open("?lesson=no-such-lesson&lang=es", path="tutorial.html")
    note = page.wait_for_selector("#tutorial-note", state="visible", timeout=30_000)
    assert "no-such-lesson" in note.text_content()
    assert "lesson" not in note.text_content().lower().replace("no-such-lesson", "")


@pytest.mark.parametrize("path, name, missing", [
    ("clever.html", "Ganz schön clever", "**/wheels/**"),  # a wheel of the site's Python
    ("wideshut.html", "Dice Wide Shut", "**/wideshut.py"),  # the page's own script
])
def test_a_failed_start_names_the_game_in_plain_words_and_offers_to_try_again(own_site, watch, path, name, missing):
    site = own_site()
    page = site.page
    for said in ("Failed to load resource", "PY0404", "PY0503", "Unable to fetch", "could not start"):
        watch.allow(said)
    page.route(missing, lambda route: route.fulfill(status=404, body="gone"))
    site.open(path=path, wait=False)
    page.wait_for_selector("#boot.failed", timeout=60_000)
    label = page.text_content("#boot-label")
    assert name in label
    assert "PY0503" not in label and "filename" not in label
    assert page.is_visible("#boot-retry")
    page.unroute(missing)
    page.click("#boot-retry")
    site.wait_ready()
