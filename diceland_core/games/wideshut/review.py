"""How a review of Dice Wide Shut reads (:mod:`diceland_core.core.review`):
the cost of a decision in expected margin (the seat's score minus the best
other score, whole-game rollouts), the takes in words (1-based rows and
columns), the halves by colour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.errors import load_messages, render_message
from ...core.review import ReviewHooks, Rollouts, register_review
from .actions import Roll
from .messages import TERMS


def _mark(entry: Any, lang: str) -> str:
    if entry is None:
        return render_message("review.wideshut_nothing", {}, lang)
    if entry[0] == "skip":
        return render_message("review.wideshut_skip", {"row": entry[1] + 1}, lang)
    if len(entry) == 2:
        return render_message("review.wideshut_six", {"half": _area(entry[0][:-1], lang), "row": entry[1] + 1},
                              lang)
    return render_message("review.wideshut_box", {"half": _area(entry[0], lang), "row": entry[1] + 1,
                                                  "column": entry[2] + 1}, lang)


def _describe(state: Any, action: Any, lang: str) -> str:
    if isinstance(action, Roll):
        return render_message("review.wideshut_roll", {}, lang)
    values = " + ".join(str(state.roll[i]) for i in action.dice)
    marks = "; ".join(_mark(e, lang) for e in action.marks)
    return render_message("review.wideshut_take", {"dice": values, "colour": _area(action.colour, lang),
                                                   "marks": marks}, lang)


def _area(area: str, lang: str) -> str:
    return TERMS.get(lang, TERMS["en"]).get(area, area)


load_messages("review", Path(__file__).with_name("review_messages.json"))

HOOKS = register_review("wideshut", ReviewHooks(
    measure="margin", describe=_describe, area_name=_area, turn_of=lambda state: state.round,
    rollouts=Rollouts(first=4, step=4, most=8),
))
