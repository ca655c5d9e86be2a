"""``window.diceland.state()`` has one shape on every game page
(diceland_site.surface): the same keys, the game's own under ``extra``."""

from __future__ import annotations

import pytest

from diceland_site.surface import STATE_KEYS

pytestmark = pytest.mark.browser

PAGE_KEYS = {"save_id", "message", "overlay", "settings"}
PAGES = {"diceland": "diceland.html", "clever": "clever.html", "wideshut": "wideshut.html"}


def check(s: dict, game: str) -> None:
    assert set(s) == set(STATE_KEYS) | PAGE_KEYS, sorted(set(s) ^ (set(STATE_KEYS) | PAGE_KEYS))
    assert s["game"] == game and s["lang"] == "en"
    assert s["seat"] is None or s["seat"] in (0, 1)
    assert s["shown"] in (0, 1) and isinstance(s["phase"], str) and s["phase"]
    assert isinstance(s["prompt"], str) and s["prompt"]
    assert isinstance(s["over"], bool) and isinstance(s["winners"], list)
    assert isinstance(s["bot_pending"], bool) and isinstance(s["can_undo"], bool)
    assert s["buttons"] and all(isinstance(v, bool) for v in s["buttons"].values())
    assert s["handoff"] is None or isinstance(s["handoff"], str)
    assert [(x["name"], x["kind"]) for x in s["seats"]] == [("Ana", "human"), ("Bo", "greedy")]
    assert all(isinstance(x["total"], int) and set(x) == {"name", "kind", "total"} for x in s["seats"])
    assert isinstance(s["extra"], dict) and s["extra"]


@pytest.mark.parametrize("game", sorted(PAGES))
def test_every_page_says_its_state_in_the_same_keys(site, game):
    site.open("?players=human,greedy&names=Ana,Bo&seed=5&speed=0", path=PAGES[game])
    check(site.wait_state("s.game && s.seat === 0 && !s.handoff"), game)
    site.page.click("#btn-hint")
    check(site.state(), game)
