"""Bots for Dice Wide Shut, weakest first.

``random``  uniform among the legal actions
``greedy``  the take scoring most right now
``learned`` a value network learned by self-play: every take valued by the
            margin it leads to (:mod:`.learned`, :mod:`.network`)
``strong``  a one-take look-ahead on a hand-tuned evaluation of the whole
            position (:mod:`.strong`: runs to come, rows at risk of
            splitting, 6s held to protect them, and when the end comes)
``expert``  the page's strongest bot (:mod:`.expert`): the learned bot
``search``  the strong bot's few best takes, each played on by seeded
            rollouts to the end of the next round (:mod:`.search`)

:func:`hint` is the expert's choice with a one-line reason;
:func:`position_value` the worth of a position by the learned bot's
network (``DEFINITION.value``: the expected final margin over the
strongest rival).
"""

from __future__ import annotations

from typing import Callable

from ....core.lazy import deferred
from ....core.protocol import Hint
from ..game import Game
from .base import BaseBot
from .expert import ExpertBot, hint
from .network import value as position_value
from .greedy import GreedyBot
from .learned import LearnedBot
from .random_bot import RandomBot
from .strong import StrongBot

__all__ = ["BaseBot", "RandomBot", "GreedyBot", "LearnedBot", "StrongBot", "ExpertBot", "BOTS", "hint", "position_value"]

#: bot kind -> factory(seed), weakest first
BOTS: dict[str, Callable[[int], BaseBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "learned": LearnedBot, "strong": StrongBot, "expert": ExpertBot,
    "search": deferred(__name__ + ".search", "SearchBot"),
}
