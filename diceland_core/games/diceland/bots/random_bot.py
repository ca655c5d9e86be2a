"""The random bot: every legal action equally likely."""

from __future__ import annotations

from ..actions import Action
from ..game import Game
from .base import BaseBot

__all__ = ["RandomBot"]


class RandomBot(BaseBot):
    """Uniform among ``game.legal_actions(player)`` (drawn with SplitMix64)."""

    kind = "random"

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions(player)
        if not actions:
            raise ValueError(f"player {player} has no decision to make now")
        return actions[self.rng.below(len(actions))]
