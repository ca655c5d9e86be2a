"""WIDESHUT.md's worked examples E1–E7 with every variant their text
mentions, as fixture files (scenario + expected replay output), plus the
figures the text quotes, checked one by one."""

from __future__ import annotations

import pytest

from wideshut_support import fixture_names, load_fixture, replay

NAMES = fixture_names()


def test_every_example_has_a_fixture():
    for prefix in ("e1-", "e2-", "e3-", "e4-", "e5-", "e6-", "e7-"):
        assert any(n.startswith(prefix) for n in NAMES), prefix
    assert len(NAMES) == 20


@pytest.mark.parametrize("name", NAMES)
def test_fixture_replays_to_expected_output(name):
    scenario, expected = load_fixture(name)
    _, out = replay(scenario)
    assert out == expected


def out_of(name):
    return replay(load_fixture(name)[0])[1]


def test_e1_first_round_w3_1_purple_is_wild_w4_3():
    out = out_of("e1-first-round")
    assert out["ok"] and out["current_player"] == 2 and out["phase"] == "take"
    assert out["remaining_dice"] == [1, 2, 3, 5, 6, 7]
    p0, p1, p2 = out["players"]
    assert p0["red"]["rows"][0] == "..x.x"
    assert p0["red"]["column_scores"] == [-5, -5, 1, -5, 1] and p0["red"]["score"] == -13
    assert p0["blue"]["score"] == -25 and p0["empty_columns"] == 8 and p0["total"] == -38
    assert p1["blue"]["sixes"] == "x...." and p1["total"] == -50
    assert p2["total"] == -50


@pytest.mark.parametrize("name, rule", [
    ("e2-lone-die-w3.4", "W3.4"), ("e2-six-in-pair-w3.2", "W3.2"), ("e2-wrong-half-w4.1", "W4.1"),
    ("e2-same-box-w4.1", "W4.1"), ("e2-taken-die-w3.5", "W3.5"), ("e2-not-your-turn-w2.3", "W2.3"),
    ("e2-roll-again-w2.2", "W2.2"), ("e4-unmarked-w4.2", "W4.2"), ("e6-wrong-row-w5.3", "W5.3"),
    ("e7-after-end-roll-w6.4", "W6.4"), ("e7-after-end-take-w6.4", "W6.4"),
])
def test_illegal_variants_report_the_rule(name, rule):
    out = out_of(name)
    assert out["ok"] is False
    assert out["error"]["rule"] == rule
    assert out["error"]["message"].startswith(rule + " ")
    assert out["error"]["action_index"] == 3 if not name.startswith("e6") else 1


def test_e2_position_is_e1s_when_illegal():
    e1 = out_of("e1-first-round")
    bad = out_of("e2-lone-die-w3.4")
    assert {k: v for k, v in bad.items() if k not in ("ok", "error")} == \
        {k: v for k, v in e1.items() if k not in ("ok", "error")}


def test_e2_legal_take_ends_round_w2_4():
    out = out_of("e2-round-ends")
    assert (out["round"], out["start_player"], out["phase"], out["current_player"]) == (2, 1, "roll", 1)
    assert out["roll"] is None and out["remaining_dice"] == []


def test_e3_lone_die_w3_4_and_purple_six_marks_other_half_w4_3():
    out = out_of("e3-lone-die-purple-six")
    assert out["ok"]
    assert out["players"][0]["red"]["column_scores"] == [-5, -5, 1, -5, -5]
    assert out["players"][0]["total"] == -44
    assert out["players"][1]["red"]["sixes"] == "....x" and out["players"][1]["total"] == -50


def test_e4_split_w5_1_w5_2():
    out = out_of("e4-split")
    red = out["players"][0]["red"]
    assert red["rows"] == ["x.x.x", "xxxxx", "x.x.x", "x.x..", "..x.."]
    assert red["split_rows"] == [1] and red["complete_columns"] == [2]
    assert red["column_scores"] == [4, -5, 8, -5, 2] and red["score"] == 4
    p0 = out["players"][0]
    assert p0["blue"]["score"] == -25 and p0["splits"] == 1 and p0["total"] == -21
    assert (out["round"], out["start_player"], out["phase"]) == (2, 2, "roll")


def test_e4_null_needs_w4_2():
    out = out_of("e4-unmarked-w4.2")
    assert out["error"]["rule"] == "W4.2" and out["error"]["action_index"] == 3


def test_e5_power_of_the_six_w5_3():
    out = out_of("e5-power-of-six")
    red = out["players"][0]["red"]
    assert red["split_rows"] == [] and red["rows"][0] == "x.x.x" and red["sixes"] == ".u..."
    assert red["column_scores"] == [10, 1, 8, 1, 7] and red["score"] == 27
    assert out["players"][0]["total"] == 2


def test_e5_used_six_w5_4_then_split():
    out = out_of("e5-six-used-w5.3")
    assert out["error"]["rule"] == "W5.3" and out["error"]["action_index"] == 6
    out = out_of("e5-split-later")
    assert out["ok"]
    assert out["players"][0]["red"]["column_scores"] == [8, -5, 8, -5, 2]
    assert out["players"][0]["total"] == -17 and out["current_player"] == 1


def test_e6_power_in_blue_w5_3():
    out = out_of("e6-power-blue")
    blue = out["players"][0]["blue"]
    assert blue["rows"] == [".....", ".....", "xxxx.", ".....", "x...."]
    assert blue["sixes"] == "..u.." and blue["column_scores"] == [2, 1, 1, 1, -5]
    assert out["players"][0]["total"] == -25
    assert out["current_player"] == 1 and out["remaining_dice"] == [0, 1, 2, 4, 6]


def test_e7_final_scoring_w7_and_tie_break_w7_5():
    out = out_of("e7-final-scoring")
    assert out["phase"] == "over" and out["game_over"] and out["end_triggered"]
    assert out["current_player"] is None and out["winners"] == [0]
    p0, p1 = out["players"]
    assert p0["red"]["column_scores"] == [15, 10, 3, 4, -5] and p0["red"]["score"] == 27
    assert p0["blue"]["split_rows"] == [1] and p0["blue"]["complete_columns"] == [0, 3, 4]
    assert p0["blue"]["column_scores"] == [8, -5, 7, 8, 8] and p0["blue"]["score"] == 26
    assert (p0["splits"], p0["empty_columns"], p0["total"]) == (1, 2, 53)
    assert p1["red"]["column_scores"] == [15, 15, 10, 3, -5] and p1["red"]["score"] == 38
    assert p1["blue"]["column_scores"] == [15, 7, 3, -5, -5] and p1["blue"]["score"] == 15
    assert (p1["total"], p1["splits"]) == (53, 0)
