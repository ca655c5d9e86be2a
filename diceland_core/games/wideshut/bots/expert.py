"""The expert bot, the strongest of the page's kinds, and the hint built
on it: the strong bot (strong.py, a hand-tuned evaluation).  The learned
bot (learned.py, a value network learned by self-play, looking at the
rival's reply) now beats it in 2-player games, but its network is not in
the site's archive and its time in the page is not measured yet
(docs/bots.md, Dice Wide Shut's learned bot)."""

from __future__ import annotations

from ....core.protocol import Hint
from ..actions import Roll
from ..game import Game
from .strong import StrongBot, reason

__all__ = ["ExpertBot", "hint"]


class ExpertBot(StrongBot):
    kind = "expert"


def hint(state: Game, player: int) -> Hint:
    """The expert's action for ``player`` now and why (a message code in
    en/es/it); ValueError if ``player`` has no decision to make."""
    action = ExpertBot(0).choose(state, player)
    if isinstance(action, Roll):
        return Hint(action, "wideshut.hint_roll", {})
    code, params = reason(state, player, action)
    return Hint(action, code, params)
