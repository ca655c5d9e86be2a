"""How a review of Ganz schön clever reads (:mod:`diceland_core.core.review`):
the cost of a decision in expected final points, the moves as the terminal
writes them, the areas by their colour names.

Whole-game rollouts of this game spread widely (a standard deviation of
about 30 points between two moves' rollouts early in the game, even with
the same dice), so a rollout plays to the end of the round only and is then
scored by the expert's own estimate of the final score: the sheet's score
plus the points its value network expects still to come
(``bots.network``); decisions in the last round are rolled out to the end
of the game."""

from __future__ import annotations

from typing import Any

from ...core.review import ReviewHooks, Rollouts, register_review
from .bots.network import value
from .words import colour_word, describe, word

def _describe(state: Any, action: Any, lang: str) -> str:
    return describe(action, state, lang)


def _area(area: str, lang: str) -> str:
    if area == "fox":
        return word(lang, "foxes").lower()
    return colour_word(lang, area)


def _value(state: Any, seat: int) -> float:
    """The expert's estimate of the seat's final score where a rollout stops
    (the start of a round)."""
    return value(state, seat)


def _areas(state: Any, seat: int) -> dict[str, int]:
    score = state.sheets[seat].score()
    score.pop("total", None)
    return score


HOOKS = register_review("clever", ReviewHooks(
    measure="points", describe=_describe, area_name=_area, turn_of=lambda state: state.round,
    rollouts=Rollouts(first=8, step=8, most=32),
    # a roll's place: the turn, who rolls, the solo passive roll, the picks made
    roll_key=lambda s: (s.round, s.active, s.solo_passive, len(s.fields)),
    value=_value, horizon=lambda state: state.round, areas=_areas,
))
