"""The bots of Ganz schön clever, weakest first, and the hint."""

from __future__ import annotations

from ....core.protocol import Hint
from .base import play_game
from .expert import ExpertBot, position_value
from .greedy import GreedyBot
from .projection import StrongBot, reason
from .random_bot import RandomBot

__all__ = ["BOTS", "RandomBot", "GreedyBot", "StrongBot", "ExpertBot", "hint", "play_game", "position_value"]

BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot, "expert": ExpertBot}


def hint(state, player: int) -> Hint:
    """The expert's action for ``player`` and a one-line reason (a message
    code with parameters, rendered in en/es/it)."""
    action = ExpertBot(seed=len(state.actions)).choose(state, player)
    code, params = reason(state, player, action)
    return Hint(action, code, params)
