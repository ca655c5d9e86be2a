"""The end screen of every game in Chromium on a phone (390×844, touch):
a whole seeded game between bots, then the table's total row is the
engine's final score (``window.diceland.state()``), the winners are
marked, the reason is given, the table is not cut, and Undo is refused
after the end."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

GAMES = [
    ("diceland.html", "?players=greedy,greedy,greedy&boards=A&seed=4&speed=0&lang=es"),
    ("clever.html", "?players=greedy,greedy&seed=7&speed=0"),
    ("wideshut.html", "?players=greedy,expert,greedy&seed=5&speed=0&lang=it"),
]


def number(text: str) -> int:
    return int(text.strip().replace("−", "-"))


@pytest.mark.parametrize("path, query", GAMES, ids=[p.split(".")[0] for p, _ in GAMES])
def test_end_screen_shows_the_engines_scores(phone_site, watch, path, query):
    site = phone_site(390, 844)
    site.open(query, path=path)
    page = site.page
    s = site.wait_state("s.over", timeout=120_000)
    page.wait_for_selector("#game-over[open]")
    scores = [seat["score"] for seat in s["seats"]]
    totals = page.locator("#game-over-stats tr.total td").all_inner_texts()
    assert [number(v) for v in totals] == scores
    heads = page.locator("#game-over-stats thead th").all_inner_texts()
    assert len(heads) == len(scores)
    marked = [i for i, h in enumerate(heads) if h.startswith("★")]
    assert marked == s["winners"]
    assert page.inner_text("#game-over-winners") and page.inner_text("#game-over-why")
    # nothing is cut on the phone: the dialog and its table fit the screen's width
    fit = page.evaluate("""() => { const d = document.getElementById('game-over').getBoundingClientRect();
        const w = document.querySelector('#game-over .stats-wrap');
        return {left: d.left, right: d.right, scroll: w.scrollWidth, width: w.clientWidth}; }""")
    assert fit["left"] >= 0 and fit["right"] <= 390 and fit["scroll"] <= fit["width"] + 1, fit
    # the game is over: no undo, by button or by the page's state
    assert s["can_undo"] is False
    actions = len(site.record()["history"]["actions"])
    page.click("#btn-over-close")
    undo = page.locator("#btn-undo")
    assert undo.is_hidden() or undo.is_disabled()
    page.keyboard.press("u")
    page.keyboard.press("Control+z")
    assert len(site.record()["history"]["actions"]) == actions
    assert site.state()["over"]
    assert not watch.problems()
