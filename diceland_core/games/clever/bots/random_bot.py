"""A bot choosing uniformly among the legal actions (seeded)."""

from __future__ import annotations

from .base import BaseBot


class RandomBot(BaseBot):
    kind = "random"

    def choose(self, state, player):
        actions = state.legal_actions(player)
        return actions[self.rng.below(len(actions))]
