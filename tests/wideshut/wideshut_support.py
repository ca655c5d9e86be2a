"""Helpers of the Dice Wide Shut tests (imported as ``wideshut_support``)."""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIXTURES = HERE / "fixtures"

from diceland_core.core.replay import play, report  # noqa: E402
from diceland_core.games.wideshut import DEFINITION, Game, new  # noqa: E402
from diceland_core.games.wideshut.actions import Roll, Take  # noqa: E402
from diceland_core.games.wideshut.scenario import parse_scenario  # noqa: E402

__all__ = ["DEFINITION", "Game", "Roll", "Take", "new", "replay", "FIXTURES", "fixture_names",
           "load_fixture", "play_random", "take", "check_game_over"]


def replay(data: dict) -> tuple[Game, dict]:
    """A scenario object's state and replay output object."""
    scenario = parse_scenario(data)
    replayed = play(scenario.game(), scenario.actions)
    return replayed.state, report(DEFINITION, replayed)


def fixture_names() -> list[str]:
    return sorted(p.name[:-5] for p in FIXTURES.glob("*.json") if not p.name.endswith(".expected.json"))


def load_fixture(name: str) -> tuple[dict, dict]:
    scenario = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    expected = json.loads((FIXTURES / f"{name}.expected.json").read_text(encoding="utf-8"))
    return scenario, expected


def take(player: int, colour: str, dice, marks) -> Take:
    """A Take from JSON-like marks (lists, {"skip": r}, None)."""
    return DEFINITION.action_from_json({"type": "take", "player": player, "colour": colour,
                                        "dice": list(dice), "marks": list(marks)})


def play_random(players: int, seed: int, check=None) -> Game:
    """A whole game of uniformly random legal actions from ``new()``;
    ``check(state)`` runs before every action."""
    from diceland_core.core.rng import SplitMix64
    state = new(players=players, seed=seed)
    rng = SplitMix64(seed * 7919 + players)
    steps = 0
    while not state.over:
        if check is not None:
            check(state)
        actions = state.legal_actions()
        assert actions, "a legal action always exists (W2.5)"
        state.apply(actions[rng.below(len(actions))])
        steps += 1
        assert steps < 2000, "the game never ends"
    return state


def check_game_over(state) -> None:
    """The shared playouts' check of a finished game: the replay output
    says so (W6.3), the outcome is its totals and halves (W7), somebody has
    3 complete columns in a half (W6.2) and everybody had as many turns."""
    out = state.summary()
    assert out["phase"] == "over" and out["game_over"] and out["end_triggered"]
    assert out["current_player"] is None
    outcome = state.outcome()
    assert outcome.scores == tuple(p["total"] for p in out["players"])
    assert outcome.areas == tuple({"red": p["red"]["score"], "blue": p["blue"]["score"]}
                                  for p in out["players"])
    assert list(outcome.winners) == out["winners"] and out["winners"]
    assert any(len(p[h]["complete_columns"]) >= 3 for p in out["players"] for h in ("red", "blue"))
    takes = [0] * state.players
    for a in state.actions:
        if isinstance(a, Take):
            takes[a.player] += 1
    assert len(set(takes)) == 1
