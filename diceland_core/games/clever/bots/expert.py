"""The expert bot: a value network learned by self-play (network.py).

Every legal action of the player is tried on a copy of the game (its
whole bonus chain, the dice it sends to the platter, the dice it rolls
next; a yellow or blue cross of the player's choice that it earns is made
each way, and the best counts: ``network.value``); the network reads the
afterstate — the sheet, where the game stands, which dice are still in
hand, whether a pick from a platter is still to make, never the values of
dice still to be rolled — and says how many points the player will still
score.  The
action with the best score after it plus that value is played: a pick, a
reroll (the sheet with one reroll fewer and the whole hand to come), a +1
action, or ending the turn.  Ties keep the legal order, so the bot is
deterministic (its seed changes nothing).

The network learned solo games only (``training/clever_td.py``); in games
of 2–4 players each player's sheet is seen as a solo game (network.py),
and a pick costs a share (:data:`DENY`) of what the dice it sends to the
platter give the other players, as in the strong bot.  The ``strong``
kind (projection.py) is the expert as it played before the network.
"""

from __future__ import annotations

from typing import Any

from ..actions import EndTurn
from ..game import Game
from .base import BaseBot
from .network import load_network, value
from .projection import platter_gain

__all__ = ["ExpertBot", "expected_points", "position_value"]


#: 2+ players: a pick costs this share of what the dice it sends to the
#: platter give the other players (projection.platter_gain)
DENY = 0.15


class ExpertBot(BaseBot):
    kind = "expert"

    def __init__(self, seed: int = 0, network=None, deny: float = DENY):
        super().__init__(seed)
        self.network = network if network is not None else load_network()
        self.deny = deny

    def choose(self, state: Game, player: int) -> Any:
        return self.ranked(state, player)[0][1]

    def ranked(self, state: Game, player: int) -> list[tuple[float, Any]]:
        """The legal actions of ``player`` with their values (the final
        score the network expects after each), best first; ties keep the
        legal order."""
        actions = state.legal_actions(player)
        if not actions:
            return [(0.0, EndTurn())]
        net = self.network
        scored = []
        deny = self.deny if state.players > 1 else 0.0
        for a in actions:
            after = state.copy()
            after.apply(a)
            v = value(after, player, net)
            if deny and a.type == "pick" and a.area is not None:
                v -= deny * platter_gain(state, player, a)
            scored.append((v, a))
        scored.sort(key=lambda x: -x[0])
        return scored


def expected_points(state: Game, player: int, network=None) -> float:
    """The final score ``player`` may expect from the position ``state`` by
    the network: the score once over; the best action's value where
    ``player`` has one to choose (as the expert plays it, without the
    platter term); else the state as ``player``'s afterstate."""
    if state.over:
        return float(state.sheets[player].total())
    net = network if network is not None else load_network()
    best = None
    for a in state.legal_actions(player):
        after = state.copy()
        after.apply(a)
        v = value(after, player, net)
        best = v if best is None or v > best else best
    return best if best is not None else value(state, player, net)


def position_value(state: Game, player: int) -> float:
    """The review's worth of a position (``DEFINITION.value``): the final
    points ``player`` may expect (solo), or its expected margin over the
    strongest other player (:func:`expected_points` of each)."""
    net = load_network()
    own = expected_points(state, player, net)
    if state.players == 1:
        return own
    return own - max(expected_points(state, q, net) for q in range(state.players) if q != player)
