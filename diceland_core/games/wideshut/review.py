"""How a review of Dice Wide Shut reads (:mod:`diceland_core.core.review`):
the cost of a decision in expected margin (the seat's score minus the best
other score), the takes as the terminal writes them, the halves by colour."""

from __future__ import annotations

from typing import Any

from ...core.review import ReviewHooks, Rollouts, register_review
from .actions import Roll
from .messages import TERMS
from .terminal import describe_take


def _describe(state: Any, action: Any, lang: str) -> str:
    if isinstance(action, Roll):
        return "roll"
    return describe_take(state, action)


def _area(area: str, lang: str) -> str:
    return TERMS.get(lang, TERMS["en"]).get(area, area)


HOOKS = register_review("wideshut", ReviewHooks(
    measure="margin", describe=_describe, area_name=_area, turn_of=lambda state: state.round,
    rollouts=Rollouts(first=4, step=4, most=8),
))
