"""How a review of Diceland reads (:mod:`diceland_core.core.review`): the
cost of a decision in win chance (percentage points; a shared win counts as
a fraction; whole-game rollouts), the moves in words (1-based rows and
columns).  Games are longer than the others', so contested decisions get
fewer rollouts.  Its texts are in the review's catalogue (namespace
``review``), the colour words translated here."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.errors import load_messages, render_message
from ...core.review import ReviewHooks, Rollouts, register_review
from .actions import Choose, Place
from .messages import TERMS


def _colour(key: str, lang: str) -> str:
    return TERMS.get(lang, TERMS["en"]).get(key, key)


def _describe(state: Any, action: Any, lang: str) -> str:
    if isinstance(action, Choose):
        return render_message("review.diceland_keep", {"colour": _colour(action.colour.key, lang)}, lang)
    if isinstance(action, Place):
        cells = "; ".join(render_message("core.cell", {"row": r + 1, "column": c + 1}, lang)
                          for r, c in action.cells)
        return render_message("review.diceland_cross", {"cells": cells}, lang)
    return render_message(f"review.diceland_{action.type}", {}, lang)


load_messages("review", Path(__file__).with_name("review_messages.json"))

HOOKS = register_review("diceland", ReviewHooks(
    measure="win", describe=_describe, turn_of=lambda state: getattr(state, "turn", 0),
    rollouts=Rollouts(first=8, step=8, most=16),
))
