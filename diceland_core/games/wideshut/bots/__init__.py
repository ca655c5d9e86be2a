"""Bots for Dice Wide Shut, weakest first.

``random``  uniform among the legal actions
``greedy``  the take scoring most right now
``expert``  a one-take look-ahead on an evaluation of the whole position
            (:mod:`.expert`: runs to come, rows at risk of splitting, 6s
            held to protect them, and when the end comes)
``search``  the expert's few best takes, each played on by seeded rollouts
            to the end of the next round (:mod:`.search`)

:func:`hint` is the expert's choice with a one-line reason.
"""

from __future__ import annotations

from typing import Callable

from ....core.lazy import deferred
from ....core.protocol import Hint
from ..game import Game
from .base import BaseBot
from .expert import ExpertBot, hint
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = ["BaseBot", "RandomBot", "GreedyBot", "ExpertBot", "BOTS", "hint"]

#: bot kind -> factory(seed), weakest first
BOTS: dict[str, Callable[[int], BaseBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot,
    "search": deferred(__name__ + ".search", "SearchBot"),
}
