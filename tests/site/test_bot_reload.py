"""A page's bots choose the same after a reload: a bot's choice is a pure
function of the game, its seat and the place in the game
(:func:`diceland_site.table.decision_seed`), not of what that bot object
chose before.  A reload, a saved game resumed and a friend replaying the
same dice ("Play these dice") all make fresh bots."""

from __future__ import annotations

import pytest

from diceland_core import get_game
from diceland_site.games.clever.controller import Controller as CleverController
from diceland_site.games.diceland.controller import Controller as DicelandController
from diceland_site.games.wideshut.controller import Controller as WideController
from diceland_site.seats import Seat

CONTROLLERS = {"clever": CleverController, "diceland": DicelandController, "wideshut": WideController}
#: bot kinds with seeded tie-breaks in each game, and players
LINE_UPS = {"clever": ("greedy", "random"), "diceland": ("greedy", "random", "expert"),
            "wideshut": ("greedy", "random", "expert")}


def _table(game: str, seed: int, state=None):
    kinds = LINE_UPS[game]
    seats = [Seat(f"Bot {i + 1}", k) for i, k in enumerate(kinds)]
    if state is None:
        options = {"board": "A"} if game == "diceland" else {}
        state = get_game(game).new(players=len(seats), seed=seed, **options)
    return CONTROLLERS[game](state, seats)


def _play(ctrl, steps: int | None = None) -> None:
    for _ in range(steps if steps is not None else 5000):
        if ctrl.game.over:
            return
        assert ctrl.bot_step().ok
    assert steps is not None, "the bots' game did not end"


@pytest.mark.parametrize("game", sorted(CONTROLLERS))
def test_fresh_bots_after_a_reload_choose_as_the_old_ones_would(game):
    straight = _table(game, 7)
    _play(straight)
    for cut in (3, 17, 40):
        first = _table(game, 7)
        _play(first, cut)
        again = _table(game, 7, first.game.copy())  # the page rebuilt from the saved game
        _play(again)
        assert [repr(a) for a in again.game.actions] == [repr(a) for a in straight.game.actions], cut
