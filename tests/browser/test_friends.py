"""A game with friends by turn links in Chromium: two browser contexts as
two phones, each with its own storage (two kept contexts: see contexts.py),
play passing the link ``window.diceland.turnLink()`` gives; an older link
and a tampered one."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

pytestmark = pytest.mark.browser


def play_my_part(site) -> None:
    """Follow the hint's taps until this device has nothing left to decide
    (the link to send appears, or the game ends)."""
    for _ in range(200):
        s = site.wait_state("s.over || s.bot_pending === false")
        link = site.page.evaluate("window.diceland.turnLink()")
        if s["over"] or link:
            return
        hinted = json.loads(site.page.evaluate("window.diceland.hintAction()"))
        taps = site.hint_taps()
        assert taps, s
        done = len(site.record()["history"]["actions"])
        for tap in taps:
            site.tap(tap)
        if hinted is None:  # Roll or a turn's "Done": no action for the engine yet
            continue
        site.page.wait_for_function(
            f"() => JSON.parse(window.diceland.record()).history.actions.length > {done}"
            " || window.diceland.turnLink() !== null", timeout=30_000)
    raise AssertionError("this device never finished its part")


def link_actions(link: str) -> int:
    """How many actions the record in a turn link holds."""
    packed = link.split("#turn=", 1)[1]
    env = json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))))
    return len(env["record"]["history"]["actions"])


def open_link(site, link: str) -> None:
    """The link opened as from a chat: a new page the first time; after
    that the phone's tab, still on the game's page, reads it when its
    address changes (``hashchange``), as a browser does with a link to a
    page already open."""
    if site.page.url.split("#", 1)[0] != link.split("#", 1)[0]:
        site.page.goto(link)
        site.wait_ready()
        return
    site.page.goto(link)
    site.page.wait_for_function(
        f"() => JSON.parse(window.diceland.record()).history.actions.length >= {link_actions(link)}",
        timeout=30_000)


#: the friends' bar and the sheet do not overlap (on a wide screen the bar
#: sits in the corner over the side column)
BAR_CLEAR_OF_SHEET = """() => { const a = document.getElementById('friends-bar').getBoundingClientRect();
    const b = document.getElementById('board').getBoundingClientRect();
    return a.right <= b.left || a.left >= b.right || a.bottom <= b.top || a.top >= b.bottom; }"""


#: Links passed in the browser test: each phone opens one as a new page,
#: then one in its tab already on the game (``hashchange``).  The whole game
#: to its end by links, and the last link's game over on the other device,
#: is tests/site/test_friends.py::test_a_whole_game_by_turn_links (every game).
LINKS = 4


@pytest.mark.parametrize("path", ["wideshut.html", "diceland.html"])
def test_two_phones_play_by_turn_links(kept_site, path):
    ana, luis = kept_site(1366, 800), kept_site(name="second phone")
    ana.open("?friends=Ana,Luis&seed=5&speed=0", path=path)
    phones = {0: ana, 1: luis}
    here, me = ana, 0
    for _ in range(LINKS):
        play_my_part(here)
        s = here.state()
        assert not s["over"], "the game ended before the links were passed"
        link = here.page.evaluate("window.diceland.turnLink()")
        sent = here.record()
        assert here.page.is_visible("#friends-bar") and "Send to" in here.page.text_content("#btn-send-turn")
        assert len(link) <= 6000
        if here is ana:
            assert here.page.evaluate(BAR_CLEAR_OF_SHEET)
        me = 1 - me
        here = phones[me]
        open_link(here, link)
        s = here.state()
        assert s["seats"][me]["name"] == ("Ana", "Luis")[me]
        assert here.record()["history"] == sent["history"], "the link carried the sender's game"


def test_an_older_link_keeps_newer_progress_and_a_tampered_one_is_refused(kept_site):
    ana, luis = kept_site(), kept_site(name="second phone")
    ana.open("?friends=Ana,Luis&seed=5&speed=0", path="wideshut.html")
    play_my_part(ana)
    first = ana.page.evaluate("window.diceland.turnLink()")
    open_link(luis, first)
    play_my_part(luis)
    moved = len(luis.record()["history"]["actions"])
    back = luis.page.evaluate("window.diceland.turnLink()")
    assert back
    luis.page.goto(first)  # the first link again, on the phone that has gone on
    luis.page.wait_for_function("() => !document.getElementById('message').hidden", timeout=30_000)
    assert "already played" in luis.page.text_content("#message")
    assert len(luis.record()["history"]["actions"]) == moved
    # a link changed by hand: the page replays it, refuses it, keeps Ana's game
    open_link(ana, back)
    kept = len(ana.record()["history"]["actions"])
    packed = back.split("#turn=", 1)[1]
    env = json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))))
    actions = env["record"]["history"]["actions"]
    actions[-1]["player"] = 1 - actions[-1]["player"]
    raw = zlib.compress(json.dumps(env).encode("utf-8"), 9)
    tampered = back.split("#", 1)[0] + "#turn=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    ana.page.goto(tampered)
    ana.page.wait_for_function("() => !document.getElementById('message').hidden", timeout=30_000)
    assert len(ana.record()["history"]["actions"]) == kept


def test_the_home_page_lists_the_games_where_it_is_your_turn(kept_site):
    ana, luis = kept_site(), kept_site(name="second phone")
    ana.open("?friends=Ana,Luis&seed=5&speed=0&lang=es", path="clever.html")
    play_my_part(ana)
    link = ana.page.evaluate("window.diceland.turnLink()")
    ana.open("?lang=es", path="index.html")
    assert not ana.page.is_visible("#your-turn")  # Ana waits for Luis
    luis.page.goto(link)
    luis.wait_ready()
    luis.open("", path="index.html")
    entry = luis.page.locator("#your-turn a")
    assert entry.count() == 1 and "Ana" in entry.inner_text()
    entry.click()
    luis.wait_ready()
    assert luis.state()["seat"] == 1 and luis.page.url.split("?")[0].endswith("clever.html")
    # Ana started in Spanish by her start link: Luis's link, which names no
    # language, opens on her phone in Spanish too
    play_my_part(luis)
    ana.page.goto(luis.page.evaluate("window.diceland.turnLink()"))
    ana.wait_ready()
    assert ana.state()["lang"] == "es" and ana.state()["seat"] == 0
