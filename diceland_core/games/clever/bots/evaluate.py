"""The strong bot's evaluation of a sheet (projection.py): the projected final score.

``value(sheet, entries, params)`` estimates what a sheet will score at the
end of the game when the player still has about ``entries`` dice to enter
(future picks, takes and +1 actions; :func:`future_entries`).  The
derivation, area by area (CLEVER.md C2, C10):

* **Share of the future.**  ``entries`` (future dice) × ``scale`` (bonus
  marks come on top of the dice: about 1.3 marks per die) future marks are
  spread over the areas that still have free fields, in proportion to
  ``params["share"]`` (orange, which takes any die, gets more; yellow,
  which needs the exact number of a free field on the yellow or white die,
  gets less: with an equal share the projection promised yellow columns
  that seldom came and starved blue); an area's share ``e`` is its
  expected number of future marks.  The parameters were
  tuned on seeded solo games (bench/clever.py measures the result).

* **Yellow and blue** (free order, C3.3/C3.4) are *line* areas.  A free
  field is filled later with probability ``p = 1 - exp(-focus · e · w / W)``,
  ``w`` the chance the field's number is rolled (yellow: equal; blue: the
  two-dice sum distribution, 7 six times as likely as 2), ``W`` the summed
  chances of all free fields, ``focus`` > 1 because a player aims at lines.
  A line (yellow column, row, diagonal; blue row, column) completes with the
  product of its missing fields' ``p``; a yellow column then scores its
  points, a line bonus its bonus value.  Blue scores ``BLUE_POINTS`` at the
  expected count ``n + Σp`` (interpolated: the table is convex, so marks
  now are worth more when more will follow).

* **Green, orange, purple** (left to right, C3.5–C3.7) are *row* areas: the
  expected number of future marks ``e`` is cut by how hard the next field
  is to use (green: the chance that green or white reaches the threshold;
  purple: the chance that purple or white beats the last number, so a high
  purple number costs future marks even though it scores now).  Green
  scores ``GREEN_POINTS`` at the projected count; orange the numbers to
  come (``orange_mean`` × each field's multiplier); purple ``purple_mean``
  per future mark.  A field bonus ahead counts with the probability that the
  row reaches it (linear in the projected count).

* **Bonuses.**  Every bonus has a value in points (``params["bonus"]``):
  actions are worth the marks they buy, choice crosses about one mark;
  ``orange_N``/``purple_6`` their number.  Actions held count each
  (rerolls only while turns remain).

* **Foxes** (C10.6) are the big prize: projected foxes (held + the
  probability of each fox ahead) × the *lowest* projected area score, which
  makes the bot keep its five areas balanced.

* **The learned correction** (``P["learned"]``, the strong bot's): the
  projection's levels are off (the README's calibration table), most of all
  for yellow; a table learned by self-play adds to the value what sheets
  with the same yellow lines scored beyond their projection (learned.py).

The projection is cheap (a few hundred operations), so a decision can
evaluate every candidate mark with its whole bonus chain.
"""

from __future__ import annotations

from math import exp, log

from ..sheet import (
    BLUE_COLUMNS, BLUE_POINTS, BLUE_ROWS, GREEN_BONUS, GREEN_POINTS, GREEN_THRESHOLDS, ORANGE_BONUS,
    ORANGE_MULTIPLIERS, PURPLE_BONUS, YELLOW_COLUMN_POINTS, YELLOW_PRINTED, YELLOW_ROW_BONUS, Sheet,
)
from .learned import correction

__all__ = ["DEFAULT_PARAMS", "value", "project", "future_entries", "best_choice_field"]

DEFAULT_PARAMS: dict = {
    "share": (0.6, 1.0, 1.0, 1.3, 1.0),
    "focus": 1.4,
    "orange_mean": 5.0,
    "purple_mean": 4.2,
    "green_ease": 1.0,
    "bonus": {"reroll": 4.5, "extra": 9.0, "yellow_x": 6.0, "blue_x": 6.0, "green_x": 6.0,
              "orange_4": 4.0, "orange_5": 5.0, "orange_6": 6.0, "purple_6": 7.0, "fox": 0.0},
    "reroll_held": 2.5,
    "extra_held": 8.0,
    "fox_weight": 1.0,
    "scale": 1.3,
    "normalize": True,
    "fox_soft": 5.0,
    "active_picks": 2.6,
    "passive_takes": 0.9,
    "horizon": 6.0,
}

_YCOL_MASK = tuple(sum(1 << (r * 4 + c) for r in range(4)) & ~YELLOW_PRINTED for c in range(4))
_YROW_MASK = tuple((0xF << (4 * r)) & ~YELLOW_PRINTED for r in range(4))
_YDIAG_MASK = (1 << 0) | (1 << 5) | (1 << 10) | (1 << 15)
_BLUE_LINES = BLUE_ROWS + BLUE_COLUMNS
_GREEN_AHEAD = tuple(tuple(i for i in sorted(GREEN_BONUS) if i >= g) for g in range(12))
_SUM_W = tuple((6 - abs(s - 7)) / 36 if s >= 2 else 0.0 for s in range(13))
#: chance that at least one of two dice reaches ``t`` (green threshold, purple > last)
_AT_LEAST = {t: 1 - ((t - 1) / 6) ** 2 for t in range(1, 8)}


_ONES = (1,) * 11


def _row_ahead(start: int, projected: float, mean: float, mult, bonuses: dict, bonus: dict):
    """A left-to-right row's fields from ``start`` on, each reached with the
    probability that the projected count passes it: (points to come, foxes
    to come, bonus value to come)."""
    points = foxes = extra = 0.0
    for i in range(start, 11):
        q = projected - i
        if q <= 0:
            break
        if q > 1:
            q = 1.0
        points += mean * mult[i] * q
        bname = bonuses.get(i)
        if bname == "fox":
            foxes += q
        elif bname:
            extra += bonus[bname] * q
    return points, foxes, extra


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _interp(table, x: float) -> float:
    if x >= len(table) - 1:
        return table[-1]
    i = int(x)
    return table[i] + (table[i + 1] - table[i]) * (x - i)


def value(s: Sheet, entries: float, P: dict = DEFAULT_PARAMS) -> float:
    """The projected final score of ``s`` with about ``entries`` future marks."""
    y, b, g, o, p, fox_p, lowest, extra, held = project(s, entries, P)
    v = y + b + g + o + p + P["fox_weight"] * fox_p * lowest + extra + held
    table = P.get("learned")
    return v + correction(s, entries, table) if table else v


def project(s: Sheet, entries: float, P: dict = DEFAULT_PARAMS) -> tuple:
    """The parts of :func:`value`: the five areas' projected scores, the
    projected foxes, the (soft) lowest area, the bonuses ahead (weighed by
    the horizon) and the held actions."""
    y, b, g, o, p = s.y, s.b, s.g, s.o, s.p
    free_y = 16 - _popcount(y)
    free_b = 11 - _popcount(b)
    n_o, n_p = len(o), len(p)
    share = P["share"]
    wy = share[0] if free_y else 0.0
    wb = share[1] if free_b else 0.0
    wg = share[2] if g < 11 else 0.0
    wo = share[3] if n_o < 11 else 0.0
    wp = share[4] if n_p < 11 else 0.0
    if P["normalize"]:
        per = entries * P["scale"] / ((wy + wb + wg + wo + wp) or 1.0)
    else:
        per = entries * P["scale"] / ((bool(wy) + bool(wb) + bool(wg) + bool(wo) + bool(wp)) or 1)
    # (fox, extra): the projected foxes and the bonuses ahead, added up area by area
    acc = (float(s.foxes()), 0.0)
    yellow, acc = _yellow_ahead(y, free_y, wy, per, P, acc)
    blue, acc = _blue_ahead(b, free_b, wb, per, P, acc)
    green, acc = _green_ahead(g, wg, per, P, acc)
    # orange: the numbers to come, each × its field's multiplier
    orange, acc = _row_part(n_o, n_o + wo * per, P["orange_mean"], ORANGE_MULTIPLIERS, ORANGE_BONUS, P, acc)
    orange += sum(o)
    # purple: future marks, fewer after a high number
    if n_p < 11:
        last = p[-1] if p else 6
        ease = 1.0 if last == 6 else _AT_LEAST[last + 1]
        pp = n_p + wp * per * (0.55 + 0.45 * ease)
    else:
        pp = 11.0
    purple, acc = _row_part(n_p, pp, P["purple_mean"], _ONES, PURPLE_BONUS, P, acc)
    purple += sum(p)
    fox_p, extra_value = acc

    lowest = min(yellow, blue, green, orange, purple)
    soft = P["fox_soft"]
    if soft:
        # a soft minimum: an area close to the lowest also lifts the foxes
        lowest -= soft * log(sum(exp((lowest - a) / soft) for a in (yellow, blue, green, orange, purple)))
    horizon = min(1.0, entries / P["horizon"])
    held = (s.extras * P["extra_held"] * min(1.0, entries / 3.0)
            + s.rerolls * P["reroll_held"] * horizon)
    return yellow, blue, green, orange, purple, fox_p, lowest, extra_value * horizon, held


def _gain(bname: str, q: float, bonus: dict, acc: tuple[float, float]) -> tuple[float, float]:
    """``acc`` (fox, extra) with bonus ``bname`` earned with chance ``q``."""
    fox, extra = acc
    if bname == "fox":
        return fox + q, extra
    return fox, extra + bonus[bname] * q


def _yellow_ahead(y: int, free_y: int, w: float, per: float, P: dict, acc: tuple) -> tuple[float, tuple]:
    """Yellow: each free field filled with probability py; a line with m
    missing fields, py ** m."""
    bonus = P["bonus"]
    py = 1 - exp(-P["focus"] * w * per / free_y) if free_y else 1.0
    yellow = 0.0
    for c in range(4):
        yellow += YELLOW_COLUMN_POINTS[c] * py ** _popcount(_YCOL_MASK[c] & ~y)
    for r in range(3):
        m = _popcount(_YROW_MASK[r] & ~y)
        if m:
            acc = _gain(YELLOW_ROW_BONUS[r], py ** m, bonus, acc)
    m = _popcount(_YROW_MASK[3] & ~y)
    if m:
        acc = _gain("fox", py ** m, bonus, acc)
    m = _popcount(_YDIAG_MASK & ~y)
    if m:
        acc = _gain("extra", py ** m, bonus, acc)
    return yellow, acc


def _blue_ahead(b: int, free_b: int, w: float, per: float, P: dict, acc: tuple) -> tuple[float, tuple]:
    """Blue: fields filled with the chances of their sums."""
    if not free_b:
        return 56.0, acc
    k = P["focus"] * w * per / sum(_SUM_W[t] for t in range(2, 13) if not b >> t & 1)
    fill = [1.0 if b >> t & 1 else 1 - exp(-k * _SUM_W[t]) for t in range(13)]
    blue = _interp(BLUE_POINTS, sum(fill[2:]))
    for fields, bname in _BLUE_LINES:
        q = 1.0
        for t in fields:
            q *= fill[t]
        if q < 1.0:
            acc = _gain(bname, q, P["bonus"], acc)
    return blue, acc


def _green_ahead(g: int, w: float, per: float, P: dict, acc: tuple) -> tuple[float, tuple]:
    """Green: the projected count, slowed by the next threshold."""
    if g >= 11:
        return _interp(GREEN_POINTS, 11.0), acc
    ease = _AT_LEAST[GREEN_THRESHOLDS[g]] * P["green_ease"]
    gp = min(11.0, g + w * per * (0.5 + 0.5 * min(1.0, ease)))
    for i in _GREEN_AHEAD[g]:
        q = gp - i
        if q <= 0:
            break
        acc = _gain(GREEN_BONUS[i], 1.0 if q > 1 else q, P["bonus"], acc)
    return _interp(GREEN_POINTS, gp), acc


def _row_part(n: int, ahead: float, mean: float, mult, bonuses, P: dict, acc: tuple) -> tuple[float, tuple]:
    """Orange or purple: :func:`_row_ahead`'s points, its foxes and bonuses added to ``acc``."""
    points, f_add, x_add = _row_ahead(n, ahead, mean, mult, bonuses, P["bonus"])
    return points, (acc[0] + f_add, acc[1] + x_add)


def best_choice_field(s: Sheet, area: int, entries: float, P: dict = DEFAULT_PARAMS):
    """The best field for a yellow_x / blue_x (or a round-4 cross) and the value
    after it, chains included."""
    best = None
    for f in s.free_fields(area):
        t = s.copy()
        v = settle(t, t.mark(area, f, 0), entries, P)
        if best is None or v > best[1]:
            best = (f, v)
    return best


def settle(s: Sheet, block: list, entries: float, P: dict = DEFAULT_PARAMS) -> float:
    """Resolve a bonus block on ``s`` (choices by :func:`best_choice_field`)
    and return the value of the result."""
    pending = list(block)
    s.resolve(pending)
    if pending:
        area = 0 if pending[0] == "yellow_x" else 1
        f, _ = best_choice_field(s, area, entries, P)
        pending.pop(0)
        pending[0:0] = s.mark(area, f, 0)
        return settle(s, pending, entries, P)
    return value(s, entries, P)


def future_entries(state, player: int, P: dict = DEFAULT_PARAMS) -> float:
    """About how many dice ``player`` will still enter after the current
    turn: own active turns × ``active_picks`` (~2.6), passive turns ×
    ``passive_takes`` (~0.9), held +1s."""
    n = state.players
    rounds_left = state.rounds - state.round          # whole rounds after this one
    if n == 1:
        active = rounds_left
        passive = rounds_left + (0 if state.solo_passive else 1)
    else:
        # turns left in this round after the current one
        pos = (state.active - state.start_player) % n
        later = [(state.start_player + i) % n for i in range(pos + 1, n)]
        active = rounds_left + (1 if player in later else 0)
        passive = rounds_left * (n - 1) + sum(1 for q in later if q != player)
    return active * P["active_picks"] + passive * P["passive_takes"] + state.sheets[player].extras
