"""window.diceland.state()'s one shape (diceland_site.surface), the same
on every game's page, built from the shared table."""

from __future__ import annotations

import importlib

import pytest

from diceland_site.games import GAMES
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.seats import Seat
from diceland_site.surface import STATE_KEYS, table_state
from diceland_site.table import Table, TableContract

SEATS = [Seat("Ana"), Seat("Bo", "greedy")]
# every game page's table, and any other game's that joined (a game that
# lives in the tests joins from tests/conftest.py)
for _entry in GAMES:
    importlib.import_module(f"diceland_site.games.{_entry.game}.controller")
CONTROLLERS = {name: (lambda cls=cls: cls.start(SEATS, seed=4)) for name, cls in Table.tables.items()}


def test_every_game_of_the_site_has_its_table():
    assert {e.game for e in GAMES} <= set(CONTROLLERS)


def check_schema(name: str, out: dict, ctrl) -> None:
    assert tuple(out) == STATE_KEYS
    assert out["game"] == name and out["lang"] == "en"
    assert out["seat"] is None or 0 <= out["seat"] < len(ctrl.seats)
    assert 0 <= out["shown"] < len(ctrl.seats)
    assert isinstance(out["phase"], str) and out["phase"] and isinstance(out["prompt"], str)
    assert isinstance(out["over"], bool) and isinstance(out["bot_pending"], bool)
    assert isinstance(out["can_undo"], bool) and out["winners"] == list(ctrl.game.winners if out["over"] else [])
    assert all(isinstance(k, str) and isinstance(v, bool) for k, v in out["buttons"].items())
    assert out["handoff"] is None or isinstance(out["handoff"], str)
    assert [set(s) for s in out["seats"]] == [{"name", "kind", "total"}] * len(ctrl.seats)
    assert [s["total"] for s in out["seats"]] == list(ctrl.game.scores())
    assert out["extra"] == {"mine": 1}


@pytest.mark.parametrize("name", sorted(CONTROLLERS))
def test_every_game_gives_the_same_keys_from_the_table(name):
    ctrl = CONTROLLERS[name]()
    assert isinstance(ctrl, Table) and isinstance(ctrl, TableContract)
    for _ in range(3000):
        check_schema(name, table_state(name, ctrl, {"mine": 1}), ctrl)
        if ctrl.game.over:
            break
        if not ctrl.bot_step().ok:
            p = ctrl.current_seat()
            assert p is not None and table_state(name, ctrl, {})["seat"] == p
            action = ctrl.game.legal_actions(p)[0]
            assert ctrl.apply(action).ok or ctrl.game.is_legal(action) is False
    out = table_state(name, ctrl, {"mine": 1})
    assert out["over"] and out["seat"] is None and out["winners"] == list(ctrl.game.outcome().winners)


def test_seat_is_the_bot_while_only_bots_decide():
    ctrl = WideController.new([Seat("Ana"), Seat("Bo", "greedy")], seed=2)
    while not ctrl.bot_pending():
        p = ctrl.current_seat()
        ctrl.apply(ctrl.game.legal_actions(p)[0])
    out = table_state("wideshut", ctrl, {})
    assert out["seat"] == 1 and out["bot_pending"] is True


@pytest.mark.parametrize("name", sorted(CONTROLLERS))
def test_a_failing_bot_plays_its_first_legal_move_and_missing_bots_are_said(name, monkeypatch):
    """A bot whose choice fails or is illegal plays its seat's first legal
    action (the game goes on); bots whose code cannot be imported (they are
    imported when the first one is made) raise, for the page to say."""
    from diceland_core.core.lazy import deferred_table

    ctrl = Table.tables[name].start([Seat("Ana", "greedy"), Seat("Bo", "greedy")], seed=4)
    seat = min(ctrl.game.waiting_for())

    class Failing:
        def choose(self, game, player):
            raise RuntimeError("the bot broke")

    ctrl._bots[seat] = Failing()
    assert ctrl.bot_choice(seat) == ctrl.game.legal_actions(seat)[0]
    ctrl._bots.clear()
    missing = deferred_table("diceland_core.games.no_such_game.bots", "BOTS", ["greedy"])
    monkeypatch.setitem(ctrl.definition.bots, "greedy", missing["greedy"])
    with pytest.raises(ModuleNotFoundError):
        ctrl.bot_choice(seat)
