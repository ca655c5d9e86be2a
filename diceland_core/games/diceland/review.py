"""How a review of Diceland reads (:mod:`diceland_core.core.review`): the
cost of a decision in win chance (percentage points; a shared win counts as
a fraction), the moves as the terminal writes them.  Games are longer than
the others', so contested decisions get fewer rollouts."""

from __future__ import annotations

from typing import Any

from ...core.review import ReviewHooks, Rollouts, register_review
from .terminal import _describe


def _turn(state: Any) -> int:
    return getattr(state, "turn", 0)


HOOKS = register_review("diceland", ReviewHooks(
    measure="win", describe=lambda state, action, lang: _describe(action), turn_of=_turn,
    rollouts=Rollouts(first=4, step=4, most=8),
))
