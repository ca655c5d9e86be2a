"""The daily game in Chromium, with the devices' clocks set: two phones get
the same game on one day and a third, whose local day is already the
next, another; a whole daily played to its end is counted once, with its
stats and the text to share; a replay and the archive are not counted;
the home page says today's game was played."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

DAY = "2026-11-20T10:00:00"


def open_daily(site, query: str = "?daily") -> dict:
    site.open(query + "&speed=0" if "?" in query else "?speed=0", path="clever.html")
    return site.record()


def test_the_daily_game_is_the_days_and_counted_once(own_site):
    ana = own_site(viewport={"width": 1366, "height": 800})
    luis = own_site(is_mobile=True, has_touch=True, viewport={"width": 390, "height": 844})
    # UTC+14: at 12:00 UTC on the 20th the local day there is already the 21st
    eva = own_site(timezone_id="Pacific/Kiritimati")
    for site in (ana, luis):
        site.page.context.clock.set_system_time(DAY)
    eva.page.context.clock.set_system_time("2026-11-20T12:00:00Z")
    first = open_daily(ana)
    assert first["meta"]["daily"] == {"day": "2026-11-20", "counted": True}
    assert first["players"] == 1  # Ganz schön clever's daily is solo
    assert open_daily(luis)["seed"] == first["seed"]
    other = open_daily(eva)
    assert other["meta"]["daily"]["day"] == "2026-11-21" and other["seed"] != first["seed"]

    # the counted game, reloaded, is resumed rather than started again
    ana.open("?daily", path="clever.html")
    assert ana.record()["meta"]["daily"]["counted"] is True
    ana.finish()
    ana.page.wait_for_selector("#game-over[open] #game-over-daily:not([hidden])")
    score = ana.state()["seats"][0]["total"]
    assert "1" in ana.page.inner_text("#daily-stats") and ana.page.is_visible("#daily-chart")
    text = ana.page.input_value("#daily-text")
    assert ana.page.inner_text("#daily-preview") == text.rsplit("\n", 1)[0]
    lines = text.split("\n")
    assert lines[0].endswith("#20") and str(score) in lines[1] and "🟨" in lines[2]
    assert "clever.html#position=" in lines[-1]
    ana.page.check("#daily-symbols")
    assert "🟨" not in ana.page.input_value("#daily-text").split("\n")[2]
    stats = json.loads(ana.page.evaluate("localStorage.getItem('diceland:daily')"))["clever"]
    assert stats["2026-11-20"]["score"] == score

    # again today: a replay, not counted; a past day: the archive, not counted
    assert open_daily(ana)["meta"]["daily"] == {"day": "2026-11-20", "counted": False}
    assert open_daily(ana, "?daily=2026-11-12")["meta"]["daily"] == {"day": "2026-11-12", "counted": False}
    # a day not out yet: said in plain words, the game on screen kept
    ana.open("?daily=2026-11-21&speed=0", path="clever.html")
    ana.page.wait_for_function("() => !document.getElementById('message').hidden")
    assert "2026-11-21" in ana.page.text_content("#message")
    stats = json.loads(ana.page.evaluate("localStorage.getItem('diceland:daily')"))["clever"]
    assert list(stats) == ["2026-11-20"] and stats["2026-11-20"]["score"] == score

    ana.open("", path="index.html")
    card = ana.page.locator("li[data-game=clever] .daily-link")
    assert card.inner_text() == f"Today's game: played, {score}"
    assert ana.page.locator("li[data-game=wideshut] .daily-link").inner_text() == "Today's game"
