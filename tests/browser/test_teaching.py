"""Rule teaching in Chromium: the tutorial's lessons show the engine's
position, a wrong try is answered with its rule and the right one solves the
lesson; a "Share position" link shows the game's position; a broken link
explains itself; the height reaches a page that embeds the board."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from diceland_core import load_record
from diceland_core.games.diceland.scenario import load_scenario, replay_scenario

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "site" / "tutorial" / "diceland"
INDEX = json.loads((TUTORIAL / "index.json").read_text(encoding="utf-8"))
READY = 60_000


def engine_view(game) -> dict:
    """What the board shows, from the engine: crosses per seat, phase, dice."""
    phase = game.phase.value
    held = [game.chosen.key] * game.held if game.chosen is not None else []
    if phase == "choose":
        dice = [(c.key, "roll") for c in game.roll]
    elif phase == "decide":
        dice = [(c, "held") for c in held] + [(c.key, "roll") for c in game.leftovers]
    elif phase == "place":
        dice = [(c, "held") for c in held] + [(c.key, "leftover") for c in game.leftovers]
    elif phase == "bonus":
        dice = [(c.key, "bonus") for c in game.roll]
    else:
        dice = []
    return {"crossed": [[list(c) for c in s.crossed_cells()] for s in game.sheets], "phase": phase,
            "active": game.active, "dice": dice}


def shown_view(state: dict) -> dict:
    return {"crossed": state["crossed"], "phase": state["phase"], "active": state["active"],
            "dice": [(d["colour"], d["group"]) for d in state["dice"]]}


def embed_state(frame) -> dict:
    return json.loads(frame.evaluate("window.dicelandEmbed.state()"))


def wait_ready(frame) -> bool:
    """Wait for the live board of ``frame``; a framed example first shows a
    picture of its position, and is started here with its Play button (True
    when it was)."""
    frame.wait_for_selector("html[data-ready=true], html[data-picture=true]", state="attached", timeout=READY)
    pictured = frame.evaluate("document.documentElement.dataset.ready") != "true"
    if pictured:
        assert frame.evaluate("document.querySelector('script[type=py]')") is None
        frame.click("#picture-play")
    frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY)
    return pictured


def lesson_frame(page):
    handle = page.wait_for_selector("#lesson-frame", state="attached")
    frame = handle.content_frame()
    wait_ready(frame)
    return frame


def tap(frame, row: int, col: int) -> None:
    """Click a cell of the board inside ``frame``."""
    point = frame.evaluate(f"""(() => {{ const r = document.getElementById('board').getBoundingClientRect();
        const p = window.dicelandEmbed.cellCenter({row}, {col}); return {{x: p.x - r.left, y: p.y - r.top}}; }})()""")
    frame.locator("#board").click(position=point)


def test_tutorial_lessons_show_the_engine_position_and_a_try_solves_one(site):
    """Lessons of the tutorial (the first, the last and the overshoot one:
    every lesson's position is checked under CPython, tests/site/), in their
    frame, at their try step, against a CPython replay; then the overshoot
    lesson: a wrong tap names D2.4 in Spanish, the pass solves it, and the
    tutorial remembers it."""
    page = site.page
    page.set_viewport_size({"width": 1000, "height": 900})
    site.open(path="tutorial.html", query="?lang=es")
    assert page.locator('#lessons button[data-game="diceland"]').count() == len(INDEX)
    shown = [INDEX[0], INDEX[-1], next(e for e in INDEX if e["id"] == "overshoot")]
    for n, entry in enumerate(shown):
        if n:
            page.click(f'#lessons button[data-lesson="{entry["id"]}"]')
            # the frame still shows the previous lesson until the new one loads
            page.wait_for_selector("#lesson-frame").content_frame().wait_for_url(f"**scenario={entry['id']}&*")
        frame = lesson_frame(page)
        data = json.loads((TUTORIAL / entry["file"]).read_text(encoding="utf-8"))
        step = data["try"]["step"]
        assert frame.url.endswith(f"embed.html?scenario={entry['id']}&lang=es&step={step}")
        state = embed_state(frame)
        game, result = replay_scenario(load_scenario(TUTORIAL / entry["file"]), steps=step)
        assert result["ok"]
        assert state["lesson"] == entry["id"] and state["step"] == step and state["lang"] == "es"
        assert shown_view(state) == engine_view(game), entry["id"]
        assert frame.locator("#dice button.die").count() == len(state["dice"])
        assert frame.text_content("#embed-title") == data["title"]["es"]
        assert state["can_try"]

    frame = lesson_frame(page)  # the overshoot lesson
    frame.click('button[data-control="try"]')
    assert embed_state(frame)["mode"] == "try"
    tap(frame, 1, 1)
    feedback = frame.text_content("#embed-feedback")
    # a plain sentence for the reader; the rule waits behind "detalles"
    assert feedback.startswith("Demasiados dados: 3 × rojo") and "D2.4" not in feedback, feedback
    assert frame.text_content("#embed-feedback-details summary") == "detalles"
    assert not frame.is_visible("#embed-feedback-details span")
    frame.click("#embed-feedback-details summary")
    assert frame.text_content("#embed-feedback-details span") == "D2.4 Sobretirada"
    assert embed_state(frame)["step"] == 2
    frame.click('button[data-control="pass"]')
    state = embed_state(frame)
    assert state["solved"] and state["step"] == 3 and state["mode"] == "watch"
    page.wait_for_selector('#lessons button.done[data-lesson="overshoot"]')
    assert page.is_visible("#lesson-solved")
    stored = json.loads(page.evaluate("localStorage.getItem('diceland:tutorial')"))
    assert stored["done"] == ["overshoot"] and stored["lang"] == "es"
    # the frame told its height, and the page sized the frame to it
    height = page.evaluate("document.getElementById('lesson-frame').getBoundingClientRect().height")
    inner = frame.evaluate("Math.ceil(document.body.getBoundingClientRect().height)")
    assert abs(height - inner) <= 8 and height > 400


def test_old_lesson_links_and_stored_progress_still_open_diceland_lessons(site):
    """Diceland's lessons moved to tutorial/diceland/: the tutorial's
    ``?lesson=`` links (bare, or with the game), progress stored before, and
    embed links naming a lesson by its file (with or without ``game=``)."""
    page = site.page
    site.open(path="tutorial.html", query="?lang=es")
    page.evaluate("""localStorage.setItem('diceland:tutorial',
        JSON.stringify({version: 1, done: ['open-zones', 'overshoot'], lang: 'it'}))""")
    for query in ("?lesson=overshoot", "?lesson=diceland/overshoot"):
        site.open(path="tutorial.html", query=query)
        state = json.loads(page.evaluate("window.dicelandTutorial.state()"))
        assert state["lesson"] == "overshoot" and state["lang"] == "it", query
        assert state["done"] == ["open-zones", "overshoot"]
        assert state["src"] == "embed.html?scenario=overshoot&lang=it&step=2"
        assert page.locator('#lessons button.done[data-game="diceland"]').count() == 2
    for query in ("?scenario=04-overshoot.json&lang=es&play=1", "?game=diceland&scenario=04-overshoot&play=1"):
        site.open(path="embed.html", query=query)
        state = embed_state(page.main_frame)
        assert (state["lesson"], state["game"], state["step"]) == ("overshoot", "diceland", 1), query


def test_share_position_link_shows_the_games_position(site):
    page = site.page
    site.open("?players=human,greedy&boards=A,B&seed=7&speed=0")
    s = site.play(6)
    game = load_record(site.record())
    page.click("#btn-share")
    assert page.is_visible("#share")
    link = page.input_value("#share-link")
    snippet = page.input_value("#share-snippet")
    assert link.startswith(site.base_url + "diceland.html#position=")
    assert snippet.startswith("<iframe ")
    embed = re.search(r'src="([^"]+)"', snippet)[1].replace("&amp;", "&")
    assert embed.startswith(site.base_url + "embed.html?s=")
    page.click("#btn-share-close")
    site.open(path=embed[len(site.base_url):])
    state = embed_state(page.main_frame)
    assert state["step"] == state["steps"] == len(game.actions)
    assert shown_view(state) == engine_view(game)
    assert state["names"] == [p["name"] for p in s["seats"]]
    assert page.locator("#board").is_visible()
    # previous / next step through the game
    page.click('button[data-control="prev"]')
    assert embed_state(page.main_frame)["step"] == len(game.actions) - 1
    page.click('button[data-control="next"]')
    assert shown_view(embed_state(page.main_frame)) == engine_view(game)


HOST = """<!doctype html><html><body style="margin:0">
<script>window.__heights = []; window.addEventListener("message", (e) => {
  if (e.data && e.data.type === "diceland:height") {
    window.__heights.push([document.querySelector("iframe").src, e.data.height]);
    document.querySelector("iframe").style.height = e.data.height + "px";
  }
});</script>
<iframe src="GOOD" style="width:320px;height:150px;border:0"></iframe>
</body></html>"""


def test_an_embedding_page_gets_the_height_and_broken_links_explain_themselves(site, serve, tmp_path):
    """A host page on another origin (a second server) with a 320 px frame:
    a lesson, then a damaged s= (Italian), then an unknown scenario name
    (Spanish)."""
    page = site.page
    good = site.base_url + "embed.html?scenario=phase-1&lang=it&step=0&seat=0"
    (tmp_path / "host.html").write_text(HOST.replace("GOOD", good), encoding="utf-8")
    page.goto(serve(tmp_path).url + "host.html")

    def load(url: str, pictured: bool = True):
        # the new document's first height message shows the frame has navigated;
        # only then is its ready marker its own (not the previous document's)
        page.wait_for_function("(src) => window.__heights.some(h => h[0] === src)", arg=url, timeout=READY)
        frame = page.frames[1]
        # a picture first, then the live board; a link naming no lesson starts
        # Python at once, which explains it
        assert wait_ready(frame) == pictured
        # the live board's height follows the picture's: the host's last height
        # is read until it is the frame's (two documents of two origins: no one
        # predicate reads both), and between the reads the frame's next height
        # message is waited for (it says each change of its height)
        inner = "Math.ceil(document.body.getBoundingClientRect().height)"
        said = "(src) => window.__heights.filter((h) => h[0] === src).map((h) => h[1])"
        for _ in range(50):
            heights = page.evaluate(said, url)
            if heights[-1] == frame.evaluate(inner):
                break
            try:
                page.wait_for_function(f"([src, n]) => ({said})(src).length > n", arg=[url, len(heights)],
                                       timeout=5_000)
            except PlaywrightTimeout:
                break
        return frame, heights[-1]

    frame, height = load(good)
    state = embed_state(frame)
    assert state["step"] == 0 and state["seat"] == 0 and state["lang"] == "it"
    width = frame.evaluate("document.getElementById('board').getBoundingClientRect().width")
    assert 280 <= width <= 320 and height > 400
    assert frame.evaluate("document.documentElement.scrollWidth") <= 320
    assert page.evaluate("document.querySelector('iframe').getBoundingClientRect().height") == height

    bad = site.base_url + "embed.html?s=" + quote("eJzLSM3JyVcozy/KSQEAGgQEXQ!!") + "&lang=it"
    page.evaluate("(src) => { document.querySelector('iframe').src = src; }", bad)
    frame, height = load(bad)
    assert embed_state(frame)["error"] == "base64"
    assert frame.text_content("#embed-error-text") == "L'esempio nel link è danneggiato: non è testo base64url."
    assert frame.is_visible("#embed-error") and 50 < height < 400

    unknown = site.base_url + "embed.html?scenario=nope&lang=es"
    page.evaluate("(src) => { document.querySelector('iframe').src = src; }", unknown)
    frame, height = load(unknown, pictured=False)
    assert embed_state(frame)["error"] == "unknown_scenario"
    assert "No hay ningún ejemplo llamado «nope»" in frame.text_content("#embed-error-text")
