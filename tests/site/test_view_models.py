"""Building a page's view model reads the controller and changes nothing in
it, for every game (what the page draws is a function of the position)."""

from __future__ import annotations

import copy

import pytest

from diceland_core import get_game
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.controller import Controller as WideController
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
    yield "diceland", DicelandController(get_game("diceland").new(players=2, seed=5, board="A"), seats), "model"
    yield "clever", CleverController(get_game("clever").new(players=2, seed=5), seats), "model"
    yield "wideshut", WideController(get_game("wideshut").new(players=2, seed=5), seats, "en"), "view"


@pytest.mark.parametrize("name, ctrl, build", list(controllers()), ids=lambda v: v if isinstance(v, str) else "")
def test_building_the_view_model_changes_nothing(name, ctrl, build):
    definition = get_game(name)
    state_of = (lambda c: c.game) if name != "clever" else (lambda c: c.state)
    bot = definition.make_bot("greedy", 3)
    for _ in range(60):
        game = state_of(ctrl)
        if game.over:
            break
        before = snapshot(ctrl)
        getattr(ctrl, build)()
        getattr(ctrl, build)()
        assert snapshot(ctrl) == before, name
        p = game.waiting_for()[0]
        if ctrl.seats[p].is_human:  # the person's move, through the controller as a tap ends in
            assert ctrl._apply(bot.choose(game, p)).ok
        else:
            ctrl.bot_step()
