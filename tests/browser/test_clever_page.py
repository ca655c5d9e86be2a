"""The Ganz schön clever page in Chromium: a whole solo game by taps on the
sheet (the hint chooses, the moves are clicks), reload and resume, offline
reload, the page in Spanish, start links through index.html."""

from __future__ import annotations

import json

SOLO = "?players=human&seed=7&speed=0"


def state(site) -> dict:
    return json.loads(site.page.evaluate("window.diceland.state()"))


def human_turn(site) -> dict:
    return site.wait_state("s.over || (!s.bot_pending && s.seat != null)")


def tap_hint(site) -> None:
    """Make the hint's move with clicks: on the canvas or on the named buttons.
    The taps are asked for again after each one (the same move, the die
    already picked): a notice that came with the first tap may have moved
    the sheet, as a person would see."""
    taps = json.loads(site.page.evaluate("window.diceland.hintTaps()"))
    for i in range(len(taps)):
        fresh = json.loads(site.page.evaluate("window.diceland.hintTaps()")) if i else taps
        tap = fresh[i] if len(fresh) == len(taps) else taps[i]
        if "button" in tap:
            site.page.click(f"#{tap['button']}")
        else:
            site.page.mouse.click(tap["x"], tap["y"])


def test_whole_solo_game_by_taps(site):
    site.open(SOLO, path="clever.html")
    assert site.page.evaluate("window.diceland.game()") == "clever"
    moves = 0
    s = human_turn(site)
    while not s["over"]:
        before = s["extra"]["actions"]
        tap_hint(site)
        s = human_turn(site)
        moves += 1
        assert moves < 200
        assert s["extra"]["actions"] >= before
    assert s["extra"]["rating"]
    dialog = site.page.locator("#game-over")
    assert dialog.is_visible()
    text = dialog.inner_text()
    assert s["extra"]["rating"] in text and str(s["extra"]["scores"][0]["total"]) in text
    record = site.record()
    assert record["game"] == "clever" and len(record["history"]["actions"]) == s["extra"]["actions"]


def test_buttons_and_dice_have_names(site):
    site.open(SOLO, path="clever.html")
    page = site.page
    for name in ("Reroll (1)", "+1 (0)", "Undo", "Hint"):
        assert page.get_by_role("button", name=name).count() == 1
    labels = page.eval_on_selector_all("#dice button.die", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 6 and all("die" in label for label in labels)
    page.locator("#dice button.die").first.focus()
    page.keyboard.press("Enter")  # keyboard play: the fields to choose take the focus
    assert page.evaluate("!!document.activeElement.closest('#targets')")
    targets = page.locator("#targets button")
    assert targets.count() >= 1
    targets.first.focus()
    page.keyboard.press("Enter")
    site.wait_state("s.extra.actions >= 1")
    page.locator("#dice button.die:not([disabled])").first.click()  # a click or a tap leaves the focus
    assert page.locator("#targets button").count() >= 1
    assert not page.evaluate("!!document.activeElement.closest('#targets')")


def test_illegal_tap_shows_a_sentence_and_the_rule_behind_details(site):
    site.open(SOLO, path="clever.html")
    page = site.page
    page.click('#dice button.die[data-colour="green"]')
    point = page.evaluate("""(() => { const r = document.getElementById('board').getBoundingClientRect();
        return {x: r.left + r.width * 105 / 1000, y: r.top + r.width * 624 / 1000}; })()""")
    page.mouse.click(point["x"], point["y"])        # the first orange field
    box = page.locator("#message")
    assert box.is_visible()
    assert "C3.1" not in page.locator("#message-text").inner_text()
    assert page.locator("#message-rule").text_content().startswith("C3.1")


def test_reload_resumes_the_identical_record(site):
    """The page also opens at the top on a desktop screen, on the first
    visit and when a game is resumed (nothing scrolls it on load)."""
    site.page.set_viewport_size({"width": 1366, "height": 800})
    site.open("?players=human,expert&seed=5&speed=0", path="clever.html")
    human_turn(site)
    assert site.page.evaluate("window.scrollY") == 0
    tap_hint(site)
    s = human_turn(site)
    before = site.record()
    assert before["history"]["actions"] and s["save_id"]
    site.reload()
    assert site.record() == before
    assert site.page.evaluate("location.search") == "?speed=0"
    human_turn(site)
    assert site.page.evaluate("window.scrollY") == 0


def test_index_link_reaches_the_clever_page(site):
    site.open("?game=clever&players=human,expert&seed=7&speed=0", path="index.html", wait=False)
    site.page.wait_for_url("**/clever.html*")
    site.wait_ready()
    assert site.page.evaluate("window.diceland.game()") == "clever"
    assert site.record()["players"] == 2 and site.record()["seed"] == 7


def test_offline_reload_resumes_and_plays_on(site, serve, site_dir):
    own = serve(site_dir)
    site.base_url = own.url
    site.open(SOLO, path="clever.html")
    assert site.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    human_turn(site)
    tap_hint(site)
    human_turn(site)
    before = site.record()
    site.page.context.set_offline(True)
    own.stop()
    site.reload()
    assert site.record() == before
    tap_hint(site)
    human_turn(site)
    assert len(site.record()["history"]["actions"]) > len(before["history"]["actions"])


def test_page_in_spanish(site):
    site.open(SOLO + "&lang=es", path="clever.html")
    page = site.page
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.get_by_role("button", name="Pista").count() == 1
    assert page.get_by_role("button", name="Relanzar (1)").count() == 1
    labels = page.eval_on_selector_all("#dice button.die", "els => els.map(e => e.getAttribute('aria-label'))")
    assert all(label.startswith("dado ") for label in labels)
    assert "Ronda 1 de 6" in page.locator("#status").inner_text()


def test_two_people_and_a_bot_pass_the_device(site):
    """Hot-seat: when the other person is to act (their pick, or their take
    from the platter), the page asks to pass the device first."""
    site.open("?players=human,human,greedy&names=Ana,Bo&seed=3&speed=0", path="clever.html")
    page = site.page
    handoffs = set()
    for _ in range(80):
        s = human_turn(site)
        if s["handoff"]:
            assert page.locator("#handoff").is_visible()
            name = ["Ana", "Bo"][s["seat"]]
            handoffs.add(name)
            assert name in page.locator("#handoff-text").inner_text()
        tap_hint(site)
        if len(handoffs) == 2:
            break
    assert handoffs == {"Ana", "Bo"}
    assert not state(site)["over"]


def one_move_into(site, query: str) -> dict:
    """Open a game of ``query`` and make the hint's move; returns the record."""
    site.open(query, path="clever.html")
    human_turn(site)
    tap_hint(site)
    human_turn(site)
    return site.record()


def test_shared_position_opens_the_same_game(site):
    before = one_move_into(site, "?players=human,greedy&seed=8&speed=0")
    site.page.click("#btn-share")
    link = site.page.locator("#share-link").input_value()
    assert "#position=" in link
    site.page.evaluate("localStorage.clear()")
    site.page.goto("about:blank")
    site.page.goto(link)
    site.wait_ready()
    assert site.record() == before
    assert "#" not in site.page.evaluate("location.href")


def test_export_and_import(site):
    before = one_move_into(site, "?players=human,expert&seed=6&speed=0")
    with site.page.expect_download() as download:
        site.page.click("#btn-export")
    text = open(download.value.path(), encoding="utf-8").read()
    assert json.loads(text)["record"] == before
    site.page.evaluate("localStorage.clear()")
    site.reload()
    assert site.page.evaluate("window.diceland.importText(%s)" % json.dumps(text)) is True
    assert site.record() == before
    other = json.dumps({**before, "game": "diceland"})
    assert site.page.evaluate("window.diceland.importText(%s)" % json.dumps(other)) is False
    assert site.page.locator("#message").is_visible()
    assert site.record() == before
