"""Rule tests of CLEVER.md, each citing the rule ids it checks."""

from __future__ import annotations

import pytest

from clever_support import act, replay, scenario, state_of
from diceland_core.core.errors import IllegalActionError, LANGUAGES, message_codes, render_message
from diceland_core.games.clever.game import Game

SIX = ("white", "yellow", "blue", "green", "orange", "purple")


def roll(*faces):
    return dict(zip(SIX, faces))


def rule_of(data, index=None):
    out = replay(data)
    assert not out["ok"], out
    if index is not None:
        assert out["error"]["action_index"] == index
    return out["error"]["rule"]


def pick(die, area=None, field=None, player=0):
    a = {"type": "pick", "player": player, "die": die}
    if area:
        a["area"] = area
    if field is not None:
        a["field"] = field
    return a


def take(die, area, field=None, player=1):
    a = {"type": "take", "player": player, "die": die, "area": area}
    if field is not None:
        a["field"] = field
    return a


def extra(die, area, field=None, player=0):
    a = {"type": "extra", "player": player, "die": die, "area": area}
    if field is not None:
        a["field"] = field
    return a


END = {"type": "end_turn"}


# -- C1.3, C4, C9: rounds and the end ------------------------------------------------
@pytest.mark.parametrize("players,rounds", [(1, 6), (2, 6), (3, 5), (4, 4)])
def test_C1_3_number_of_rounds(players, rounds):
    state = Game.new(players=players, seed=5)
    turns = 0
    while not state.over:
        actions = state.legal_actions()
        # take the first legal action, but end the turn as soon as possible
        end = [a for a in actions if a.type == "end_turn"]
        if end:
            turns += 1
            state.apply(end[0])
            continue
        bonus = [a for a in actions if a.type in ("pick", "take", "pass", "bonus", "round_bonus")]
        state.apply(bonus[0])
    assert state.round == rounds
    assert turns == rounds * players * (2 if players == 1 else 1)


def test_C4_3_round_track_bonuses():
    """Round 1 reroll, round 2 +1, round 3 reroll (C2.6)."""
    for rnd, rerolls, extras in [(1, 1, 0), (2, 0, 1), (3, 1, 0), (5, 0, 0)]:
        out = replay(scenario(round=rnd, actions=[]))
        p = out["players"][0]
        assert (p["rerolls"], p["extras"]) == (rerolls, extras)


def test_C4_2_clockwise_and_start_player():
    data = scenario(players=3, start_player=2, dice=[roll(6, 1, 1, 1, 1, 1)],
                    actions=[pick("white", "orange", player=2), take("yellow", "yellow", [2, 0], 0),
                             take("green", "green", None, 1), END])
    out = replay(data)
    assert out["ok"] and out["active_player"] == 0 and out["round"] == 1


# -- C3: entering a die ---------------------------------------------------------------
def test_C3_1_wrong_area():
    data = scenario(dice=[roll(1, 2, 3, 4, 5, 6)], actions=[pick("yellow", "green")])
    assert rule_of(data, 0) == "C3.1"


def test_C3_2_blue_is_blue_plus_white_wherever_white_lies():
    # white 4 is picked first (on a dice field); blue 5 is entered later as 9
    data = scenario(dice=[roll(4, 1, 5, 1, 1, 6), {"blue": 5, "purple": 6}],
                    actions=[pick("white", "orange"), pick("blue", "blue")])
    out = replay(data)
    assert out["ok"] and out["players"][0]["blue"] == [9]
    data["actions"][1] = pick("blue", "blue", 5)
    assert rule_of(data, 1) == "C3.4"


def test_C3_3_yellow_value_must_match_and_be_free():
    data = scenario(dice=[roll(1, 3, 1, 1, 1, 1)], actions=[pick("yellow", "yellow", [0, 1])])
    assert rule_of(data, 0) == "C3.3"
    data = scenario(dice=[roll(1, 3, 1, 1, 1, 1)], sheets={"0": {"yellow": [[0, 0]]}},
                    actions=[pick("yellow", "yellow", [0, 0])])
    assert rule_of(data, 0) == "C3.3"
    data["actions"] = [pick("yellow", "yellow", [3, 1])]
    assert replay(data)["players"][0]["yellow"] == [[0, 0], [3, 1]]


def test_C3_5_green_threshold_and_no_skipping():
    data = scenario(dice=[roll(1, 1, 1, 4, 1, 1)], sheets={"0": {"green": 4}},
                    actions=[pick("green", "green")])
    assert rule_of(data, 0) == "C3.5"          # field 4 needs 5
    data["sheets"] = {"0": {"green": 3}}
    assert replay(data)["players"][0]["green"] == 4


def test_C3_6_orange_multiplier():
    data = scenario(dice=[roll(1, 1, 1, 1, 5, 1)], sheets={"0": {"orange": [1, 1, 1]}},
                    actions=[pick("orange", "orange")])
    assert replay(data)["players"][0]["orange"] == [1, 1, 1, 10]


def test_C3_7_purple_increasing_except_after_six():
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 3)], sheets={"0": {"purple": [3]}},
                    actions=[pick("purple", "purple")])
    assert rule_of(data, 0) == "C3.7"
    data["sheets"] = {"0": {"purple": [6]}}
    assert replay(data)["players"][0]["purple"] == [6, 3]


def test_C3_8_full_area_takes_no_mark():
    data = scenario(dice=[roll(1, 1, 1, 1, 5, 1)],
                    sheets={"0": {"orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3]}},
                    actions=[pick("orange", "orange")])
    assert rule_of(data, 0) == "C3.6"


# -- C5 the active player ---------------------------------------------------------------
def test_C5_4_lower_dice_to_platter_equal_stay():
    data = scenario(dice=[roll(3, 3, 2, 4, 1, 5)], actions=[pick("white", "orange")])
    out = replay(data)
    assert out["platter"] == ["blue", "orange"]
    assert out["roll"] == ["yellow", "green", "purple"]   # rolled again: yellow 3 stayed


def test_C5_5_three_picks_then_the_rest_to_the_platter():
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 1), {c: 1 for c in SIX[1:]}, {c: 1 for c in SIX[2:]}],
                    actions=[pick("white", "orange"), pick("yellow", "yellow", [2, 0]),
                             pick("blue", "blue")])
    out = replay(data)
    assert out["phase"] == "finish" and out["fields"] == ["white", "yellow", "blue"]
    assert out["platter"] == ["green", "orange", "purple"]


def test_C5_2_pick_checks():
    data = scenario(players=2, dice=[roll(1, 2, 3, 4, 5, 6)],
                    actions=[pick("purple", "purple", player=1)])
    assert rule_of(data, 0) == "C5.2"
    data["actions"] = [pick("purple", "purple"), pick("white", "orange")]
    assert rule_of(data, 1) == "C5.2"   # rolling ended: every other die was lower


def test_C5_3_pick_without_area_only_when_nothing_usable():
    data = scenario(dice=[roll(1, 2, 3, 4, 5, 6)], actions=[pick("purple")])
    assert rule_of(data, 0) == "C5.3"


# -- C6 the passive players ---------------------------------------------------------------
def _three_player_platter():
    # active player 0 takes purple 6: all else to the platter
    return scenario(players=3, dice=[roll(2, 1, 3, 1, 4, 6)], actions=[pick("purple", "purple")])


def test_C6_1_simultaneous_takes_of_the_same_die():
    data = _three_player_platter()
    data["actions"] += [take("orange", "orange", None, 2), take("orange", "orange", None, 1)]
    out = replay(data)
    assert out["ok"] and out["players"][1]["orange"] == [4] == out["players"][2]["orange"]


def test_C6_1_take_checks():
    data = _three_player_platter()
    data["actions"] += [take("orange", "orange", None, 0)]
    assert rule_of(data, 1) == "C6.1"                       # the active player
    data = _three_player_platter()
    data["actions"] += [take("orange", "orange"), take("white", "orange")]
    assert rule_of(data, 2) == "C6.1"                       # already taken
    data = scenario(players=2, dice=[roll(2, 1, 3, 1, 4, 1)], actions=[take("white", "orange")])
    assert rule_of(data, 0) == "C6.1"                       # still rolling


def test_C6_4_pass_only_without_usable_platter_die():
    data = _three_player_platter()
    data["actions"] += [{"type": "pass", "player": 1}]
    assert rule_of(data, 1) == "C6.4"


def _nothing_usable_for_player_1():
    # player 1 has orange and purple full, green needs 6; platter: yellow 1 (both 1s crossed),
    # blue/white sum crossed...
    return scenario(players=2, dice=[roll(1, 1, 1, 1, 1, 6)],
                    sheets={"1": {"yellow": [[1, 1], [2, 0]], "blue": [2], "green": 10,
                                  "orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3],
                                  "purple": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5]}},
                    actions=[pick("purple", "purple")])


def test_C6_3_special_case_and_R12_pass():
    data = _nothing_usable_for_player_1()
    # white 1 lies on the platter; purple 6 lies on player 0's dice field: purple is full, so
    # the special case has no usable die either -> pass is the only choice
    data["actions"] += [{"type": "pass", "player": 1}, END]
    assert replay(data)["ok"]


def test_C6_3_special_case_allowed_when_platter_useless():
    data = scenario(players=2, dice=[roll(1, 1, 1, 1, 1, 6)],
                    sheets={"1": {"yellow": [[1, 1], [2, 0]], "blue": [2], "green": 10,
                                  "orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3], "purple": [5]}},
                    actions=[pick("purple", "purple"), take("purple", "purple")])
    out = replay(data)
    assert out["ok"] and out["players"][1]["purple"] == [5, 6]
    data["actions"][1] = {"type": "pass", "player": 1}
    assert replay(data)["ok"]                                   # R12: optional


# -- C7 rerolls and +1 ----------------------------------------------------------------------
def test_C7_3_reroll_rerolls_only_the_current_roll():
    data = scenario(sheets={"0": {"rerolls": 1}},
                    dice=[roll(3, 1, 3, 3, 3, 3), {c: 4 for c in ("white", "blue", "green", "orange", "purple")},
                          {c: 5 for c in ("white", "blue", "green", "orange", "purple")}],
                    actions=[pick("yellow", "yellow", [1, 1]), {"type": "reroll", "player": 0}])
    out = replay(data)
    assert out["ok"] and out["dice"]["yellow"] == 1 and out["dice"]["white"] == 5
    assert out["players"][0]["rerolls"] == 1            # 1 preset + round 1 - 1 used


def test_C7_1_no_action_available():
    data = scenario(round=2, dice=[roll(1, 2, 3, 4, 5, 6)], actions=[{"type": "reroll", "player": 0}])
    assert rule_of(data, 0) == "C7.1"
    data = scenario(dice=[roll(1, 2, 3, 4, 5, 6)], actions=[extra("white", "orange")])
    assert rule_of(data, 0) == "C7.1"   # C7.1 is checked before C7.4


def test_C7_1_track_holds_seven():
    data = scenario(sheets={"0": {"rerolls": 7}}, actions=[])
    assert replay(data)["players"][0]["rerolls"] == 7   # the round-1 reroll is lost


def test_C7_4_extra_only_after_own_part():
    data = scenario(round=2, dice=[roll(1, 2, 3, 4, 5, 1)], actions=[extra("white", "orange")])
    assert rule_of(data, 0) == "C7.4"
    data = scenario(players=2, round=2, dice=[roll(2, 1, 3, 1, 4, 6)],
                    actions=[pick("purple", "purple"), extra("white", "orange", player=1)])
    assert rule_of(data, 1) == "C7.4"
    data["actions"] = [pick("purple", "purple"), take("orange", "orange"),
                       extra("orange", "orange", player=1), extra("purple", "purple", player=0)]
    out = replay(data)
    assert out["ok"] and out["players"][1]["orange"] == [4, 4] and out["players"][0]["purple"] == [6, 6]


def test_C7_5_die_entered_by_pick_may_be_chosen_by_extra():
    data = scenario(round=2, dice=[roll(1, 1, 1, 1, 1, 6)],
                    actions=[pick("purple", "purple"), extra("purple", "purple")])
    assert replay(data)["players"][0]["purple"] == [6, 6]


# -- C8 bonuses ---------------------------------------------------------------------------------
def test_C8_2_C8_5_yellow_row_then_diagonal():
    data = scenario(dice=[roll(1, 6, 1, 1, 1, 1)],
                    sheets={"0": {"yellow": [[0, 0], [1, 1], [2, 2], [3, 1], [3, 2]]}},
                    actions=[pick("yellow", "yellow", [3, 3])])
    p = replay(data)["players"][0]
    assert p["foxes"] == 1 and p["extras"] == 1


def test_C8_3_R4_green_cross_ignores_threshold():
    # blue column {2, 6, 10} -> green_x on field 4 (needs 5)
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 1)], sheets={"0": {"blue": [6, 10], "green": 4}},
                    actions=[pick("white", "blue")])
    assert replay(data)["players"][0]["green"] == 5


def test_C8_3_R5_orange_bonus_is_multiplied_and_chains():
    # purple field 9 -> orange_6 on orange field 3 (x2) = 12
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 6)],
                    sheets={"0": {"purple": [1, 2, 3, 4, 5, 6, 1, 2, 3], "orange": [1, 1, 1]}},
                    actions=[pick("purple", "purple")])
    assert replay(data)["players"][0]["orange"] == [1, 1, 1, 12]


def test_C8_5_chain_before_older_bonus():
    """Purple field 3 earns blue_x; choosing blue 12 completes row and column (fox, extra)
    while nothing older waits."""
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 6), {c: 6 for c in SIX[:5]}],
                    sheets={"0": {"purple": [1, 2, 3], "blue": [4, 8, 9, 10, 11]}},
                    actions=[pick("purple", "purple"), {"type": "bonus", "player": 0, "area": "blue",
                                                        "field": 12}])
    out = replay(data)
    assert out["ok"] and out["players"][0]["foxes"] == 1 and out["players"][0]["extras"] == 1


def test_C8_6_bonus_checks():
    base = scenario(dice=[roll(1, 1, 1, 1, 1, 6)], sheets={"0": {"purple": [1, 2, 3], "blue": [2]}},
                    actions=[pick("purple", "purple")])
    for bad in ({"type": "bonus", "player": 0, "area": "yellow", "field": [0, 0]},
                {"type": "bonus", "player": 0, "area": "blue", "field": 2}):
        data = dict(base, actions=base["actions"] + [bad])
        assert rule_of(data, 1) == "C8.6"
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 6)],
                    actions=[{"type": "bonus", "player": 0, "area": "blue", "field": 3}])
    assert rule_of(data, 0) == "C8.6"


def test_C8_4_choice_without_free_field_is_lost():
    blue = [n for n in range(2, 13)]
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 6)], sheets={"0": {"purple": [1, 2, 3], "blue": blue}},
                    actions=[pick("purple", "purple")])
    out = replay(data)
    assert out["ok"] and out["pending"] is None


def test_C8_7_round_four_checks():
    data = scenario(round=4, sheets={"0": {"blue": [5]}},
                    actions=[{"type": "round_bonus", "player": 0, "area": "blue", "field": 5}])
    assert rule_of(data, 0) == "C8.7"
    data = scenario(round=3, actions=[{"type": "round_bonus", "player": 0, "area": "purple"}])
    assert rule_of(data, 0) == "C8.7"
    data = scenario(round=4, sheets={"0": {"green": 11}},
                    actions=[{"type": "round_bonus", "player": 0, "area": "green"}])
    assert rule_of(data, 0) == "C8.7"


def test_C8_7_round_four_waits_for_every_player_and_chains():
    data = scenario(players=2, round=4, sheets={"1": {"orange": [1, 1, 1, 2]}},
                    dice=[roll(1, 2, 3, 4, 5, 6)],
                    actions=[{"type": "round_bonus", "player": 1, "area": "orange"}])
    out = replay(data)
    assert out["phase"] == "round_bonus" and out["waiting"] == [0]
    assert out["pending"] == {"player": 1, "bonus": "yellow_x"}   # orange field 4
    data["actions"] += [{"type": "round_bonus", "player": 0, "area": "green"}]
    assert rule_of(data, 1) == "C8.6"
    data["actions"][1:] = [{"type": "bonus", "player": 1, "area": "yellow", "field": [0, 0]},
                           {"type": "round_bonus", "player": 0, "area": "green"}]
    out = replay(data)
    assert out["ok"] and out["phase"] == "rolling" and out["players"][1]["orange"] == [1, 1, 1, 2, 6]


# -- C9 -----------------------------------------------------------------------------------------
def test_C9_1_end_turn_too_early():
    data = scenario(dice=[roll(1, 2, 3, 4, 5, 6)], actions=[END])
    assert rule_of(data, 0) == "C9.1"


def test_C9_4_nothing_after_the_end():
    R = roll(1, 1, 1, 1, 1, 6)
    data = scenario(players=2, round=6, start_player=1, dice=[R, R],
                    actions=[pick("purple", "purple", player=1), take("white", "orange", player=0), END,
                             pick("purple", "purple", player=0), take("white", "orange", player=1), END,
                             {"type": "pass", "player": 0}])
    assert rule_of(data, 6) == "C9.4"


# -- C10 scoring ----------------------------------------------------------------------------------
def test_C10_6_fox_with_a_zero_area_scores_nothing():
    p = replay(scenario(sheets={"0": {"blue": [9, 10, 11, 12], "green": 3}}))["players"][0]
    assert p["foxes"] == 1 and p["score"]["fox"] == 0


def test_C10_8_R7_full_tie_gives_several_winners():
    R = roll(1, 6, 1, 1, 1, 1)
    data = scenario(players=2, round=6, sheets={"0": {"green": 5}, "1": {"green": 5}}, dice=[R, R],
                    actions=[pick("yellow", "yellow", [0, 1]), take("white", "yellow", [1, 1]), END,
                             pick("yellow", "yellow", [0, 1], player=1),
                             take("white", "yellow", [1, 1], player=0), END])
    assert replay(data)["winners"] == [0, 1]


# -- C11 solo -----------------------------------------------------------------------------------------
def test_C11_3_R8_default_closeness_is_colour_order():
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 6), roll(3, 3, 3, 3, 3, 3)],
                    actions=[pick("purple", "purple"), END])
    assert replay(data)["platter"] == ["white", "yellow", "blue"]


def test_C11_3_R9_no_special_case_in_solo_and_pass():
    full = {"yellow": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 3], [2, 0], [2, 2], [2, 3],
                       [3, 1], [3, 2], [3, 3]],
            "blue": list(range(2, 13)), "green": 11, "orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3],
            "purple": [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5]}
    data = scenario(sheets={"0": full}, dice=[roll(1, 1, 1, 1, 1, 6), roll(3, 3, 3, 3, 3, 3)],
                    actions=[pick("purple"), END, {"type": "pass", "player": 0}, END])
    out = replay(data)
    assert out["ok"] and out["round"] == 2


def test_C11_1_solo_pick_in_passive_turn_is_C5_2():
    data = scenario(dice=[roll(1, 1, 1, 1, 1, 6), roll(3, 3, 3, 3, 3, 3)],
                    actions=[pick("purple", "purple"), END, pick("white", "orange")])
    assert rule_of(data, 2) == "C5.2"


# -- messages ---------------------------------------------------------------------------------------
def test_every_message_in_three_languages():
    codes = message_codes("clever")
    assert len(codes) > 30
    for code in codes:
        texts = {lang: render_message(code, {"die": "white", "area": "blue", "player": 2, "players": [1],
                                             "value": 3, "need": 4, "last": 5, "row": 1, "column": 2,
                                             "shown": 6, "field": 7, "points": 3, "bonus": "fox"}, lang)
                 for lang in LANGUAGES}
        assert all(t and "{" not in t for t in texts.values()), (code, texts)
        assert texts["es"] != texts["en"] or code.startswith("clever.rating"), code


def test_illegal_action_text_translated():
    state = state_of(scenario(dice=[roll(1, 2, 3, 4, 5, 6)]))
    with pytest.raises(IllegalActionError) as info:
        state.apply(act(pick("yellow", "green")))
    assert info.value.rule == "C3.1"
    assert "verde" in info.value.text("es") and "giallo" in info.value.text("it")


# -- C12 undo and records -------------------------------------------------------------------
def test_C12_1_undo_back_to_the_last_roll_and_never_past_it():
    data = scenario(players=2, dice=[roll(2, 1, 3, 1, 4, 6)], sheets={"1": {"extras": 1}},
                    actions=[pick("purple", "purple"), take("orange", "orange"),
                             extra("white", "purple", player=1)])
    state = state_of(data)
    assert state.can_undo()
    once = state.undo()
    assert once.summary() == state_of(data, 2).summary()
    twice = once.undo()
    assert twice.summary() == state_of(data, 1).summary()
    assert twice.can_undo()                      # that pick ended rolling: no roll came after it
    assert twice.undo().summary() == state_of(data, 0).summary()
    # here the pick leaves dice in hand, so the next roll is made at once
    state_after_pick = state_of(scenario(dice=[roll(1, 1, 1, 1, 1, 1)], actions=[pick("white", "orange")]))
    assert not state_after_pick.can_undo()
    with pytest.raises(IllegalActionError) as info:
        state_after_pick.undo()
    assert info.value.rule == "C12.1"


def test_C12_1_illegal_action_changes_nothing():
    state = state_of(_three_player_platter())
    before = state.summary()
    with pytest.raises(IllegalActionError):
        state.apply(act({"type": "pass", "player": 1}))
    assert state.summary() == before and len(state.actions) == 1


# -- the user interface's questions ---------------------------------------------------------------
def test_usable_dice_and_targets_follow_C3_8_and_the_phase():
    data = scenario(dice=[roll(4, 2, 3, 1, 6, 5)], sheets={"0": {"purple": [5], "green": 4}})
    state = state_of(data)
    # green 1 < 5 (C3.5) and purple 5 not > 5 (C3.7) are not usable
    assert state.usable_dice(0) == ["white", "yellow", "blue", "orange"]
    assert state.targets(0, "white") == [("yellow", (2, 3)), ("yellow", (3, 2)), ("blue", 7),
                                         ("orange", None)]
    assert state.targets(0, "purple") == []
    assert state.targets(0, "blue") == [("blue", 7)]
    state.apply(act(pick("yellow", "yellow", [1, 0])))     # green 1 to the platter, the rest rolled again
    assert state.usable_dice(0) == [c for c in state.summary()["roll"]
                                    if state.targets(0, c)]


def test_usable_dice_of_passive_player_and_special_case():
    data = _nothing_usable_for_player_1()
    state = state_of(data)
    assert state.usable_dice(1) == []                       # purple 6 on the field: purple full
    data = scenario(players=2, dice=[roll(1, 1, 1, 1, 1, 6)],
                    sheets={"1": {"yellow": [[1, 1], [2, 0]], "blue": [2], "green": 10,
                                  "orange": [1, 1, 1, 2, 1, 1, 2, 1, 2, 1, 3], "purple": [5]}},
                    actions=[pick("purple", "purple")])
    state = state_of(data)
    assert state.usable_dice(1) == ["purple"]               # C6.3: from the dice fields
    assert state.targets(1, "purple") == [("purple", None)]
    assert state.usable_dice(0) == []                       # no +1 actions
