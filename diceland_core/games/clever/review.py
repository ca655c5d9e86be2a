"""How a review of Ganz schön clever reads (:mod:`diceland_core.core.review`):
a move is worth the expert's own value of its afterstate (``bots.network``:
the sheet's score plus the points the network expects still to come, read
without the dice the move makes roll; with several players, less the
strongest rival's expected points), so that a pick is not judged by the
dice that follow it.  The kinds of decision: first pick, second or third
pick, reroll, passive pick, +1 action (or ending the turn), bonus cross.
The effects of a move: points now, dice sent to the silver platter, the
turn's rolling ended early, bonuses earned."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ...core.errors import load_messages
from ...core.review import Effect, ReviewHooks, register_review
from .actions import BonusEarned, Pick
from .bots.expert import expected_points
from .bots.network import load_network, value
from .game import HAND, PLATTER, ROLLING
from .sheet import COLOURS
from .words import colour_word, describe

load_messages("review", Path(__file__).with_name("review_messages.json"))


def ranked(state: Any, seat: int) -> list[tuple[float, Any]]:
    """Every legal move of ``seat`` with the network's value of its
    afterstate (less the strongest rival's expected points with several players)."""
    net = load_network()
    out = []
    for action in state.legal_actions(seat):
        after = state.copy()
        after.apply(action)
        v = value(after, seat, net)
        if state.players > 1:
            v -= max(expected_points(after, q, net) for q in range(state.players) if q != seat)
        out.append((v, action))
    return out


def kind(state: Any, action: Any) -> str:
    t = action.type
    if t == "pick":
        return "first_pick" if not state.fields else "later_pick"
    return {"reroll": "reroll", "take": "passive_pick", "pass": "passive_pick", "extra": "extra",
            "end_turn": "extra", "bonus": "bonus_cross", "round_bonus": "bonus_cross"}.get(t, "other")


def _dice_words(state: Any, dice: Sequence[int], lang: str) -> str:
    return ", ".join(f"{colour_word(lang, COLOURS[d])} {state.faces[d]}" for d in dice)


def dice(state: Any, lang: str) -> str:
    """The dice in hand (a pick or a reroll), else the platter's (a passive pick)."""
    if state.faces is None:
        return ""
    hand = [d for d in range(6) if state.loc[d] == HAND]
    if hand and state.phase == ROLLING:
        return _dice_words(state, hand, lang)
    platter = [d for d in range(6) if state.loc[d] == PLATTER]
    return _dice_words(state, platter + list(state.fields), lang)


def effect(before: Any, action: Any, after: Any, events: Sequence[Any], seat: int) -> Effect:
    parts: list[tuple[str, dict]] = []
    points = after.sheets[seat].total() - before.sheets[seat].total()
    if points:
        parts.append(("review.effect_points", {"points": points}))
    if isinstance(action, Pick) and before.phase == ROLLING:
        sent = sum(1 for d in range(6) if before.loc[d] == HAND and after.loc[d] == PLATTER)
        if sent:
            parts.append(("review.clever_platter", {"n": sent}))
        picks = len(before.fields) + 1
        ended = after.phase != ROLLING or after.active != before.active or after.solo_passive != before.solo_passive
        if ended and picks < 3:
            parts.append(("review.clever_ended", {"n": picks}))
    bonuses = [e.bonus for e in events if isinstance(e, BonusEarned) and e.player == seat]
    if bonuses:
        parts.append(("review.clever_bonuses", {"bonuses": [f"clever_bonus_{b}" for b in bonuses]}))
    if action.type == "reroll":
        parts.append(("review.clever_rerolled", {"n": sum(1 for d in range(6) if before.loc[d] == HAND)}))
    return Effect(tuple(parts))


HOOKS = register_review("clever", ReviewHooks(
    measure="points", scale=1.0, unit="review.unit_points",
    describe=lambda state, action, lang: describe(action, state, lang),
    kind=kind, dice=dice, effect=effect, ranked=ranked, turn_of=lambda state: state.round,
    horizon=lambda state: state.round,
    # a roll's place: the turn, who rolls, the solo passive roll, the picks made
    roll_key=lambda s: (s.round, s.active, s.solo_passive, len(s.fields)),
    # with several players the rivals' expected points move with the roll
    # too; the value before a roll is then not the average over the rolls
    luck_samples=lambda players: 0 if players == 1 else 8,
))
