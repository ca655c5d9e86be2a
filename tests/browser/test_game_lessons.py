"""The lessons of Ganz schön clever and Dice Wide Shut in Chromium: a lesson
in Spanish in the tutorial (its picture first, then its live board; its text in Spanish, a wrong move refused with
the engine's reason and the rule behind "details", the try solved by clicks
on the dice and the sheet, or by the keyboard alone, and the tutorial marks
it done); any step of a lesson shown by ``embed.html?game=…`` as the engine
has it; broken links name what is wrong."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from diceland_core.core.replay import load_scenario, replay_scenario
from diceland_site.teaching import without_rule_ids

pytestmark = pytest.mark.browser

TUTORIAL = Path(__file__).resolve().parents[2] / "site" / "tutorial"
READY = 60_000
RULE_ID = re.compile(r"\b[CW]\d+\.\d+")


def lesson(game: str, ident: str) -> tuple[Path, dict]:
    index = json.loads((TUTORIAL / game / "index.json").read_text(encoding="utf-8"))
    path = TUTORIAL / game / next(e["file"] for e in index if e["id"] == ident)
    return path, json.loads(path.read_text(encoding="utf-8"))


def embed_state(frame) -> dict:
    return json.loads(frame.evaluate("window.dicelandEmbed.state()"))


def lesson_frame(page):
    """The tutorial's lesson frame with its live board: the frame first shows
    the picture of the lesson's step (no Python yet), started here with its
    Play button."""
    frame = page.wait_for_selector("#lesson-frame", state="attached").content_frame()
    frame.wait_for_selector("html[data-picture=true]", state="attached", timeout=READY)
    assert frame.evaluate("document.querySelector('script[type=py]')") is None
    assert frame.evaluate("document.getElementById('picture').getAttribute('src')").startswith("./pictures/")
    frame.click("#picture-play")
    frame.wait_for_selector("html[data-ready=true]", state="attached", timeout=READY)
    return frame


#: ``window.dicelandEmbed.state()`` as ``s`` for a predicate of the embed's state.
EMBED_STATE = "if (!window.dicelandEmbed) return false; const s = JSON.parse(window.dicelandEmbed.state());"


def wait_mode(frame, mode: str) -> dict:
    """The embed's state once it is in ``mode`` (an input is handled after the event reaches Python)."""
    try:
        frame.wait_for_function(f"(mode) => {{ {EMBED_STATE} return s.mode === mode; }}", arg=mode, timeout=10_000)
    except PlaywrightTimeout:
        raise AssertionError(f"the embed never reached {mode}: {embed_state(frame)}") from None
    return embed_state(frame)


def wait_solved(frame) -> dict:
    """The embed's state once the last input of the try has been handled
    (the callers check that it was solved)."""
    try:
        frame.wait_for_function(f"() => {{ {EMBED_STATE} return s.solved || s.feedback_kind === 'wrong'; }}",
                                timeout=10_000)
    except PlaywrightTimeout:
        pass
    return embed_state(frame)


FOCUS_CHECK = """(sel) => {
    const want = document.querySelector(sel);
    return Boolean(want) && document.activeElement === want && document.hasFocus();
}"""

SEEN = """() => {
    if (window.__keysSeen) return;
    window.__keysSeen = [];
    for (const kind of ["keydown", "click", "focusout", "focusin"]) {
        document.addEventListener(kind, (e) => window.__keysSeen.push(
            kind + ":" + (e.key || "") + ":" + ((e.target && (e.target.dataset || {}).control) || (e.target && e.target.tagName) || "")), true);
    }
}"""


def press_enter_on(page, frame, selector: str) -> None:
    """Enter on a control of the frame, pressed once the control really has
    the keyboard focus (the frame's document focused too); the click it
    makes is waited for, and a key that made none is pressed once more, the
    focus checked again."""
    frame.evaluate(SEEN)
    frame.evaluate("window.__keysSeen.length = 0")
    for _attempt in range(2):
        for _ in range(50):  # (a loop, not one wait: the focus is given again between the checks)
            frame.focus(selector)
            if frame.evaluate(FOCUS_CHECK, selector):
                break
            frame.wait_for_timeout(100)
        else:
            where = page.evaluate("document.activeElement && document.activeElement.id")
            raise AssertionError(f"{selector} never took the focus (the page's focus is on #{where})")
        page.keyboard.press("Enter")
        try:
            frame.wait_for_function("() => window.__keysSeen.some((s) => s.startsWith('click:'))", timeout=3_000)
            return
        except PlaywrightTimeout:
            pass  # pressed once more
    raise AssertionError(f"Enter on {selector} made no click: {frame.evaluate('window.__keysSeen')}, "
                         f"page focus on #{page.evaluate('document.activeElement && document.activeElement.id')}")


def answer_taps(frame) -> list[list[str]]:
    return json.loads(frame.evaluate("window.dicelandEmbed.answerTaps()"))


def check_marked_done(page, key: str) -> None:
    page.wait_for_selector(f'#lessons button.done[data-lesson="{key}"]')
    assert page.is_visible("#lesson-solved")
    stored = json.loads(page.evaluate("localStorage.getItem('diceland:tutorial')"))
    assert key in stored["done"] and stored["lang"] == "es"


def test_a_clever_lesson_in_spanish_solved_by_clicks(site):
    page = site.page
    page.set_viewport_size({"width": 1000, "height": 900})
    path, data = lesson("clever", "turn-and-platter")
    site.open(path="tutorial.html", query="?lang=es&lesson=clever/turn-and-platter")
    # a section per game, headed by the game's name
    assert page.text_content('#lessons section[data-game="clever"] h3') == "Qué listo (Ganz schön clever)"
    assert page.locator('#lessons section[data-game="wideshut"] button').count() >= 4
    frame = lesson_frame(page)
    step = data["try"]["step"]
    assert frame.url.endswith(f"embed.html?game=clever&scenario=turn-and-platter&lang=es&step={step}")
    assert frame.text_content("#embed-title") == data["title"]["es"]
    assert frame.text_content("#embed-caption") == without_rule_ids(data["steps"][2]["caption"]["es"])
    state = embed_state(frame)
    _, expected = replay_scenario(*load_scenario(path), steps=step)
    assert state["summary"] == {k: v for k, v in expected.items() if k not in ("ok", "error")}
    assert state["lang"] == "es" and state["can_try"]

    frame.click('button[data-control="try"]')
    wait_mode(frame, "try")
    assert data["try"]["prompt"]["es"] in frame.text_content("#embed-prompt")
    # a wrong move: the engine's reason in Spanish, its rule behind "detalles"
    frame.click('#dice button[data-die="orange"]')
    # the click reaches Python after the event
    frame.wait_for_function("() => document.getElementById('embed-feedback').textContent", timeout=10_000)
    feedback = frame.text_content("#embed-feedback")
    assert "naranja" in feedback and not RULE_ID.search(feedback), feedback
    assert frame.text_content("#embed-feedback-details summary") == "detalles"
    frame.click("#embed-feedback-details summary")
    assert frame.text_content("#embed-feedback-details span").startswith("C6.3")
    assert embed_state(frame)["step"] == step

    # the right one: the die, then its field on the sheet
    taps = answer_taps(frame)
    assert [kind for kind, _ in taps] == ["die", "target"]
    frame.click(f'#dice button[data-die="{taps[0][1]}"]')
    assert frame.locator("#embed-targets button").count() >= 1
    point = frame.evaluate(f"""(() => {{ const r = document.getElementById('board').getBoundingClientRect();
        const p = window.dicelandEmbed.point({json.dumps(taps[1][1])}); return {{x: p.x - r.left, y: p.y - r.top}}; }})()""")
    frame.locator("#board").click(position=point)
    state = wait_solved(frame)
    assert state["solved"] and state["step"] == step + 1 and state["mode"] == "watch"
    assert state["feedback_kind"] == "right"
    check_marked_done(page, "clever/turn-and-platter")


def test_a_wideshut_lesson_in_spanish_solved_by_keyboard(site):
    page = site.page
    page.set_viewport_size({"width": 1000, "height": 900})
    path, data = lesson("wideshut", "first-round")
    site.open(path="tutorial.html", query="?lang=es&lesson=wideshut/first-round")
    frame = lesson_frame(page)
    assert frame.text_content("#embed-title") == data["title"]["es"]
    # the file's explanation, its rulebook citations left out for the reader
    assert frame.text_content("#embed-explain") == without_rule_ids(data["explain"]["es"])
    step = data["try"]["step"]
    assert embed_state(frame)["step"] == step

    press_enter_on(page, frame, 'button[data-control="try"]')
    wait_mode(frame, "try")
    # the game's own buttons, in Spanish
    assert frame.text_content('button[data-control="clear"]') == "Limpiar"
    assert frame.is_visible('button[data-control="roll"]') and frame.is_disabled('button[data-control="roll"]')
    for kind, ident in answer_taps(frame):
        selector = {"die": f'#dice button[data-die="{ident}"]', "button": f'button[data-control="{ident}"]',
                    "target": f"#embed-targets button[data-target='{ident}']"}[kind]
        press_enter_on(page, frame, selector)
        assert embed_state(frame)["feedback_kind"] != "wrong", embed_state(frame)["feedback"]
    state = wait_solved(frame)
    assert state["solved"] and state["step"] == step + 1, state
    assert frame.text_content("#embed-feedback") == "¡Correcto! Esa es la jugada."
    _, expected = replay_scenario(*load_scenario(path), steps=step + 1)
    assert state["summary"]["players"] == expected["players"]
    check_marked_done(page, "wideshut/first-round")


def test_embed_shows_any_step_of_a_lesson_and_names_what_is_wrong(site):
    page = site.page
    path, data = lesson("wideshut", "split")
    site.open(path="embed.html", query="?game=wideshut&scenario=split&step=2&lang=it")
    state = embed_state(page.main_frame)
    _, expected = replay_scenario(*load_scenario(path), steps=2)
    assert state["step"] == 2 and state["summary"]["players"] == expected["players"]
    assert page.text_content("#embed-title") == data["title"]["it"]
    page.click('button[data-control="next"]')
    assert embed_state(page.main_frame)["step"] == 3
    assert embed_state(page.main_frame)["can_try"]
    for query, key, words in (
            ("?game=chess&scenario=split", "unknown_game", ["chess", "clever", "wideshut"]),
            ("?game=chess", "unknown_game", ["chess", "clever", "wideshut"]),
            ("?game=chess&lang=fr&scenario=split", "unknown_game", ["chess"]),
            ("?game=clever&scenario=nope&lang=es", "unknown_scenario", ["nope", "turn-and-platter"]),
            ("?game=clever&scenario=extra&step=99", "step_range", ["99", "3"]),
            ("?game=wideshut&scenario=split&step=x", "step", ["x"])):
        site.open(path="embed.html", query=query)
        state = embed_state(page.main_frame)
        assert not state["ok"] and state["error"] == key, (query, state)
        text = page.text_content("#embed-error-text")
        assert all(w in text for w in words), text
