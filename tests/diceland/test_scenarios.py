"""Every scenario in tests/diceland/scenarios/formats/ (FORMATS.md's) and tests/diceland/scenarios/ replays to its
expected output (all keys but error.message, FORMATS.md), and the naive
reference agrees on ours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from support import FORMAT_SCENARIOS, ROOT
from diceland_core.games.diceland.scenario import load_scenario, replay_scenario
from diceland_core.cli import replay_file
from diceland_reference import Illegal, RefGame

FORMAT_SCENARIO_FILES = sorted((FORMAT_SCENARIOS).glob("*.json"))
OWN_SCENARIOS = sorted((ROOT / "tests" / "diceland" / "scenarios").glob("*.json"))
ALL = [p for p in FORMAT_SCENARIO_FILES + OWN_SCENARIOS if not p.name.endswith(".expected.json")]


def comparable(result: dict) -> dict:
    result = json.loads(json.dumps(result))
    if result.get("error"):
        result["error"].pop("message", None)
    return result


def test_the_format_scenarios_are_there():
    assert len([p for p in FORMAT_SCENARIO_FILES if not p.name.endswith(".expected.json")]) >= 2


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.stem)
def test_scenario_matches_expected(path: Path):
    expected = json.loads(path.with_suffix(".expected.json").read_text())
    code, result = replay_file(str(path))
    assert comparable(result) == comparable(expected)
    assert code == (0 if expected["ok"] else 1)


@pytest.mark.parametrize("path", OWN_SCENARIOS and [p for p in OWN_SCENARIOS if not p.name.endswith(".expected.json")],
                         ids=lambda p: p.stem)
def test_own_scenarios_agree_with_the_reference(path: Path):
    data = json.loads(path.read_text())
    rolls = iter(data["dice"])
    ref = RefGame(data["board"]["grid"], data["players"], data["start_player"],
                  {int(k): [tuple(c) for c in v] for k, v in data.get("crossed", {}).items()},
                  lambda k: list(next(rolls, ["red"] * k)))
    error = None
    for i, action in enumerate(data["actions"]):
        try:
            ref.act(action)
        except Illegal:
            error = i
            break
    _, got = replay_scenario(load_scenario(path))
    assert (got["error"] or {}).get("action_index") == error
    if error is None:
        assert {k: got[k] for k in ("game_over", "winners", "active_player")} == \
               {k: ref.summary()[k] for k in ("game_over", "winners", "active_player")}
    assert got["players"] == ref.summary()["players"]


def test_scenarios_state_their_rules():
    for path in OWN_SCENARIOS:
        if path.name.endswith(".expected.json"):
            continue
        data = json.loads(path.read_text())
        assert data["title"] and "D" in data["explain"]
