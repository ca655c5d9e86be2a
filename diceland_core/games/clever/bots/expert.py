"""The expert bot: one-step lookahead on a projected final score.

Every candidate action is tried on a copy of the sheet, with its whole bonus
chain (C8.5; yellow/blue crosses chosen the same way), and judged by
:func:`~.evaluate.value`, the projected final score of the sheet given the
dice the player will still enter (the derivation is in evaluate.py: area
potentials, line and field bonuses ahead, held actions, foxes × the lowest
projected area).  On top of that value:

* **Picks keep the turn going.**  A pick sends every lower die to the
  platter (C5.4); the dice left in hand are the turn's remaining picks.  With
  ``k`` dice left and ``r`` picks to go, the turn is worth about
  ``pick_value × PICKS[r][k]`` more, ``PICKS`` the expected number of
  further picks (a pick from few dice is both less likely to happen and
  worse, as the best of fewer dice).  So a high die must be worth its cost in
  lost picks; the lowest die often is the better pick.
* **Rerolls.**  Before picking, the best pick is compared with the average
  best pick of ``samples`` seeded rerolls of the hand (the reroll's cost is
  in the value: a held reroll is worth ``reroll_held``).
* **+1 actions** are used when the best one raises the value (a held +1 is
  worth ``extra_held`` while turns remain, nothing at the end).
* **The platter** (2+ players): dice sent to the platter feed the other
  players; each opponent's best gain from it (in raw points) costs
  ``deny`` × that gain.
* **The round.**  The number of future marks shrinks every turn
  (:func:`~.evaluate.future_entries`), so early in the game potential
  weighs most and late in the game points now.

Seeded: ties are broken by the legal order, the reroll samples come from the
bot's SplitMix64, so the same seed gives the same choices.
"""

from __future__ import annotations

from typing import Any

from ..actions import EndTurn, Reroll
from ..game import HAND, PLATTER, CleverState
from ..sheet import Sheet
from .base import DIE, BaseBot, choice_mark, try_action
from .evaluate import DEFAULT_PARAMS, future_entries, settle, value
from .greedy import score_settle

__all__ = ["ExpertBot", "PICKS"]

#: PICKS[r][k]: expected further picks with r picks to go and k dice in hand
PICKS = (
    (0, 0, 0, 0, 0, 0, 0),
    (0, 0.80, 0.92, 0.97, 1.0, 1.0, 1.0),
    (0, 0.80, 1.35, 1.62, 1.78, 1.88, 1.92),
)
#: how good the best of k dice is, relative to a free choice
QUALITY = (0, 0.55, 0.72, 0.83, 0.9, 0.95, 1.0)


class ExpertBot(BaseBot):
    kind = "expert"

    def __init__(self, seed: int = 0, params: dict | None = None):
        super().__init__(seed)
        self.params = dict(DEFAULT_PARAMS, **(params or {}))
        self.params.setdefault("pick_value", 8.0)
        self.params.setdefault("samples", 8)
        self.params.setdefault("deny", 0.15)
        self.last_reason: tuple[str, dict] = ("", {})

    # -- the decision ------------------------------------------------------------------
    def choose(self, state: CleverState, player: int) -> Any:
        return self.ranked(state, player)[0][1]

    def ranked(self, state: CleverState, player: int) -> list[tuple[float, Any]]:
        """The legal actions of ``player`` with their values, best first
        (stable: ties keep the legal order)."""
        actions = state.legal_actions(player)
        if not actions:
            return [(0.0, EndTurn())]
        P = self.params
        sheet = state.sheets[player]
        entries = future_entries(state, player)
        rolling = state.phase == "rolling" and player == state.active and not state.solo_passive
        scored: list[tuple[float, Any]] = []
        base_value = None
        for a in actions:
            t = a.type
            if t in ("pick", "take", "extra") and a.area is not None:
                s, block, v = try_action(state, sheet, a, lambda s, b: settle(s, b, entries, P))
                if t == "pick":
                    v += self._continuation(state, a)
                    v -= self._denial(state, player, a)
            elif t in ("bonus", "round_bonus"):
                s = sheet.copy()
                area, f = choice_mark(a)
                v = settle(s, s.mark(area, f, 6), entries, P)
            elif t == "pick":                      # R1: nothing usable
                v = value(sheet, entries, P) + self._continuation(state, a)
            elif t == "reroll":
                continue
            else:                                   # pass, end_turn
                if base_value is None:
                    base_value = value(sheet, entries, P)
                v = base_value
            scored.append((v, a))
        if rolling and sheet.rerolls > 0 and scored:
            best = max(v for v, _ in scored)
            v = self._reroll_value(state, player, entries)
            if v > best:
                scored.append((v, Reroll(player)))
        scored.sort(key=lambda x: -x[0])
        return scored

    # -- parts --------------------------------------------------------------------------
    def _continuation(self, state: CleverState, a: Any) -> float:
        """The value of the picks still to come this turn after pick ``a``."""
        d = DIE[a.die]
        faces = state.faces
        v = faces[d]
        k = sum(1 for x in range(6) if x != d and state.loc[x] == HAND and faces[x] >= v)
        r = 2 - len(state.fields)
        if r <= 0 or k == 0:
            return 0.0
        return self.params["pick_value"] * PICKS[r][min(k, 6)] * QUALITY[min(k, 6)]

    def _denial(self, state: CleverState, player: int, a: Any) -> float:
        """2+ players: what the dice sent to the platter give the others."""
        if state.players == 1 or self.params["deny"] <= 0:
            return 0.0
        d = DIE[a.die]
        faces = state.faces
        v = faces[d]
        sent = [x for x in range(6) if x != d and (state.loc[x] == PLATTER or
                (state.loc[x] == HAND and (faces[x] < v or len(state.fields) == 2)))]
        if not sent:
            return 0.0
        total = 0.0
        for q in range(state.players):
            if q == player:
                continue
            s = state.sheets[q]
            base = s.total()
            best = 0
            for x in sent:
                for area, f in s.die_marks(x, faces):
                    t = s.copy()
                    gain = score_settle(t, t.mark(area, f, state.value(x, area))) - base
                    best = max(best, gain)
            total += best
        return self.params["deny"] * total

    def _reroll_value(self, state: CleverState, player: int, entries: float) -> float:
        """The average best pick after a reroll of the hand (seeded samples)."""
        P = self.params
        hand = [d for d in range(6) if state.loc[d] == HAND]
        samples = P["samples"]
        sheet = state.sheets[player].copy()
        sheet.rr_used += 1
        total = 0.0
        trial = state.copy()
        trial.sheets[player] = sheet
        for _ in range(samples):
            for d in hand:
                trial.faces[d] = 1 + self.rng.below(6)
            best = None
            for a in trial.legal_actions(player):
                if a.type != "pick":
                    continue
                if a.area is None:
                    v = value(sheet, entries, P) + self._continuation(trial, a)
                else:
                    v = try_action(trial, sheet, a, lambda s, b: settle(s, b, entries, P))[2]
                    v += self._continuation(trial, a)
                if best is None or v > best:
                    best = v
            total += best if best is not None else value(sheet, entries, P)
        return total / samples


def reason(state: CleverState, player: int, action: Any) -> tuple[str, dict]:
    """A reason a player understands: the points the action brings now and
    the bonuses it earns (message code and parameters)."""
    t = action.type
    if t == "reroll":
        return "clever.hint_reroll", {}
    if t == "pass":
        return "clever.hint_pass", {}
    if t == "end_turn":
        return "clever.hint_end_turn", {}
    if t == "pick" and action.area is None:
        return "clever.hint_nothing", {}
    sheet = state.sheets[player]
    s = sheet.copy()
    if t in ("bonus", "round_bonus"):
        area, f = choice_mark(action)
        block = s.mark(area, f, 6)
    else:
        from .base import mark_of
        area, f, v = mark_of(state, action)
        block = s.mark(area, f, v)
    earned = list(block)
    points = score_settle(s, block) - sheet.total()
    bonus = [b for b in earned]
    if points > 0:
        if bonus:
            return "clever.hint_points_bonus", {"points": points, "bonus": bonus}
        return "clever.hint_points", {"points": points}
    if bonus:
        return "clever.hint_build_bonus", {"area": action.area, "bonus": bonus}
    if t == "bonus":
        return "clever.hint_bonus_field", {}
    return "clever.hint_build", {"area": action.area}
