"""Undo in every game: a person can take back their own last decision, with
the bots' decisions made at once after it, until a die is rolled (D7.1;
Ganz schön clever and Dice Wide Shut the same); a finished game cannot be
undone."""

from __future__ import annotations

import sys
from pathlib import Path

from diceland_core.games.diceland import Game, Phase
from diceland_core.games.diceland.actions import Choose
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.seats import Seat

sys.path.insert(0, str(Path(__file__).parent / "clever"))
from clever_page_support import tap_through  # noqa: E402


def make(board, kinds, seed):
    seats = [Seat(f"P{i}", k) for i, k in enumerate(kinds)]
    return DicelandController(Game.new([board] * len(kinds), seed=seed, start_player=0), seats)


def test_diceland_undo_after_stop_while_the_bot_placed_at_once(board):
    """The person stops; the bot places its leftover dice at once (D4.2);
    Undo still takes back the Stop, with the bot's placement."""
    for seed in range(40):
        ctl = make(board, ("human", "greedy"), seed=seed)
        if ctl.game.active != 0:
            continue
        assert ctl.roll().ok
        ctl._apply(next(a for a in ctl.game.legal_actions(0) if isinstance(a, Choose)))
        if ctl.game.phase is Phase.DECIDE:
            break
    else:
        raise AssertionError("no reroll decision in 40 seeds")
    before = list(ctl.game.actions)
    assert ctl.stop().ok
    steps = 0
    while ctl.bot_pending() and ctl.bot_step().ok:
        steps += 1
    assert steps and ctl.game.actions[-1].player == 1      # the bot placed after the Stop
    assert ctl.can_undo() and ctl.model().can_undo
    assert ctl.model().button("undo").enabled
    assert ctl.undo().ok
    assert ctl.game.actions == before and ctl.game.phase is Phase.DECIDE and ctl.current_seat() == 0


def test_clever_undo_takes_back_the_person_and_the_bots_after():
    """Whenever a bot decided after the person without a roll since, the
    person can still take back their own decision."""
    ctrl = CleverController.new([Seat("Ana"), Seat("Bot", "greedy")], seed=3)
    checked = 0
    mine = None   # (actions, rolls) after the person's last decision
    while not ctrl.game.over:
        s = ctrl.game
        if ctrl.bot_step().ok:
            if mine is not None and len(s.rolls) == mine[1] and len(s.actions) > mine[0] and not s.over:
                assert ctrl.can_undo() and ctrl.model().can_undo, s.actions[mine[0] - 1:]
                checked += 1
            continue
        n = len(s.actions)
        tap_through(ctrl, ctrl.hint_taps())
        if len(ctrl.game.actions) > n and getattr(ctrl.game.actions[-1], "player", None) == 0:
            mine = (len(ctrl.game.actions), len(ctrl.game.rolls))
    assert checked
    assert not ctrl.can_undo() and not ctrl.undo().ok
