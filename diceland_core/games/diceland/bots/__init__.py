"""Bots: programs that play Diceland (DESIGN.md "bots").

A bot is "game, player → action": :meth:`Bot.choose` returns a legal action
for the decision that player has now, and never changes the game.

``random``  uniform among the legal actions
``greedy``  the best evaluation one step ahead, a simple reroll rule
``expert``  expected values over the dice (phase 1 and bonus rolls)

:func:`hint` is the expert's suggestion for any decision a person faces.
"""

from __future__ import annotations

from ..actions import Action
from ..game import Game
from .base import BaseBot, Bot
from .evaluate import Evaluator, Weights, evaluator_for
from .expert import ExpertBot
from .greedy import GreedyBot
from .random_bot import RandomBot

__all__ = [
    "Bot", "BaseBot", "RandomBot", "GreedyBot", "ExpertBot",
    "BOT_KINDS", "make_bot", "hint",
    "Evaluator", "Weights", "evaluator_for",
]

_KINDS: dict[str, type[BaseBot]] = {"random": RandomBot, "greedy": GreedyBot, "expert": ExpertBot}
#: The bot kinds :func:`make_bot` knows, weakest first.
BOT_KINDS: tuple[str, ...] = tuple(_KINDS)


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A new bot of ``kind`` (one of :data:`BOT_KINDS`) seeded with ``seed``."""
    try:
        cls = _KINDS[kind]
    except KeyError:
        raise ValueError(f"unknown bot kind {kind!r} (expected one of {', '.join(BOT_KINDS)})") from None
    return cls(seed)


_HINTER = ExpertBot(0)


def hint(game: Game, player: int) -> Action:
    """The expert's suggestion for ``player``'s decision now (a legal action;
    ``ValueError`` if ``player`` has no decision to make)."""
    return _HINTER.choose(game, player)
