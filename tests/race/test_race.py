"""Dice Race (race_game.py), a game that lives only in the tests: its rules,
and that it goes through the registry, records, replay and the review like
the package's games without a line in any shared module.  The conformance
suite and the playouts run it with the others (tests/core)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from diceland_core import get_game, load_record, record_json
from diceland_core.core.errors import IllegalActionError, LANGUAGES
from diceland_core.core.record import record_of
from diceland_core.core.registry import game_names
from diceland_core.core.replay import parse_scenario, replay_scenario
from diceland_core.core.review import MARKS, Review, summarise
from diceland_core.core.simulate import simulate
from race_game import GOAL, DEFINITION, Bumped, Game, Move, Pass, Phase, Roll, Setup

ROOT = Path(__file__).resolve().parents[2]


def scripted(*rolls, start=0, squares=None) -> Game:
    game = Game(Setup(start_player=start, script=tuple(rolls)))
    if squares:
        game.squares = list(squares)
    return game


def test_registered_from_the_tests_and_found_by_name_and_by_record():
    assert "race" in game_names() and get_game("race") is DEFINITION
    state = DEFINITION.new(seed=2)
    assert record_of(state)["game"] == "race"
    assert type(load_record(record_json(state))) is Game


def test_a_turn_rolls_then_moves_by_each_die_once():
    game = scripted((3, 5))
    with pytest.raises(IllegalActionError) as err:
        game.apply(Move(0, 0))
    assert err.value.rule == "K2.2"
    game.apply(Roll(0))
    assert game.phase is Phase.MOVE and game.legal_actions() == [Move(0, 0), Move(0, 1)]
    with pytest.raises(IllegalActionError) as err:
        game.apply(Roll(0))
    assert err.value.rule == "K2.2"
    with pytest.raises(IllegalActionError) as err:
        game.apply(Move(1, 0))
    assert err.value.rule == "K2.1" and err.value.text("it") == "È il turno di giocatore 1."
    game.apply(Move(0, 1))
    with pytest.raises(IllegalActionError) as err:
        game.apply(Move(0, 1))
    assert err.value.rule == "K3.1"
    game.apply(Move(0, 0))
    assert game.squares == [8, 0] and game.phase is Phase.ROLL and game.current == 1
    assert game.undo_window() == 2 and game.undo(2).squares == [0, 0]


def test_no_move_past_the_goal_and_a_pass_only_when_nothing_fits():
    game = scripted((6, 2), squares=(GOAL - 3, 0))
    game.apply(Roll(0))
    assert game.legal_actions() == [Move(0, 1)]
    with pytest.raises(IllegalActionError) as err:
        game.apply(Move(0, 0))
    assert err.value.rule == "K3.2" and str(GOAL) in err.value.text("es")
    with pytest.raises(IllegalActionError) as err:
        game.apply(Pass(0))
    assert err.value.rule == "K3.3"
    game.apply(Move(0, 1))
    assert game.legal_actions() == [Pass(0)]
    game.apply(Pass(0))
    assert game.current == 1 and game.squares[0] == GOAL - 1


def test_landing_on_the_other_token_sends_it_home_and_the_goal_wins():
    game = scripted((1, 2), squares=(GOAL - 3, GOAL - 2))
    game.apply(Roll(0))
    events = game.apply(Move(0, 0))
    assert Bumped(1) in events and game.squares == [GOAL - 2, 0]
    events = game.apply(Move(0, 1))
    assert game.over and game.winners == (0,) and game.outcome().scores == (GOAL, 0)
    assert events[-1].to_dict() == {"kind": "game_over", "winners": [0], "scores": [GOAL, 0]}
    with pytest.raises(IllegalActionError) as err:
        game.apply(Roll(1))
    assert err.value.rule == "K5.2"


def test_a_scenario_replays_and_a_bad_one_is_refused_in_plain_words():
    data = {"game": "race", "players": 2, "seed": 1, "start_player": 1, "dice": [[4, 4]],
            "actions": [{"type": "roll", "player": 1}, {"type": "move", "player": 1, "die": 0},
                        {"type": "move", "player": 0, "die": 1}]}
    definition, scenario = parse_scenario(data)
    _, out = replay_scenario(definition, scenario)
    assert not out["ok"] and out["error"]["rule"] == "K2.1" and out["error"]["action_index"] == 2
    assert out["squares"] == [0, 4]
    for bad, words in [({"dice": [[7, 1]]}, "two numbers 1 to 6"), ({"players": 3}, "'players'"),
                       ({"actions": [{"type": "jump", "player": 0}]}, "unknown action type")]:
        with pytest.raises(Exception, match=words):
            parse_scenario({**data, **bad})


def test_seeded_bots_play_whole_games_and_the_expert_wins_more_than_half():
    """A race is mostly luck: the expert's edge over random play is small
    (115 of these 200 seeded games)."""
    wins = 0
    for seed in range(200):
        state = DEFINITION.new(seed=seed)
        bots = [DEFINITION.make_bot("expert", seed), DEFINITION.make_bot("random", seed)]
        while not state.over:
            p = state.waiting_for()[0]
            state.apply(bots[p].choose(state, p))
        wins += 0 in state.winners
    assert wins > 105, wins
    summary = simulate([], 2, ["expert", "random"], 12, 7, game="race")
    assert summary["games"] == 12 and summary["game"] == "race"


def test_the_review_reads_every_reason_in_every_language():
    state = DEFINITION.new(seed=3)
    bots = [DEFINITION.make_bot("random", 1), DEFINITION.make_bot("expert", 2)]
    while not state.over:
        p = state.waiting_for()[0]
        state.apply(bots[p].choose(state, p))
    review = Review(record_json(state), 0, seed=1)
    decisions = list(review.decisions())
    assert decisions and review.measure == "margin"
    assert any(d.mark not in ("best", "forced") for d in decisions)
    for d in decisions:
        assert d.mark in MARKS and d.loss >= 0
        for lang in LANGUAGES:
            data = d.to_dict(lang)
            assert data["kind"]["text"] and not data["kind"]["text"].startswith("review.")
            assert data["said"]["played"] and not data["said"]["played"].startswith("review.")
    assert summarise(review, decisions)["by_kind"][0]["key"] == "move"


def test_the_command_line_replays_a_plugin_games_scenario_once_its_module_is_imported(tmp_path):
    path = tmp_path / "race.json"
    path.write_text(json.dumps({"game": "race", "players": 2, "seed": 5, "start_player": 0,
                                "actions": [{"type": "roll", "player": 0}]}), encoding="utf-8")
    code = f"import sys, race_game; from diceland_core.cli import main; sys.exit(main(['replay', {str(path)!r}]))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": f"{ROOT}:{ROOT / 'tests' / 'race'}", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["ok"] and out["phase"] == "move" and len(out["roll"]) == 2
