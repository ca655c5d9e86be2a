"""The same welcome on every game page on a first visit (a fresh profile,
no saved game): its choices, the game's own first lesson, and a game
against a bot in one tap, the bot named by its kind."""

from __future__ import annotations

import pytest

from waits import frames_drawn

pytestmark = pytest.mark.browser

PAGES = [("diceland.html", "Diceland", "diceland/open-zones"),
         ("clever.html", "Ganz schön clever", "clever/turn-and-platter"),
         ("wideshut.html", "Dice Wide Shut", "wideshut/first-round")]


@pytest.mark.parametrize("path, title, lesson", PAGES, ids=[p.split(".")[0] for p, _, _ in PAGES])
def test_first_visit_welcomes_and_plays_a_bot_in_one_tap(site, watch, path, title, lesson):
    site.page.set_viewport_size({"width": 1366, "height": 800})   # a desktop screen
    site.open("?speed=0", path=path)
    page = site.page
    page.wait_for_selector("#welcome[open]")
    assert site.state()["game"] is False  # nothing started behind the welcome
    assert title in page.inner_text("#welcome-title")
    for button in ("#btn-welcome-bot", "#btn-welcome-hotseat", "#link-welcome-learn", "#btn-welcome-saves",
                   "#btn-welcome-import", "#btn-welcome-options"):
        assert page.is_visible(button), button
    assert page.get_attribute("#link-welcome-learn", "href") == f"./tutorial.html?lesson={lesson}"
    page.click("#btn-welcome-bot")
    s = site.wait_state("s.game")
    assert [(x["name"], x["kind"]) for x in s["seats"]] == [("Player 1", "human"), ("Easy bot", "greedy")]
    assert page.is_hidden("#welcome")
    site.settled()  # nothing moves by itself, and what the page drew then is on screen
    frames_drawn(page)
    assert page.evaluate("window.scrollY") == 0        # the new game opens at the top
    assert not watch.problems()
