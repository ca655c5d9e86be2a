"""Every game page has the same top bar: the game's name back to the home
page, the tutorial at the game's first lesson, the keyboard shortcuts ("?")
and the settings (bot speed; sounds and auto-pass where the page has them)
— with each game's own shortcuts, in the page's language."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGES = {
    "clever": ("clever.html", "?players=human,greedy&seed=7", "clever/", "Tab"),
    "wideshut": ("wideshut.html", "?players=human,greedy&seed=7", "wideshut/", "1 to 9"),
}


@pytest.mark.parametrize("game", sorted(PAGES))
def test_a_game_page_has_the_shortcuts_and_the_settings(site, game):
    page = site.page
    path, query, lesson, first_words = PAGES[game]
    site.open(query, path=path)
    # the name goes home, the tutorial opens at this game's lessons
    assert page.get_attribute(".brand a", "href") == "./index.html"
    assert lesson in page.get_attribute("#link-tutorial", "href")

    panel = page.locator("#keys-help")
    page.focus("#board")
    page.keyboard.press("?")
    assert panel.evaluate("d => d.open")
    lines = page.locator("#keys-list li").all_text_contents()
    assert any(first_words in line for line in lines), lines
    assert lines[-1].startswith("?")
    page.keyboard.press("Escape")
    assert not panel.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.id") == "board"

    site.click("btn-settings")
    assert page.locator("#settings").evaluate("d => d.open")
    # Diceland's own settings: its auto-pass, its sounds (this page plays none)
    assert not page.is_visible("#auto-pass-row") and not page.is_visible("#sound-toggle")
    page.select_option("#bot-speed", "slow")
    site.click("btn-settings-close")
    assert site.state()["settings"]["bot_speed"] == "slow"
    site.reload()  # kept, as on every page of the site
    assert site.state()["settings"]["bot_speed"] == "slow"
    assert page.input_value("#bot-speed") == "slow"

    # in Spanish
    page.select_option("#lang-select", "es")
    page.focus("#board")
    page.keyboard.press("?")
    assert page.text_content("#keys-help-title") == "Atajos de teclado"
    assert page.locator("#keys-list li").last.text_content().startswith("?")
    assert page.get_attribute("#btn-settings", "aria-label") == "Ajustes"


def test_diceland_keeps_its_auto_pass_and_sound_settings(site):
    site.open("?players=human,greedy&boards=A,A&seed=5&speed=0")
    site.click("btn-settings")
    assert site.page.is_visible("#auto-pass-toggle") and site.page.is_visible("#sound-toggle")
