"""The scenario reader (WIDESHUT.md "Scenario file"): every invalid case the
spec lists raises ScenarioError, the whole file is checked before replay,
and junk (any JSON value, deep nesting, huge numbers, wrong types, mutated
valid files) gives ScenarioError and nothing else."""

from __future__ import annotations

import copy
import json

import pytest

from diceland_core.core.errors import ScenarioError
from diceland_core.core.rng import SplitMix64
from wideshut_support import fixture_names, load_fixture, replay
from diceland_core.games.wideshut.scenario import parse_scenario

BASE = load_fixture("e1-first-round")[0]


def with_(path, value):
    data = copy.deepcopy(BASE)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


_DELETE = object()
S = {"sheets": {"1": {"blue": ["x....", ".....", ".....", ".....", "....."], "blue6": "u...."}}}

INVALID = {
    "other game": with_(["game"], "clever"),
    "game missing": with_(["game"], _DELETE),
    "players 1": with_(["players"], 1),
    "players 6": with_(["players"], 6),
    "players text": with_(["players"], "3"),
    "players true": with_(["players"], True),
    "players missing": with_(["players"], _DELETE),
    "start player 3": with_(["start_player"], 3),
    "start player -1": with_(["start_player"], -1),
    "start player float": with_(["start_player"], 0.0),
    "seed text": with_(["seed"], "7"),
    "seed negative": with_(["seed"], -1),
    "seed huge": with_(["seed"], 1 << 64),
    "roll short": with_(["dice", 0], [3, 1, 6, 2, 6, 4, 4, 1]),
    "roll long": with_(["dice", 0], [3, 1, 6, 2, 6, 4, 4, 1, 5, 1]),
    "roll value 0": with_(["dice", 0, 2], 0),
    "roll value 7": with_(["dice", 0, 2], 7),
    "roll value text": with_(["dice", 0, 2], "6"),
    "dice not list": with_(["dice"], {"0": [1]}),
    "unknown action": with_(["actions", 0, "type"], "pass"),
    "action not object": with_(["actions", 0], "roll"),
    "actions not list": with_(["actions"], {}),
    "roll without player": with_(["actions", 0, "player"], _DELETE),
    "player out of range": with_(["actions", 1, "player"], 3),
    "player negative": with_(["actions", 1, "player"], -1),
    "colour purple": with_(["actions", 1, "colour"], "purple"),
    "colour missing": with_(["actions", 1, "colour"], _DELETE),
    "dice empty": with_(["actions", 1, "dice"], []),
    "dice three": with_(["actions", 1, "dice"], [0, 1, 2]),
    "dice index 9": with_(["actions", 1, "dice"], [0, 9]),
    "dice index text": with_(["actions", 1, "dice"], [0, "8"]),
    "marks short": with_(["actions", 1, "marks"], [["red", 0, 2]]),
    "marks missing": with_(["actions", 1, "marks"], _DELETE),
    "mark kind": with_(["actions", 1, "marks", 0], ["green", 0, 2]),
    "mark too long": with_(["actions", 1, "marks", 0], ["red", 0, 2, 1]),
    "mark six with column": with_(["actions", 2, "marks", 0], ["blue6", 0, 1]),
    "mark row 5": with_(["actions", 1, "marks", 0], ["red", 5, 2]),
    "mark column -1": with_(["actions", 1, "marks", 0], ["red", 0, -1]),
    "skip row 5": with_(["actions", 1, "marks", 0], {"skip": 5}),
    "skip extra key": with_(["actions", 1, "marks", 0], {"skip": 1, "row": 1}),
    "mark number": with_(["actions", 1, "marks", 0], 3),
    "bad action after an illegal one": with_(["actions"], BASE["actions"] + [
        {"type": "roll", "player": 2}, {"type": "take", "player": 9, "colour": "red",
                                        "dice": [0], "marks": [None]}]),
    "sheet row short": S | {"sheets": {"1": {"blue": ["x...", ".....", ".....", ".....", "....."]}}},
    "sheet rows four": S | {"sheets": {"1": {"red": ["....."] * 4}}},
    "sheet bad char": S | {"sheets": {"1": {"red": ["..o..", ".....", ".....", ".....", "....."]}}},
    "sixes u in rows": S | {"sheets": {"1": {"red": ["..u..", ".....", ".....", ".....", "....."]}}},
    "sixes bad char": S | {"sheets": {"1": {"red6": "..-.."}}},
    "sixes short": S | {"sheets": {"1": {"blue6": "...."}}},
    "sheet player 3": S | {"sheets": {"3": {}}},
    "sheet player key": S | {"sheets": {"one": {}}},
    "sheet unknown key": S | {"sheets": {"1": {"green": "....."}}},
    "sheets list": S | {"sheets": [{}]},
}
for key, value in list(INVALID.items()):
    if key.startswith(("sheet", "sixes")):
        INVALID[key] = BASE | value


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_file_raises_scenario_error(name):
    with pytest.raises(ScenarioError):
        parse_scenario(json.loads(json.dumps(INVALID[name])))


def test_valid_variants_parse():
    for data in (BASE | S, with_(["seed"], (1 << 64) - 1), with_(["start_player"], _DELETE),
                 with_(["dice"], _DELETE), with_(["actions"], []), BASE | {"title": "x", "explain": "y"}):
        _, out = replay(json.loads(json.dumps(data)))
        assert isinstance(out["ok"], bool)


def _junk(rng: SplitMix64, depth: int = 0):
    kind = rng.below(11 if depth < 6 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return bool(rng.below(2))
    if kind == 2:
        return rng.below(13) - 3
    if kind == 3:
        return (1 << (rng.below(200))) * (1 if rng.below(2) else -1)
    if kind == 4:
        return rng.random() * 10
    if kind == 5:
        return ("red", "blue", "red6", "blue6", "skip", "x....", "roll", "take", "", "wideshut", "7")[rng.below(11)]
    if kind == 6:
        return float("nan") if rng.below(2) else float("inf")
    if kind in (7, 8):
        return [_junk(rng, depth + 1) for _ in range(rng.below(5))]
    keys = ["game", "players", "dice", "actions", "type", "player", "colour", "marks", "skip",
            "sheets", "red", "blue", "red6", "blue6", "0", "1", "start_player", "seed"]
    return {keys[rng.below(len(keys))]: _junk(rng, depth + 1) for _ in range(rng.below(5))}


def _mutate(rng: SplitMix64, data):
    data = copy.deepcopy(data)
    for _ in range(1 + rng.below(3)):
        node, parent, key = data, None, None
        for _ in range(rng.below(6)):
            if isinstance(node, dict) and node:
                k = list(node)[rng.below(len(node))]
            elif isinstance(node, list) and node:
                k = rng.below(len(node))
            else:
                break
            parent, key, node = node, k, node[k]
        if parent is None:
            continue
        parent[key] = _junk(rng)
    return data


def _only_scenario_errors(data):
    try:
        _, out = replay(data)
    except ScenarioError:
        return "invalid"
    assert isinstance(out, dict) and isinstance(out["ok"], bool)
    json.dumps(out)
    return "ok" if out["ok"] else "illegal"


def test_fuzzed_junk_gives_scenario_error_only():
    rng = SplitMix64(2026)
    seen = set()
    for _ in range(1500):
        junk = _junk(rng)
        seen.add(_only_scenario_errors(junk))
        if isinstance(junk, dict):
            seen.add(_only_scenario_errors(junk | {"game": "wideshut", "players": 2 + rng.below(4)}))
    assert "invalid" in seen


def test_fuzzed_mutations_of_fixtures_give_scenario_error_only():
    rng = SplitMix64(7)
    bases = [load_fixture(n)[0] for n in fixture_names()]
    seen = set()
    for k in range(2500):
        seen.add(_only_scenario_errors(_mutate(rng, bases[k % len(bases)])))
    assert seen == {"invalid", "ok", "illegal"}


def test_deep_nesting_and_huge_numbers():
    deep = []
    for _ in range(5000):
        deep = [deep]
    for data in (BASE | {"actions": deep}, BASE | {"dice": deep}, BASE | {"sheets": {"0": {"red": deep}}},
                 with_(["actions", 1, "marks", 0], deep), with_(["players"], 10 ** 400),
                 with_(["actions", 1, "dice"], [10 ** 400, 0]), with_(["actions", 1, "marks", 0], ["red", 10 ** 30, 0])):
        with pytest.raises(ScenarioError):
            parse_scenario(data)
