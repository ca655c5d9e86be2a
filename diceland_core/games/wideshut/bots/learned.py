"""The learned bot: a value network learned by self-play (network.py).

Every distinct result of a legal take (:meth:`Game.outcomes`) is valued by
the margin it leads to over the strongest rival: the margin now plus the
network's margin still to come, read from the afterstate — both sheets,
the dice the rival may still take in this round, the end triggered or not
(:func:`network.ranked`); a take that ends the game is worth its final
margin.  The best is played; ties go to the seeded generator, so the same
seed makes the same choices.
"""

from __future__ import annotations

from ..game import Game
from ..actions import Take
from .base import BaseBot
from .network import load_network, ranked

__all__ = ["LearnedBot"]


class LearnedBot(BaseBot):
    kind = "learned"
    #: with two players, when the rival still takes in this round: the
    #: takes the network rates best, each valued instead by the rival's best
    #: reply to it (by the network, from the rival's side); 0: none
    replies = 0

    def __init__(self, seed: int = 0, network=None, replies: int | None = None):
        super().__init__(seed)
        self.network = network if network is not None else load_network()
        if replies is not None:
            self.replies = replies

    def scored_takes(self, state: Game, player: int) -> list[tuple[float, Take]]:
        """Every distinct take with the margin the network expects after it."""
        return ranked(state, player, self.network)

    def take(self, state: Game, player: int) -> Take:
        scored = self.scored_takes(state, player)
        if self.replies and state.players == 2 and state.turns_done == 0 and len(scored) > 1:
            best = sorted(range(len(scored)), key=lambda i: -scored[i][0])[:self.replies]
            scored = [(self.after_reply(state, scored[i][1]), scored[i][1]) for i in sorted(best)]
        return self.pick_best(scored)

    def after_reply(self, state: Game, take: Take) -> float:
        """The margin after ``take`` (the round's first) and the rival's best
        reply to it."""
        after = state.copy()
        after.apply(take)
        return -max(v for v, _ in ranked(after, after.current_player, self.network))
