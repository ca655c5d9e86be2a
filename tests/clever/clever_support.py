"""Helpers shared by the Ganz schön clever tests."""

from __future__ import annotations

import json
from pathlib import Path

from diceland_core.core.replay import parse_scenario, replay_scenario
from diceland_core.games.clever.actions import action_from_json

FIXTURES = Path(__file__).parent / "fixtures"


def scenario(**data):
    """A scenario object with the defaults of a clever file."""
    return {"game": "clever", "players": 1, "start_player": 0, **data}


def replay(data: dict) -> dict:
    definition, parsed = parse_scenario(json.loads(json.dumps(data)))
    return replay_scenario(definition, parsed)[1]


def state_of(data: dict, steps: int | None = None):
    definition, parsed = parse_scenario(json.loads(json.dumps(data)))
    return replay_scenario(definition, parsed, steps)[0]


def act(data: dict):
    return action_from_json(data)


def comparable(result: dict) -> dict:
    result = json.loads(json.dumps(result))
    if result.get("error"):
        result["error"].pop("message", None)
    return result


def check_game_over(state) -> None:
    """The shared playouts' check of a finished game (C9.3, C10): the replay
    output's phase, every area scored and summed into the total."""
    out = state.outcome()
    assert state.summary()["phase"] == "over"
    assert [sum(a.values()) for a in out.areas] == list(out.scores)
    assert all(set(a) == {"yellow", "blue", "green", "orange", "purple", "fox"} for a in out.areas)


def an_action_that_earns_a_cross_of_choice():
    """A solo game of the expert up to a decision where some action earns a
    yellow or blue cross of the player's choice (C8.6): the state, that
    action, and the state after it."""
    from diceland_core.games.clever import new
    from diceland_core.games.clever.bots import ExpertBot
    bot = ExpertBot(0)
    for seed in range(30, 60):
        state = new(players=1, seed=seed)
        while not state.over:
            for action in state.legal_actions(0):
                after = state.copy()
                after.apply(action)
                if after.pending_player == 0 and after.pending[0] in ("yellow_x", "blue_x"):
                    return state, action, after
            state.apply(bot.choose(state, 0))
    raise AssertionError("no action earned a cross of choice in 30 games")
