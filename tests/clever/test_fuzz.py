"""The scenario reader on invalid files: every case of CLEVER.md's data
contract gives ScenarioError, and junk of any shape gives ScenarioError
only (never another exception)."""

from __future__ import annotations

import json

import pytest

from diceland_core.core.dice import SplitMix64
from diceland_core.core.errors import ScenarioError
from diceland_core.games.clever.scenario import parse_scenario

ROLL = {"white": 5, "yellow": 1, "blue": 4, "green": 3, "orange": 6, "purple": 3}
GOOD = {"game": "clever", "players": 2, "start_player": 0, "round": 1, "seed": 7,
        "sheets": {"1": {"purple": [2, 5], "rerolls": 1}}, "dice": [ROLL],
        "actions": [{"type": "pick", "player": 0, "die": "purple", "area": "purple"}]}


def with_(**changes):
    data = json.loads(json.dumps(GOOD))
    data.update(changes)
    return data


INVALID = {
    "not an object": [1, 2],
    "wrong game": with_(game="diceland"),
    "no players": {k: v for k, v in GOOD.items() if k != "players"},
    "five players": with_(players=5),
    "players bool": with_(players=True),
    "start player out": with_(start_player=2),
    "round too late": with_(round=7),
    "round 6 for three": with_(players=3, round=6),
    "seed text": with_(seed="7"),
    "sheets list": with_(sheets=[]),
    "sheet of player 3": with_(sheets={"3": {}}),
    "sheet unknown key": with_(sheets={"0": {"red": 1}}),
    "yellow printed cross": with_(sheets={"0": {"yellow": [[0, 3]]}}),
    "yellow twice": with_(sheets={"0": {"yellow": [[0, 0], [0, 0]]}}),
    "yellow off the sheet": with_(sheets={"0": {"yellow": [[4, 0]]}}),
    "blue 1": with_(sheets={"0": {"blue": [1]}}),
    "blue twice": with_(sheets={"0": {"blue": [5, 5]}}),
    "green 12": with_(sheets={"0": {"green": 12}}),
    "orange not face x multiplier": with_(sheets={"0": {"orange": [1, 1, 1, 7]}}),
    "orange 7": with_(sheets={"0": {"orange": [7]}}),
    "purple breaks C3.7": with_(sheets={"0": {"purple": [4, 4]}}),
    "purple 0": with_(sheets={"0": {"purple": [0]}}),
    "rerolls 8": with_(sheets={"0": {"rerolls": 8}}),
    "dice not a list": with_(dice={}),
    "roll unknown colour": with_(dice=[{"red": 3}]),
    "roll face 7": with_(dice=[dict(ROLL, white=7)]),
    "roll empty": with_(dice=[{}]),
    "closest of five": with_(dice=[dict(ROLL, closest=["white", "yellow", "blue", "green", "orange"])]),
    "actions not a list": with_(actions={}),
    "unknown action": with_(actions=[{"type": "jump", "player": 0}]),
    "action without player": with_(actions=[{"type": "reroll"}]),
    "unknown die": with_(actions=[{"type": "pick", "player": 0, "die": "red", "area": "purple"}]),
    "unknown area": with_(actions=[{"type": "take", "player": 1, "die": "white", "area": "red"}]),
    "take without area": with_(actions=[{"type": "take", "player": 1, "die": "white"}]),
    "yellow without field": with_(actions=[{"type": "pick", "player": 0, "die": "yellow", "area": "yellow"}]),
    "yellow field off": with_(actions=[{"type": "pick", "player": 0, "die": "yellow", "area": "yellow",
                                        "field": [0, 4]}]),
    "blue 13": with_(actions=[{"type": "pick", "player": 0, "die": "blue", "area": "blue", "field": 13}]),
    "bonus blue without field": with_(actions=[{"type": "bonus", "player": 0, "area": "blue"}]),
    "bonus in green": with_(actions=[{"type": "bonus", "player": 0, "area": "green"}]),
    "round bonus without field": with_(actions=[{"type": "round_bonus", "player": 0, "area": "yellow"}]),
    "player text": with_(actions=[{"type": "pass", "player": "0"}]),
    "green with field": with_(actions=[{"type": "pick", "player": 0, "die": "green", "area": "green",
                                        "field": 3}]),
}


def test_the_good_file_is_good():
    parsed = parse_scenario(GOOD)
    assert parsed.game().summary()["players"][1]["purple"] == [2, 5]


@pytest.mark.parametrize("name", INVALID)
def test_invalid_file(name):
    with pytest.raises(ScenarioError):
        parse_scenario(INVALID[name])


def test_rolls_that_do_not_fit_the_script_are_invalid():
    """A roll of other colours than the dice rolled makes the file invalid."""
    data = with_(dice=[ROLL, {"white": 1}])
    parsed = parse_scenario(data)
    state = parsed.game()
    with pytest.raises(ScenarioError):
        for a in parsed.actions:
            state.apply(a)
    with pytest.raises(ScenarioError):
        parse_scenario(with_(dice=[{"white": 1}])).game()


def _junk(rng: SplitMix64, depth: int = 0):
    k = rng.below(9 if depth < 4 else 6)
    if k == 0:
        return None
    if k == 1:
        return rng.below(2) == 1
    if k == 2:
        return [0, 1, -1, 2, 6, 7, 12, 13, 10**30, -10**30][rng.below(10)]
    if k == 3:
        return rng.random() * 10
    if k == 4:
        return ["", "clever", "white", "blue", "yellow", "pick", "take", "extra", "bonus",
                "round_bonus", "end_turn", "pass", "reroll", "closest", "0", "1"][rng.below(16)]
    if k == 5:
        return {}
    if k in (6, 7):
        return [_junk(rng, depth + 1) for _ in range(rng.below(4))]
    keys = ["game", "players", "start_player", "round", "seed", "sheets", "dice", "actions",
            "type", "player", "die", "area", "field", "yellow", "blue", "green", "orange", "purple",
            "rerolls", "extras", "closest", "0", "1", "white"]
    return {keys[rng.below(len(keys))]: _junk(rng, depth + 1) for _ in range(rng.below(5))}


def _mutate(rng: SplitMix64) -> object:
    data = json.loads(json.dumps(GOOD))
    target = data
    path = [["sheets", "1"], ["dice", 0], ["actions", 0], []][rng.below(4)]
    for key in path:
        target = target[key]
    keys = list(target) if isinstance(target, dict) else []
    if keys:
        target[keys[rng.below(len(keys))]] = _junk(rng)
    return data


def test_fuzz_only_scenario_errors():
    rng = SplitMix64(2026)
    deep: object = 0
    for _ in range(200):
        deep = [deep]
    cases = [deep, {"game": "clever", "players": 1, "dice": [deep]}, "x", 3, None]
    cases += [_junk(rng) for _ in range(1500)] + [_mutate(rng) for _ in range(1500)]
    for data in cases:
        if isinstance(data, dict) and rng.below(2):
            data.setdefault("game", "clever")
        try:
            parsed = parse_scenario(data)
        except ScenarioError:
            continue
        try:
            state = parsed.game()
            for a in parsed.actions:
                try:
                    state.apply(a)
                except ValueError:          # IllegalActionError
                    break
        except ScenarioError:
            pass
