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
    sheet without moving it, one toast shows, over the top bar: clear of
    the tabs, the sheet, the dice and the buttons."""
    board = box(page, "#board")
    page.click('#dice button.die[data-colour="green"]')
    page.mouse.click(board["x"] + board["width"] * 105 / 1000, board["y"] + board["width"] * 624 / 1000)
    assert page.is_visible("#message")
    assert box(page, "#board")["y"] == board["y"]
    toasts = page.locator("#toasts .toast")
    assert toasts.count() == 1
    for selector in ("#dice", "#actions", "#seat-tabs"):
        assert not overlap(toasts.first.bounding_box(), box(page, selector)), selector
    assert toasts.first.bounding_box()["y"] + toasts.first.bounding_box()["height"] <= box(page, "#board")["y"]


@pytest.mark.parametrize("game", ["clever", "wideshut"])
def test_desktop_shows_the_other_sheets_and_a_click_shows_one(kept_site, game):
    site = kept_site(1366, 800)
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


@pytest.mark.parametrize("query,least", [(THREE, 290), ("?players=human,greedy,greedy,greedy,greedy&seed=7&speed=0&lang=it", 240)])
def test_wideshut_phone_shows_the_whole_sheet_the_dice_and_the_buttons_at_once(phone_site, query, least):
    """A 390×844 phone: the top bar, the tabs, both halves of the sheet, the
    dice and the buttons on one screen, none over another, nothing scrolled
    (three players in English; five, thirteen dice in two rows and the
    buttons in two, in Italian: a smaller sheet)."""
    site = phone_site(390, 844)
    page = site.page
    site.open(query, path="wideshut.html")
    lit = to_a_choice(site, "wideshut")
    assert lit
    assert page.evaluate("window.scrollY") == 0
    parts = {name: box(page, selector) for name, selector in (
        ("bar", ".topbar"), ("tabs", "#seat-tabs"), ("sheet", "#board"), ("dice", "#dice"), ("actions", "#actions"),
        ("side", ".ws-side"))}
    for name, b in parts.items():
        assert on_screen(page, b), (name, b)
    assert parts["bar"]["y"] + parts["bar"]["height"] <= parts["tabs"]["y"] + 0.5
    assert parts["tabs"]["y"] + parts["tabs"]["height"] <= parts["sheet"]["y"] + 0.5
    assert parts["sheet"]["y"] + parts["sheet"]["height"] <= parts["side"]["y"] + 0.5
    assert parts["sheet"]["width"] >= least, parts["sheet"]  # boxes large enough to tap
    for x, y in lit:
        assert parts["sheet"]["y"] <= y <= parts["sheet"]["y"] + parts["sheet"]["height"]
    for i in range(page.locator("#actions button").count()):
        button = page.locator("#actions button").nth(i)
        assert on_screen(page, button.bounding_box())
        assert page.evaluate("b => b.scrollWidth <= b.clientWidth", button.element_handle()), button.inner_text()
    # on to the next roll, when no dice lie on the table: the sheet keeps its size
    for _ in range(40):
        s = site.wait_state("s.over || s.phase === 'roll' || s.seat === 0")
        if s["over"] or s["phase"] == "roll":
            break
        done = len(site.record()["history"]["actions"])
        for tap in site.hint_taps():
            site.tap(tap, touch=True)
        page.wait_for_function(
            f"() => JSON.parse(window.diceland.record()).history.actions.length > {done}", timeout=30_000)
    assert s["phase"] == "roll" and not s["extra"]["dice"], s
    assert box(page, "#board")["width"] == parts["sheet"]["width"]


def test_wideshut_desktop_sheet_is_full_size_from_the_start_and_after_a_reload(kept_site):
    """1366×800: the sheet fills its column's height at once, a saved game
    reloaded as well (it was drawn 200 px wide until the first action)."""
    site = kept_site(1366, 800)
    page = site.page
    for opened in (lambda: site.open("?players=human,human&seed=7&speed=0", path="wideshut.html"),
                   lambda: site.open(path="wideshut.html"), site.reload):
        opened()
        board = box(page, "#board")
        assert board["width"] >= 340 and on_screen(page, board), board


def test_diceland_desktop_shows_every_board_the_caption_and_the_log_at_a_glance(kept_site):
    """1366×800: the other players' boards, one's own with its caption right
    under it, and the log (open) all on screen; the "▶" of the tabs marks
    the active player the top bar names, not the person choosing leftovers."""
    site = kept_site(1366, 800)
    page = site.page
    site.open(THREE + "&boards=A,B,C", path="diceland.html")
    s = site.wait_state(PAGES["diceland"][1] + " && s.active !== 0")
    board, info, log = box(page, "#board"), box(page, "#info-bar"), box(page, "#log-panel")
    assert on_screen(page, board) and on_screen(page, info) and on_screen(page, log)
    assert 0 <= info["y"] - (board["y"] + board["height"]) <= 24, (board, info)
    assert page.evaluate("document.getElementById('log-panel').open")
    assert page.locator("#log .log-lines li").count() > 0
    minis = page.locator("#mini-list button.mini")
    assert minis.count() == 2
    for i in range(2):
        assert on_screen(page, minis.nth(i).bounding_box())
    names = [p["name"] for p in s["seats"]]
    tabs = page.locator("#seat-tabs .seat-tab")
    marked = [i for i in range(tabs.count()) if tabs.nth(i).text_content().startswith("▶")]
    assert marked == [s["extra"]["active"]], (marked, s["extra"]["active"])
    assert names[s["extra"]["active"]] in page.text_content("#status")


def test_clever_phone_shows_a_bots_sheet_while_it_plays_and_whole_die_labels(phone_site):
    """A phone has no small sheets: the bot's sheet is on screen while the
    bot plays, the person's own again at the person's decision; no die's
    label is cut."""
    site = phone_site(390, 844)
    page = site.page
    site.open("?players=greedy,human&seed=7&lang=es", path="clever.html")  # bots at their own pace
    for _ in range(40):
        s = site.state()
        if s["bot_pending"]:
            break
        assert all(page.evaluate("d => d.scrollWidth <= d.clientWidth", d)
                   for d in page.query_selector_all("#dice button.die"))
        for t in site.hint_taps():
            site.tap(t, touch=True)
    else:
        raise AssertionError("no bot's turn came")
    seen = site.wait_state("s.bot_pending")
    assert seen["shown"] == seen["seat"] != seen["extra"]["home"], seen
    s = site.wait_state("!s.bot_pending && s.seat === s.extra.home", timeout=60_000)
    assert s["shown"] == s["extra"]["home"]


def test_clever_desktop_other_sheets_are_large_enough_to_read(kept_site):
    site = kept_site(1366, 800)
    page = site.page
    site.open("?players=human,greedy&seed=7&speed=0", path="clever.html")
    site.wait_state(PAGES["clever"][1])
    mini = box(page, "#mini-list button.mini canvas")
    board = box(page, "#board")
    assert mini["width"] >= 300 and on_screen(page, mini) and on_screen(page, board)
    assert board["width"] >= 600


def test_a_lesson_on_a_phone_keeps_the_board_the_dice_and_confirm_on_screen(phone_site):
    """The tutorial on a phone, in Spanish: "Try it" brings the board to the
    top of the screen; after a die is tapped the board, the dice and the
    Confirm button are all on screen (no scrolling up to the board and down
    to the button); the page is named for all its games."""
    from test_game_lessons import lesson_frame
    site = phone_site(390, 844)
    page = site.page
    site.open("?lesson=diceland/overshoot&lang=es", path="tutorial.html")
    assert page.title() == "Aprende a jugar" and page.text_content(".topbar .brand") == "Aprende a jugar"
    frame = lesson_frame(page)
    frame.tap('button[data-control="try"]')
    frame.wait_for_function("() => JSON.parse(window.dicelandEmbed.state()).mode === 'try'")
    board = frame.locator("#board").bounding_box()
    assert 0 <= board["y"] <= 60, board
    before = frame.text_content("#embed-prompt")
    frame.locator("#dice button:not([disabled])").first.tap()
    frame.wait_for_function("(p) => document.getElementById('embed-prompt').textContent !== p", arg=before)
    for selector in ("#board", "#dice", 'button[data-control="confirm"]'):
        found = frame.locator(selector).bounding_box()
        assert on_screen(page, found), (selector, found)
