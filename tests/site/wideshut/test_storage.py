"""Dice Wide Shut games in the site's save store: saved in the same
envelope, summarised from the engine's summary, listed per game, so the
Diceland page never resumes a Dice Wide Shut game and the other way round."""

from __future__ import annotations

import json

from diceland_core import get_game
from diceland_site.storage import SaveStore
from diceland_site.games.wideshut.options import make_seats
from diceland_site.games.wideshut.controller import Controller
from diceland_site.games.wideshut.strings import WideStrings


def a_play(seed: int = 5) -> Controller:
    play = Controller.new(make_seats(["human", "expert"], ["Ana"], WideStrings("en")), seed)
    while play.game.phase == "roll" or play.bot_pending():
        (play.bot_step() if play.bot_pending() else play.roll())
    return play


def test_save_load_round_trip_and_summary():
    store = SaveStore({}, clock=lambda: 1000.0)
    play = a_play()
    result = store.save(play.game, play.seats)
    assert result.ok
    game, seats = store.load(result.save_id)
    assert game.summary() == play.game.summary()
    assert [s.name for s in seats] == ["Ana", "Strong bot"]
    [summary] = store.list_saves("wideshut")
    assert summary["game"] == "wideshut"
    assert summary["players"][0] == {"name": "Ana", "kind": "human", "total": play.game.sheets[0].total}
    assert summary["round"] == play.game.round and summary["over"] is False


def test_saves_are_listed_per_game():
    store = SaveStore({}, clock=lambda: 1000.0)
    play = a_play()
    store.save(play.game, play.seats, "ws")
    assert store.list_saves("diceland") == []            # the Diceland page's list
    assert store.last_unfinished() is None
    assert store.last_unfinished("wideshut")["id"] == "ws"
    assert [s["id"] for s in store.list_saves(None)] == ["ws"]


def test_export_import_keeps_the_game():
    store = SaveStore({}, clock=lambda: 1000.0)
    play = a_play(9)
    store.save(play.game, play.seats, "one")
    text = store.export_json("one")
    assert json.loads(text)["record"]["game"] == "wideshut"
    new_id = store.import_json(text)
    game, _ = store.load(new_id)
    assert game.summary() == play.game.summary()
    assert get_game("wideshut").name == "wideshut"
