"""The turn log panel on every game's page in Chromium: a few turns against
a bot give one entry per turn, oldest first, the current one open and the
earlier ones closed (a tap opens one); a finished turn replays on the
board and the game comes back unchanged; a reload shows the same log."""

from __future__ import annotations

import re

import pytest


pytestmark = pytest.mark.browser

#: a turn's heading: "Round 2 · Ana's turn", "Turn 3 · Bot's turn"
HEADING = re.compile(r"^(Round|Turn) \d+ · .+'s turn$")
KEY = re.compile(r"\b[a-z][a-z_]*\.[a-z_][a-z0-9_]*\b|[\[\]{}]|\bNone\b")


def panel(site) -> list[dict]:
    """The log panel's turns: heading, lines, open or not."""
    return site.page.evaluate("""() => [...document.querySelectorAll('#log > li.log-turn')].map(li => ({
        title: li.querySelector('summary').textContent,
        open: li.querySelector('details').open,
        lines: [...li.querySelectorAll('.log-lines > li')].map(x => x.textContent)}))""")


@pytest.mark.parametrize("path", ["diceland.html", "clever.html", "wideshut.html"])
def test_the_log_groups_turns_and_survives_a_reload(site, path):
    site.open("?players=human,greedy&seed=6&speed=0", path=path)
    is_open = "document.getElementById('log-panel').open"
    assert site.page.evaluate(is_open)  # open beside the sheet on a desktop
    site.page.click("#log-panel summary")  # the panel itself closes and opens
    assert not site.page.evaluate(is_open)
    site.page.click("#log-panel summary")
    assert site.page.evaluate(is_open)
    for _ in range(80):
        taps = site.next_taps()
        assert taps is not None, "the game ended before three turns"
        if len(panel(site)) >= 3:
            break
        for tap in taps:
            site.tap(tap)
    site.settled()  # the bots' moves after the last tap are in the log
    turns = panel(site)
    assert len(turns) >= 3
    assert [t["open"] for t in turns] == [False] * (len(turns) - 1) + [True]
    for turn in turns:
        assert HEADING.match(turn["title"]), turn["title"]
        assert turn["lines"], turn["title"]
        for text in [turn["title"], *turn["lines"]]:
            assert not KEY.search(text), text
    first = site.page.locator("#log > li.log-turn summary").first
    first.click()  # an earlier turn opens with a tap
    assert panel(site)[0]["open"]
    # a finished turn replays on the board, then the present comes back
    record = site.record()
    site.page.evaluate("document.getElementById('log-panel').open = true")
    site.page.locator("#log > li.log-turn button.log-replay").first.click()
    site.page.wait_for_function("(t) => document.getElementById('prompt').textContent.startsWith('Replay of ' + t)",
                                arg=turns[0]["title"])
    assert site.page.locator("#btn-hint").is_disabled()
    site.page.wait_for_function("() => !document.getElementById('prompt').textContent.startsWith('Replay')",
                                timeout=30_000)
    assert site.record() == record
    assert site.page.locator("#log > li.log-turn").last.locator("button.log-replay").count() == 0
    site.reload()
    after = panel(site)
    assert [(t["title"], t["lines"]) for t in after] == [(t["title"], t["lines"]) for t in turns]
    assert after[-1]["open"] and not after[0]["open"]
