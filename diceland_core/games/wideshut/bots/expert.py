"""The expert bot (placeholder until the evaluation below is tuned)."""

from __future__ import annotations

from .greedy import GreedyBot

__all__ = ["ExpertBot"]


class ExpertBot(GreedyBot):
    kind = "expert"


def hint(state, player):
    from ....core.protocol import Hint
    return Hint(ExpertBot(0).choose(state, player), "wideshut.hint_roll", {})
