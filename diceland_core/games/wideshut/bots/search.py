"""The search bot: the strong bot's ("the expert" below) few best takes, each played on by seeded
rollouts (:mod:`diceland_core.core.search`).

The expert ranks every distinct take (:meth:`StrongBot.scored_takes`); the
``candidates`` best are each played on ``rollouts`` times, the expert in
every seat, with the same fresh dice for every candidate (one roll a round,
keyed by the round), to the end of the round after this one (or the end of
the game), and scored there by the expert's own worth of the position
(:meth:`StrongBot.position_value`: the chance of winning with two players).
So a take is judged by what the next player really does with the dice it
leaves and by one more round of real dice, where the expert alone guesses
both.  With more than two players the expert's own worth is a margin over
the best rival, a rough guide (:mod:`.strong`), and a round is longer: there
the search bot plays the expert's take.
"""

from __future__ import annotations

from ....core.search import SearchPlan, search
from ..actions import Take
from ..game import Game
from .base import BaseBot
from .strong import StrongBot

__all__ = ["SearchBot"]


def _round_key(state: Game) -> tuple[int]:
    return (state.round,)


class SearchBot(BaseBot):
    kind = "search"
    plan = SearchPlan(candidates=3, rollouts=6)
    #: rounds played after this one before a rollout is scored
    rounds = 1

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.expert = StrongBot(seed)

    def take(self, state: Game, player: int) -> Take:
        if state.players != 2:
            return self.expert.take(state, player)
        scored = self.expert.scored_takes(state, player)
        ranked = [t for _, t in sorted(scored, key=lambda st: -st[0])][:self.plan.candidates]
        end = state.round + 1 + self.rounds
        choice, _ = search(state, player, ranked, self.plan, self.seed, self.expert,
                           self.expert.position_value, lambda s: s.round >= end, _round_key)
        return choice
