"""The same dice as a friend in Chromium, two browser contexts as two
devices: Ana finishes a game of Ganz schön clever (a saved game one
decision from its end, imported) and takes its "Play these dice" link
(and finds it again in Saved games);
Luis's phone refuses the link changed by hand, opens the real one as a new
game on the same dice, plays it to the end by the hint and sees both
results side by side with where the two games parted."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from diceland_core import get_game, record_of

pytestmark = pytest.mark.browser


def almost_finished(seed: int = 5) -> str:
    """A solo game played by the greedy bot, its last decision left to
    make, as a save file's text (Ana's seat)."""
    definition = get_game("clever")
    game = definition.new(players=1, seed=seed)
    bot = definition.make_bot("greedy", 1)
    while not game.over:
        game.apply(bot.choose(game, game.waiting_for()[0]))
    record = record_of(game)
    actions = record["history"]["actions"]
    record["history"] = {"actions": actions[:-1]}
    return json.dumps({"app": "diceland", "envelope": 1, "id": "ana-game", "saved_at": 0,
                       "seats": [{"name": "Ana", "kind": "human"}], "record": record})


def tampered(link: str) -> str:
    head, packed = link.split("#same=", 1)
    env = json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))))
    env["record"]["history"]["actions"][2] = env["record"]["history"]["actions"][0]
    raw = zlib.compress(json.dumps(env).encode("utf-8"), 9)
    return f"{head}#same={base64.urlsafe_b64encode(raw).decode('ascii').rstrip('=')}"


def test_a_friend_plays_the_same_dice_and_sees_both_results(kept_site):
    ana, luis = kept_site(1366, 800), kept_site(390, 844, name="second phone")
    ana.open("?players=human&seed=5&speed=0", path="clever.html")
    assert ana.page.evaluate(f"window.diceland.importText({json.dumps(almost_finished())})")
    ana.finish()
    ana.page.wait_for_selector("#game-over[open] #game-over-same:not([hidden]) #btn-same")
    assert not ana.page.is_visible("#same-results")  # Ana's own game: nothing to compare with
    link = ana.page.evaluate("window.diceland.sameLink()")
    assert "clever.html#same=" in link and len(link) <= 2000
    ana.page.click("#btn-same")  # copied, or else the link shown to select
    ana.page.wait_for_function("() => !document.getElementById('same-link').hidden"
                               " || document.getElementById('toasts').textContent.includes('Link copied')")
    assert ana.page.input_value("#same-link") == link
    sent = ana.record()
    # later, from Saved games: the finished game's end screen again, with its link
    ana.page.click("#btn-over-close")
    ana.click("btn-saves")
    ana.page.click("#saves-list li .save-button")
    ana.page.wait_for_selector("#game-over[open] #btn-same")
    assert ana.page.evaluate("window.diceland.sameLink()") == link

    # a link changed by hand: refused in plain words, nothing opened
    luis.page.goto(tampered(link))
    luis.wait_ready()
    luis.page.wait_for_function("() => !document.getElementById('message').hidden")
    assert "cannot be opened" in luis.page.text_content("#message")
    assert luis.record() is None

    luis.page.goto(link)  # the page already open reads it on hashchange
    luis.page.wait_for_function("() => window.diceland && window.diceland.record() !== null"
                                " && JSON.parse(window.diceland.record()).meta.same !== undefined")
    fresh = luis.record()
    assert (fresh["seed"], fresh["setup"]) == (sent["seed"], sent["setup"])
    assert fresh["history"]["actions"] == [] and fresh["meta"]["same"]["name"] == "Ana"
    assert fresh["meta"]["same"]["actions"] == sent["history"]["actions"]
    luis.finish()
    luis.page.wait_for_selector("#game-over[open] #same-results:not([hidden])")
    table = luis.page.inner_text("#same-results")
    mine = luis.state()["seats"][0]["total"]
    theirs = ana.state()["seats"][0]["total"]
    assert "Ana" in table and "You" in table and str(mine) in table and str(theirs) in table
    lines = luis.page.inner_text("#same-lines")
    assert "Ana: " in lines and "You: " in lines and "From there on your games differ." in lines
    assert "same." not in lines and "{" not in lines
    assert luis.page.is_visible("#btn-same")  # Luis may send these dice on in turn
