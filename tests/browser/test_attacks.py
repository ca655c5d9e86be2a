"""Attacks and accidents in Chromium: two tabs of one game, hostile links,
files and stored values nested or sized to kill Python, odd saves, long
names, records from a newer version.  Each test checks that nothing is lost,
that a message says what happened, and that Python still answers."""

from __future__ import annotations

import base64
import json
import shutil
import zlib
from pathlib import Path
from urllib.parse import quote

import pytest

from support import stored_save

pytestmark = pytest.mark.browser

TWO_HUMANS = "?players=human,human&boards=A,B&seed=7&speed=0"
DEEP = "[" * 100_000
READY = 60_000

#: Keeps Python's ``storage`` listener from hearing other tabs, so the
#: revision check on the next input or write is what must catch the change.
DEAF_TO_STORAGE = """
window.addEventListener("storage", (e) => e.stopImmediatePropagation(), true);
"""

MESSAGES = {
    "too_long_link": "The example in the link is too large.",
    "import_too_deep": "The file is nested too deeply to be a saved game of this site.",
    "import_too_big": "The file is too large to be a saved game of this site.",
    "import_future": "The file comes from a newer version of this site.",
    "reloaded": "This game was played on in another tab: here is its latest position.",
}


def s_value(data: bytes) -> str:
    """An ``s=`` value: raw deflate, base64url without padding."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(data) + packer.flush()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def actions(site) -> list:
    return site.record()["history"]["actions"]


def stored(page, save_id: str) -> dict:
    return stored_save(page, save_id)


def wait_toast(page, text: str) -> None:
    page.wait_for_function("(t) => Array.from(document.querySelectorAll('.toast'))"
                           ".some(n => n.textContent.includes(t))", arg=text, timeout=15_000)


def move(site) -> None:
    """One decision of whoever is to play (Roll first if needed)."""
    s = site.state()
    site.act(site.human_decision(s["seat"]))


def python_answers(site) -> None:
    """The game page's Python still runs: it answers and imports a good file."""
    assert isinstance(site.state(), dict)


def second_tab(context, make_site, base_url: str, deaf: bool = False, query: str = ""):
    page = context.new_page()
    if deaf:
        page.add_init_script(DEAF_TO_STORAGE)
    other = make_site(page, base_url)
    other.open(query)
    return other


# -- two tabs of one game -------------------------------------------------------------------

def two_tabs(first, context, make_site, deaf: bool = False):
    """A game of two people in ``first`` and a second tab that resumed it;
    returns both tabs and the save's id."""
    first.open(TWO_HUMANS)
    # no automatic pass: every move here is one a tab makes when told to
    first.page.evaluate("() => { const s = JSON.parse(localStorage.getItem('diceland:settings') || '{}');"
                        " s.auto_pass = false; localStorage.setItem('diceland:settings', JSON.stringify(s)); }")
    first.reload()
    save_id = first.save_id()
    return first, second_tab(context, make_site, first.base_url, deaf), save_id


@pytest.mark.parametrize("deaf", [False, True], ids=["storage-event", "revision-check"])
def test_two_tabs_of_one_game_never_overwrite_each_other(site, context, make_site, deaf):
    first, second, save_id = two_tabs(site, context, make_site, deaf)
    assert second.save_id() == save_id  # it resumed the same save
    start = actions(second)

    move(first)
    move(first)
    played = actions(first)
    assert len(played) >= len(start) + 2
    assert stored(first.page, save_id)["record"]["history"]["actions"] == played

    if not deaf:  # the storage event brings the moves over by itself
        wait_toast(second.page, MESSAGES["reloaded"])
        # the toast may have come with the first move's event: the second's too
        second.page.wait_for_function(
            "(n) => JSON.parse(window.diceland.record()).history.actions.length >= n", arg=len(played))
        assert actions(second) == played
    # any button in the second tab: never a write of its old game
    second.press_something()
    wait_toast(second.page, MESSAGES["reloaded"])
    kept = stored(first.page, save_id)["record"]["history"]["actions"]
    assert kept[:len(played)] == played, "the first tab's moves are kept"
    assert actions(second)[:len(played)] == played

    # the second tab plays on from there; the first one follows
    second.press_something()
    later = actions(second)
    assert len(later) > len(played)
    first.page.wait_for_function("(n) => JSON.parse(window.diceland.record()).history.actions.length === n",
                                 arg=len(later), timeout=15_000)
    first.reload()
    assert actions(first) == later
    assert stored(first.page, save_id)["rev"] >= 3


def test_a_game_deleted_in_another_tab_goes_on_as_a_new_save(site, context, make_site):
    first, second, save_id = two_tabs(site, context, make_site)
    second.page.on("dialog", lambda d: d.accept())
    second.click("btn-saves")
    second.page.click(f'#saves-list li[data-id="{save_id}"] .save-delete')
    wait_toast(first.page, "deleted in another tab")
    before = actions(first)
    move(first)
    new_id = first.save_id()
    assert new_id and new_id != save_id
    assert stored(first.page, new_id)["record"]["history"]["actions"][:len(before)] == before


def test_tutorial_progress_of_two_tabs_is_merged(site, context, make_site):
    """A stale tutorial tab that solves a lesson keeps the lesson another tab
    recorded in the meantime."""
    page = site.page
    page.add_init_script(DEAF_TO_STORAGE)
    site.open(path="tutorial.html")
    current = json.loads(page.evaluate("window.dicelandTutorial.state()"))["lesson"]
    other = "phase-1" if current != "phase-1" else "open-zones"
    page.evaluate("(v) => localStorage.setItem('diceland:tutorial', v)",
                  json.dumps({"version": 1, "done": [other], "lang": "en"}))
    frame = page.wait_for_selector("#lesson-frame", state="attached").content_frame()
    # the lesson's picture (its live board starts only when the reader asks)
    frame.wait_for_selector("html[data-picture=true]", state="attached", timeout=READY)
    frame.evaluate("(lesson) => parent.postMessage({type: 'diceland:solved', lesson}, location.origin)", current)
    page.wait_for_function("(l) => JSON.parse(localStorage.getItem('diceland:tutorial')).done.includes(l)",
                           arg=current, timeout=15_000)
    done = json.loads(page.evaluate("localStorage.getItem('diceland:tutorial')"))["done"]
    assert set(done) == {current, other}


# -- nesting and size that kill Python --------------------------------------------------------

def embed_state(page) -> dict:
    return json.loads(page.evaluate("window.dicelandEmbed.state()"))


def test_a_link_nested_ten_thousand_deep_is_refused_with_a_message(site):
    value = s_value(b"[" * 10_000 + b"]" * 10_000)
    url = "embed.html?s=" + value
    assert len(url) < 100
    site.open("?lang=it&s=" + value, path="embed.html")
    state = embed_state(site.page)  # Python answers
    assert state["ok"] is False and state["error"] == "too_deep"
    assert site.page.is_visible("#embed-error")
    assert site.page.text_content("#embed-error-text") == "Questo esempio ha troppi livelli annidati per essere letto."


def served_by_the_worker(site, path: str) -> None:
    """Visit ``path`` until the service worker controls the page: links too
    long for a web server (414) then reach the page from its cache."""
    site.open(path=path)
    site.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    for _ in range(20):
        if site.page.evaluate("!!navigator.serviceWorker.controller"):
            return
        site.reload()
    raise AssertionError("the service worker never took the page")


def test_an_oversized_link_is_refused_at_once(site):
    served_by_the_worker(site, "embed.html?scenario=phase-1")
    site.open("?s=" + "A" * 1_500_000, path="embed.html")
    state = embed_state(site.page)
    assert state["error"] == "too_long"
    assert site.page.text_content("#embed-error-text") == MESSAGES["too_long_link"]
    site.open("?players=human,human&names=" + "N" * 1_500_000)
    assert site.state()["message"].startswith("The link is too long to be read.")
    python_answers(site)


def test_a_lesson_file_nested_too_deep_is_refused_with_a_message(site, serve, site_dir, tmp_path):
    copy = tmp_path / "dist"
    shutil.copytree(site_dir, copy)
    (copy / "tutorial" / "diceland" / "02-phase-1.json").write_text(DEEP, encoding="utf-8")
    page = site.page
    spanish = "Este ejemplo tiene demasiados niveles anidados para leerlo."
    other = serve(copy)
    page.goto(other.url + "embed.html?scenario=phase-1&lang=es")
    site.wait_ready()
    state = embed_state(page)
    assert state["error"] == "too_deep"
    assert page.text_content("#embed-error-text") == spanish
    # the tutorial reads every lesson file
    page.goto(other.url + "tutorial.html?lang=es")
    site.wait_ready()
    assert page.text_content("#tutorial-intro") == spanish
    assert page.is_visible("#tutorial-intro")


def test_deep_and_huge_imports_leave_python_alive(site, tmp_path):
    page = site.page
    site.open(TWO_HUMANS)
    save_id = site.save_id()
    good = page.evaluate(f"localStorage.getItem('diceland:save:{save_id}')")

    assert page.evaluate("(t) => window.diceland.importText(t)", DEEP) is False
    assert site.state()["message"] == MESSAGES["import_too_deep"]

    # the same through the file picker, twice: Python was not killed by the first
    deep_file = tmp_path / "deep.json"
    deep_file.write_text(DEEP, encoding="utf-8")
    for _ in range(2):
        page.evaluate("document.getElementById('message').hidden = true")
        page.set_input_files("#import-file", str(deep_file))
        page.wait_for_function("() => !document.getElementById('message').hidden", timeout=15_000)
        assert site.state()["message"] == MESSAGES["import_too_deep"]

    big = tmp_path / "big.json"
    big.write_bytes(b" " * 5_000_000)
    page.evaluate("document.getElementById('message').hidden = true")
    page.set_input_files("#import-file", str(big))
    page.wait_for_function("() => !document.getElementById('message').hidden", timeout=15_000)
    assert site.state()["message"] == MESSAGES["import_too_big"]

    # a good file still imports
    assert page.evaluate("(t) => window.diceland.importText(t)", good) is True
    assert site.state()["game"] and site.save_id() != save_id


def test_deep_values_in_storage_leave_python_alive(site):
    page = site.page
    site.open(TWO_HUMANS)
    save_id = site.save_id()
    record = site.record()
    # written from the game page: it writes nothing but its own save on leaving
    page.evaluate("(d) => { localStorage.setItem('diceland:save:zz-deep', d);"
                  " localStorage.setItem('diceland:tutorial', d); }", DEEP)
    site.open()
    assert site.save_id() == save_id and site.record() == record
    site.click("btn-saves")
    items = page.locator("#saves-list li")
    assert items.count() == 2
    assert page.locator('#saves-list li[data-id="zz-deep"] .save-resume').count() == 0
    site.click("btn-saves-close")
    # a settings value nested too deep: the page starts with defaults and says nothing broke
    page.evaluate("(d) => localStorage.setItem('diceland:settings', d)", DEEP)
    site.open()
    assert site.state()["game"]
    site.open(path="tutorial.html")
    assert json.loads(page.evaluate("window.dicelandTutorial.state()"))["done"] == []


# -- odd saves, long names, newer versions --------------------------------------------------

def test_one_save_with_an_odd_summary_hides_no_other(site):
    page = site.page
    site.open(TWO_HUMANS)
    good_id = site.save_id()
    env = stored(page, good_id)
    env["summary"]["players"] = [1, 2]
    env["id"] = "odd"
    page.goto(site.base_url + "manifest.webmanifest")
    page.evaluate("(v) => localStorage.setItem('diceland:save:odd', v)", json.dumps(env))
    site.open()
    site.click("btn-saves")
    assert page.locator("#saves-list li .save-resume").count() == 2
    assert "Something went wrong" not in site.state()["message"]
    title = 'li[data-id="{}"] .save-title'
    names = page.text_content(title.format(good_id)).split(" · ")[0]
    assert names and page.text_content(title.format("odd")).startswith(names + " · ")  # rebuilt from the record
    page.click('#saves-list li[data-id="odd"] .save-resume')
    assert site.save_id() == "odd"


def test_long_names_are_cut_with_a_note(site):
    page = site.page
    long_name = "Bartholomew-the-Magnificent-of-Diceland"
    site.open(f"?players=human,human&boards=A,A&seed=3&speed=0&names={quote(long_name)},Bo")
    assert [p["name"] for p in site.state()["seats"]] == [long_name[:24], "Bo"]
    wait_toast(page, "longer than 24 characters")

    save_id = site.save_id()
    env = stored(page, save_id)
    env["seats"][0]["name"] = "N" * 500_000
    env["id"] = None
    assert page.evaluate("(t) => window.diceland.importText(t)", json.dumps(env)) is True
    assert site.state()["seats"][0]["name"] == "N" * 24
    wait_toast(page, "longer than 24 characters")

    scenario = {"board": "A", "players": 2, "seed": 1, "actions": [], "names": ["M" * 1000, "Bo"]}
    site.open("?s=" + s_value(json.dumps(scenario).encode()), path="embed.html")
    assert embed_state(page)["ok"] is not False
    assert "longer than 24 characters" in page.text_content("body")
    assert "M" * 25 not in page.text_content("body")


def test_a_record_from_a_newer_version_says_so(site):
    page = site.page
    site.open(TWO_HUMANS)
    record = site.record()
    record["engine"] = "999.0.0"
    assert page.evaluate("(t) => window.diceland.importText(t)", json.dumps(record)) is False
    assert site.state()["message"] == MESSAGES["import_future"]
    # the same record in storage, as the current save
    save_id = site.save_id()
    env = stored(page, save_id)
    env["record"] = record
    page.goto(site.base_url + "manifest.webmanifest")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"diceland:save:{save_id}", json.dumps(env)])
    site.open()
    assert "newer version" in site.state()["message"]
    assert stored(page, save_id)["record"]["engine"] == "999.0.0"  # kept, not overwritten
