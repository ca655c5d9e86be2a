"""How a review of Diceland reads (:mod:`diceland_core.core.review`): a
move is worth what the learned network says of it (the values the expert
plays by, :meth:`LearnedBot.ranked`: a placement or a pass by the margin
its afterstate promises, a colour kept or a reroll by the exact chances of
the rolls to come, ``W(h)``), so a reroll is judged by what it may bring,
not by the dice it brought.  The value is a margin of the win between −1
and 1 (with two players twice the win chance less one); the review shows
it times 50, in points of win chance, as the hint does
(``bots.expert.SCALE``).  The kinds of decision: keeping a colour, reroll
or stop, crossing with your kept dice, crossing with another player's
leftovers, a bonus roll's cross.  The effects: cells crossed, bonus cells
(bonus rolls earned), colours completed, the goal reached."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Sequence

from ...core.errors import load_messages, render_message
from ...core.review import Effect, ReviewHooks, register_review
from .actions import (BonusRollEarned, Choose, ColourCompleted, DiceSetAside, GameOver, Pass, Phase1Ended,
                      Place, Reroll, Stop)
from .bots.expert import SCALE, ExpertBot
from .game import DICE, Phase
from .messages import TERMS

load_messages("review", Path(__file__).with_name("review_messages.json"))


def _colour(key: Any, lang: str) -> str:
    key = getattr(key, "key", key)
    return TERMS.get(lang, TERMS["en"]).get(key, key)


def describe(state: Any, action: Any, lang: str) -> str:
    if isinstance(action, Choose):
        return render_message("review.diceland_keep", {"colour": _colour(action.colour, lang)}, lang)
    if isinstance(action, Place):
        cells = "; ".join(render_message("core.cell", {"row": r + 1, "column": c + 1}, lang)
                          for r, c in action.cells)
        colour = state.boards[action.player].colour_at(*action.cells[0]) if state is not None else None
        if colour is not None:
            return render_message("review.diceland_cross_colour", {"colour": _colour(colour, lang),
                                                                  "cells": cells}, lang)
        return render_message("review.diceland_cross", {"cells": cells}, lang)
    return render_message(f"review.diceland_{action.type}", {}, lang)


def ranked(state: Any, seat: int) -> list[tuple[float, Any]]:
    """Every legal move of ``seat`` with the expert's value of it."""
    return ExpertBot(0).ranked(state, seat)


def kind(state: Any, action: Any) -> str:
    if isinstance(action, Choose):
        return "keep_colour"
    if isinstance(action, (Reroll, Stop)):
        return "reroll_or_stop"
    if state.phase is Phase.BONUS:
        return "bonus_cross"
    return "cross_kept" if getattr(action, "player", None) == state.active else "cross_leftovers"


def _counted(counts: dict, lang: str) -> str:
    return ", ".join(f"{n}× {_colour(c, lang)}" for c, n in sorted(counts.items()))


def dice(state: Any, lang: str) -> str:
    """The roll to keep a colour from, the dice kept, or the dice to cross with."""
    if state.phase is Phase.CHOOSE:
        return _counted(Counter(state.roll), lang)
    if state.phase is Phase.DECIDE:
        return render_message("review.diceland_held", {"held": state.held, "colour": _colour(state.chosen, lang),
                                                       "left": DICE - state.held}, lang)
    seat = next(iter(state.waiting_for()), None)
    return _counted(state.dice_for(seat), lang) if seat is not None else ""


def effect(before: Any, action: Any, after: Any, events: Sequence[Any], seat: int) -> Effect:
    parts: list[tuple[str, dict]] = []
    if isinstance(action, Place):
        parts.append(("review.diceland_crossed", {"n": len(action.cells)}))
    elif isinstance(action, Pass):
        parts.append(("review.diceland_passed", {}))
    elif isinstance(action, Choose):
        parts.append(("review.diceland_kept", {"n": before.roll.count(action.colour),
                                               "colour": f"diceland_colour_{action.colour.key}"}))
    elif isinstance(action, Stop):
        parts.append(("review.diceland_stopped", {"n": before.held}))
    for e in events:
        if isinstance(e, BonusRollEarned) and e.player == seat:
            parts.append(("review.diceland_bonus", {}))
        elif isinstance(e, ColourCompleted) and e.player == seat:
            parts.append(("review.diceland_completed", {"colour": f"diceland_colour_{e.colour.key}"}))
        elif isinstance(e, DiceSetAside) and e.player == seat:
            parts.append(("review.diceland_hit", {"n": e.count}))
        elif isinstance(e, Phase1Ended) and e.player == seat and e.reason == "no_hit":
            parts.append(("review.diceland_no_hit", {}))
        elif isinstance(e, GameOver) and seat in after.winners:
            parts.append(("review.diceland_goal", {}))
    return Effect(tuple(parts))


HOOKS = register_review("diceland", ReviewHooks(
    measure="win", scale=SCALE, unit="review.unit_win", describe=describe, kind=kind, dice=dice,
    effect=effect, ranked=ranked, turn_of=lambda state: getattr(state, "turn", 0),
    horizon=lambda state: getattr(state, "turn", 0),
))
