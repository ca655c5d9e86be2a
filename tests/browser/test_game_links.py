"""Hostile shared links of the Dice Wide Shut and Ganz schön clever pages in
Chromium: tiny links that inflate to deep JSON, links broken every way the
decoder can see, another game's position, a newer version.  Each checks
that Python stays alive (a move can still be made), that the game in
progress is the same afterwards, and that the message is plain words about
a link (no decoder text, no rule id), the decoder's words behind details."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from support import stored_save
from test_clever_page import human_turn, tap_hint
from test_wideshut_page import play_turns

pytestmark = pytest.mark.browser

ENGINE_WORDS = re.compile(
    r"padding|Error -\d|incorrect header|codec|decode|Expecting|line \d+ column|actions\[|"
    r"\b[DCW]\d+\.\d+|link\.error|levels deep|Traceback|file", re.I)
KEPT = "The game in progress goes on as it was."


def pack(data: bytes | str) -> str:
    raw = data.encode() if isinstance(data, str) else data
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def state(site) -> dict:
    return json.loads(site.page.evaluate("window.diceland.state()"))


def message(site) -> str:
    """The message's own sentence (the details link's text left out)."""
    return state(site)["message"]


def wide_move(site) -> None:
    """One decision of the person (Roll, or the hint's take by taps), the bots'
    moves after it made."""
    before = len(site.record()["history"]["actions"])
    play_turns(site, 1)
    site.page.wait_for_function(
        f"() => JSON.parse(window.diceland.record()).history.actions.length > {before}", timeout=30_000)


def clever_move(site) -> None:
    """The hint's move on the clever page, by taps, till the record grows and
    the bots' moves after it are made (a record read then stays as it is)."""
    before = human_turn(site)["extra"]["actions"]
    tap_hint(site)
    site.page.wait_for_function(f"() => JSON.parse(window.diceland.state()).extra.actions > {before}", timeout=30_000)
    human_turn(site)


def deep_links(record: dict) -> list[str]:
    inner = json.dumps({**record, "meta": {"x": 0}}).replace('"x": 0', '"x": ' + "[" * 50_000 + "]" * 50_000)
    return [pack("[" * 10_000), pack('{"a":' * 100_000), pack(inner)]


def test_a_59_character_wideshut_link_leaves_python_alive(site):
    site.open("?players=human,greedy&seed=4&speed=0", path="wideshut.html")
    wide_move(site)
    before = site.record()
    links = deep_links(before)
    assert len("?position=" + links[0]) < 60
    # the 59 characters, and a game's record with a deep value inside (the
    # other depths and shapes are read in CPython: tests/site/test_link_reader.py)
    for value in (links[0], links[2]):
        site.page.goto("about:blank")
        site.open("?speed=0&position=" + value, path="wideshut.html")
        assert message(site).startswith("This link is nested too deeply") and message(site).endswith(KEPT)
        assert site.record() == before
    wide_move(site)  # Python is alive: a move is made and saved
    assert len(site.record()["history"]["actions"]) > len(before["history"]["actions"])
    # in a fresh browser the same link says so too (and a first game opens)
    site.page.evaluate("localStorage.clear()")
    site.page.goto("about:blank")
    site.open("?lang=es&position=" + links[0], path="wideshut.html")
    assert message(site) == "Este enlace tiene demasiados niveles anidados para contener una posición de juego."


def broken_wideshut_links(record: dict) -> dict[str, str]:
    """A link the decoder refuses and one the engine refuses (every broken
    link, in every language, is read in CPython: tests/site/test_link_reader.py)."""
    history = record["history"]
    illegal = {**record, "history": {**history, "actions": history["actions"] + [
        {"player": 0, "type": "take", "dice": [0, 1, 2, 3, 4, 5, 6]}]}}
    return {"padding": pack(json.dumps(record))[:-1] + "===", "illegal": pack(json.dumps(illegal))}


def test_broken_wideshut_links_say_so_in_plain_words(site):
    site.open("?players=human,greedy&seed=9&speed=0", path="wideshut.html")
    wide_move(site)
    before = site.record()
    for name, value in broken_wideshut_links(before).items():
        site.page.goto("about:blank")
        site.open("?speed=0&position=" + value, path="wideshut.html")
        text = message(site)
        assert text.startswith("This link") or text.startswith("The position in this link"), (name, text)
        assert text.endswith(KEPT) and not ENGINE_WORDS.search(text), (name, text)
        assert site.page.is_visible("#message details, #message .details, #message summary") or \
            site.page.locator("#message").inner_text() != text
        assert site.record() == before, name
    wide_move(site)


def test_clever_links_refused_while_a_game_is_on_say_so_and_keep_it(site):
    site.open("?players=human,greedy&seed=8&speed=0", path="clever.html")
    clever_move(site)
    before = site.record()
    wide = {"format": "diceland-record", "version": 2, "game": "wideshut", "players": 2, "seed": 1}
    # the envelopes refused in every other way are read in CPython
    # (tests/site/test_link_reader.py): here a nesting deep enough for
    # Pyodide's own stack, a broken text, and another game's position
    links = {
        "other": pack(json.dumps(wide)),
        "deep": pack("[" * 10_000),
        "padding": "AAAAA",
    }
    for name, value in links.items():
        site.page.goto("about:blank")
        site.open("?speed=0#position=" + value, path="clever.html")
        text = message(site)
        assert text.endswith(KEPT) and "link" in text and not ENGINE_WORDS.search(text), (name, text)
        assert "damaged" not in text or name == "padding", (name, text)
        assert site.record() == before, name
        assert "#" not in site.page.evaluate("location.href")
    assert "Dice Wide Shut" in _opened_message(site, "clever.html?speed=0#position=" + links["other"])
    clever_move(site)  # Python alive, the game goes on


def _opened_message(site, path_and_query: str) -> str:
    site.page.goto("about:blank")
    site.page.goto(site.base_url + path_and_query)
    site.wait_ready()
    return message(site)


def test_a_clever_link_opened_in_a_tab_already_on_the_page(site):
    site.open("?players=human,greedy&seed=8&speed=0", path="clever.html")
    clever_move(site)
    shared = site.record()
    site.click("btn-share")
    link = site.page.locator("#share-link").input_value()
    site.click("btn-share-close")
    site.open("?players=human&seed=3&speed=0", path="clever.html")
    mine = site.record()
    assert mine != shared
    # a broken link by hashchange: said, and the game stays
    site.page.evaluate("location.hash = '#position=AAAAA'")
    site.page.wait_for_function("() => !document.getElementById('message').hidden")
    assert message(site).endswith(KEPT) and site.record() == mine
    # the shared link, typed into the same tab: opened
    site.page.evaluate("(h) => { location.hash = h; }", "#" + link.split("#", 1)[1])
    site.page.wait_for_function("(n) => JSON.parse(window.diceland.record()).seed === n", arg=shared["seed"])
    assert site.record() == shared
    assert "#" not in site.page.evaluate("location.href")


@pytest.mark.parametrize("mine, other, title", [("wideshut.html", "clever.html", "Ganz schön clever"),
                                                ("clever.html", "wideshut.html", "Dice Wide Shut")])
def test_a_save_of_another_game_is_named_and_new_game_still_works(site, mine, other, title):
    site.open("?players=human,greedy&seed=6&speed=0", path=other)
    site.settled()
    foreign = site.save_id()
    foreign_record = site.record()
    site.open(f"?speed=0&save={foreign}", path=mine)
    text = message(site)
    assert title in text and "went wrong" not in text and "damaged" not in text, text
    site.click("btn-new")
    site.click("btn-new-start")
    site.page.wait_for_function("(name) => JSON.parse(window.diceland.state()).game === name", arg=mine.split(".")[0])
    assert site.page.evaluate("window.diceland.game()") == mine.split(".")[0]
    assert site.save_id() != foreign
    site.open(f"?speed=0&save={foreign}", path=other)  # the other game's save is as it was
    assert site.record() == foreign_record


def test_a_padded_link_opened_five_times_leaves_small_saves(site):
    site.open("?players=human,greedy&seed=2&speed=0", path="wideshut.html")
    record = site.record()
    padded = pack(json.dumps({**record, "meta": {**record.get("meta", {}), "pad": "x" * 900_000}}))
    assert len(padded) < 2_500
    for _ in range(5):
        site.page.goto("about:blank")
        site.open("?speed=0&position=" + padded, path="wideshut.html")
        assert "full" not in message(site).lower()
    site.page.wait_for_function(  # the last page's save is written once the save lock is granted
        "() => Object.keys(localStorage).filter(k => k.startsWith('diceland:save:')).length >= 6")
    sizes = site.page.evaluate(  # the save without its picture (a thumbnail of the board)
        "Object.keys(localStorage).filter(k => k.startsWith('diceland:save:')).map(k => {"
        "const s = JSON.parse(localStorage.getItem(k)); delete s.last_frame; return JSON.stringify(s).length; })")
    assert len(sizes) == 6 and max(sizes) < 30_000, sizes


#: localStorage refuses saves while the tab's session says "test:full"
#: (sessionStorage itself keeps room, as a full localStorage leaves it).
FULL_STORAGE = """
(() => {
  const real = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && String(key).startsWith("diceland:save:")
        && window.sessionStorage.getItem("test:full") === "1") {
      throw new DOMException("the quota has been exceeded", "QuotaExceededError");
    }
    return real.call(this, key, value);
  };
})();
"""


def _actions(site) -> int:
    record = site.record()
    return len((record.get("history") or {}).get("actions", record.get("actions", [])))


def _stored_actions(site) -> int:
    save_id = site.save_id()
    record = stored_save(site.page, save_id)["record"]
    return len((record.get("history") or {}).get("actions", record.get("actions", [])))


@pytest.mark.parametrize("path", ["clever.html", "wideshut.html"])
def test_moves_refused_by_a_full_storage_are_said_and_survive_a_reload(site, path):
    move = clever_move if path == "clever.html" else wide_move
    site.page.add_init_script(FULL_STORAGE)
    site.open("?players=human,greedy&seed=7&speed=0", path=path)
    move(site)
    site.page.evaluate("sessionStorage.setItem('test:full', '1')")
    move(site)
    move(site)
    record = site.record()
    assert _stored_actions(site) < _actions(site)
    warning = site.page.locator("#save-warning")
    assert warning.is_visible() and "not saved" in warning.inner_text()
    site.page.wait_for_timeout(4_500)  # longer than a toast lives
    assert warning.is_visible()
    site.reload()  # storage still full: the moves come back from the tab's session
    assert site.record() == record
    assert site.page.locator("#save-warning").is_visible()
    site.page.evaluate("sessionStorage.removeItem('test:full')")  # room again
    site.page.wait_for_function("() => document.getElementById('save-warning').hidden", timeout=15_000)
    assert _stored_actions(site) == _actions(site)
    site.reload()
    assert site.record() == record and not site.page.locator("#save-warning").is_visible()


def test_frames_on_a_host_page_do_not_change_the_current_game(site, serve, tmp_path):
    """Three frames of a host page (another site) open a shared link each:
    the game the site's own tab resumes stays the player's."""
    site.open("?players=human,greedy&seed=3&speed=0", path="wideshut.html")
    wide_move(site)
    mine = site.save_id()
    site.click("btn-share")
    link = site.page.input_value("#share-link")
    site.click("btn-share-close")
    frames = "".join(f'<iframe src="{link}&speed=0" width="300" height="300"></iframe>' for _ in range(3))
    (tmp_path / "host.html").write_text(f"<!doctype html><meta charset='utf-8'><title>host</title>{frames}")
    host = serve(tmp_path)
    site.page.goto(host.url + "host.html")
    for frame in site.page.frames[1:]:
        frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=120_000)
    site.open("?speed=0", path="wideshut.html")
    assert site.save_id() == mine


def test_one_link_format_on_the_diceland_page_and_its_older_links_still_open(site):
    """Diceland's share link is ``diceland.html#position=…`` as on the other
    pages; the older ``s=`` (the embed's scenario) opens on the page too,
    and a broken one says so and keeps the game."""
    site.open("?players=human,greedy&boards=A&seed=5&speed=0")
    site.play(4)
    before = site.record()
    site.click("btn-share")
    link = site.page.input_value("#share-link")
    embed = re.search(r'src="([^"]+)"', site.page.input_value("#share-snippet"))[1].replace("&amp;", "&")
    site.click("btn-share-close")
    assert link.startswith(site.base_url + "diceland.html#position=")
    site.page.evaluate("localStorage.clear()")
    site.page.goto("about:blank")
    site.page.goto(link.replace("#", "?speed=0#"))
    site.wait_ready()
    assert site.record()["history"] == before["history"] and "#" not in site.page.evaluate("location.href")
    assert [x["kind"] for x in state(site)["seats"]] == ["human", "greedy"]
    old = re.search(r"[?&]s=([^&]+)", embed)[1]
    site.page.evaluate("localStorage.clear()")
    site.page.goto("about:blank")
    site.open("?speed=0&s=" + old)
    opened = site.record()
    assert opened["history"]["actions"] == before["history"]["actions"]
    assert not message(site) and "s=" not in site.page.evaluate("location.href")
    site.page.goto("about:blank")
    site.open("?speed=0&s=AAAAA")
    assert message(site).startswith("This link") and message(site).endswith(KEPT)
    assert site.record() == opened
