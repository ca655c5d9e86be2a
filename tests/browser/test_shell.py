"""The shell around the games: the home page, old start links, one saved-games
list for every game, plain error messages with details, the pass-the-device
screen taking all input, and undo only for one's own decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from diceland_site.i18n import Strings
from diceland_site.tutorial_list import progress_text

from waits import wait_for_async

pytestmark = pytest.mark.browser

LESSONS = Path(__file__).resolve().parents[2] / "site" / "tutorial"
PERSON_VS_BOT = "?players=human,greedy&boards=A,B&seed=7&speed=0"
TWO_PEOPLE = "?players=human,human&boards=A,A&seed=4&speed=0"


def test_home_page_lists_the_games_and_opens_diceland(site):
    page = site.page
    site.open(path="index.html")
    cards = page.locator("#games .game-card")
    assert [cards.nth(i).get_attribute("data-game") for i in range(cards.count())] == \
        ["diceland", "clever", "wideshut"]
    link = cards.first.locator("a.play-link")
    assert link.get_attribute("href").endswith("diceland.html")
    page.evaluate("delete document.documentElement.dataset.ready")
    link.click()
    site.wait_ready()
    assert page.url.split("?")[0].endswith("/diceland.html")
    assert page.evaluate("typeof window.diceland.state") == "function"


def test_old_start_link_on_index_opens_a_diceland_game(site):
    site.open("?players=human,expert&boards=A,C&seed=5&speed=0", path="index.html")
    record = site.record()
    assert record["game"] == "diceland" and record["seed"] == 5
    assert [b["id"] for b in record["setup"]["boards"]] == ["A", "C"]
    assert site.page.url.split("?")[0].endswith("/diceland.html")


def test_saves_of_every_game_share_one_list(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    mine = site.save_id()
    other = json.loads(page.evaluate(f"localStorage.getItem('diceland:save:{mine}')"))
    other["id"] = "other-game"
    other["record"]["game"] = "chess"
    other["saved_at"] = 1
    page.evaluate("(t) => localStorage.setItem('diceland:save:other-game', t)", json.dumps(other))
    site.click("btn-saves")
    titles = {page.get_attribute(f"#saves-list li:nth-child({i + 1})", "data-game"):
              page.text_content(f"#saves-list li:nth-child({i + 1}) .save-title") for i in range(2)}
    assert titles["diceland"].startswith("Diceland:")
    assert "chess" in titles["chess"]  # a game this site has no page for is named, not opened
    assert page.locator('#saves-list li[data-game="chess"] .save-resume').count() == 0
    page.click(f'#saves-list li[data-id="{mine}"] .save-resume')
    assert site.save_id() == mine


def test_bad_import_is_a_plain_sentence_with_details(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    assert not page.evaluate("window.diceland.importText('{\"app\": null}')")
    text = site.state()["message"]
    assert text and "'app'" not in text and "None" not in text and "diceland'" not in text
    details = page.locator("#message details.rule-details")
    assert details.count() == 1
    details.locator("summary").click()
    assert "'app'" in details.text_content()


def test_import_is_reachable_on_a_first_visit(site):
    page = site.page
    site.open()
    assert page.is_visible("#welcome")  # the first screen
    assert page.is_visible("#btn-welcome-import") and page.is_enabled("#btn-welcome-import")
    page.click("#btn-welcome-saves")
    assert page.is_visible("#btn-saves-import") and page.is_enabled("#btn-saves-import")


@pytest.mark.parametrize("width", [320, 390])
def test_welcome_starts_a_bot_game_in_one_tap_on_a_small_phone(kept_site, width):
    site = kept_site(width, 640, device_scale_factor=2)
    site.open("?speed=0")
    page = site.page
    box = page.locator("#welcome").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    for button in ("#btn-welcome-bot", "#btn-welcome-hotseat", "#link-welcome-learn", "#btn-welcome-import"):
        b = page.locator(button).bounding_box()
        assert b["x"] >= 0 and b["x"] + b["width"] <= width, button
    page.click("#btn-welcome-bot")
    s = site.wait_state("s.game")
    assert [p["kind"] for p in s["seats"]] == ["human", "greedy"]
    assert [p["name"] for p in s["seats"]] == ["Player 1", "Easy bot"]  # every page names a bot by its kind
    assert page.is_hidden("#welcome")


def _to_handoff(site) -> dict:
    for _ in range(40):
        s = site.state()
        if s["handoff"]:
            # the moves still due (an automatic pass) land before a count is read
            return site.settled()
        if s["buttons"].get("roll"):
            site.click("btn-roll")
        else:
            site.act(s)
    raise AssertionError("no hand-over in 40 steps")


def test_handoff_screen_blocks_the_keyboard_and_undo_is_only_ones_own(site):
    page = site.page
    site.open(TWO_PEOPLE)
    s = _to_handoff(site)
    actions = len(site.record()["history"]["actions"])
    assert s["overlay"] and not s["buttons"].get("undo")
    page.focus("#board")  # even with the focus left behind the screen
    for key in ("u", "c", "p", "Escape", "ArrowLeft", "1"):
        page.keyboard.press(key)
    after = site.state()
    assert after["overlay"] and after["handoff"], "the screen stays until its OK"
    assert len(site.record()["history"]["actions"]) == actions
    site.click("btn-handoff")
    s = site.state()
    assert not s["overlay"]
    assert not s["can_undo"] and not s["buttons"].get("undo"), "the other person's move is not theirs to undo"
    page.keyboard.press("u")
    assert len(site.record()["history"]["actions"]) == actions


def test_tap_on_an_opponents_board_names_it(site):
    page = site.page
    site.open(TWO_PEOPLE)
    for _ in range(40):
        s = site.state()
        if s["phase"] == "place" and s["extra"]["highlights"] and not s["handoff"]:
            break
        site.press_something(s)
    else:
        raise AssertionError("no placement in 40 steps")
    me = s["seat"]
    other = 1 - me
    row, col = s["extra"]["highlights"][0]
    site.tap_cell(row, col, seat=other)
    toast = page.locator("#toasts .toast").last.text_content()
    assert s["seats"][other]["name"] in toast and "not your decision" not in toast
    assert site.state()["extra"]["selection"] == []


def _phone(kept_site, width=390, height=844):
    return kept_site(width, height, device_scale_factor=2)


def test_phone_board_stays_put_between_phases(kept_site):
    site = _phone(kept_site)
    site.open(PERSON_VS_BOT)
    tops = set()
    for _ in range(6):
        s = site.human_decision(0)
        if s["over"]:
            break
        tops.add(round(site.page.locator("#board").bounding_box()["y"]))
        site.act(s)
    assert len(tops) == 1, f"the board moved: {sorted(tops)}"


def test_phone_end_table_and_long_log_fit(kept_site):
    site = _phone(kept_site)
    site.open("?players=greedy,greedy,greedy,greedy&boards=A&seed=3&speed=0")
    site.wait_state("s.over")
    page = site.page
    page.wait_for_selector("#game-over[open]")
    dialog = page.locator("#game-over").bounding_box()
    assert dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 390
    wrap = page.evaluate("""() => { const w = document.querySelector('#game-over .stats-wrap');
        const r = w.getBoundingClientRect(); return {right: r.right, scroll: w.scrollWidth, width: w.clientWidth}; }""")
    assert wrap["right"] <= 390 and (wrap["scroll"] <= wrap["width"] + 1 or page.evaluate(
        "getComputedStyle(document.querySelector('#game-over .stats-wrap')).overflowX") == "auto")
    assert page.text_content("#game-over-why")  # why the winner won
    page.click("#btn-over-close")
    assert page.locator("#log li").count() > 99
    page.click("#log-panel summary")
    page.locator("#log > li.log-turn summary").first.click()  # a finished turn opened
    # the marker of every turn's last line ("12.") fits inside its list's left padding,
    # and nothing of the log sticks out of the phone's width
    fits = page.evaluate("""() => [...document.querySelectorAll('#log .log-lines')].every(list => {
        const probe = document.createElement('span'); probe.textContent = list.children.length + '.';
        probe.style.font = getComputedStyle(list).font; document.body.appendChild(probe);
        const need = probe.getBoundingClientRect().width; probe.remove();
        return parseFloat(getComputedStyle(list).paddingLeft) >= need; })""")
    wide = page.evaluate("() => { const log = document.getElementById('log'); "
                         "return log.scrollWidth <= log.clientWidth + 1 && log.getBoundingClientRect().right <= 390; }")
    assert fits and wide


def test_switching_a_seat_to_a_person_drops_the_bot_name(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    site.click("btn-new")
    assert page.input_value("#seat-rows .seat-name >> nth=1") == "Easy bot"
    page.select_option("#seat-rows .seat-kind >> nth=1", "human")
    assert page.input_value("#seat-rows .seat-name >> nth=1") == "Player 2"


@pytest.mark.parametrize("game, query", [
    ("diceland", "?players=human,expert&boards=A,B&seed=3&speed=0"),
    ("clever", "?players=human,expert&seed=3&speed=0"),
    ("wideshut", "?players=human,expert&seed=3&speed=0"),
])
def test_every_game_page_has_the_same_window_diceland_surface(site, game, query):
    site.open(query, path=f"{game}.html")
    page = site.page
    for name in ("game", "record", "state", "importText"):
        assert page.evaluate(f"typeof window.diceland.{name}") == "function", name
    assert page.evaluate("window.diceland.game()") == game
    s = site.state()
    assert s["game"] == game and s["over"] is False and s["winners"] == []
    assert isinstance(s["can_undo"], bool) and isinstance(s["prompt"], str) and s["prompt"]
    assert s["seat"] in (0, 1) and s["shown"] in (0, 1)
    assert ("turn" in s["extra"]) or ("round" in s["extra"])
    assert [(x["name"] != "", x["kind"]) for x in s["seats"]] == [(True, "human"), (True, "expert")]
    record = site.record()
    assert all(isinstance(x["total"], int) for x in s["seats"]) and record["game"] == game


HAS_RUNTIME = """async () => {
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    if ((await cache.keys()).some((r) => r.url.endsWith("pyodide.asm.wasm"))) return true;
  }
  return false;
}"""


@pytest.mark.fresh_context  # a first visit: no runtime kept, no service worker
def test_the_home_page_fetches_the_runtime_once_idle(page, server, watch):
    """While the reader chooses a game, the runtime is kept for its page."""
    page.goto(server.url + "index.html")
    page.wait_for_selector("#games .game-card")
    wait_for_async(page, HAS_RUNTIME, "the home page never fetched the runtime", timeout=90_000)


@pytest.mark.fresh_context  # a first visit: no runtime kept, no service worker
def test_the_home_page_fetches_none_of_it_when_the_browser_saves_data(page, server, watch):
    page.add_init_script("Object.defineProperty(navigator, 'connection', { value: { saveData: true } })")
    fetched = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(server.url + "index.html")
    page.wait_for_selector("#games .game-card")
    page.wait_for_timeout(4_000)  # past the idle callback's longest wait (3 s)
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    assert not [url for url in fetched if "/pyodide/" in url or url.endswith(".whl")]


def test_home_page_has_a_language_menu_and_each_games_lessons_and_the_tutorial_goes_back(site):
    """The home page in Spanish by its menu, a "How to play" link per game
    that opens that game's first lesson, and the tutorial's "Back to the
    game" going back to the game page that opened it."""
    page = site.page
    site.open(path="index.html")
    page.evaluate("delete document.documentElement.dataset.ready")
    page.select_option("#lang-select", "es")
    site.wait_ready()
    assert page.url.endswith("lang=es") and page.inner_text("#home-title") == "Juegos de dados"
    learn = page.locator('#games .game-card[data-game="wideshut"] a.learn-link')
    assert learn.inner_text() == "Cómo se juega a Dice Wide Shut"
    assert learn.get_attribute("href") == "./tutorial.html?lesson=wideshut&lang=es"
    learn.click()
    page.wait_for_function("() => window.dicelandTutorial && JSON.parse(window.dicelandTutorial.state()).lesson", timeout=120_000)
    assert json.loads(page.evaluate("window.dicelandTutorial.state()"))["lesson"] == "wideshut/first-round"
    assert page.get_attribute("#link-game", "href") == "./wideshut.html?lang=es"
    # opened from a game page: back to that page
    site.open("?players=human,greedy&seed=3&speed=0", path="clever.html")
    page.evaluate("delete document.documentElement.dataset.ready")
    page.evaluate("location.href = './tutorial.html?lesson=wideshut/split'")
    page.wait_for_function("() => window.dicelandTutorial && JSON.parse(window.dicelandTutorial.state()).lesson", timeout=120_000)
    assert page.get_attribute("#link-game", "href").startswith("./clever.html?lang=")


def test_a_lesson_link_on_a_phone_shows_that_lesson_in_view(phone_site):
    """tutorial.html?lesson=wideshut/split on a phone: the list comes first
    in the page, and the named lesson's frame is scrolled into view."""
    site = phone_site(390, 844)
    site.open("?lesson=wideshut/split&lang=it", path="tutorial.html")
    page = site.page
    assert json.loads(page.evaluate("window.dicelandTutorial.state()"))["lesson"] == "wideshut/split"
    page.wait_for_function("() => { const r = document.getElementById('lesson-frame').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < window.innerHeight / 2; }", timeout=10_000)
    frame = page.locator("#lesson-frame").bounding_box()
    assert frame["width"] >= 360  # the lesson takes the phone's width


def test_the_tutorial_keeps_every_lessons_pictures_for_offline(browser, server, make_site):
    """Once the tutorial has been open (online, its service worker in
    control), the pictures of lessons never opened are there offline."""
    context = browser.new_context()
    try:
        site = make_site(context.new_page(), server.url)
        page = site.page
        site.open(path="tutorial.html")
        site.wait_for_service_worker()
        site.reload()
        page.wait_for_function("() => JSON.parse(window.dicelandTutorial.state()).pictures_kept >= 50",
                               timeout=120_000)
        context.set_offline(True)
        shown = page.evaluate("""async () => {
            const index = await (await fetch('./pictures/index.json')).json();
            const steps = index.lessons['wideshut/final-scoring'].steps.en;
            const response = await fetch('./' + steps[steps.length - 1].src);
            return [response.ok, (await response.text()).includes('<svg')];
        }""")
        assert shown == [True, True]
    finally:
        context.close()


def test_the_tutorial_list_and_lesson_come_before_python(browser, server, make_site):
    """While Python is still on its way (its WebAssembly held back), the
    tutorial already shows its list in the reader's language, the progress,
    and the lesson in its frame; a lesson chosen then opens; a try solved
    then is kept.  Once Python is ready it has taken over without a change:
    the same list, the same frame (not reloaded), the progress kept."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    held = []
    try:
        page = context.new_page()
        site = make_site(page, server.url)
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        # (in the top page only: a lesson frame's document writing it would be another
        # tab's change to the page, which then takes the stored progress)
        page.add_init_script("if (window === window.top) localStorage.setItem('diceland:tutorial',"
                             " JSON.stringify({done: ['open-zones'], lang: 'it'}))")
        with page.expect_request("**/pyodide.asm.wasm", timeout=20_000):  # Python asks for it, and waits
            page.goto(server.url + "tutorial.html?lesson=clever")
        page.wait_for_selector("#lessons button[data-lesson]", timeout=20_000)
        assert page.evaluate("document.documentElement.dataset.ready") is None
        assert page.evaluate("document.documentElement.lang") == "it"
        total = sum(len(json.loads(p.read_text(encoding="utf-8"))) for p in LESSONS.glob("*/index.json"))
        assert page.inner_text("#progress-text") == progress_text(1, total, Strings("it"))
        assert page.get_attribute('#lessons button[data-lesson="open-zones"]', "class") == "done"
        assert page.get_attribute('#lessons button[aria-current="true"]', "data-lesson") == "clever/turn-and-platter"
        assert page.get_attribute("#lesson-frame", "src").startswith("embed.html?game=clever&scenario=turn-and-platter&lang=it")
        assert page.get_attribute("#link-game", "href") == "./clever.html?lang=it"
        assert page.is_visible("#tutorial") and page.is_disabled("#btn-forget")
        # the boot screen is a line above the page, not over it
        assert page.evaluate("document.getElementById('boot').getBoundingClientRect().height") < 80
        # a lesson chosen before Python: its frame, its picture
        page.tap('#lessons button[data-lesson="wideshut/split"]')
        assert page.get_attribute("#lesson-frame", "src").startswith("embed.html?game=wideshut&scenario=split&lang=it")
        assert page.url.endswith("tutorial.html?lesson=wideshut/split&lang=it")
        frame = page.frame_locator("#lesson-frame")
        frame.locator("#picture").wait_for(state="visible", timeout=20_000)
        # the frame says its height, and a try solved, before Python is there
        page.wait_for_function("() => parseInt(document.getElementById('lesson-frame').style.height) > 320", timeout=10_000)
        page.locator("#lesson-frame").element_handle().content_frame().evaluate(
            "() => { window.__kept = 1; parent.postMessage({type: 'diceland:solved', lesson: 'wideshut/split'}, location.origin); }")
        early = page.inner_html("#lessons")
        assert held and page.evaluate("document.documentElement.dataset.ready") is None
        page.evaluate("delete document.documentElement.dataset.ready")
        for route in held:
            route.continue_()
        site.wait_ready()
        state = json.loads(page.evaluate("window.dicelandTutorial.state()"))
        assert state["lesson"] == "wideshut/split" and state["lang"] == "it"
        assert state["done"] == ["open-zones", "wideshut/split"]  # the early try, kept
        assert page.evaluate("document.getElementById('lesson-frame').contentWindow.__kept") == 1  # not reloaded
        assert not page.is_disabled("#btn-forget") and page.is_visible("#lesson-solved")
        # Python's list is the script's, but for the lesson now done
        assert page.inner_html("#lessons") == early.replace(
            'data-lesson="wideshut/split" data-game="wideshut" aria-current="true"',
            'data-lesson="wideshut/split" data-game="wideshut" class="done" aria-label="{}" aria-current="true"'.format(
                page.get_attribute('#lessons button[data-lesson="wideshut/split"]', "aria-label")))
    finally:
        context.close()
