"""RULES.md D3–D6: the turn state machine."""

from __future__ import annotations

import itertools

import pytest

from support import SMALL_GRID, make_board, scripted_game
from diceland_core import GameOver, IllegalActionError
from diceland_core.games.diceland import Phase
from diceland_core.games.diceland.actions import (
    BonusRollStarted, Choose, ColourCompleted, Pass, Phase1Ended, Place, Reroll, StarCrossed, Stop,
)
from diceland_core.games.diceland.colours import Colour

R, Y, G, B, O, S = Colour

# Every cell its own one-cell zone with a star (13 stars), start at (1,5):
#   row 0:  R* Y* G* B* O* S* R*
#   row 1:   G* B* O* S* R* @  Y*
# Red: (0,0), (0,6), (1,4).  The start touches (1,4), (1,6), (0,5), (0,6).
STARS_GRID = "R* Y* G* B* O* S* R*\n G* B* O* S* R* @  Y*"


def kinds(events):
    return [e.kind for e in events]


def illegal(game, action, rule):
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == rule, str(err.value)
    return err.value


# -- D3 phase 1 -----------------------------------------------------------------

def test_d3_1_a_turn_starts_with_six_dice_rolled():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRRGGY"])
    assert g.phase is Phase.CHOOSE and g.roll == (R, R, R, G, G, Y)
    assert kinds(g.log) == ["turn_started", "rolled"]
    assert g.waiting_for() == (0,)


def test_d3_2_choose_a_colour_that_shows():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRRGGY"])
    illegal(g, Choose(B), "D3.2")
    illegal(g, Stop(), "D3.2")
    illegal(g, Pass(1), "D4")
    g.apply(Choose(G))
    assert g.held == 2 and g.phase is Phase.DECIDE
    illegal(g, Choose(R), "D3.2")  # the colour cannot change later


def test_d3_3_all_six_dice_end_phase_1_at_once():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRRRRR"])
    events = g.apply(Choose(R))
    end = [e for e in events if isinstance(e, Phase1Ended)][0]
    assert (end.reason, end.held, end.leftovers) == ("all_dice", 6, ())
    assert g.phase is Phase.PLACE
    # D3.3, not D3.4: with all six dice set aside there is nothing to stop or reroll
    illegal(g, Reroll(), "D3.3")
    illegal(g, Stop(), "D3.3")
    # the passive player has no leftover dice: they can only pass
    assert g.legal_actions(1) == [Pass(1)]
    illegal(g, Place(1, ((1, 2),)), "D4.2")


def test_d3_4_stop_keeps_the_other_dice_as_leftovers():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRRGGY"])
    g.apply(Choose(G))
    g.apply(Stop())
    assert g.phase is Phase.PLACE and g.leftovers == (R, R, R, Y)
    assert g.dice_for(0) == {G: 2} and g.dice_for(1) == {R: 3, Y: 1}


def test_d3_5_reroll_with_hits_sets_them_aside_and_continues():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRGGBY", "GRBY", "GGG"])
    g.apply(Choose(G))
    events = g.apply(Reroll())
    assert "dice_set_aside" in kinds(events)
    assert g.held == 3 and g.leftovers == (R, B, Y) and g.phase is Phase.DECIDE
    events = g.apply(Reroll())  # three more hits: all six, phase 1 over (D3.3)
    end = [e for e in events if isinstance(e, Phase1Ended)][0]
    assert (end.reason, end.held, end.leftovers) == ("all_dice", 6, ())


def test_d3_5_reroll_with_no_hit_ends_phase_1():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRGGBY", "RRBY"])
    g.apply(Choose(G))
    events = g.apply(Reroll())
    end = [e for e in events if isinstance(e, Phase1Ended)][0]
    assert (end.reason, end.held, end.leftovers) == ("no_hit", 2, (R, R, B, Y))
    assert g.phase is Phase.PLACE
    illegal(g, Stop(), "D3.4")


def test_d3_5_no_limit_on_rerolls():
    g = scripted_game(make_board(SMALL_GRID), 2, ["GRRRRR", "GRRRR", "GRRR", "GRR", "GR", "G"])
    g.apply(Choose(G))
    for held in range(2, 7):
        g.apply(Reroll())
        assert g.held == held
    assert g.phase is Phase.PLACE and g.leftovers == ()


# -- D4 phase 2 -------------------------------------------------------------------------

def test_d4_1_the_active_player_must_place_when_they_can():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRGGBY"])
    g.apply(Choose(R))
    g.apply(Stop())
    assert g.must_place(0)
    err = illegal(g, Pass(0), "D4.1")
    assert "must place" in str(err)
    assert Pass(0) not in g.legal_actions(0)
    g.apply(Place(0, ((0, 1), (0, 2))))


def test_d4_1_d2_4_the_active_player_crosses_nothing_after_an_overshoot():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRRRGB"])
    g.apply(Choose(R))
    g.apply(Stop())
    assert not g.must_place(0) and g.legal_actions(0) == [Pass(0)]
    illegal(g, Place(0, ((0, 0), (0, 1), (0, 2))), "D2.4")
    g.apply(Pass(0))


def test_d4_2_passive_players_may_choose_the_same_colour():
    g = scripted_game(make_board(SMALL_GRID), 3, ["BBBOOG"])
    g.apply(Choose(B))
    g.apply(Stop())
    g.apply(Place(1, ((1, 2), (1, 3))))
    g.apply(Place(2, ((1, 2), (1, 3))))
    assert g.sheets[1].crossed == g.sheets[2].crossed


def test_d4_2_a_passive_player_uses_all_dice_of_the_colour_or_passes():
    g = scripted_game(make_board(SMALL_GRID), 2, ["BBBOOG"])
    g.apply(Choose(B))
    g.apply(Stop())
    illegal(g, Place(1, ((1, 2),)), "D2.3")  # only one of the two orange dice
    illegal(g, Place(1, ((1, 0),)), "D4.2")  # blue is the active player's colour
    g.apply(Pass(1))
    illegal(g, Pass(1), "D4.2")  # one choice per phase 2


def test_d4_3_phase_2_order_does_not_matter():
    results = set()
    for order in itertools.permutations([0, 1, 2]):
        g = scripted_game(make_board(SMALL_GRID), 3, ["RRGOOB", "SSYYGG"])
        g.apply(Choose(R))
        g.apply(Stop())
        moves = {0: Place(0, ((0, 1), (0, 2))), 1: Place(1, ((1, 2), (1, 3))), 2: Pass(2)}
        for p in order:
            g.apply(moves[p])
        results.add(str(g.summary()))
        assert g.active == 1 and g.phase is Phase.CHOOSE
    assert len(results) == 1


def test_d4_placements_take_effect_at_once_and_phase_2_waits_for_everyone():
    g = scripted_game(make_board(SMALL_GRID), 3, ["RRGGOB"])
    g.apply(Choose(R))
    g.apply(Stop())
    assert g.waiting_for() == (0, 1, 2)
    g.apply(Place(2, ((1, 0),)))
    assert g.sheets[2].stars == 1 and g.waiting_for() == (0, 1)


# -- D5 bonus rolls -------------------------------------------------------------------------

def test_d5_bonus_rolls_clockwise_from_the_active_player_with_chaining():
    """Active player 1 of 3.  Players 1 and 0 cross stars in phase 2; player
    1's bonus roll crosses another star (chained, D5.4) — player 1 takes both
    before player 0 (D5.2), although player 0 comes first by index."""
    board = make_board(STARS_GRID)
    g = scripted_game(board, 3, ["YSGOOB", "SRROO", "BBROO", "GGROO", "RRROOO"], start=1)
    g.apply(Choose(Y))
    g.apply(Stop())
    events = []
    events += g.apply(Pass(2))
    events += g.apply(Place(0, ((0, 5),)))  # S* with the leftover grey die
    assert [e for e in events if isinstance(e, StarCrossed)][0].player == 0
    events = g.apply(Place(1, ((1, 6),)))  # Y*: the active player's yellow
    assert g.phase is Phase.BONUS and g.bonus_player == 1 and g.roll == (S, R, R, O, O)
    assert isinstance(events[-2], BonusRollStarted) and events[-2].player == 1
    illegal(g, Pass(0), "D5.2")
    g.apply(Place(1, ((0, 5),)))  # S*, a star in a bonus roll: another roll at once
    assert g.bonus_player == 1 and g.roll == (B, B, R, O, O)
    g.apply(Pass(1))
    assert g.bonus_player == 0 and g.roll == (G, G, R, O, O)
    g.apply(Pass(0))
    assert g.phase is Phase.CHOOSE and g.active == 2 and g.roll == (R, R, R, O, O, O)


def test_d5_3_bonus_roll_uses_five_dice_and_all_of_a_colour():
    board = make_board(STARS_GRID)
    g = scripted_game(board, 2, ["YSGOOB", "RRYYY", "RRRRRR"])
    g.apply(Choose(Y))
    g.apply(Stop())
    g.apply(Place(0, ((1, 6),)))
    g.apply(Pass(1))
    assert g.phase is Phase.BONUS and len(g.roll) == 5
    illegal(g, Place(0, ((1, 4),)), "D2.4")  # two red dice, one-cell zone: overshoot
    illegal(g, Place(0, ((0, 5),)), "D5.3")  # no grey in the bonus roll
    assert g.legal_actions(0) == [Pass(0)]
    g.apply(Pass(0))
    assert g.active == 1


# -- D6 winning ---------------------------------------------------------------------------------

RED_CELLS = [(0, 0), (0, 6), (1, 4)]


def test_d6_2_two_winners_in_one_phase_2_and_no_bonus_rolls():
    board = make_board(STARS_GRID)
    crossed = {
        # 8 stars, red complete but (0,6)
        0: [(0, 0), (1, 4), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1)],
        # 8 stars with red complete
        1: RED_CELLS + [(0, 1), (0, 2), (0, 3), (0, 4), (1, 0)],
    }
    g = scripted_game(board, 2, ["RSYGBO", "SSSSS"], crossed=crossed)
    assert g.sheets[0].stars == 8 and g.sheets[1].stars == 8
    g.apply(Choose(R))
    g.apply(Stop())
    g.apply(Place(1, ((0, 5),)))
    events = g.apply(Place(0, ((0, 6),)))
    won = [e for e in events if isinstance(e, GameOver)]
    assert won and won[0].winners == (0, 1) and not won[0].during_bonus_rolls
    assert any(isinstance(e, ColourCompleted) and e.colour is R for e in events)
    assert g.over and g.winners == (0, 1) and g.active == 0
    assert len(g.rolls) == 1  # the bonus rolls both earned are not taken
    assert g.legal_actions() == []
    illegal(g, Choose(S), "D6.2")
    assert g.summary()["game_over"] is True and g.summary()["winners"] == [0, 1]


def test_d6_3_a_win_during_bonus_rolls_cancels_the_later_ones():
    """3 players, player 1 active: bonus order 1, 2, 0.  Player 2's bonus
    roll reaches the goal: player 2 wins alone, player 0's roll is not taken."""
    board = make_board(STARS_GRID)
    crossed = {2: RED_CELLS + [(0, 1), (0, 2), (0, 3), (0, 4)]}  # 7 stars, red complete
    g = scripted_game(board, 3, ["YGSOOB", "RROOS", "BOOSS", "GGGGG"], start=1, crossed=crossed)
    g.apply(Choose(Y))
    g.apply(Stop())
    g.apply(Place(2, ((1, 0),)))  # 8th star (G, touches the crossed (0,0))
    g.apply(Place(0, ((0, 5),)))  # S*: player 0 earns a bonus roll too
    g.apply(Place(1, ((1, 6),)))  # Y*
    assert g.bonus_player == 1
    g.apply(Pass(1))
    assert g.bonus_player == 2 and g.roll == (B, O, O, S, S)
    events = g.apply(Place(2, ((1, 1),)))  # 9th star: goal
    won = [e for e in events if isinstance(e, GameOver)][0]
    assert won.winners == (2,) and won.during_bonus_rolls
    assert g.over and g.active == 1 and len(g.rolls) == 3
    assert "bonus_roll_earned" in kinds(events)  # earned, but never taken


def test_d6_1_the_goal_needs_nine_stars_and_a_complete_colour():
    board = make_board(STARS_GRID)
    eight = [(0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (0, 5)]
    g = scripted_game(board, 2, ["OSYGBR"], crossed={0: eight})
    sheet = g.sheets[0]
    assert sheet.stars == 8 and sheet.completed_colours() == [G, B, O, S]
    assert not sheet.reached_goal()
    sheet.cross(board.mask_of([(1, 6)]))
    assert sheet.stars == 9 and sheet.reached_goal()
    # every colour keeps one cell free in row 1: nine stars, no colour
    nine_no_colour = make_board("R* Y* G* B* O* S* R* Y* G*\n B  @  R  Y  G  O  S  #  #")
    g = scripted_game(nine_no_colour, 2, ["OSYGBR"], crossed={0: [(0, c) for c in range(9)]})
    assert g.sheets[0].stars == 9 and g.sheets[0].completed_colours() == []
    assert not g.sheets[0].reached_goal()


def test_d6_4_next_player_clockwise():
    g = scripted_game(make_board(SMALL_GRID), 3, ["RRGGOB", "RRGGOB", "RRGGOB"], start=2)
    for active in (2, 0, 1):
        assert g.active == active
        g.apply(Choose(R))
        g.apply(Stop())
        for p in g.waiting_for():
            g.apply(g.legal_actions(p)[-1])


def test_d6_5_start_player_is_drawn_from_the_seed():
    from diceland_core.games.diceland import Game
    board = make_board(SMALL_GRID)
    starts = {Game.new([board] * 4, seed=s).active for s in range(40)}
    assert starts == {0, 1, 2, 3}
    assert Game.new([board] * 4, seed=11).active == Game.new([board] * 4, seed=11).active


def test_illegal_action_leaves_the_game_unchanged():
    g = scripted_game(make_board(SMALL_GRID), 2, ["RRGGOB"])
    g.apply(Choose(R))
    g.apply(Stop())
    before = (g.summary(), g.phase, sorted(g.pending), len(g.actions), len(g.log))
    for bad in [Place(0, ((0, 0), (0, 2))), Place(7, ((0, 1),)), Place(1, ((9, 9),)), Pass(0), Choose(R)]:
        with pytest.raises(IllegalActionError):
            g.apply(bad)
    assert before == (g.summary(), g.phase, sorted(g.pending), len(g.actions), len(g.log))


def test_d1_2_two_to_four_players():
    from diceland_core.games.diceland import Game
    board = make_board(SMALL_GRID)
    for n in (1, 5):
        with pytest.raises(ValueError, match="2 to 4 players"):
            Game.new([board] * n, seed=1)


def test_d6_3_an_action_after_a_win_in_a_bonus_roll_cites_d6_3():
    """D6.3, not D6.2: the game ended because a player reached the goal in a
    bonus roll and won alone."""
    from support import ROOT
    from diceland_core.games.diceland.scenario import load_scenario, replay_scenario
    game, result = replay_scenario(load_scenario(ROOT / "tests" / "diceland" / "scenarios" / "bonus-win-cancels.json"))
    assert game.over and game.won_in_bonus
    assert result["error"]["message"].startswith("D6.3 ")
    with pytest.raises(IllegalActionError) as err:
        game.apply(Pass(0))
    assert err.value.rule == "D6.3" and err.value.code == "diceland.won_in_bonus"
