"""Whole games of every game played through the page by a person against a
bot, every decision made by following ``window.diceland.hintTaps()``: taps
on a phone (390×844, touch, in Spanish and Italian), clicks on a desktop
(1366×800, in English). On the way: every tap lands on the sheet or on the
button it names (not on the bar at the bottom of the phone's screen), the
confirm button is on screen, no message key is in the page's visible text,
and on the desktop the other players' small sheets are in view. At the end
the end screen's table is the engine's outcome (the record replayed under
CPython), the reason is given, the table is not cut on the phone, and Undo
is refused."""

from __future__ import annotations

import pytest

from diceland_core import load_record
from diceland_site.games.clever.breakdown import breakdown as clever_breakdown
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.breakdown import breakdown as diceland_breakdown
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.breakdown import breakdown as wide_breakdown
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.seats import Seat
from support import MESSAGE_KEY

pytestmark = pytest.mark.browser

PHONE, DESKTOP = (390, 844), (1366, 800)
GAMES = [
    ("diceland", PHONE, "?players=human,greedy&boards=A&seed=4&speed=0&lang=es"),
    ("clever", PHONE, "?players=human,greedy&seed=7&speed=0&lang=it"),
    ("wideshut", PHONE, "?players=human,greedy&seed=5&speed=0&lang=es"),
    ("diceland", DESKTOP, "?players=human,greedy&boards=A&seed=3&speed=0"),
    ("clever", DESKTOP, "?players=human,greedy&seed=2&speed=0"),
    ("wideshut", DESKTOP, "?players=human,greedy&seed=8&speed=0"),
]
#: the page's visible text is read for keys every this many taps
KEY_CHECK_EVERY = 4

WHERE_IT_LANDS = """([x, y, id]) => {
    const hit = document.elementFromPoint(x, y);
    const want = document.getElementById(id);
    return {hit: hit ? (hit.closest('[id]') || hit).id || hit.tagName : null, ok: !!hit && !!want && want.contains(hit),
            inside: x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight};
}"""
BUTTON_CENTRE = """(id) => { const b = document.getElementById(id).getBoundingClientRect();
    return {x: b.left + b.width / 2, y: b.top + b.height / 2}; }"""
CONFIRM_ON_SCREEN = """() => { const b = document.getElementById('btn-confirm');
    if (!b || b.hidden || b.offsetParent === null) return true;
    const r = b.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth; }"""

#: how many of the other players' small sheets are wholly on screen
MINIS_IN_VIEW = """() => { const panel = document.getElementById('minis');
    if (!panel || panel.hidden) return 0;
    return [...panel.querySelectorAll('button.mini canvas')].filter(c => { const r = c.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight
            && r.right <= window.innerWidth; }).length; }"""


def board_origin(page) -> dict:
    return page.evaluate("() => { const r = document.getElementById('board').getBoundingClientRect(); "
                         "return {x: r.left, y: r.top, w: r.width}; }")


def check_lands(site, tap: dict, decision: int) -> None:
    """On the phone: the tap's point is on screen and hits the canvas (a
    point) or the button it names, not a bar or anything fixed over it."""
    page = site.page
    if "button" in tap:
        point, target = page.evaluate(BUTTON_CENTRE, tap["button"]), tap["button"]
    else:
        point, target = tap, "board"
    where = page.evaluate(WHERE_IT_LANDS, [point["x"], point["y"], target])
    assert where["inside"] and where["ok"], (decision, tap, where, site.state()["extra"].get("chosen"))


def check_no_keys(site, decision: int) -> None:
    text = site.page.evaluate("document.body.innerText")
    found = [m.group(0) for m in MESSAGE_KEY.finditer(text)]
    assert not found, (decision, found)


def engine_table(name: str, record: dict, names: list[str], lang: str):
    """The end screen's breakdown computed here from the page's record: the
    engine's game replayed under CPython."""
    game = load_record(record)
    seats = [Seat(n) for n in names]
    if name == "diceland":
        return game, diceland_breakdown(DicelandController(game, seats, lang=lang))
    if name == "clever":
        return game, clever_breakdown(game, names, CleverController(game, seats, lang).strings)
    return game, wide_breakdown(game, names, WideController(game, seats, lang).strings)


def check_end(site, name: str, lang: str, phone: bool) -> None:
    page = site.page
    s = site.state()
    page.wait_for_selector("#game-over[open]")
    names = [seat["name"] for seat in s["seats"]]
    game, table = engine_table(name, site.record(), names, lang)
    outcome = game.outcome()
    assert game.over and table.totals == outcome.scores
    assert [seat["total"] for seat in s["seats"]] == list(outcome.scores)
    assert s["winners"] == list(outcome.winners) == list(table.winners)
    heads = page.locator("#game-over-stats thead th").all_inner_texts()
    assert [h.startswith("★") for h in heads] == [p in outcome.winners for p in range(len(names))]
    shown = [[c.strip() for c in row.locator("th, td").all_inner_texts()]
             for row in page.locator("#game-over-stats tbody tr").all()]
    assert shown == [[row.label, *row.values] for row in table.rows]
    assert page.inner_text("#game-over-why").strip() == table.why
    if phone:  # nothing is cut: the dialog and its table fit the screen's width
        fit = page.evaluate("""() => { const d = document.getElementById('game-over').getBoundingClientRect();
            const w = document.querySelector('#game-over .stats-wrap');
            return {left: d.left, right: d.right, scroll: w.scrollWidth, width: w.clientWidth}; }""")
        assert fit["left"] >= 0 and fit["right"] <= PHONE[0] and fit["scroll"] <= fit["width"] + 1, fit
    # the game is over: no undo, by button, by key or by the page's state
    assert s["can_undo"] is False
    actions = len(site.record()["history"]["actions"])
    page.click("#btn-over-close")
    undo = page.locator("#btn-undo")
    assert undo.is_hidden() or undo.is_disabled()
    page.keyboard.press("u")
    page.keyboard.press("Control+z")
    assert len(site.record()["history"]["actions"]) == actions
    assert site.state()["over"] and site.state()["can_undo"] is False


@pytest.mark.parametrize("name, size, query", GAMES,
                         ids=[f"{n}-{'phone' if size == PHONE else 'desktop'}" for n, size, _ in GAMES])
def test_a_whole_game_played_by_taps(kept_site, watch, name, size, query):
    phone = size == PHONE
    extra = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2} if phone else {}
    site = kept_site(size[0], size[1], **extra)
    site.open(query, path=f"{name}.html")
    page = site.page
    lang = query.split("lang=")[1] if "lang=" in query else "en"
    taps = decisions = minis_seen = 0
    others = len(site.state()["seats"]) - 1
    while (hint := site.next_taps()) is not None:
        origin = board_origin(page)
        for tap in hint:
            if "x" in tap:  # where the box is now: the sheet may have scrolled or been drawn anew
                now = board_origin(page)  # to another size (it fits the room the dice leave)
                k = now["w"] / origin["w"]
                tap = {"x": (tap["x"] - origin["x"]) * k + now["x"], "y": (tap["y"] - origin["y"]) * k + now["y"]}
            if phone:
                check_lands(site, tap, decisions)
                assert page.evaluate(CONFIRM_ON_SCREEN), (decisions, tap)
            if taps % KEY_CHECK_EVERY == 0:
                check_no_keys(site, decisions)
            site.tap(tap, touch=phone)
            taps += 1
        decisions += 1
        minis_seen += not phone and page.evaluate(MINIS_IN_VIEW) == others
        assert decisions < 300, "the game does not end"
    check_no_keys(site, decisions)
    if not phone:
        assert minis_seen == decisions, (minis_seen, decisions)
    check_end(site, name, lang, phone)
    assert not watch.problems()
