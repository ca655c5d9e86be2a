"""Records (saves): round trip, undo, and rejection of bad records."""

from __future__ import annotations

import json

import pytest

from support import SMALL_GRID, make_board, scripted_game
from diceland_core import IllegalActionError, RecordError, load_record, record_json, record_of
from diceland_core.games.diceland import Game
from diceland_core.games.diceland.actions import Choose, Pass, Place, Reroll, Stop
from diceland_core.games.diceland.colours import Colour
from diceland_support import random_playout

R, Y, G, B, O, S = Colour


def same_game(a: Game, b: Game) -> None:
    assert a.summary() == b.summary()
    assert (a.phase, a.active, a.roll, a.chosen, a.held, a.leftovers) == \
           (b.phase, b.active, b.roll, b.chosen, b.held, b.leftovers)
    assert a.pending == b.pending and a.rolls == b.rolls and a.actions == b.actions
    assert a.bonus_queue == b.bonus_queue and a.bonus_left == b.bonus_left
    assert [s.crossed for s in a.sheets] == [s.crossed for s in b.sheets]


def test_record_round_trip_mid_game_and_play_on_identically():
    game = Game.new("A", players=3, seed=42)
    random_playout(game, seed=1, max_actions=40)
    text = record_json(game)
    loaded = load_record(text)
    same_game(game, loaded)
    # the dice after loading continue exactly as without the save (D7.1)
    random_playout(game, seed=9, max_actions=60)
    random_playout(loaded, seed=9, max_actions=60)
    same_game(game, loaded)
    assert record_json(loaded) == record_json(game)


def test_record_header_names_everything():
    game = Game.new("A", players=2, seed=5, meta={"seats": ["Ana", "bot:expert"]})
    data = record_of(game)
    assert data["format"] == "diceland-record" and data["version"] == 2 and data["game"] == "diceland"
    assert data["players"] == 2 and data["seed"] == 5 and data["setup"]["start_player"] == game.active
    assert [b["id"] for b in data["setup"]["boards"]] == ["A", "A"]
    assert data["meta"] == {"seats": ["Ana", "bot:expert"]}
    assert data["engine"] and data["history"] == {"actions": [], "rolls": [[c.key for c in game.roll]]}


def _as_version_1(data: dict) -> dict:
    """The same game in the first record format (everything at the top)."""
    old = {"format": data["format"], "version": 1, "engine": data["engine"],
           "players": data["players"], "seed": data["seed"], **data["setup"],
           "actions": data["history"]["actions"], "dice": data["history"]["rolls"]}
    if "meta" in data:
        old["meta"] = data["meta"]
    return old


def test_a_version_1_record_is_migrated_and_replays_to_the_same_game():
    game = Game.new("B", players=3, seed=11, meta={"seats": ["Ana", "Bo", "Cy"]})
    random_playout(game, seed=4, max_actions=30)
    loaded = load_record(json.dumps(_as_version_1(record_of(game))))
    same_game(game, loaded)
    assert record_json(loaded) == record_json(game)


def test_record_of_a_scripted_game_keeps_its_script():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRGGOB", "GGRO"], crossed={1: [(1, 2)]})
    g.apply(Choose(G))
    g.apply(Reroll())
    loaded = load_record(record_json(g))
    same_game(g, loaded)


# -- undo ---------------------------------------------------------------------------

def test_undo_goes_back_to_the_last_roll_only():
    g = scripted_game(make_board(SMALL_GRID), 3, ["RRGOOB", "GOOR", "YYGGSS"])
    assert not g.can_undo()
    g.apply(Choose(R))
    assert g.can_undo()
    back = g.undo()
    assert back.phase.value == "choose" and back.actions == []
    g.apply(Reroll())  # new dice: no undo past them
    assert not g.can_undo()
    with pytest.raises(IllegalActionError):
        g.undo()
    g.apply(Stop())
    g.apply(Place(1, ((1, 2), (1, 3))))
    assert g.can_undo()
    back = g.undo()
    assert back.sheets[1].crossed == 1 << back.boards[1].start
    assert sorted(back.pending) == [0, 1, 2]
    g.apply(Pass(2))
    g.apply(Place(0, ((0, 0), (0, 1), (0, 2))))  # last phase-2 choice: the next turn rolls
    assert g.active == 1 and not g.can_undo()


# -- bad records ----------------------------------------------------------------------

def _good() -> dict:
    game = Game.new("A", players=2, seed=3)
    random_playout(game, seed=2, max_actions=25)
    return json.loads(record_json(game))


@pytest.mark.parametrize("mutate,needle", [
    (lambda d: d.update(format="chess"), "not a game record"),
    (lambda d: d.update(version=3), "newer version"),
    (lambda d: d.update(version="1"), "'version'"),
    (lambda d: d.update(game="chess"), "unknown game 'chess': the known games are "),
    (lambda d: d.update(engine="99.0.0"), "newer version"),
    (lambda d: d.update(players=7), "'players'"),
    (lambda d: d["setup"].update(boards=d["setup"]["boards"][:1]), "'boards'"),
    (lambda d: d["setup"]["boards"][0].update(grid="R R\nR @"), "broken"),
    (lambda d: d.update(seed=-1), "'seed'"),
    (lambda d: d.update(seed=d["seed"] + 1), "dice"),
    (lambda d: d["setup"].update(start_player=2), "'start_player'"),
    (lambda d: d["history"]["actions"].append({"type": "fly"}), "actions[25]"),
    (lambda d: d["history"]["actions"].insert(0, {"type": "stop"}), "actions[0] is not legal"),
    (lambda d: d["history"]["actions"][1].update(type="choose"), "actions[1]"),
    (lambda d: d["history"].update(rolls=d["history"]["rolls"][:-1]), "dice"),
    (lambda d: d["history"].update(rolls=[["purple"]]), "dice"),
    (lambda d: d["history"].pop("actions"), "'actions'"),
    (lambda d: d.pop("history"), "'history'"),
    (lambda d: d.update(setup=[]), "'setup'"),
    (lambda d: d.update(meta=[]), "'meta'"),
])
def test_bad_records_are_rejected_with_a_clear_error(mutate, needle):
    data = _good()
    mutate(data)
    with pytest.raises(RecordError) as err:
        load_record(json.dumps(data))
    assert needle in str(err.value)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"game"', "\x00\x01"])
def test_not_json_or_not_an_object(text):
    with pytest.raises(RecordError):
        load_record(text)
