"""Shared Dice Wide Shut positions: a link's parameter replays to the same
game with the same seats; anything else is refused with ValueError."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from diceland_site.games.wideshut.options import make_seats
from diceland_site.games.wideshut.controller import Controller
from diceland_site.games.wideshut.share import decode_position, encode_position
from diceland_site.games.wideshut.strings import WideStrings


def test_round_trip_of_a_game_in_progress():
    play = Controller.new(make_seats(["human", "greedy", "expert"], ["Ana"], WideStrings("en")), 12)
    for _ in range(7):
        (play.bot_step() if play.bot_pending() else
         play.roll() if play.game.phase == "roll" else None)
        if play.game.phase == "take" and not play.bot_pending():
            play.tap_die(play.hint_move()["dice"][0])
            play.clear()
            play.game.apply(play.game.legal_actions()[0])
    value = encode_position(play.game, play.seats)
    assert set(value) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    game, seats = decode_position(value)
    assert game.summary() == play.game.summary()
    assert [s.name for s in seats] == ["Ana", "Easy bot", "Strong bot"]


def _pack(data) -> str:
    return base64.urlsafe_b64encode(zlib.compress(json.dumps(data).encode())).decode()


@pytest.mark.parametrize("value", [
    "", "!!!", "x" * 70_000, _pack([1, 2]), _pack({"game": "diceland"}),
    _pack({"format": "diceland-record", "version": 2, "game": "wideshut", "players": 9}),
    base64.urlsafe_b64encode(zlib.compress(b"0" * 2_000_000)).decode(),
])
def test_junk_is_refused(value):
    with pytest.raises(ValueError):
        decode_position(value)
