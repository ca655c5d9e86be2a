"""The expert bot, the strongest of the page's kinds, and the hint built
on it: the learned bot (learned.py, a value network learned by self-play,
looking at the rival's reply with two players).  It beats the strong bot
(strong.py, the hand-tuned evaluation, still the ``strong`` kind) in
2-player games; docs/bots.md has the tables and its time in the page."""

from __future__ import annotations

from ....core.protocol import Hint
from ..actions import Roll
from ..game import Game
from .learned import LearnedBot
from .strong import reason

__all__ = ["ExpertBot", "hint"]


class ExpertBot(LearnedBot):
    kind = "expert"


def hint(state: Game, player: int) -> Hint:
    """The expert's action for ``player`` now and why (a message code in
    en/es/it: what the take does to the sheet); ValueError if ``player``
    has no decision to make."""
    action = ExpertBot(0).choose(state, player)
    if isinstance(action, Roll):
        return Hint(action, "wideshut.hint_roll", {})
    code, params = reason(state, player, action)
    return Hint(action, code, params)
