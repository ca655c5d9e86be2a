"""``window.diceland.hintTaps()`` on every game's page in Chromium: moves
made only by following it (clicks at its canvas points, clicks on the
buttons it names) are the moves the engine's hint named
(``window.diceland.hintAction()``), against a bot and in hot-seat."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser


def actions(site) -> list[dict]:
    return site.record()["history"]["actions"]


def same_move(made: dict, hinted: dict) -> bool:
    if "cells" in made and "cells" in hinted:
        return sorted(map(tuple, made["cells"])) == sorted(map(tuple, hinted["cells"])) and \
            {k: v for k, v in made.items() if k != "cells"} == {k: v for k, v in hinted.items() if k != "cells"}
    return made == hinted


@pytest.mark.parametrize("path", ["diceland.html", "clever.html", "wideshut.html"])
@pytest.mark.parametrize("players", ["human,greedy", "human,human"], ids=["bot", "hot-seat"])
def test_the_hints_taps_make_the_hints_moves(site, path, players):
    site.open(f"?players={players}&seed=6&speed=0", path=path)
    moves = 0
    for _ in range(60):
        taps = site.next_taps()
        if taps is None or moves >= 6:
            break
        hinted = json.loads(site.page.evaluate("window.diceland.hintAction()"))
        taps = site.hint_taps()
        before = len(actions(site))
        for tap in taps:
            site.tap(tap)
        if hinted is None:  # Roll, the hand-over or a turn's "Done": no action for the engine yet
            continue
        site.page.wait_for_function(
            f"() => JSON.parse(window.diceland.record()).history.actions.length > {before}", timeout=30_000)
        made = actions(site)[before:]
        assert any(same_move(a, hinted) for a in made), (path, hinted, made, taps)
        moves += 1
        assert site.page.text_content("#announcer"), path  # the move was read out
    assert moves >= 6, (path, moves)
    assert not site.state()["message"]
