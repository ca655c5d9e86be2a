"""How a review of Dice Wide Shut reads (:mod:`diceland_core.core.review`):
a take is worth the margin its afterstate promises by the learned network
(``bots.network.ranked_ahead``: the seat's score less the strongest rival's
at the end, as expected; with two players, first in the round, after the
rival's best reply), in points of margin, as the expert reads it.  The kinds of decision: a pair of
dice, a single die, a 6 taken (its 6-box), a take that uses the power of a 6
to skip a die; the roll is never a choice.  The effects of a take: points
now, rows split, a 6's power used, the game's end triggered."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ...core.errors import load_messages, render_message
from ...core.review import Effect, ReviewHooks, register_review
from .actions import EndTriggered, Roll, RowSplit, SixUsed, Take
from .bots.network import ranked_ahead
from .game import DIE_COLOURS
from .messages import TERMS

load_messages("review", Path(__file__).with_name("review_messages.json"))


def _word(key: str, lang: str) -> str:
    return TERMS.get(lang, TERMS["en"]).get(key, key)


def _mark(entry: Any, lang: str) -> str:
    if entry is None:
        return render_message("review.wideshut_nothing", {}, lang)
    if entry[0] == "skip":
        return render_message("review.wideshut_skip", {"row": entry[1] + 1}, lang)
    if len(entry) == 2:
        return render_message("review.wideshut_six", {"half": _word(entry[0][:-1], lang), "row": entry[1] + 1},
                              lang)
    return render_message("review.wideshut_box", {"half": _word(entry[0], lang), "row": entry[1] + 1,
                                                  "column": entry[2] + 1}, lang)


def describe(state: Any, action: Any, lang: str) -> str:
    if isinstance(action, Roll):
        return render_message("review.wideshut_roll", {}, lang)
    values = " + ".join(str(state.roll[i]) for i in action.dice)
    marks = "; ".join(_mark(e, lang) for e in action.marks)
    return render_message("review.wideshut_take", {"dice": values, "colour": _word(action.colour, lang),
                                                   "marks": marks}, lang)


def kind(state: Any, action: Any) -> str:
    if not isinstance(action, Take):
        return "roll"
    if any(e is not None and e[0] == "skip" for e in action.marks):
        return "skip"
    if len(action.dice) == 1:
        return "six" if state.roll[action.dice[0]] == 6 else "single"
    return "pair"


def dice(state: Any, lang: str) -> str:
    """The dice not yet taken this round, by colour."""
    if state.roll is None:
        return ""
    return ", ".join(f"{_word(DIE_COLOURS[state.colours[i]], lang)} {state.roll[i]}"
                     for i in range(len(state.roll)) if not state.taken >> i & 1)


def move_value(state: Any, action: Any, seat: int) -> float:
    """A take's value: the network's for the take with the same resulting sheet."""
    after = state.copy()
    after.apply(action)
    key = after.sheets[seat].key()
    for (v, _), (_, k) in zip(ranked_ahead(state, seat), state.outcomes(seat)):
        if k == key:
            return v
    from .bots import position_value
    return position_value(after, seat)


def effect(before: Any, action: Any, after: Any, events: Sequence[Any], seat: int) -> Effect:
    parts: list[tuple[str, dict]] = []
    points = after.sheets[seat].total - before.sheets[seat].total
    if points:
        parts.append(("review.effect_points", {"points": points}))
    for e in events:
        if isinstance(e, RowSplit) and e.player == seat:
            parts.append(("review.wideshut_split", {"half": f"wideshut_half_{e.half}", "row": e.row + 1}))
        elif isinstance(e, SixUsed) and e.player == seat:
            parts.append(("review.wideshut_six_used", {"row": e.row + 1}))
        elif isinstance(e, EndTriggered):
            parts.append(("review.wideshut_end", {}))
    if isinstance(action, Take):
        for e in action.marks:
            if e is not None and len(e) == 2 and e[0] != "skip":
                parts.append(("review.wideshut_six_marked", {}))
        unmarked = sum(1 for e in action.marks if e is None)
        if unmarked:
            parts.append(("review.wideshut_unmarked", {"n": unmarked}))
    return Effect(tuple(parts))


HOOKS = register_review("wideshut", ReviewHooks(
    measure="margin", scale=1.0, unit="review.unit_margin", describe=describe, kind=kind, dice=dice,
    effect=effect, ranked=ranked_ahead,
    move_value=move_value, turn_of=lambda state: state.round, horizon=lambda state: state.round,
    # with three players or more the network's value before a roll is about
    # 7 points under the average of the values after it (docs/review.md)
    luck_samples=lambda players: 0 if players == 2 else 8,
))
