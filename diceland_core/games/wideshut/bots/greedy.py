"""The greedy bot: the take whose sheet scores most right now (W7), ties
broken by the seeded generator.  It knows nothing of splits to come, of the
6s' power (a 6 or a skip scores nothing now) or of the end."""

from __future__ import annotations

from ..actions import Take
from ..game import Game
from ..sheet import half_score
from .base import BaseBot

__all__ = ["GreedyBot"]


class GreedyBot(BaseBot):
    kind = "greedy"

    def take(self, state: Game, player: int) -> Take:
        scored = [(half_score(key[0]) + half_score(key[1]), t) for t, key in state.outcomes(player)]
        return self.pick_best(scored)
