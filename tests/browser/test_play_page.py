"""Playing Diceland in Chromium: bots, a person tapping cells, saves, links,
languages, offline, a phone screen and a sub-path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from diceland_core import load_record
from diceland_core.games.diceland.actions import Place

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PERSON_VS_BOT = "?players=human,greedy&boards=A,B&seed=7&speed=0"


def test_page_becomes_ready(site, watch):
    site.open()
    page = site.page
    assert page.evaluate("document.documentElement.dataset.ready") == "true"
    assert page.is_hidden("#boot")
    assert page.evaluate("typeof window.diceland.record") == "function"
    # a first visit offers a new game: a bot game in one tap, or the full form
    assert page.is_visible("#welcome") and page.is_visible("#btn-welcome-bot")
    page.click("#btn-welcome-options")
    assert page.is_visible("#new-game")
    assert not watch.problems()


def test_four_bots_play_to_a_winner(site):
    site.open("?players=random,greedy,greedy,expert&boards=A,B,C,D&seed=11&speed=0")
    s = site.wait_state("s.over", timeout=120_000)
    assert s["winners"]
    game = load_record(site.record())  # the page's record replays under CPython
    assert game.over and list(game.winners) == s["winners"]
    assert site.page.is_visible("#game-over")
    assert site.page.text_content("#game-over-winners")
    assert site.page.locator("#game-over-stats tbody tr").count() == 5
    assert site.page.locator("#log li").count() > 10


def test_person_plays_by_tapping_cells(site):
    site.open(PERSON_VS_BOT)
    placed = None
    rejected = False
    for _ in range(60):
        s = site.human_decision(0)
        assert not s["over"], "the game ended before the person placed anything"
        if s["phase"] == "choose":
            die = next(d for d in s["extra"]["dice"] if d["enabled"])
            assert die["colour"] in die["label"]  # English UI: the name says the colour
            site.page.click(f'#dice button.die[data-index="{s["extra"]["dice"].index(die)}"]')
            continue
        if s["phase"] == "decide":
            site.click("btn-stop")
            continue
        if not s["extra"]["highlights"]:
            site.click("btn-pass")
            continue
        if not rejected:
            legal = {tuple(c) for c in s["extra"]["highlights"]}
            crossed = {tuple(c) for c in load_record(site.record()).sheets[0].crossed_cells()}
            illegal = next((r, c) for r in range(9) for c in range(12)
                           if (r, c) not in legal and (r, c) not in crossed)
            site.tap_cell(*illegal, seat=0)
            after = site.state()
            assert after["extra"]["selection"] == [] and after["extra"]["highlights"] == s["extra"]["highlights"]
            assert site.page.locator("#toasts .toast").count() >= 1
            rejected = True
        chosen = []
        while not site.state()["buttons"].get("confirm"):
            target = site.state()["extra"]["highlights"][0]
            site.tap_cell(*target, seat=0)
            chosen.append(tuple(target))
            assert [tuple(c) for c in site.state()["extra"]["selection"]] == chosen
        # tapping a chosen cell again removes it; tap it back
        site.tap_cell(*chosen[-1], seat=0)
        assert len(site.state()["extra"]["selection"]) == len(chosen) - 1
        site.tap_cell(*chosen[-1], seat=0)
        before = len(site.record()["history"]["actions"])
        site.click("btn-confirm")
        actions = site.record()["history"]["actions"]
        assert len(actions) > before
        placed = sorted(chosen)
        break
    assert placed, "the person never had a placement to make"
    game = load_record(site.record())
    mine = [a for a in game.actions if isinstance(a, Place) and a.player == 0]
    assert sorted(mine[-1].cells) == placed


def test_reload_resumes_the_identical_record(site):
    site.open(PERSON_VS_BOT)
    site.act(site.human_decision(0))
    site.settled()  # the bot's moves after it are made
    before = site.record()
    assert before["history"]["actions"]
    site.reload()
    assert site.record() == before
    assert site.page.evaluate("location.search") == "?speed=0"  # the link does not restart the game


def test_offline_reload_resumes_and_plays_on(site, serve, site_dir):
    own = serve(site_dir)  # its own origin, so this test owns the service worker
    site.base_url = own.url
    site.open(PERSON_VS_BOT)
    assert site.page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    site.human_decision(0)
    before = site.record()
    site.page.context.set_offline(True)
    own.stop()
    site.reload()
    assert site.record() == before
    site.act(site.human_decision(0))  # and the game goes on
    assert len(site.record()["history"]["actions"]) > len(before["history"]["actions"])


def test_corrupt_save_is_kept_and_a_new_game_offered(site):
    site.open(PERSON_VS_BOT)
    save_id = site.save_id()
    assert save_id
    # written from a page that is not the game's (which saves when it is left)
    site.page.goto(site.base_url + "manifest.webmanifest")
    site.page.evaluate(f"localStorage.setItem('diceland:save:{save_id}', '{{not json at all')")
    site.open("?speed=0")  # the page again, as a reload would open it
    s = site.state()
    assert s["message"], "the page says the save cannot be read"
    assert site.page.evaluate(f"localStorage.getItem('diceland:backup:{save_id}:1')") == "{not json at all"
    site.click("btn-message-new")
    assert site.page.is_visible("#new-game")
    site.click("btn-new-start")
    s = site.wait_state("s.game")
    assert s["game"] and site.record()["history"]["actions"] is not None


def test_link_starts_the_game_it_names(site):
    site.open("?players=human,expert&boards=A,C&seed=5&speed=0")
    record = site.record()
    assert record["players"] == 2 and record["seed"] == 5
    assert [b["id"] for b in record["setup"]["boards"]] == ["A", "C"]
    assert [s["kind"] for s in record["meta"]["seats"]] == ["human", "expert"]


@pytest.mark.parametrize("query, fragment", [
    ("?players=human,wizard", "wizard"),
    ("?players=human,greedy&boards=A,Z", "Z"),
    ("?players=human&seed=3", "2"),
])
def test_bad_link_gives_a_message(site, query, fragment):
    site.open(query)
    message = site.page.text_content("#message")
    assert site.page.is_visible("#message") and fragment in message
    assert site.page.is_visible("#btn-message-new")


def test_language_switch_is_remembered(site):
    site.open(PERSON_VS_BOT)
    english = site.page.text_content("#btn-new")
    site.page.select_option("#lang-select", "es")
    assert site.page.evaluate("document.documentElement.lang") == "es"
    spanish = site.page.text_content("#btn-new")
    assert spanish != english
    site.page.select_option("#lang-select", "it")
    italian = site.page.text_content("#btn-new")
    assert italian not in (english, spanish)
    site.reload()
    assert site.page.evaluate("document.documentElement.lang") == "it"
    assert site.page.text_content("#btn-new") == italian
    assert site.state()["lang"] == "it"


def test_phone_screen_shows_the_whole_board(phone_site):
    site = phone_site(360, 640)
    page = site.page
    site.open(PERSON_VS_BOT)
    box = page.locator("#board").bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= 360 and box["y"] + box["height"] <= 640
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot = ROOT / "test-results" / "phone-360x640.png"
    shot.parent.mkdir(exist_ok=True)
    page.screenshot(path=str(shot))
    s = site.human_decision(0)
    assert s["seat"] == 0


def test_site_works_under_a_sub_path(site, serve, site_dir, tmp_path):
    (tmp_path / "diceland").symlink_to(site_dir, target_is_directory=True)
    parent = serve(tmp_path)
    site.base_url = parent.url + "diceland/"
    site.open("?players=greedy,random&boards=B,E&seed=3&speed=0")
    s = site.wait_state("s.over", timeout=120_000)
    assert s["winners"]
    assert json.loads(site.page.evaluate("window.diceland.record()"))["seed"] == 3


def test_keyboard_play(site):
    site.open(PERSON_VS_BOT)
    s = site.human_decision(0)
    while s["phase"] in ("choose", "decide") or not s["extra"]["highlights"]:
        site.act(s)
        s = site.human_decision(0)
        assert not s["over"]
    site.page.focus("#board")
    site.page.keyboard.press("ArrowLeft")  # the cursor appears on the start cell
    target = s["extra"]["highlights"][0]
    for _ in range(20):
        cursor = site.cursor()
        if cursor == target:
            break
        r, c = cursor
        key = "ArrowDown" if r < target[0] else "ArrowUp" if r > target[0] else \
            "ArrowRight" if c < target[1] else "ArrowLeft"
        site.page.keyboard.press(key)
    assert site.cursor() == target
    site.page.keyboard.press("Enter")
    assert site.state()["extra"]["selection"] == [target]
    assert site.page.text_content("#announcer")  # the cell was described
    site.page.keyboard.press(" ")
    assert site.state()["extra"]["selection"] == []


def test_two_people_pass_the_device(site):
    site.open("?players=human,human&boards=A,A&seed=4&speed=0")
    seen_handoff = False
    for _ in range(12):
        s = site.state()
        if s["over"]:
            break
        if s["handoff"]:
            seen_handoff = True
            assert site.page.is_visible("#handoff")
            assert s["seats"][s["seat"]]["name"] in site.page.text_content("#handoff-text")
            site.click("btn-handoff")
            continue
        if s["buttons"].get("roll"):
            site.click("btn-roll")
            continue
        site.act(s)
    assert seen_handoff


def test_import_and_quota_errors(site):
    site.open(PERSON_VS_BOT)
    site.settled()
    record = site.record()
    assert site.page.evaluate("(t) => window.diceland.importText(t)", json.dumps(record))
    assert site.record() == record
    assert not site.page.evaluate("window.diceland.importText('{\"format\": \"something else\"}')")
    assert site.page.is_visible("#message")
    # a full localStorage: the game goes on and says that it could not save
    site.page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('the quota has been exceeded', 'QuotaExceededError'); }; }""")
    site.act(site.human_decision(0))
    assert len(site.record()["history"]["actions"]) > len(record["history"]["actions"])
    assert site.page.is_visible("#message")


def test_a_persons_crossing_is_kept_while_bots_cross(site):
    """Everyone crosses the same roll: the bots' crossings, made while the
    person chooses, neither clear the chosen cell nor refuse the tap."""
    site.open("?players=human,greedy,greedy,greedy&names=Ana,Bo,Cy,Di&boards=A,A,A,A&seed=3&speed=1")
    for _ in range(40):
        s = site.human_decision(settled=False)
        assert not s["over"]
        if s["phase"] == "place" and s["extra"]["highlights"] and s["bot_pending"]:
            break
        site.act(s)
    else:
        raise AssertionError("no crossing phase with bots still to cross")
    cell = s["extra"]["highlights"][0]
    before = len(site.record()["history"]["actions"])
    site.tap_cell(*cell)
    site.page.wait_for_function(
        f"() => JSON.parse(window.diceland.record()).history.actions.length > {before}", timeout=30_000)
    after = site.state()
    assert cell in after["extra"]["selection"], after
    assert after["seat"] == 0
