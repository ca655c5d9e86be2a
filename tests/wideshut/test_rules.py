"""Rule by rule (WIDESHUT.md W1–W7, rulings R1–R8), each test naming the
rule it checks; illegal actions must report the rule of the first failing
check of "Which rule an illegal action reports"."""

from __future__ import annotations

import re

import pytest

from diceland_core.core.errors import IllegalActionError, message_codes, render_message
from diceland_core.games.wideshut.game import dice_count, die_colour
from diceland_core.games.wideshut.sheet import COLUMN_SCORE, Sheet
from wideshut_support import Roll, new, replay, take

EMPTY = "....."


def game(players=2, roll=None, sheets=None, start=0, actions=()):
    data = {"game": "wideshut", "players": players, "start_player": start,
            "dice": [roll] if roll else [], "sheets": sheets or {},
            "actions": [{"type": "roll", "player": start}] + list(actions)}
    state, out = replay(data)
    assert out["ok"], out["error"]
    return state


def rule_of(state, action):
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    return err.value.rule


# -- W1 ---------------------------------------------------------------------------

@pytest.mark.parametrize("players, n", [(2, 7), (3, 9), (4, 11), (5, 13)])
def test_w1_2_dice_per_player_count(players, n):
    assert dice_count(players) == n
    colours = [die_colour(players, i) for i in range(n)]
    assert colours == ["red"] * (players + 1) + ["blue"] * (players + 1) + ["purple"]
    s = new(players=players, seed=1)
    s.apply(Roll(s.start))
    assert len(s.roll) == n


def test_w1_3_numbers_of_the_halves():
    s = game(roll=[1, 2, 3, 4, 5, 6, 2])     # red 1 2 3, blue 4 5 6, purple 2
    assert s.is_legal(take(0, "red", [2, 6], [["red", 4, 2], ["red", 0, 1]]))       # red 3: column 2
    assert not s.is_legal(take(0, "red", [2, 6], [["red", 2, 0], ["red", 0, 1]]))
    assert s.is_legal(take(0, "blue", [3, 4], [["blue", 3, 0], ["blue", 4, 4]]))    # blue 4: row 3
    assert not s.is_legal(take(0, "blue", [3, 4], [["blue", 0, 3], ["blue", 4, 4]]))


# -- W2 ---------------------------------------------------------------------------

def test_w2_2_only_the_start_player_rolls_once():
    s = new(players=3, seed=4, start_player=1)
    assert rule_of(s, Roll(0)) == "W2.2"
    assert rule_of(s, take(1, "red", [0], [None])) == "W2.2"
    s.apply(Roll(1))
    assert rule_of(s, Roll(1)) == "W2.2"


def test_w2_3_only_the_current_player_takes():
    s = game(players=3, roll=[1, 2, 3, 4, 1, 2, 3, 4, 5], start=2)
    assert s.current_player == 2
    assert rule_of(s, take(0, "red", [0, 1], [["red", 0, 0], ["red", 0, 1]])) == "W2.3"


# -- W3 ---------------------------------------------------------------------------

R = [1, 2, 3, 4, 5, 5, 3]        # 2 players: red 1 2 3, blue 4 5 5, purple 3


def test_w3_1_colour_and_purple_wild():
    s = game(roll=R)
    assert rule_of(s, take(0, "red", [0, 3], [["red", 0, 0], ["red", 0, 3]])) == "W3.1"
    assert s.is_legal(take(0, "red", [0, 6], [["red", 0, 0], ["red", 0, 2]]))
    assert s.is_legal(take(0, "blue", [3, 6], [["blue", 3, 0], ["blue", 2, 0]]))


def test_w3_2_a_six_is_taken_alone():
    s = game(roll=[6, 2, 3, 4, 5, 5, 6])
    assert rule_of(s, take(0, "red", [0, 1], [["red6", 0], ["red", 0, 1]])) == "W3.2"
    assert rule_of(s, take(0, "red", [1, 6], [["red", 0, 1], ["blue6", 0]])) == "W3.2"
    assert s.is_legal(take(0, "blue", [6], [["red6", 2]]))


def test_w3_3_two_dice_equal_numbers_allowed_r2():
    s = game(roll=[3, 3, 3, 5, 2, 2, 4])
    assert s.is_legal(take(0, "red", [0, 1], [["red", 0, 2], ["red", 1, 2]]))
    bad = take(0, "red", [0, 1], [["red", 0, 2], ["red", 1, 2]])
    object.__setattr__(bad, "dice", (0, 1, 2))
    object.__setattr__(bad, "marks", (None, None, None))
    assert rule_of(s, bad) == "W3.3"


def test_w3_4_lone_die_only_without_a_partner():
    s = game(players=3, roll=[3, 6, 6, 6, 2, 5, 1, 1, 6])
    assert s.is_legal(take(0, "red", [0], [["red", 2, 2]]))            # the rules' example
    assert rule_of(s, take(0, "blue", [4], [["blue", 1, 0]])) == "W3.4"
    s = game(roll=[3, 6, 6, 6, 6, 6, 2])                                 # purple 2 partners the red 3
    assert rule_of(s, take(0, "red", [0], [["red", 0, 2]])) == "W3.4"
    assert rule_of(s, take(0, "red", [6], [["red", 0, 1]])) == "W3.4"
    assert s.is_legal(take(0, "blue", [6], [["blue", 1, 0]]))          # no blue 1-5: purple alone


def test_w3_5_each_die_once():
    s = game(roll=R, actions=[{"type": "take", "player": 0, "colour": "red", "dice": [0, 1],
                               "marks": [["red", 0, 0], ["red", 0, 1]]}])
    assert rule_of(s, take(1, "red", [1, 2], [["red", 1, 1], ["red", 1, 2]])) == "W3.5"
    assert rule_of(s, take(1, "red", [2, 2], [["red", 1, 2], ["red", 2, 2]])) == "W3.5"


def test_check_order_w2_3_then_w3_5_then_w3_1_then_w3_2():
    s = game(roll=[6, 2, 3, 4, 5, 5, 6], actions=[
        {"type": "take", "player": 0, "colour": "red", "dice": [1, 2], "marks": [["red", 0, 1], ["red", 0, 2]]}])
    assert rule_of(s, take(0, "blue", [1, 0], [None, None])) == "W2.3"
    assert rule_of(s, take(1, "blue", [1, 0], [None, None])) == "W3.5"
    assert rule_of(s, take(1, "blue", [0, 6], [None, None])) == "W3.1"
    assert rule_of(s, take(1, "red", [0, 6], [None, None])) == "W3.2"


# -- W4 ---------------------------------------------------------------------------

def test_w4_1_box_must_fit():
    s = game(roll=R, sheets={"0": {"red": ["x....", EMPTY, EMPTY, EMPTY, EMPTY]}})
    assert rule_of(s, take(0, "red", [0, 1], [["red", 0, 0], ["red", 1, 1]])) == "W4.1"   # marked
    assert rule_of(s, take(0, "red", [0, 1], [["red", 1, 1], ["red", 1, 1]])) == "W4.1"   # wrong number
    assert rule_of(s, take(0, "red", [0, 1], [["red6", 1], ["red", 1, 1]])) == "W4.1"     # a 6-box
    assert rule_of(s, take(0, "red", [0, 1], [["blue", 0, 0], ["red", 1, 1]])) == "W4.1"  # other half


def test_w4_2_compulsory_marks_r5():
    s = game(roll=R)
    assert rule_of(s, take(0, "red", [0, 1], [None, ["red", 0, 1]])) == "W4.2"
    full1 = ["x....", "x....", "x....", "x....", "x...."]     # every red 1 marked (column 0)
    s = game(roll=R, sheets={"0": {"red": full1}})
    assert s.is_legal(take(0, "red", [0, 1], [None, ["red", 0, 1]]))


def test_w4_2_r3_two_equal_dice_one_box_left():
    rows = ["..x..", "..x..", "..x..", "..x..", "....."]        # one red 3 left: row 4
    s = game(roll=[3, 3, 1, 4, 5, 5, 6], sheets={"0": {"red": rows, "red6": "....x"}})
    assert s.is_legal(take(0, "red", [0, 1], [["red", 4, 2], None]))
    assert s.is_legal(take(0, "red", [0, 1], [None, ["red", 4, 2]]))
    assert rule_of(s, take(0, "red", [0, 1], [{"skip": 4}, ["red", 4, 2]])) == "W5.3"
    assert rule_of(s, take(0, "red", [0, 1], [None, None])) == "W4.2"


def test_w4_3_a_six_marks_any_empty_six_box():
    s = game(roll=[6, 2, 3, 4, 5, 5, 1], sheets={"0": {"blue6": "x...."}})
    assert s.is_legal(take(0, "red", [0], [["blue6", 1]]))
    assert rule_of(s, take(0, "red", [0], [["blue6", 0]])) == "W4.3"
    assert rule_of(s, take(0, "red", [0], [None])) == "W4.3"
    assert rule_of(s, take(0, "red", [0], [["red", 0, 0]])) == "W4.3"
    assert rule_of(s, take(0, "red", [0], [{"skip": 0}])) == "W4.3"
    s = game(roll=[6, 2, 3, 4, 5, 5, 1], sheets={"0": {"red6": "xxxxx", "blue6": "uxxxx"}})
    assert s.is_legal(take(0, "red", [0], [None]))
    assert s.mark_options(0, "red", [0]) == [[None]]


def test_marks_are_checked_entry_of_dice0_first():
    s = game(roll=R)
    # entry 0 breaks W4.2, entry 1 breaks W4.1: W4.2 is reported
    assert rule_of(s, take(0, "red", [0, 1], [None, ["red", 0, 0]])) == "W4.2"
    assert rule_of(s, take(0, "red", [1, 0], [["red", 0, 0], None])) == "W4.1"


# -- W5 ---------------------------------------------------------------------------

def test_w5_1_w5_2_split_rows_cross_their_marks():
    rows = ["xxxx.", "x....", EMPTY, EMPTY, EMPTY]
    s = game(roll=[5, 1, 1, 4, 4, 4, 2], sheets={"0": {"red": rows}})
    s.apply(take(0, "red", [0, 6], [["red", 0, 4], ["red", 1, 1]]))
    red = s.summary()["players"][0]["red"]
    assert red["split_rows"] == [0] and red["rows"][0] == "xxxxx"
    assert red["column_scores"] == [1, 1, -5, -5, -5]     # crossed marks score nothing
    assert s.sheets[0].splits == 1


def test_w5_2_split_rows_six_may_still_be_marked():
    s = game(roll=[6, 1, 1, 4, 4, 4, 2], sheets={"0": {"red": ["xxxxx"] + [EMPTY] * 4}})
    assert s.is_legal(take(0, "red", [0], [["red6", 0]]))


def test_w5_3_power_of_the_six_conditions():
    rows = ["xx.xx", EMPTY, EMPTY, EMPTY, EMPTY]
    sheets = {"0": {"red": rows, "red6": "x.u.."}}
    s = game(roll=[3, 3, 1, 4, 5, 5, 6], sheets=sheets)
    assert s.is_legal(take(0, "red", [0, 1], [{"skip": 0}, ["red", 1, 2]]))
    assert rule_of(s, take(0, "red", [0, 1], [{"skip": 1}, ["red", 1, 2]])) == "W5.3"   # not marked
    assert rule_of(s, take(0, "red", [0, 1], [{"skip": 2}, ["red", 1, 2]])) == "W5.3"   # used
    assert rule_of(s, take(0, "red", [0, 1], [{"skip": 0}, ["red", 0, 2]])) == "W5.3"   # other die's box
    assert rule_of(s, take(0, "red", [0, 1], [{"skip": 0}, {"skip": 0}])) == "W5.3"     # same 6 twice
    assert s.skip_rows(0, "red", [0, 1], 0) == [0]
    s.apply(take(0, "red", [0, 1], [{"skip": 0}, ["red", 1, 2]]))
    assert s.summary()["players"][0]["red"]["sixes"] == "u.u.."


def test_w5_3_power_of_the_six_on_any_low_die_r3():
    s = game(roll=[1, 2, 1, 4, 5, 5, 6], sheets={"0": {"red6": "..x.."}})
    assert s.is_legal(take(0, "red", [0, 1], [{"skip": 2}, ["red", 0, 1]]))


# -- W6 ---------------------------------------------------------------------------

THREE_COLUMNS = ["xxx..", "xxx..", "xxx..", "xxx..", "xxx.."]


def test_w6_2_preset_sheet_triggers_at_first_take_and_w6_3_round_finishes():
    s = game(players=3, roll=[1, 2, 3, 4, 1, 2, 3, 4, 5], sheets={"2": {"blue": THREE_COLUMNS}})
    s.apply(take(0, "red", [0, 1], [["red", 0, 0], ["red", 0, 1]]))
    assert s.end_triggered and not s.over and s.current_player == 1
    s.apply(take(1, "red", [2, 3], [["red", 0, 2], ["red", 0, 3]]))
    assert not s.over
    s.apply(s.legal_actions()[0])
    assert s.over and s.summary()["phase"] == "over" and s.round == 1
    assert rule_of(s, Roll(1)) == "W6.4"


def test_w6_2_halves_are_not_added():
    two_red = ["xx...", "xx...", "xx...", "xx...", "xx..."]
    two_blue = ["xx...", "xx...", "xx...", "xx...", "xx..."]
    s = game(roll=[1, 2, 3, 4, 5, 5, 6], sheets={"1": {"red": two_red, "blue": two_blue}})
    s.apply(take(0, "red", [0, 1], [["red", 0, 0], ["red", 0, 1]]))
    assert not s.end_triggered


def test_w6_3_trigger_on_the_rounds_last_turn_ends_at_once_r4():
    rows = ["xx.x.", "xx.x.", "xx.x.", "xx.x.", "xx..."]
    s = game(roll=[4, 6, 6, 5, 5, 5, 6], start=1, sheets={"0": {"red": rows}})
    s.apply(take(1, "blue", [6], [["red6", 0]]))
    assert not s.end_triggered
    s.apply(take(0, "red", [0], [["red", 4, 3]]))
    assert s.over and s.round == 1 and s.winners


def test_w6_1_crossed_boxes_complete_columns():
    rows = ["xxxx.", "xxxx.", "xxxx.", "xxxx.", "xxxx."]
    sheet = Sheet.from_strings(rows)
    assert sheet.half_summary(0)["complete_columns"] == [0, 1, 2, 3]
    sheet = Sheet.from_strings(["xxxxx", "x....", "x....", "x....", "x...."])
    summary = sheet.half_summary(0)
    assert summary["complete_columns"] == [0] and summary["split_rows"] == [0]


# -- W7 ---------------------------------------------------------------------------

@pytest.mark.parametrize("pattern, score", [
    (0b00000, -5), (0b00001, 1), (0b00011, 3), (0b00111, 7), (0b01111, 10), (0b11111, 15),
    (0b01101, 4), (0b10101, 3), (0b11011, 6), (0b11110, 10),
])
def test_w7_2_w7_3_column_runs(pattern, score):
    assert COLUMN_SCORE[pattern] == score


def test_w7_3_only_crossed_marks_score_minus_five():
    sheet = Sheet.from_strings(["xxxxx", EMPTY, EMPTY, EMPTY, EMPTY])
    assert sheet.column_scores(0) == [-5] * 5 and sheet.empty_columns() == 10


def test_w7_5_tie_break_by_splits_then_shared_r7():
    s = game(roll=[1, 1, 1, 5, 2, 6, 3])
    s.sheets[0] = Sheet.from_strings(["xxxxx", "x....", EMPTY, EMPTY, EMPTY])
    s.sheets[1] = Sheet.from_strings(["x....", EMPTY, EMPTY, EMPTY, EMPTY])
    assert s.sheets[0].total == s.sheets[1].total
    assert s.leaders() == (0,)
    s.sheets[0] = Sheet.from_strings([EMPTY, "x....", EMPTY, EMPTY, EMPTY])
    assert s.leaders() == (0, 1)


def test_w6_4_nothing_after_the_end():
    s = game(roll=[1, 2, 3, 4, 5, 5, 6], sheets={"0": {"blue": THREE_COLUMNS}})
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.over and s.legal_actions() == [] and s.outcome() is not None
    assert rule_of(s, take(0, "red", [0], [None])) == "W6.4"


# -- messages ---------------------------------------------------------------------

def test_every_message_renders_in_three_languages_without_ids():
    params = {"seat": 2, "player": 1, "n": 2, "index": 0, "die": "red", "value": 3, "colour": "blue",
              "other_die": "purple", "other_value": 4, "other": 6, "half": "red half", "row": 2,
              "column": 3, "shown": 4, "r": 1, "box": ["red", 1, 2], "gain": 5, "round": 1,
              "kind": "expert", "dice": "red 3", "detail": "x", "action": "y", "reason": "z",
              "scores": "1, 2", "winners": "1", "seed": 1}
    codes = message_codes("wideshut")
    assert len(codes) > 30
    for code in codes:
        texts = {lang: render_message(code, params, lang) for lang in ("en", "es", "it")}
        for lang, text in texts.items():
            assert "{" not in text and "wideshut." not in text and not re.search(r"\bW\d", text), (code, lang)
        assert texts["es"] != texts["en"] and texts["it"] != texts["en"], code


def test_illegal_action_text_in_three_languages():
    s = game(roll=R)
    with pytest.raises(IllegalActionError) as err:
        s.apply(take(0, "red", [0, 1], [None, ["red", 0, 1]]))
    e = err.value
    assert str(e).startswith("W4.2 ")
    assert "mitad roja" in e.text("es") and "metà rossa" in e.text("it") and "red half" in e.text("en")
