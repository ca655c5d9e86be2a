"""The random bot: uniform among the legal actions."""

from __future__ import annotations

from ..actions import Take
from ..game import Game
from .base import BaseBot

__all__ = ["RandomBot"]


class RandomBot(BaseBot):
    kind = "random"

    def take(self, state: Game, player: int) -> Take:
        actions = state.legal_actions(player)
        return actions[self.rng.below(len(actions))]  # type: ignore[return-value]
