"""The worked examples E1–E9 of CLEVER.md, with every variant their text
mentions, as fixture files (tests/clever/fixtures/*.json and their
*.expected.json): the full replay output must match, and the keys the
examples state are asserted here once more by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clever_support import FIXTURES, comparable
from diceland_core.core.replay import load_scenario, replay_scenario

FILES = sorted(p for p in FIXTURES.glob("*.json") if not p.name.endswith(".expected.json"))


def run(name: str) -> dict:
    definition, parsed = load_scenario(FIXTURES / f"{name}.json")
    return replay_scenario(definition, parsed)[1]


def player(out: dict, p: int) -> dict:
    return out["players"][p]


def test_every_example_has_a_fixture():
    names = {p.stem.split("-")[0] for p in FILES}
    assert names == {f"e{i}" for i in range(1, 10)}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_fixture_matches_expected(path: Path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    definition, parsed = load_scenario(path)
    assert comparable(replay_scenario(definition, parsed)[1]) == comparable(expected)


def test_e1_lucas_turn_C5_C6():
    out = run("e1-lucas-turn")
    assert out["ok"] and out["phase"] == "finish" and out["waiting"] == []
    assert out["fields"] == ["purple", "white", "orange"]
    assert out["platter"] == ["yellow", "blue", "green"]
    p0, p1 = player(out, 0), player(out, 1)
    assert p0["purple"] == [3, 4] and p0["orange"] == [3] and p0["score"]["total"] == 10
    assert p1["blue"] == [6] and p1["score"]["total"] == 1
    assert p0["rerolls"] == p1["rerolls"] == 1


def test_e1_after_three_actions_waits_for_the_passive_player_C6_1():
    out = run("e1-lucas-turn-three-actions")
    assert out["waiting"] == [1] and out["phase"] == "finish" and out["pending"] is None
    assert out["dice"] == {"white": 4, "yellow": 1, "blue": 2, "green": 1, "orange": 3, "purple": 3}
    assert out["roll"] == []


def test_e2_special_case_refused_C6_3():
    out = run("e2-special-case-refused")
    assert not out["ok"] and out["error"]["action_index"] == 3 and out["error"]["rule"] == "C6.3"
    assert out["error"]["message"].startswith("C6.3 ")


def test_e3_extra_actions_C7_4():
    out = run("e3-extra")
    p = player(out, 0)
    assert out["ok"] and p["orange"] == [6] and p["yellow"] == [[2, 3]] and p["blue"] == [7]
    assert p["extras"] == 0 and p["score"]["total"] == 7


def test_e3_same_die_twice_C7_5():
    out = run("e3-extra-same-die")
    assert out["error"]["action_index"] == 2 and out["error"]["rule"] == "C7.5"


def test_e4_bonus_chain_C8_5():
    mid = run("e4-bonus-chain-after-pick")
    assert player(mid, 0)["green"] == 6
    assert mid["pending"] == {"player": 0, "bonus": "blue_x"}
    out = run("e4-bonus-chain")
    p = player(out, 0)
    assert out["ok"] and p["blue"] == [4, 8, 9, 10, 11, 12] and p["purple"] == [6]
    assert (p["foxes"], p["extras"], p["rerolls"]) == (1, 1, 1)
    assert p["score"] == {"yellow": 0, "blue": 16, "green": 21, "orange": 0, "purple": 6,
                          "fox": 0, "total": 43}


@pytest.mark.parametrize("i", range(4))
def test_e4_any_other_action_while_pending_C8_6(i):
    out = run(f"e4-bonus-chain-other-action-{i}")
    assert out["error"]["action_index"] == 1 and out["error"]["rule"] == "C8.6"


def test_e5_bad_luck_R1():
    out = run("e5-bad-luck")
    p = player(out, 0)
    assert out["ok"] and out["fields"] == ["orange", "purple"] and out["phase"] == "finish"
    assert p["orange"] == [4] and p["purple"] == [5]
    bad = run("e5-bad-luck-entered")
    assert bad["error"]["action_index"] == 1 and bad["error"]["rule"] == "C3.7"


def test_e6_solo_passive_R8():
    out = run("e6-solo-passive")
    p = player(out, 0)
    assert out["ok"] and out["solo_passive"] and out["platter"] == ["blue", "orange", "purple"]
    assert p["purple"] == [6] and p["orange"] == [3] and out["roll"] == [] and out["fields"] == []
    white = run("e6-solo-passive-white")
    assert white["error"]["action_index"] == 2 and white["error"]["rule"] == "C11.3"
    reroll = run("e6-solo-passive-reroll")
    assert reroll["error"]["action_index"] == 2 and reroll["error"]["rule"] == "C7.3"


def test_e7_full_scoring_C10():
    p = player(run("e7-full-scoring"), 0)
    assert p["foxes"] == 2
    assert p["score"] == {"yellow": 10, "blue": 7, "green": 15, "orange": 22, "purple": 16,
                          "fox": 14, "total": 84}


def test_e8_end_and_tie_break_C10_8_R7():
    out = run("e8-end-and-tie-break")
    assert out["game_over"] and out["phase"] == "over" and out["winners"] == [0]
    assert [p["score"]["total"] for p in out["players"]] == [15, 15]


def test_e9_round_four_C8_7():
    start = run("e9-round-four-start")
    assert start["phase"] == "round_bonus" and start["waiting"] == [0] and start["dice"] is None
    out = run("e9-round-four")
    assert player(out, 0)["purple"] == [6] and out["phase"] == "rolling"
    assert out["roll"] == ["white", "yellow", "blue", "green", "orange", "purple"]
    bad = run("e9-round-four-pick")
    assert bad["error"]["action_index"] == 0 and bad["error"]["rule"] == "C8.7"
