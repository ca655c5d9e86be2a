"""The Dice Wide Shut page's controller: taps on dice and boxes become
takes that the engine accepts; lit boxes, the power of the 6, "nothing to
mark", refusals as plain sentences, bots, hints, undo, hot-seat."""

from __future__ import annotations

import pytest

from diceland_core import get_game
from diceland_core.games.wideshut.sheet import Sheet
from diceland_site.seats import Seat
from diceland_site.games.wideshut.model import position_of
from diceland_site.games.wideshut.options import make_seats
from diceland_site.games.wideshut.controller import Controller
from diceland_site.games.wideshut.strings import WideStrings

WS = get_game("wideshut")
EN = WideStrings("en")


def play_with(kinds, seed=7, lang="en", **options):
    seats = make_seats(kinds, [], WideStrings(lang))
    if options:
        return Controller(WS.new(players=len(kinds), seed=seed, **options), seats, lang)
    return Controller.new(seats, seed, lang)


def two_dice_tapped(sheet, roll, first: int, second: int) -> Controller:
    """A person (with ``sheet``) against the expert, first to play: ``roll``
    rolled and the dice ``first`` and ``second`` tapped."""
    play = play_with(["human", "expert"], start_player=0, sheets={0: sheet}, script=[roll])
    play.roll()
    play.tap_die(first)
    play.tap_die(second)
    return play


def tap_in(play: Controller, take: dict) -> None:
    """Tap the dice and boxes of a take given as scenario JSON."""
    for i in take["dice"]:
        assert play.tap_die(i).ok
    for k, mark in enumerate(take["marks"]):
        if mark is None or k in play.assigned:
            continue
        if isinstance(mark, dict):
            pos = (take["colour"], mark["skip"], 5)
        elif len(mark) == 2:
            pos = (mark[0][:-1], mark[1], 5)
        else:
            pos = tuple(mark)
        result = play.tap_box(*pos)
        assert result.ok, result.reason


def run_to_end(play: Controller) -> list[str]:
    lines = []
    while not play.game.over:
        if play.bot_pending():
            lines += play.bot_step().lines
            continue
        play.acknowledge_handoff()
        if play.game.phase == "roll":
            result = play.roll()
            assert result.ok
            lines += result.lines
        else:
            tap_in(play, play.hint_move())
            assert play.model().button("confirm").enabled
            result = play.confirm()
            assert result.ok and result.changed
            lines += result.lines
    return lines


@pytest.mark.parametrize("kinds, seed", [
    (["human", "expert"], 7), (["human", "greedy", "random"], 3),
    (["human", "human", "expert", "greedy", "random"], 11),
])
def test_games_tapped_in_from_the_hints_reach_the_end(kinds, seed):
    play = play_with(kinds, seed)
    lines = run_to_end(play)
    view = play.model()
    assert view.over and view.winners
    assert lines[-1].startswith("Game over.")
    assert any("rolls" in line for line in lines)
    assert not any("W" in line.split()[0] for line in lines)


def test_lit_boxes_of_two_red_dice_and_confirm():
    """W4.1: a red 3 lights column 3 of every red row; with a red 5 the
    take needs two boxes before Confirm."""
    play = play_with(["human", "expert"], start_player=0, script=[[3, 5, 1, 6, 2, 2, 4]])
    assert play.roll().ok
    assert play.tap_die(0).ok
    assert play.model().targets == ()
    assert "two dice" in play.model().prompt.lower()          # W3.4: the 3 is not alone
    assert play.tap_die(1).ok
    view = play.model()
    lit = {(t.half, t.row, t.col) for t in view.targets if t.die == 0}
    assert lit == {("red", r, 2) for r in range(5)}
    assert not view.button("confirm").enabled
    assert play.tap_box("red", 1, 2).ok
    assert not play.tap_box("blue", 0, 0).ok
    assert play.tap_box("red", 1, 4).ok
    assert play.model().button("confirm").enabled
    assert "Confirm: red 3 → red half row 2, column 3" in play.model().prompt
    result = play.confirm()
    assert result.ok
    assert play.game.sheets[0].rows_text(0)[1] == "..x.x"


def test_a_six_with_another_die_is_refused_in_a_plain_sentence():
    """W3.2, told without rule id or code."""
    play = play_with(["human", "expert"], start_player=0, script=[[3, 6, 1, 6, 2, 2, 4]])
    play.roll()
    assert play.tap_die(0).ok
    result = play.tap_die(1)
    assert not result.ok
    assert result.reason == "A die showing 6 is taken alone."
    assert result.details == "W3.2"
    es = play_with(["human", "expert"], lang="es", start_player=0, script=[[3, 6, 1, 6, 2, 2, 4]])
    es.roll()
    es.tap_die(0)
    assert es.tap_die(1).reason == "Un dado que muestra 6 se coge solo."


def test_a_six_lights_every_empty_six_box():
    """W4.3: a 6 marks a 6-box in either half."""
    play = play_with(["human", "expert"], start_player=0, script=[[6, 1, 1, 2, 2, 2, 4]])
    play.roll()
    assert play.tap_die(0).ok
    targets = play.model().targets
    assert {(t.half, t.row, t.col, t.kind) for t in targets} == {
        (h, r, 5, "six") for h in ("red", "blue") for r in range(5)}
    assert play.tap_box("blue", 3, 5).ok
    assert play.confirm().ok
    assert play.game.sheets[0].sixes_text(1) == "...x."


def test_power_of_the_six_is_offered_where_it_may_skip():
    """W5.3 (E5): the marked 6 of red row 1 may skip the 3 that would fill it."""
    sheet = Sheet.from_strings(red=["x.x..", "xx.xx", "x.x.x", "x.x..", "..x.."], red6=".x...")
    play = two_dice_tapped(sheet, [3, 5, 1, 2, 2, 2, 6], 0, 1)
    view = play.model()
    assert ("red", 1, 5, "skip") in {(t.half, t.row, t.col, t.kind) for t in view.targets}
    assert "power" in view.prompt
    assert play.tap_box("red", 1, 5).ok
    assert play.tap_box("red", 0, 4).ok
    assert play.confirm().ok
    assert play.game.sheets[0].sixes_text(0) == ".u..."
    assert play.game.sheets[0].split_rows(0) == []


def test_nothing_to_mark_is_filled_in_and_explained():
    """W4.2 (E7): blue row 1 is split, so a blue 2 marks nothing."""
    sheet = Sheet.from_strings(blue=["x..xx", "xxxxx", "x.xxx", "x.xxx", "x.xx."])
    play = two_dice_tapped(sheet, [1, 1, 1, 5, 2, 6, 3], 3, 4)
    view = play.model()
    assert view.notes == ("Nothing to mark for the blue 2: every box showing 2 in the blue half is taken.",)
    assert play.tap_box("blue", 4, 4).ok
    assert play.confirm().ok
    assert play.game.end_triggered
    assert play.model().end_text.startswith("Last round")


def test_purple_alone_lights_both_halves_and_the_tap_names_the_colour():
    """W3.1: the purple die counts as the colour of the half it marks."""
    play = play_with(["human", "expert"], start_player=0, script=[[6, 6, 6, 6, 6, 6, 4]])
    play.roll()
    assert play.tap_die(6).ok
    halves = {t.half for t in play.model().targets}
    assert halves == {"red", "blue"}
    assert play.tap_box("blue", 3, 2).ok
    take = play.pending_take()
    assert take.colour == "blue" and take.marks == (("blue", 3, 2),)


def test_tapping_a_chosen_box_again_takes_it_back():
    play = play_with(["human", "expert"], start_player=0, script=[[3, 5, 1, 6, 2, 2, 4]])
    play.roll()
    play.tap_die(0)
    play.tap_die(1)
    play.tap_box("red", 0, 2)
    assert play.model().assigned == (("red", 0, 2, "box"),)
    play.tap_box("red", 0, 2)
    assert play.model().assigned == ()
    assert play.tap_die(0).ok and play.model().chosen == (1,)


def test_undo_takes_back_the_person_and_the_bots_after():
    play = play_with(["human", "expert"], start_player=0, script=[[3, 5, 1, 6, 2, 2, 4]])
    play.roll()
    assert not play.model().can_undo
    tap_in(play, play.hint_move())
    play.confirm()
    play.bot_step()               # the bot's take ends the round
    assert play.game.phase == "roll" and play.can_undo()
    play.bot_step()               # the bot rolls: undo never crosses a roll
    assert play.game.phase == "take" and not play.can_undo()
    assert not play.undo().ok
    play2 = play_with(["human", "expert", "expert"], start_player=0, script=[[3, 5, 1, 2, 6, 2, 2, 4, 1]])
    play2.roll()
    tap_in(play2, play2.hint_move())
    play2.confirm()
    play2.bot_step()
    assert len(play2.game.actions) == 3
    assert play2.undo().ok
    assert len(play2.game.actions) == 1 and play2.current() == 0


def test_hot_seat_asks_to_pass_the_device():
    play = play_with(["human", "human"], start_player=0)
    assert play.model().handoff is None     # the first to play holds the device already
    assert play.roll().ok
    tap_in(play, play.hint_move())
    play.confirm()
    assert play.model().handoff.title == "Pass the device to Player 2."
    assert play.model().shown == 0          # the sheet stays with the one who played
    play.acknowledge_handoff()
    assert play.model().shown == 1


def test_in_hot_seat_only_the_person_holding_the_device_takes_back_their_take():
    play = play_with(["human", "human"], start_player=0)
    play.acknowledge_handoff()
    play.roll()
    tap_in(play, play.hint_move())
    play.confirm()
    assert play.model().handoff.title == "Pass the device to Player 2."
    assert not play.can_undo()              # the pass screen offers no Undo
    play.acknowledge_handoff()                            # now Player 2 does
    assert not play.can_undo() and not play.undo().ok
    assert len(play.game.actions) == 2
    tap_in(play, play.hint_move())
    play.confirm()
    assert play.can_undo()                  # Player 2's own take, the device still in hand
    assert play.undo().ok and len(play.game.actions) == 2


def test_keyboard_cursor_marks_boxes():
    play = play_with(["human", "expert"], start_player=0, script=[[6, 1, 1, 2, 2, 2, 4]])
    play.roll()
    play.tap_die(0)
    play.key("ArrowDown")            # the cursor appears at red row 1, column 1
    for _ in range(6):
        play.key("ArrowRight")
    play.key("ArrowDown")
    assert play.cursor == ("red", 1, 5)
    assert play.key("Enter").ok
    assert play.pending_take().marks == (("red6", 1),)


def test_seats_must_match_the_players():
    with pytest.raises(ValueError):
        Controller(WS.new(players=2, seed=1), [Seat("A")], "en")


def test_position_of_entries():
    assert position_of("red", ("skip", 2)) == ("red", 2, 5)
    assert position_of("red", ("blue6", 1)) == ("blue", 1, 5)
    assert position_of("blue", ("blue", 3, 4)) == ("blue", 3, 4)
    assert position_of("blue", None) is None
