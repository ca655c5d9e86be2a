"""window.diceland.state()'s common keys (diceland_site.surface), the same
on every game's page."""

from __future__ import annotations

import pytest

from diceland_core import get_game
from diceland_site.seats import Seat
from diceland_site.surface import COMMON_KEYS, common_state


def play_to_end(definition, state):
    bots = [definition.make_bot("greedy", p) for p in range(state.players)]
    while not state.over:
        p = state.waiting_for()[0]
        state.apply(bots[p].choose(state, p))


@pytest.mark.parametrize("name", ["clever", "diceland", "wideshut"])
def test_every_game_gives_the_common_keys_from_the_engine(name):
    definition = get_game(name)
    state = definition.new(players=2, seed=4)
    seats = [Seat("Ana"), Seat("Bo", "expert")]
    out = common_state(name, state, seats, {"current": 1, "prompt": "Roll"})
    assert set(COMMON_KEYS) <= set(out)
    assert out["game"] == name and out["current"] == 1 and out["shown"] == 1 and out["prompt"] == "Roll"
    assert out["over"] is False and out["winners"] == [] and out["can_undo"] == state.can_undo()
    assert [(s["name"], s["kind"]) for s in out["seats"]] == [("Ana", "human"), ("Bo", "expert")]
    assert [s["score"] for s in out["seats"]] == list(state.scores())
    assert ("turn" in out) or ("round" in out)
    play_to_end(definition, state)
    done = common_state(name, state, seats, {"active": 0, "sheet_player": 1, "can_undo": False})
    assert done["over"] is True and done["winners"] == list(state.outcome().winners)
    assert [s["score"] for s in done["seats"]] == list(state.outcome().scores)
    assert done["current"] == 0 and done["shown"] == 1 and done["can_undo"] is False


def test_a_pages_own_seat_fields_are_kept():
    state = get_game("wideshut").new(players=2, seed=1)
    out = common_state("wideshut", state, [Seat("A"), Seat("B")], {"seats": [{"total": -50}, {"total": -50}]})
    assert out["seats"][0] == {"total": -50, "name": "A", "kind": "human", "score": -50}
