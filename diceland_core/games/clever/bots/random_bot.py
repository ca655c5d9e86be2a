"""A bot choosing uniformly among the legal actions (seeded)."""

from __future__ import annotations

from ....core.dice import SplitMix64


class RandomBot:
    kind = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = SplitMix64(seed)

    def choose(self, state, player):
        actions = state.legal_actions(player)
        return actions[self.rng.below(len(actions))]
