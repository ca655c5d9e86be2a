"""``Game.refusal``: the rule a page names for a move, without applying it,
is the one applying it would raise."""

from __future__ import annotations

import random

from diceland_core.core.errors import IllegalActionError
from diceland_core.games.clever import Game
from diceland_core.games.clever.actions import Extra, Pass, Pick, Take


def test_refusal_is_the_error_applying_raises_and_none_for_legal_moves():
    rng = random.Random(1)
    checked = refused = 0
    for seed in range(4):
        game = Game.new(players=2, seed=seed)
        while not game.over:
            p = rng.randrange(2)
            for action in (Pick(p, "white"), Take(p, "blue", "blue", None), Extra(p, "green", "green", None), Pass(p)):
                err = game.refusal(action)
                try:
                    game.copy().apply(action)
                    raised = None
                except IllegalActionError as exc:
                    raised = exc
                assert (err is None) == (raised is None) and (err is None or err.rule == raised.rule)
                assert game.is_legal(action) == (err is None)
                checked += 1
                refused += err is not None
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 200 and refused > 100
