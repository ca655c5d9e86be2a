"""Random legal play for tests (uniform among legal actions, seeded)."""

from __future__ import annotations

import random

from diceland_core.games.diceland import Game


def random_playout(game: Game, seed: int, max_actions: int = 10_000, check=None) -> Game:
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.over:
            break
        actions = game.legal_actions()
        action = rng.choice(actions)
        events = game.apply(action)
        if check is not None:
            check(game, action, events)
    return game
