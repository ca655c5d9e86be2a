"""What a player reads never shows a message key or raw data: whole seeded
games of every game, solo and with others, in every language, played
through the page's controller; every log line, message, prompt, note and
button label is checked, and every heading and line of the turn log."""

from __future__ import annotations

import pytest

from diceland_core import get_game
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.i18n import LANGUAGES
from diceland_site.seats import Seat
from support import KEY_OR_DATA


def make(name: str, players: int, lang: str):
    seats = [Seat("Ana")] + [Seat(f"Bot {i + 1}", "greedy") for i in range(1, players)]
    game = get_game(name).new(players=players, seed=11, **({"board": "A"} if name == "diceland" else {}))
    if name == "diceland":
        return DicelandController(game, seats, lang=lang), lambda c: c.game
    if name == "clever":
        return CleverController(game, seats, lang), lambda c: c.game
    return WideController(game, seats, lang), lambda c: c.game


def shown_texts(ctrl, result) -> list[str]:
    m = ctrl.model()
    texts = [m.prompt, *(b.label for b in m.buttons if b.visible)]
    texts += list(getattr(m, "notes", ()))
    if m.handoff is not None:
        texts += [m.handoff.title, m.handoff.button]
    if result is not None:
        texts += [result.reason, *result.lines]
    if hasattr(ctrl, "drain_messages"):
        texts += [msg.text for msg in ctrl.drain_messages()]
    return [t for t in texts if t]


CASES = [(name, players, lang) for name, players in (("diceland", 2), ("clever", 1), ("clever", 2), ("wideshut", 2))
         for lang in LANGUAGES]


@pytest.mark.parametrize("name, players, lang", CASES)
def test_no_key_in_anything_a_player_reads(name, players, lang):
    ctrl, state_of = make(name, players, lang)
    bot = get_game(name).make_bot("greedy", 5)
    seen = 0
    for _ in range(4000):
        game = state_of(ctrl)
        if game.over:
            break
        p = game.waiting_for()[0]
        stepped = ctrl.bot_step().ok if not ctrl.seats[p].is_human else False
        result = stepped if hasattr(stepped, "lines") else None
        if not stepped:  # the person's move (or a bot's the controller does not step), as a tap ends in
            result = ctrl._apply(bot.choose(game, p))
        for text in shown_texts(ctrl, result):
            seen += 1
            assert not KEY_OR_DATA.search(text), f"{name} ({lang}): {text!r}"
    assert state_of(ctrl).over and seen > 50
    log = ctrl.turn_log.lines()  # the turn log of the whole game: headings and lines
    assert len(log) > 50
    for text in log:
        assert not KEY_OR_DATA.search(text), f"{name} ({lang}) log: {text!r}"
