"""The strong bot (the expert before the network of expert.py): one-step
lookahead on a projected final score.

Every candidate action is tried on a copy of the sheet, with its whole bonus
chain (C8.5; yellow/blue crosses chosen the same way), and judged by
:func:`~.evaluate.value`, the projected final score of the sheet given the
dice the player will still enter (the derivation is in evaluate.py: area
potentials, line and field bonuses ahead, held actions, foxes × the lowest
projected area).  On top of that value:

* **Picks keep the turn going.**  A pick sends every lower die to the
  platter (C5.4); the dice left in hand are the turn's remaining picks.  So a
  pick is worth its own mark plus the expected value of the rest of the
  turn, found by sampling: the remaining hand is rolled ``samples`` times
  (seeded), each roll takes its best die (the gain of that die in the best
  area, from gain tables of the current sheet with bonus chains, plus what
  *its* remaining hand promises, sampled again), and the results are
  averaged.  A high die must be worth the picks it costs; the lowest die
  often is the better pick, unless its mark is poor.
* **Rerolls.**  Rerolling is worth the sheet with one reroll fewer plus
  the same sampled value of the whole hand rolled again; it is chosen when
  that beats the best pick.
* **+1 actions** are used when the best one raises the value (a held +1 is
  worth ``extra_held`` while turns remain, nothing at the end).
* **The platter** (2+ players): dice sent to the platter feed the other
  players; each opponent's best gain from it (in raw points) costs
  ``deny`` × that gain.
* **The round.**  The number of future marks shrinks every turn
  (:func:`~.evaluate.future_entries`), so early in the game potential
  weighs most and late in the game points now.

Seeded: ties are broken by the legal order, the samples come from the
bot's SplitMix64, so the same seed gives the same choices.

It plays with :data:`TUNED` on top of the evaluation's defaults (16
samples instead of 8, a smaller yellow share, a softer fox minimum, a
longer horizon for bonuses ahead: found by ``training/clever_tune.py`` on
its own seeds) and with the learned correction of the projection
(learned.py: a table of the yellow lines' states, fitted by
``training/clever_value.py`` to what self-play sheets scored in the end);
``StrongBot(seed, params={"learned": None})`` plays without it.
"""

from __future__ import annotations

from typing import Any

from ..actions import EndTurn, Reroll
from ..game import HAND, PLATTER, Game
from ..sheet import Sheet
from .base import AREA, DIE, BaseBot, choice_mark, mark_of, try_action
from .evaluate import DEFAULT_PARAMS, future_entries, settle, value
from .greedy import score_settle
from .learned import load_weights

__all__ = ["StrongBot", "TUNED", "reason", "platter_gain"]

#: the strong bot's parameters on top of evaluate.DEFAULT_PARAMS, tuned by
#: training/clever_tune.py on its tuning seeds (README, Ganz schön clever bots)
TUNED: dict = {"samples": 16, "share": (0.4, 1.0, 1.0, 1.3, 1.0), "fox_weight": 0.85, "scale": 1.4,
               "fox_soft": 7.0, "horizon": 8.0, "purple_mean": 4.7}


class StrongBot(BaseBot):
    kind = "strong"
    tuned: dict = TUNED

    def __init__(self, seed: int = 0, params: dict | None = None):
        super().__init__(seed)
        table = {"learned": load_weights()}
        self.params = {**DEFAULT_PARAMS, **self.tuned, **table, **(params or {})}
        self.params.setdefault("samples", 8)
        self.params.setdefault("deny", 0.15)
        self.last_reason: tuple[str, dict] = ("", {})

    # -- the decision ------------------------------------------------------------------
    def choose(self, state: Game, player: int) -> Any:
        return self.ranked(state, player)[0][1]

    def ranked(self, state: Game, player: int) -> list[tuple[float, Any]]:
        """The legal actions of ``player`` with their values, best first
        (stable: ties keep the legal order)."""
        actions = state.legal_actions(player)
        if not actions:
            return [(0.0, EndTurn())]
        P = self.params
        sheet = state.sheets[player]
        entries = future_entries(state, player, P)
        rolling = (state.phase == "rolling" and player == state.active and state.pending_player is None)
        scored: list[tuple[float, Any]] = []
        base_value = None
        if rolling:
            self._prepare(state, player, sheet, entries)
        for a in actions:
            t = a.type
            if t in ("pick", "take", "extra") and a.area is not None:
                s, block, v = try_action(state, sheet, a, lambda s, b: settle(s, b, entries, P))
                if t == "pick":
                    v += self._continuation(state, a, s)
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
    def _prepare(self, state: Game, player: int, sheet: Sheet, entries: float) -> None:
        """Gain tables of the current sheet: the best gain of a value in each
        area (blue by sum), bonus chains included; and an empty cache of
        turn continuations."""
        self._entries = entries
        base = value(sheet, entries, self.params)
        self._tables = [self._row(sheet, area, base) for area in range(5)]
        self._cache: dict = {}

    def _row(self, sheet: Sheet, area: int, base: float) -> list:
        """The gain table of one area: index = the value (blue: the sum)."""
        P, entries = self.params, self._entries
        row = [None] * 13
        for v in (range(2, 13) if area == 1 else range(1, 7)):
            best = None
            for a, f in sheet.marks(area, v):
                t = sheet.copy()
                g = settle(t, t.mark(a, f, v), entries, P) - base
                if best is None or g > best:
                    best = g
            row[v] = best
        return row

    def _gain(self, d: int, faces) -> float | None:
        """The best gain of die ``d`` with ``faces`` (None: not usable)."""
        T = self._tables
        if d == 2:
            return T[1][faces[0] + faces[2]]
        if d:
            return T[d - 1][faces[d]]
        v = faces[0]
        best = None
        for g in (T[0][v], T[1][v + faces[2]], T[2][v], T[3][v], T[4][v]):
            if g is not None and (best is None or g > best):
                best = g
        return best

    def _turn_value(self, hand: tuple, picks: int, faces: list, samples: int) -> float:
        """The expected gain of the turn's next ``picks`` picks from the dice
        ``hand`` (rolled anew): each sampled roll takes the best die, its
        gain plus what its remaining hand promises (C5.4: lower dice leave)."""
        if picks <= 0 or not hand:
            return 0.0
        key = (hand, picks, faces[0] if 0 not in hand else -1, faces[2] if 2 not in hand else -1)
        found = self._cache.get(key)
        if found is not None:
            return found
        rng = self.rng
        trial = list(faces)
        total = 0.0
        for _ in range(samples):
            for d in hand:
                trial[d] = 1 + rng.below(6)
            total += self._best_pick(hand, picks, trial, max(2, samples // 2))
        result = total / samples
        self._cache[key] = result
        return result

    def _best_pick(self, hand: tuple, picks: int, faces: list, samples: int) -> float:
        best = None
        lowest = None
        for d in hand:
            v = faces[d]
            if lowest is None or v < faces[lowest]:
                lowest = d
            g = self._gain(d, faces)
            if g is None:
                continue
            rest = tuple(x for x in hand if x != d and faces[x] >= v)
            if picks > 1 and rest:
                g += self._turn_value(rest, picks - 1, faces, samples)
            if best is None or g > best:
                best = g
        if best is None:                 # R1: nothing usable, keep the most dice
            rest = tuple(x for x in hand if x != lowest and faces[x] >= faces[lowest])
            best = self._turn_value(rest, picks - 1, faces, samples) if picks > 1 and rest else 0.0
        return best

    def _continuation(self, state: Game, a: Any, after: Sheet | None = None) -> float:
        """The value of the picks still to come this turn after pick ``a``
        (``after``: the sheet it leaves; the gain table of the area it
        marked is recomputed on that sheet, so a purple 5 makes the next
        purple harder and a green cross moves the threshold)."""
        d = DIE[a.die]
        faces = state.faces
        v = faces[d]
        hand = tuple(x for x in range(6) if x != d and state.loc[x] == HAND and faces[x] >= v)
        picks = 2 - len(state.fields)
        if picks <= 0 or not hand:
            return 0.0
        if after is None:
            return self._turn_value(hand, picks, faces, self.params["samples"])
        tables, cache = self._tables, self._cache
        area = AREA[a.area] if a.area else -1
        if area >= 0:
            changed = list(tables)
            changed[area] = self._row(after, area, value(after, self._entries, self.params))
            self._tables, self._cache = changed, {}
        try:
            return self._turn_value(hand, picks, faces, self.params["samples"])
        finally:
            self._tables, self._cache = tables, cache

    def _denial(self, state: Game, player: int, a: Any) -> float:
        """2+ players: what the dice sent to the platter give the others."""
        if state.players == 1 or self.params["deny"] <= 0:
            return 0.0
        return self.params["deny"] * platter_gain(state, player, a)

    def _reroll_value(self, state: Game, player: int, entries: float) -> float:
        """A reroll: the sheet without one reroll, plus the expected turn from
        the whole hand rolled again (:meth:`_turn_value`)."""
        sheet = state.sheets[player].copy()
        sheet.rr_used += 1
        hand = tuple(d for d in range(6) if state.loc[d] == HAND)
        picks = 3 - len(state.fields)
        return value(sheet, entries, self.params) + self._turn_value(
            hand, picks, state.faces, self.params["samples"])


def platter_gain(state: Game, player: int, a: Any) -> int:
    """What pick ``a`` of ``player`` gives the other players: the dice it
    sends to the platter (those lower than it, and every die left in hand
    after a third pick), each other player's best raw gain from one of them
    (C5.4, C6.1), summed."""
    d = DIE[a.die]
    faces = state.faces
    v = faces[d]
    sent = [x for x in range(6) if x != d and (state.loc[x] == PLATTER or
            (state.loc[x] == HAND and (faces[x] < v or len(state.fields) == 2)))]
    if not sent:
        return 0
    total = 0
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
    return total


def reason(state: Game, player: int, action: Any) -> tuple[str, dict]:
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
        area, f, v = mark_of(state, action)
        block = s.mark(area, f, v)
    bonus = list(block)
    points = score_settle(s, block) - sheet.total()
    if points > 0:
        if bonus:
            return "clever.hint_points_bonus", {"points": points, "bonus": bonus}
        return "clever.hint_points", {"points": points}
    if bonus:
        return "clever.hint_build_bonus", {"area": action.area, "bonus": bonus}
    if t == "bonus":
        return "clever.hint_bonus_field", {}
    return "clever.hint_build", {"area": action.area}

