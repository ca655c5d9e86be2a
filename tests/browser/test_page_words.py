"""The words of the game pages in Spanish and Italian: no English left in
the accessible names, the new-game dialog's column headings, and a reload
just after Roll showing the rolled dice."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

#: every accessible name and title a screen reader finds on the page
NAMES = """() => [...document.querySelectorAll('[aria-label], [title], .sr-only')]
  .filter((n) => !n.closest('[hidden]'))
  .map((n) => n.getAttribute('aria-label') || n.getAttribute('title') || n.textContent.trim())
  .filter((t) => t).concat([document.title])"""
#: words that are the same in English, Spanish and Italian
SAME_EVERYWHERE = {"Diceland", "Dice Wide Shut", "Ganz schön clever", "Menu", "Tutorial", "?", "+1"}
PAGES = {"diceland.html": "?players=human,expert&boards=A,B&seed=3&speed=0",
         "clever.html": "?players=human,expert&seed=3&speed=0",
         "wideshut.html": "?players=human,expert&seed=3&speed=0",
         "index.html": ""}


def _names(site, path: str, query: str) -> set[str]:
    site.open(query, path=path, wait=path != "index.html")
    if path == "index.html":
        site.page.wait_for_selector("#games .game-card")
    return set(site.page.evaluate(NAMES))


@pytest.mark.parametrize("path", sorted(PAGES))
def test_no_english_in_the_accessible_names_of_a_spanish_or_italian_page(site, path):
    english = _names(site, path, PAGES[path] + ("&" if PAGES[path] else "?") + "lang=en")
    for lang in ("es", "it"):
        names = _names(site, path, PAGES[path] + ("&" if PAGES[path] else "?") + f"lang={lang}")
        assert names and not (names & english) - SAME_EVERYWHERE, (lang, sorted((names & english) - SAME_EVERYWHERE))


@pytest.mark.parametrize("lang, heads", [("en", ["Name", "Player type", "Board"]),
                                         ("es", ["Nombre", "Tipo de jugador", "Tablero"]),
                                         ("it", ["Nome", "Tipo di giocatore", "Tabellone"])])
def test_the_new_game_dialog_has_column_headings(site, lang, heads):
    site.open(PAGES["diceland.html"] + f"&lang={lang}")
    site.click("btn-new")
    site.page.wait_for_selector("#new-game[open]")
    texts = site.page.evaluate("() => [...document.querySelectorAll('#seat-head span')].map((s) => s.textContent)")
    assert texts[1:] == heads
    site.open(PAGES["wideshut.html"] + f"&lang={lang}", path="wideshut.html")
    site.click("btn-new")
    site.page.wait_for_selector("#new-game[open]")
    texts = site.page.evaluate("() => [...document.querySelectorAll('#seat-head span')].map((s) => s.textContent)")
    assert texts[1:] == heads[:2] + [""]


def test_a_reload_just_after_roll_shows_the_rolled_dice(site):
    site.open("?players=human,greedy&boards=A,B&seed=7&speed=0&lang=es")
    s = site.wait_state("s.seat === 0 && s.buttons.roll")
    assert all(d["colour"] is None for d in s["extra"]["dice"])
    site.click("btn-roll")
    rolled = [d["colour"] for d in site.wait_state("s.extra.dice.every((d) => d.colour)")["extra"]["dice"]]
    site.page.wait_for_function("() => Object.keys(localStorage).some((k) => (localStorage.getItem(k) || '').includes('\"revealed\"'))")
    site.reload()
    s = site.wait_state("s.seat === 0")
    assert [d["colour"] for d in s["extra"]["dice"]] == rolled and not s["buttons"].get("roll")
    assert all(d["enabled"] for d in s["extra"]["dice"])
