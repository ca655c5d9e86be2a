"""Bots: programs that play Diceland (DESIGN.md "bots").

A bot is "game, player → action": :meth:`Bot.choose` returns a legal action
for the decision that player has now, and never changes the game.

``random``  uniform among the legal actions
``greedy``  the best evaluation one step ahead, a simple reroll rule
``learned`` a value network learned by self-play: every placement valued by
            the margin it leads to, phase 1 planned on it (:mod:`.learned`,
            :mod:`.network`)
``expert``  expected values over the dice (phase 1 and bonus rolls)
``search``  the expert's few best choices, each played on by seeded
            rollouts to the start of the next turn (:mod:`.search`)

:func:`hint` is the expert's suggestion for any decision a person faces;
:func:`position_value` the worth of a position by the learned bot's network
(``DEFINITION.value``: the expected final margin over the strongest rival).
"""

from __future__ import annotations

from typing import Callable

from ....core.lazy import deferred
from ....core.protocol import Hint
from ..game import Game
from .base import BaseBot, Bot
from .evaluate import Evaluator, Weights, evaluator_for
from .expert import ExpertBot
from .greedy import GreedyBot
from .learned import LearnedBot
from .network import value as position_value
from .random_bot import RandomBot

__all__ = [
    "Bot", "BaseBot", "RandomBot", "GreedyBot", "ExpertBot", "LearnedBot",
    "BOTS", "hint", "position_value",
    "Evaluator", "Weights", "evaluator_for",
]

#: bot kind -> factory(seed), weakest first (the game's GameDef.make_bot)
BOTS: dict[str, Callable[[int], BaseBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "learned": LearnedBot, "expert": ExpertBot,
    "search": deferred(__name__ + ".search", "SearchBot"),
}


_HINTER = ExpertBot(0)


def hint(game: Game, player: int) -> Hint:
    """The expert's suggestion for ``player``'s decision now (its action is
    legal; ``ValueError`` if ``player`` has no decision to make).  Its reason
    in words is the site's (``hint_reason``), from the game and the action."""
    return Hint(_HINTER.choose(game, player))
