"""The learned bot: a value network learned by self-play (network.py).

Every distinct result of a legal take (:meth:`Game.outcomes`) is valued by
the margin it leads to over the strongest rival: the margin now plus the
network's margin still to come, read from the afterstate — both sheets,
the dice the rival may still take in this round, the end triggered or not
(:func:`network.ranked`); a take that ends the game is worth its final
margin.  A take that leaves dice for the next player in this round looks
one take ahead: its 6 best (3 with 4 or 5 players: :func:`network.looks`)
are each worth what the next player's best take from the dice left makes
of it (with two players the rival's value of it turned round;
:func:`network.looked_ahead`).  The
best is played; ties go to the seeded generator, so the same seed makes
the same choices.
"""

from __future__ import annotations

from ..game import Game
from ..actions import Take
from .base import BaseBot
from .network import load_network, looked_ahead, ranked

__all__ = ["LearnedBot"]


class LearnedBot(BaseBot):
    kind = "learned"
    #: the best takes valued after the next player's reply (None: by the
    #: number of players, :func:`.network.looks`)
    look: int | None = None

    def __init__(self, seed: int = 0, network=None):
        super().__init__(seed)
        self.network = network if network is not None else load_network()

    def scored_takes(self, state: Game, player: int) -> list[tuple[float, Take]]:
        """Every distinct take with the margin the network expects after it
        (when another player takes after it in this round: the :attr:`look`
        best, after that player's reply)."""
        return looked_ahead(state, player, ranked(state, player, self.network), self.network, self.look)

    def take(self, state: Game, player: int) -> Take:
        return self.pick_best(self.scored_takes(state, player))
