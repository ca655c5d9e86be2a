"""The Diceland page's finish: the keyboard shortcuts panel, the settings
(bot speed, sounds) kept across reloads, a phone held sideways, taps just
past a playable cell, and the burst around a new cross (none under reduced
motion)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PERSON_VS_BOT = "?players=human,greedy&boards=A,A&seed=5&speed=0"
BOTS_AT_THE_SETTINGS_PACE = "?players=greedy,greedy&boards=A,B&seed=3"

FOCUS_IN_PANEL = "document.getElementById('keys-help').contains(document.activeElement)"


def _settings(site) -> dict:
    return site.state()["settings"]


def test_shortcuts_panel_opens_with_question_mark_and_button(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    site.human_decision(0)
    panel = page.locator("#keys-help")
    assert not panel.evaluate("d => d.open")
    page.focus("#board")
    page.keyboard.press("?")
    assert panel.evaluate("d => d.open")
    # accessible: a modal dialog named by its heading, listing every shortcut
    assert panel.get_attribute("aria-labelledby") == "keys-help-title"
    assert page.text_content("#keys-help-title") == "Keyboard shortcuts"
    lines = page.locator("#keys-list li").all_text_contents()
    assert len(lines) == 11 and any(line.startswith("C:") for line in lines) and "?" in lines[-1]
    assert page.evaluate(FOCUS_IN_PANEL)
    for _ in range(4):  # focus stays inside while the panel is open
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_IN_PANEL)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS_IN_PANEL)
    page.keyboard.press("Escape")
    assert not panel.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.id") == "board"  # focus back where it was
    # the "?" button opens it too, and its Close button closes it
    assert page.get_attribute("#btn-keys", "aria-label") == "Keyboard shortcuts"
    site.click("btn-keys")
    assert panel.evaluate("d => d.open")
    site.click("btn-keys-help-close")
    assert not panel.evaluate("d => d.open")
    # every button with a key says it in its tooltip
    assert page.get_attribute("#btn-pass", "title") == "Pass (key P)"
    assert page.get_attribute("#btn-pass", "aria-keyshortcuts") == "P"
    # and in Spanish
    page.select_option("#lang-select", "es")
    page.keyboard.press("?")
    assert page.text_content("#keys-help-title") == "Atajos de teclado"
    assert page.locator("#keys-list li").first.text_content().startswith("Flechas")
    page.keyboard.press("Escape")
    assert page.get_attribute("#btn-pass", "title") == "Pasar (tecla P)"


def test_bot_speed_setting_sets_the_bots_pause(site):
    page = site.page
    site.open(BOTS_AT_THE_SETTINGS_PACE)
    s = site.wait_state("s.settings.bot_scheduled_ms !== null")
    assert s["settings"]["bot_speed"] == "normal" and s["settings"]["bot_scheduled_ms"] == 650
    site.click("btn-settings")
    assert page.input_value("#bot-speed") == "normal"
    page.select_option("#bot-speed", "slow")
    assert site.wait_state("s.settings.bot_scheduled_ms === 1300")["settings"]["bot_delay_ms"] == 1300
    page.select_option("#bot-speed", "fast")
    assert site.wait_state("s.settings.bot_scheduled_ms < 650")["settings"]["bot_speed"] == "fast"
    page.select_option("#bot-speed", "instant")
    assert site.wait_state("s.settings.bot_scheduled_ms === 0 || s.over")["settings"]["bot_delay_ms"] == 0
    site.reload()  # the speed is kept
    s = _settings(site)
    assert s["bot_speed"] == "instant" and s["bot_delay_ms"] == 0
    assert page.input_value("#bot-speed") == "instant"
    # a link's speed goes before the setting
    site.open("?players=greedy,greedy&boards=A,B&seed=4&speed=2")
    assert _settings(site)["bot_delay_ms"] == 1300


def test_sound_is_off_until_switched_on_and_stays_on(site):
    page = site.page
    site.open(PERSON_VS_BOT)
    site.settled()  # the bot's moves (and their sounds) are made before the switch
    assert _settings(site)["sound"] is False
    site.click("btn-settings")
    assert not page.is_checked("#sound-toggle")
    page.check("#sound-toggle")
    site.click("btn-settings-close")
    s = _settings(site)
    assert s["sound"] is True and s["sounds_played"] == ["tap"]
    site.reload()
    assert _settings(site)["sound"] is True
    site.click("btn-settings")
    assert page.is_checked("#sound-toggle")
    page.uncheck("#sound-toggle")
    assert page.is_checked("#auto-pass-toggle")  # passing for the player when nothing fits: on
    page.uncheck("#auto-pass-toggle")
    site.reload()
    assert _settings(site)["sound"] is False
    assert not page.is_checked("#auto-pass-toggle")
    assert page.evaluate("JSON.parse(localStorage.getItem('diceland:settings')).auto_pass") is False


def test_phone_held_sideways_shows_board_and_buttons_together(phone_site):
    site = phone_site(844, 390)
    page = site.page
    site.open(PERSON_VS_BOT)
    site.human_decision(0)
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 844
    board = page.locator("#board").bounding_box()
    assert board["y"] >= 0 and board["y"] + board["height"] <= 390 and board["x"] + board["width"] <= 844
    shown = page.locator("#actions button:visible, #dice button.die")
    assert shown.count() >= 3
    for i in range(shown.count()):
        box = shown.nth(i).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 390, shown.nth(i).get_attribute("id")
        assert box["x"] >= board["x"] + board["width"]  # beside the board, not under it
        assert box["height"] >= 40  # a thumb's size
    page.screenshot(path=str(site_shot("phone-844x390.png")))


def site_shot(name: str):
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "test-results" / name
    path.parent.mkdir(exist_ok=True)
    return path


def _a_lit_cell_beside_an_unlit_one(site) -> tuple[dict, list, list]:
    """Play until the person has cells to cross; a lit cell and an unlit
    neighbour in the same row."""
    for _ in range(80):
        s = site.human_decision(0)
        assert not s["over"]
        if s["phase"] in ("place", "bonus") and s["extra"]["highlights"] and s["shown"] == 0:
            lit = [tuple(c) for c in s["extra"]["highlights"]]
            for r, c in lit:
                for dc in (1, -1):
                    if 0 <= c + dc < 12 and (r, c + dc) not in lit:
                        return s, [r, c], [r, c + dc]
        site.act(s)
    raise AssertionError("no lit cell beside an unlit one")


def _near_miss(site, lit, other) -> None:
    """Tap 60% of the way from the lit cell's centre to its neighbour's: past
    the edge they share, inside the unlit neighbour."""
    a = site.cell_center(*lit, seat=0)
    b = site.cell_center(*other, seat=0)
    site.page.mouse.click(a["x"] + (b["x"] - a["x"]) * 0.6, a["y"])


POPS = "[...document.querySelectorAll('#board-wrap .cross-pop')].map(p => getComputedStyle(p).animationName)"


def test_a_tap_just_past_a_lit_cell_counts_and_bursts(site):
    site.open(PERSON_VS_BOT)
    s, lit, other = _a_lit_cell_beside_an_unlit_one(site)
    _near_miss(site, lit, other)
    pops = site.page.evaluate(POPS)  # first: a burst is gone 1.5 s after the tap
    after = site.state()
    assert lit in after["extra"]["selection"], (lit, other, after["extra"]["selection"])
    assert "cross-pop" in pops


def test_no_burst_under_reduced_motion(site):
    site.page.emulate_media(reduced_motion="reduce")
    site.open(PERSON_VS_BOT)
    s, lit, other = _a_lit_cell_beside_an_unlit_one(site)
    site.tap_cell(*lit, seat=0)
    assert lit in site.state()["extra"]["selection"]
    pops = site.page.evaluate(POPS)
    assert pops and set(pops) == {"none"}
    assert site.page.evaluate(
        "[...document.querySelectorAll('#board-wrap .cross-pop')].every(p => getComputedStyle(p).display === 'none')")
