"""Bots: programs that play Diceland (DESIGN.md "bots").

A bot is "game, player → action": :meth:`Bot.choose` returns a legal action
for the decision that player has now, and never changes the game.

``random``  uniform among the legal actions
``greedy``  the best evaluation one step ahead, a simple reroll rule
``strong``  expected values over the dice (phase 1 and bonus rolls) on a
            hand-tuned evaluation (:mod:`.strong`: the expert before the
            value network)
``learned`` a value network learned by self-play: every placement valued by
            the margin it leads to, phase 1 planned on it (:mod:`.learned`,
            :mod:`.network`)
``expert``  the page's strongest bot (:mod:`.expert`): the learned bot
``search``  the strong bot's few best choices, each played on by seeded
            rollouts to the start of the next turn (:mod:`.search`)

:func:`hint` is the expert's choice with a one-line reason from its values;
:func:`position_value` the worth of a position by the same network
(``DEFINITION.value``: the expected final margin over the strongest rival).
"""

from __future__ import annotations

from typing import Callable

from ....core.lazy import deferred
from .base import BaseBot, Bot
from .evaluate import Evaluator, Weights, evaluator_for
from .expert import ExpertBot, hint
from .greedy import GreedyBot
from .learned import LearnedBot
from .network import value as position_value
from .random_bot import RandomBot
from .strong import StrongBot

__all__ = [
    "Bot", "BaseBot", "RandomBot", "GreedyBot", "StrongBot", "LearnedBot", "ExpertBot",
    "BOTS", "hint", "position_value",
    "Evaluator", "Weights", "evaluator_for",
]

#: bot kind -> factory(seed), weakest first (the game's GameDef.make_bot; the
#: expert plays as the learned bot)
BOTS: dict[str, Callable[[int], BaseBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "strong": StrongBot, "learned": LearnedBot, "expert": ExpertBot,
    "search": deferred(__name__ + ".search", "SearchBot"),
}

