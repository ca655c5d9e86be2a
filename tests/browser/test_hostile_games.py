"""One hostile suite over every game the site registers (``games.json``):
each game's page attacked through a start link, imports, its storage and
another game's files, checking that Python stays alive (a move can still
be made and saved), that nothing saved is lost, and that the message is
plain words (no exception text, rule id or message key).  A game added to
``games.json`` is attacked here the day it registers: it needs a way to
make a move in :data:`MOVES`, or its test fails."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from diceland_site.games import GAMES as SITE_GAMES
from test_clever_page import human_turn
from test_game_links import clever_move, message, wide_move
from waits import wait_for_async

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
GAMES = [e.game for e in SITE_GAMES]
PAGES = {e.game: e.page for e in SITE_GAMES}
TITLES = {"diceland": "Diceland", "clever": "Ganz schön clever", "wideshut": "Dice Wide Shut"}
START = "?players=human,greedy&seed=7&speed=0"
ENGINE_WORDS = re.compile(r"Traceback|Error\b|\b[DCW]\d+\.\d+\b|error\.|link\.|start\.|Expecting|codec|line \d+ col", re.I)


def _moves(record: dict) -> list:
    return (record.get("history") or {}).get("actions", record.get("actions", []))


def _actions(site) -> int:
    return len(_moves(site.record()))


def diceland_move(site) -> None:
    before = _actions(site)
    for _ in range(20):
        site.act(site.human_decision(0))
        if _actions(site) > before:
            return
    raise AssertionError("no move was made")


MOVES = {"diceland": diceland_move, "clever": clever_move, "wideshut": wide_move}


def alive(site, game: str) -> None:
    """Python answers: a move is made and written."""
    assert game in MOVES, f"the hostile suite has no way to move in {game!r}: add one to MOVES"
    before = _actions(site)
    MOVES[game](site)
    assert _actions(site) > before
    save_id = site.save_id()
    site.page.wait_for_function("(k) => !!localStorage.getItem(k)", arg=f"diceland:save:{save_id}")


def plain(text: str) -> None:
    assert text and not ENGINE_WORDS.search(text), text


@pytest.mark.parametrize("game", GAMES)
def test_odd_seeds_and_deep_imports(site, game):
    page = PAGES[game]
    # a seed past Python's limit on the digits of a number it reads, as
    # Pyodide's Python reads it (every odd seed, on every game's reader, in
    # every language: tests/site/test_fuzz_readers.py)
    site.open("?players=human,greedy&speed=0&seed=" + "9" * 5000, path=page)
    text = message(site)
    plain(text)
    assert "went wrong" not in text and re.search(r"\d{9,}", text), text  # the range is said
    site.open(START, path=page)
    site.settled()
    record = site.record()
    for hostile in ("[" * 100_000, '{"a":' * 50_000, "null", '{"app": "diceland", "envelope": 99}'):
        assert site.page.evaluate("(t) => window.diceland.importText(t)", hostile) is False
        plain(message(site))
        assert site.record() == record
    alive(site, game)


@pytest.mark.parametrize("game", GAMES)
def test_another_games_file_and_save_are_named(site, game):
    other = next(g for g in GAMES if g != game)
    site.open(START, path=PAGES[other])
    site.settled()
    foreign_id = site.save_id()
    foreign = site.record()
    site.open(START, path=PAGES[game])
    site.settled()
    mine = site.record()
    assert site.page.evaluate("(t) => window.diceland.importText(t)", json.dumps(foreign)) is False
    text = message(site)
    plain(text)
    assert TITLES[other] in text and "damaged" not in text, text
    assert site.record() == mine
    site.open(f"?speed=0&save={foreign_id}", path=PAGES[game])
    plain(message(site))
    assert TITLES[other] in message(site)
    site.open(START, path=PAGES[other])
    site.open(f"?speed=0&save={foreign_id}", path=PAGES[other])
    assert site.record() == foreign  # the other game's save is as it was


@pytest.mark.parametrize("game", GAMES)
def test_a_corrupt_save_is_kept_and_the_page_plays_on(site, game):
    site.open(START, path=PAGES[game])
    save_id = site.save_id()
    # written from a page that is not the game's (which saves when it is left)
    site.page.goto(site.base_url + "manifest.webmanifest")
    site.page.evaluate("(k) => localStorage.setItem(k, '[[[' + '['.repeat(100000))", f"diceland:save:{save_id}")
    site.open("?speed=0", path=PAGES[game])
    plain(message(site))
    backups = site.page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('diceland:backup:'))")
    assert backups, "the damaged save was not copied to a backup"
    site.open(START, path=PAGES[game])
    alive(site, game)


@pytest.mark.parametrize("game", GAMES)
def test_another_tabs_language_is_applied_live(site, context, make_site, game):
    site.open(START, path=PAGES[game])
    other = make_site(context.new_page(), site.base_url)
    other.open("?speed=0", path=PAGES[game])
    assert other.page.evaluate("document.documentElement.lang") == "en"
    site.page.select_option("#lang-select", "it")
    other.page.wait_for_function("() => document.documentElement.lang === 'it'", timeout=15_000)
    assert other.page.input_value("#lang-select") == "it"
    assert other.page.text_content("#btn-new").strip() == site.page.text_content("#btn-new").strip() != "New game"
    alive(other, game)


HOLD_SAVE_LOCK = """() => new Promise((held) => navigator.locks.request('diceland:saves',
    () => { held(); return new Promise((release) => { window.releaseSaveLock = release; }); }))"""


WAITING_FOR_LOCK = "() => navigator.locks.query().then((q) => q.pending.some((l) => l.name === 'diceland:saves'))"


def wait_for_lock_request(site, failure: str) -> None:
    """Until something of the page waits for the save lock."""
    wait_for_async(site.page, WAITING_FOR_LOCK, failure)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_waits_for_another_tabs_save_lock(site, game):
    """Two tabs saving in the same moment write one after the other: a save
    is written only while the site's save lock is held."""
    site.open(START, path=PAGES[game])
    alive(site, game)
    site.settled()  # no bot's move (nor its save) still to come
    key = f"diceland:save:{site.save_id()}"
    revision = "(k) => JSON.parse(localStorage.getItem(k)).rev"
    site.page.evaluate(HOLD_SAVE_LOCK)  # held once the saves asked for before are written
    before = site.page.evaluate(revision, key)
    moves = _actions(site)
    MOVES[game](site)
    wait_for_lock_request(site, "the move's save did not ask for the save lock")
    assert site.page.evaluate(revision, key) == before, "saved while another holder had the lock"
    site.page.evaluate("window.releaseSaveLock()")
    site.page.wait_for_function(f"([k, b]) => ({revision})(k) > b", arg=[key, before])
    saved = json.loads(site.page.evaluate("(k) => localStorage.getItem(k)", key))
    assert len(_moves(saved["record"])) >= moves + 1


#: Wait (in the page: no round trip between) until the save's revision
#: passes ``before``, then hold the save lock at once; the save's text then.
HOLD_AFTER_SAVE = """async ([key, before]) => {
  while (JSON.parse(localStorage.getItem(key)).rev <= before) await new Promise((r) => setTimeout(r, 5));
  await new Promise((held) => navigator.locks.request('diceland:saves',
    () => { held(); return new Promise((release) => { window.releaseSaveLock = release; }); }));
  return localStorage.getItem(key);
}"""


def test_the_picture_kept_after_a_move_waits_for_the_save_lock(site):
    """The board's picture, taken a moment after a move's save, is written
    under the save lock like the save: written beside another tab's save,
    it put back the revision that tab had just replaced. (A solo game: the
    only lock asked for after the move's save is the picture's.)"""
    site.open("?players=human&seed=4&speed=0", path=PAGES["clever"])
    human_turn(site)
    key = f"diceland:save:{site.save_id()}"
    # the opening's picture first: a move before it would find that picture's
    # timer still set and be pictured by it, maybe before the lock is held
    site.page.wait_for_function("(k) => !!JSON.parse(localStorage.getItem(k)).last_frame", arg=key)
    before = site.page.evaluate("(k) => JSON.parse(localStorage.getItem(k)).rev", key)
    clever_move(site)
    held = site.page.evaluate(HOLD_AFTER_SAVE, [key, before])
    wait_for_lock_request(site, "no picture asked for the save lock after the move")  # taken, and waits
    assert site.page.evaluate("(k) => localStorage.getItem(k)", key) == held, "written while the lock was held"
    site.page.evaluate("window.releaseSaveLock()")
    frame = "(k) => JSON.parse(localStorage.getItem(k)).last_frame || ''"
    site.page.wait_for_function(f"([k, old]) => ({frame})(k) !== old", arg=[key, json.loads(held).get("last_frame", "")])
    assert site.page.evaluate(frame, key).startswith("data:image/")


@pytest.mark.parametrize("game", GAMES)
def test_a_save_waiting_for_the_lock_is_written_when_the_page_is_left(site, game):
    site.open(START, path=PAGES[game])
    alive(site, game)
    site.page.evaluate(HOLD_SAVE_LOCK)
    MOVES[game](site)
    made = _moves(site.record())
    site.page.goto("about:blank")
    site.open("?speed=0", path=PAGES[game])
    assert _moves(site.record())[: len(made)] == made, "the move made before leaving was lost"


#: The lock manager refuses every request after it is made, as it does for a
#: page that is being put away, without ever granting it.
REFUSE_SAVE_LOCK = """() => { navigator.locks.request = () =>
    Promise.reject(new DOMException('the document is not fully active', 'InvalidStateError')); }"""


def test_a_lock_request_refused_later_still_saves_and_keeps_the_picture(site):
    """A save and the board's picture whose lock request is refused after
    it was made are written without the lock, and the next move's save is
    not stuck behind the refused one (a refusal used to leave the save
    waiting for a lock that never came, until the page was left)."""
    site.open("?players=human&seed=4&speed=0", path=PAGES["clever"])
    human_turn(site)
    key = f"diceland:save:{site.save_id()}"
    site.page.wait_for_function("(k) => !!JSON.parse(localStorage.getItem(k)).last_frame", arg=key)
    saved = "(k) => JSON.parse(localStorage.getItem(k))"
    moves_saved = f"(k) => {{ const r = ({saved})(k).record; return ((r.history || {{}}).actions || r.actions || []).length; }}"
    before = site.page.evaluate(saved, key)
    site.page.evaluate(REFUSE_SAVE_LOCK)
    for _ in range(2):  # the second: not stuck behind the first
        clever_move(site)
        site.page.wait_for_function(f"([k, n]) => ({moves_saved})(k) >= n", arg=[key, _actions(site)], timeout=15_000)
        assert _moves(site.page.evaluate(saved, key)["record"]) == _moves(site.record())
    site.page.wait_for_function(f"([k, old]) => ({saved})(k).last_frame !== old",
                                arg=[key, before["last_frame"]], timeout=15_000)
    assert site.page.evaluate(saved, key)["last_frame"].startswith("data:image/")
