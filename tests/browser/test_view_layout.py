"""Every sheet in view: on a phone the lit boxes, the dice and the buttons
are on screen together at the moment of choosing; on a desktop the other
players' sheets are beside one's own and a click shows one large."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

THREE = "?players=human,greedy,greedy&names=Ana,Bo,Cy&seed=7&speed=0"
PAGES = {
    "clever": ("clever.html", "s.seat === 0 && !s.bot_pending && !s.handoff"),
    "wideshut": ("wideshut.html", "s.seat === 0 && !s.bot_pending && !s.handoff"),
    "diceland": ("diceland.html", "s.seat === 0 && !s.handoff"),
}


def box(page, selector: str) -> dict:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found


def on_screen(page, b: dict, below: float | None = None) -> bool:
    height = page.evaluate("window.innerHeight")
    return b["y"] >= 0 and b["y"] + b["height"] <= (height if below is None else below) + 0.5


def overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def to_a_choice(site, game: str) -> list[list[float]]:
    """Play the hint's first taps of the person's decision: the dice (or, in
    Diceland, the first cell); returns the lit points then on screen."""
    page = site.page
    for _ in range(20):
        s = site.wait_state(PAGES[game][1])
        if s["buttons"].get("roll"):
            site.click("btn-roll")
            continue
        taps = site.hint_taps()
        if game == "wideshut":
            dice = [t for t in taps if t.get("button", "").startswith("die-")]
            if not dice:
                site.tap(taps[-1])
                continue
            for t in dice:
                site.tap(t)
            return site.state()["extra"]["lit"]
        if game == "clever":
            site.tap(taps[0])
            lit = site.state()["extra"]["lit"]
            if lit:
                return lit
            for t in site.hint_taps():
                site.tap(t)
            continue
        points = [t for t in taps if "x" in t]
        if len(points) < 2:
            site.act(s)
            continue
        site.tap(points[0])
        return [[t["x"], t["y"]] for t in points[1:]]
    raise AssertionError("no choice with lit boxes in 20 decisions")


@pytest.mark.parametrize("game", ["clever", "wideshut", "diceland"])
def test_phone_keeps_the_lit_boxes_the_dice_and_confirm_on_screen(phone_site, game):
    site = phone_site(390, 844)
    page = site.page
    site.open(THREE + ("&boards=A,B,C" if game == "diceland" else ""), path=PAGES[game][0])
    # the top bar is one row; its menu opens behind ☰
    bar = box(page, ".topbar")
    assert bar["height"] <= 64
    assert page.is_hidden("#btn-new")
    page.click(".menu-open")
    assert page.is_visible("#btn-new") and page.is_visible("#lang-select")
    page.click(".menu-open")
    assert page.is_hidden("#btn-new")
    lit = to_a_choice(site, game)
    assert lit, "nothing lit"
    bottom_bar = page.evaluate("""() => { const bar = document.querySelector('.thumb, .ws-side');
        return bar ? bar.getBoundingClientRect().top : window.innerHeight; }""")
    for x, y in lit:
        assert 0 <= y <= bottom_bar, (game, y, bottom_bar)
    assert on_screen(page, box(page, "#dice")), game
    assert on_screen(page, box(page, "#actions")), game
    if page.is_visible("#btn-confirm"):
        assert on_screen(page, box(page, "#btn-confirm")), game
    if game == "clever":
        refused_tap_floats_clear_of_the_sheet_and_buttons(page)


def refused_tap_floats_clear_of_the_sheet_and_buttons(page) -> None:
    """The green die tapped on an orange field: the message floats over the
    sheet without moving it, one toast shows, clear of the dice and buttons."""
    board = box(page, "#board")
    page.click('#dice button.die[data-colour="green"]')
    page.mouse.click(board["x"] + board["width"] * 105 / 1000, board["y"] + board["width"] * 624 / 1000)
    assert page.is_visible("#message")
    assert box(page, "#board")["y"] == board["y"]
    toasts = page.locator("#toasts .toast")
    assert toasts.count() == 1
    for selector in ("#dice", "#actions"):
        assert not overlap(toasts.first.bounding_box(), box(page, selector)), selector


@pytest.mark.parametrize("game", ["clever", "wideshut"])
def test_desktop_shows_the_other_sheets_and_a_click_shows_one(browser, server, watch, make_site, game):
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    watch.attach(context)
    try:
        site = make_site(context.new_page(), server.url)
        page = site.page
        site.open(THREE, path=PAGES[game][0])
        lit = to_a_choice(site, game)
        # the whole sheet, the dice and the buttons fit the screen
        board = box(page, "#board")
        assert on_screen(page, board) and on_screen(page, box(page, "#dice")) and on_screen(page, box(page, "#actions"))
        assert lit and all(0 <= y <= 800 for _, y in lit)
        assert page.is_visible("#minis")
        minis = page.locator("#mini-list button.mini")
        assert minis.count() == 2
        for i in range(2):
            b = minis.nth(i).bounding_box()
            assert not overlap(b, board) and b["width"] < board["width"] / 2
            assert minis.nth(i).locator("canvas").bounding_box()["height"] > 100
        assert minis.nth(0).get_attribute("aria-label").startswith("Show the sheet of Bo")
        picture = page.evaluate("document.querySelector('#board').toDataURL()")
        minis.nth(1).click()
        s = site.state()
        assert s["shown"] == 2 and minis.nth(1).get_attribute("aria-pressed") == "true"
        assert page.evaluate("document.querySelector('#board').toDataURL()") != picture
        minis.nth(1).click()
        s = site.state()
        assert s["shown"] == 0 and s["extra"]["home"] == 0
        assert minis.nth(1).get_attribute("aria-pressed") == "false"
        # the person's move made, the bots' marks show on their small sheets, outlined for a moment
        minis_now = "[...document.querySelectorAll('#mini-list canvas')].map((c) => c.toDataURL())"
        before = page.evaluate(f"() => {minis_now}")
        before_js = json.dumps(json.dumps(before, separators=(",", ":")))
        for _ in range(8):  # the person's decisions until a bot marks its sheet
            for t in site.hint_taps():
                site.tap(t)
            try:
                page.wait_for_function(f"() => document.querySelector('#mini-list canvas.flash') !== null"
                                       f" && JSON.stringify({minis_now}) !== {before_js}",
                                       timeout=5_000)
                break
            except PlaywrightTimeout:
                site.wait_state("s.over || (s.seat === 0 && !s.handoff && !s.bot_pending)")
        after = page.evaluate(f"() => {minis_now}")
        assert after != before
        assert site.state()["shown"] == 0
    finally:
        context.close()
