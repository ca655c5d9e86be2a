"""The expert, the page's strongest bot, and the hint built on it: the
learned bot (:mod:`.learned`, a value network learned by self-play), which
beats the hand-tuned strong bot (:mod:`.strong`; docs/bots.md, Diceland's
learned bot).

The hint is the expert's choice and a one-line reason from the same values
(:meth:`LearnedBot.ranked`, the margin of the win each legal action leads
to): what the choice gains over the second best action, named, in points of
win chance (the margin times :data:`SCALE`, the review's unit), or that the
two are about as good, or that it is the only action.
"""

from __future__ import annotations

from typing import Any

from ....core.errors import Number, Phrase
from ....core.protocol import Hint
from ..actions import Choose, Pass, Place, Reroll, Stop
from ..game import Game
from .learned import LearnedBot

__all__ = ["ExpertBot", "SCALE", "hint", "hint_reason"]

#: a margin of the win (−1 … 1) times this is in points of win chance
#: (with two players, one point is one percentage point of win chance)
SCALE = 50.0
#: gains under this many points read as "about as good" (they show as 0.0)
EVEN = 0.05


class ExpertBot(LearnedBot):
    kind = "expert"


def _colour_of(game: Game, action: Any) -> str | None:
    if isinstance(action, Choose):
        return action.colour.key
    if isinstance(action, Place):
        return game.boards[action.player].colour_at(*action.cells[0]).key
    return None


def _named(game: Game, other: Any, chosen: Any) -> Phrase:
    """The second best action ``other`` in words (beside ``chosen``)."""
    colour = _colour_of(game, other)
    if isinstance(other, Choose):
        return Phrase("diceland.hint_other_keep", {"colour": colour})
    if isinstance(other, Place):
        elsewhere = isinstance(chosen, Place) and _colour_of(game, chosen) == colour
        return Phrase("diceland.hint_other_elsewhere" if elsewhere else "diceland.hint_other_cross",
                      {"colour": colour})
    kind = {Reroll: "reroll", Stop: "stop", Pass: "pass"}[type(other)]
    return Phrase(f"diceland.hint_other_{kind}")


def hint_reason(game: Game, player: int, action: Any, bot: LearnedBot | None = None,
                ranked: list[tuple[float, Any]] | None = None) -> tuple[str, dict]:
    """Why ``action`` (a legal action of ``player`` now), from the expert's
    values (``ranked``, :meth:`LearnedBot.ranked`'s list, when they are
    known already): a message code and its parameters (en/es/it)."""
    if ranked is None:
        ranked = (bot or ExpertBot(0)).ranked(game, player)
    mine = next(v for v, a in ranked if a == action)
    others = [(v, a) for v, a in ranked if a != action]
    if not others:
        return "diceland.hint_only", {}
    value, other = max(others, key=lambda va: va[0])
    gain = (mine - value) * SCALE
    named = _named(game, other, action)
    if abs(gain) < EVEN:
        return "diceland.hint_even", {"other": named, "gain": Number(2 * EVEN)}
    code = "diceland.hint_gain" if gain > 0 else "diceland.hint_behind"
    return code, {"other": named, "gain": Number(abs(gain))}


def hint(game: Game, player: int) -> Hint:
    """The expert's action for ``player`` now (seeded by the position, so
    the same position gets the same hint) and why (:func:`hint_reason`),
    from one valuing of the legal actions; ``ValueError`` if ``player`` has
    no decision to make."""
    action, ranked = ExpertBot(len(game.actions)).choose_ranked(game, player)
    return Hint(action, *hint_reason(game, player, action, ranked=ranked))
