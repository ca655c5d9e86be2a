"""Building a page's view model reads the controller and changes nothing in
it, for every game (what the page draws is a function of the position)."""

from __future__ import annotations

import copy

import pytest

from diceland_core import get_game
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.play import BaseView, ButtonView, HandoffView, Result
from diceland_site.seats import Seat


def snapshot(ctrl) -> dict:
    """The controller's own attributes as comparable data (engine states by
    their history)."""
    out = {}
    for name, value in vars(ctrl).items():
        if hasattr(value, "actions") and hasattr(value, "rolls"):
            out[name] = (len(value.actions), len(value.rolls))
        elif callable(value) or name in ("strings", "bots", "_bots", "bot_factory", "hinter"):
            continue
        else:
            out[name] = copy.deepcopy(value)
    return out


def controllers():
    seats = [Seat("Ana"), Seat("Bo", "greedy")]
    yield "diceland", DicelandController(get_game("diceland").new(players=2, seed=5, board="A"), seats)
    yield "clever", CleverController(get_game("clever").new(players=2, seed=5), seats)
    yield "wideshut", WideController(get_game("wideshut").new(players=2, seed=5), seats, "en")


@pytest.mark.parametrize("name, ctrl", list(controllers()), ids=lambda v: v if isinstance(v, str) else "")
def test_building_the_view_model_changes_nothing(name, ctrl):
    definition = get_game(name)
    state_of = (lambda c: c.game)
    bot = definition.make_bot("greedy", 3)
    for _ in range(60):
        game = state_of(ctrl)
        if game.over:
            break
        before = snapshot(ctrl)
        ctrl.model()
        ctrl.model()
        assert snapshot(ctrl) == before, name
        p = game.waiting_for()[0]
        if ctrl.seats[p].is_human:  # the person's move, through the controller as a tap ends in
            assert ctrl._apply(bot.choose(game, p)).ok
        else:
            ctrl.bot_step()


@pytest.mark.parametrize("name, ctrl", list(controllers()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_game_answers_with_the_shared_types(name, ctrl):
    """One Result and one view-model base (diceland_site.play) for every game:
    the common fields mean the same in each, whatever the game adds."""
    state_of = (lambda c: c.game)
    bot = get_game(name).make_bot("greedy", 3)
    saw_human = saw_bot = False
    for _ in range(40):
        game = state_of(ctrl)
        if game.over:
            break
        m = ctrl.model()
        assert isinstance(m, BaseView) and m.lang == "en"
        assert m.buttons and all(isinstance(b, ButtonView) for b in m.buttons)
        assert m.button("undo").enabled == m.can_undo and m.button("hint").id == "hint"
        assert len(m.seats) == game.players and m.over is game.over and m.winners == ()
        assert 0 <= m.shown < game.players and m.prompt
        assert m.handoff is None or isinstance(m.handoff, HandoffView)
        bots_waiting = [q for q in ctrl.deciders() if not ctrl.seats[q].is_human or ctrl.automatic(q) is not None]
        assert (not m.bot_pending or bots_waiting) and (m.current is not None or m.bot_pending)
        if m.current is not None:
            assert ctrl.seats[m.current].is_human or m.bot_pending
        p = ctrl.deciders()[0]
        if ctrl.seats[p].is_human and ctrl.automatic(p) is None:
            saw_human = True
            action = bot.choose(game, p)
            if not game.is_legal(action):  # a +1 nobody must use: "Done"
                assert ctrl.done(p).ok
                continue
            result = ctrl._apply(action)
        else:
            saw_bot = True
            result = ctrl.bot_step()
        assert isinstance(result, Result) and result.ok and result.changed
    assert saw_human and saw_bot


@pytest.mark.parametrize("name, ctrl", list(controllers()), ids=lambda v: v if isinstance(v, str) else "")
def test_a_finished_game_cannot_be_undone(name, ctrl):
    """Played to its end through the controller, a game offers no Undo and
    refuses one (it would reopen the game)."""
    state_of = (lambda c: c.game)
    bot = get_game(name).make_bot("greedy", 3)
    for _ in range(5000):
        game = state_of(ctrl)
        if game.over:
            break
        p = game.waiting_for()[0]
        if ctrl.seats[p].is_human or not ctrl.bot_step().ok:  # a bot the controller does not step yet
            assert ctrl._apply(bot.choose(game, p)).ok
    game = state_of(ctrl)
    assert game.over
    assert not ctrl.can_undo() and not ctrl.model().can_undo
    moves = len(game.actions)
    ctrl.undo()
    assert state_of(ctrl).over and len(state_of(ctrl).actions) == moves
