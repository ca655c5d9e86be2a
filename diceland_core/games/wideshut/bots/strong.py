"""The strong bot (the expert before the value network, expert.py): a
one-take look-ahead on a hand-tuned evaluation of the whole position, with
the next player's best reply.  "The expert" below is this bot.

For each distinct result of a legal take (:meth:`Game.outcomes`) the expert
computes

    V = E_p(τ) − max over rivals q of (score_q + τ · M_q) − denial · R

and takes the one whose chance of winning ``W`` (below) is best (ties: the
seeded generator).

``E(τ) = score + τ · M + (0.3 + 0.7 τ) · (K + S)`` is a sheet's estimated
worth: its score now (W7) plus what it may still gain or lose, faded by
``τ`` in [0, 1], how much of the game is left.

How much is left (``τ``).  The end comes when a half holds 3 complete
columns (W6.2): with ``k`` the marks of the three fullest columns of any half
on any sheet after the take (crossed ones count, W6.1) out of 15,
``τ = clamp((15 − k) / horizon, 0, 1)``.  Racing towards the end lowers
``τ`` for everybody, so the expert hurries when its prospects are smaller
than its rivals' and takes its time when they are larger.

The last round.  A take that triggers the end (or any take once it is
triggered, W6.3) is worth ``score_p − max score_q + tie_break · (splits_p −
max splits_q) − denial · R``: nothing but the final scores counts, and a
split more than the best rival wins a tie (W7.5); ``tie_break`` is below one
point, so it only chooses among equal scores.

``M``, mobility (weight ``mobility``): for each number 1–5 of each half, the
gain one die of it could bring next — the run it would extend
(``COLUMN_SCORE[p | row] − COLUMN_SCORE[p]``, W7.2) at the best *open* box of
the number (empty, in a row holding at most three marks, so that marking it
cannot split: W5.1), plus ``second`` times the gain at the second-best open
box (a second die of the number); ``blocked`` (−3) when every box of the
number left is in a four-mark row (the next such die splits a row or needs
a 6); 0 when the number is full (such dice are free to take, W4.2).  A sheet
where every number has good boxes left uses whatever the dice show.

``K``, rows at risk (the split planning): a row holding four marks splits on
the next mark of its last number.  Its *stake* is what the half would lose
if it split now (``half_score(m | row) − half_score(m)`` ≤ 0, W5.2).  The
risk is ``risk_forced`` × stake when the last number has no other open box
(always so in blue, where a row repeats one number), ``risk_free`` × stake
otherwise, times ``risk_protected`` when the row's 6 is marked and unused,
since the power of the 6 (W5.3) will skip that die.

``S``, 6s held: a marked, unused 6 in an unsplit row is worth ``six_value``
per mark in the row — a 6 guards the rows that are filling up, which is where
the expert marks it (a 6 scores nothing now, W7.1, so the greedy bot takes
one only when nothing scores).  Together ``K`` and ``S`` make the expert mark 6s beside the
rows it builds columns through, then skip the die that would split them
(tests/wideshut/test_bots.py keeps a seeded game where it does).

``R``, denial: the best immediate gain the next player of the round can
make with the dice this take leaves (0 on the round's last turn), weighted
``denial / (P − 1)``: with two players, taking a die the other needs is worth
as much as a point of one's own; with more, that player is one rival of
several.

The chance of winning (the end-trigger race).  ``V`` is a margin over the
best rival; what counts is winning, so the expert takes the best

    W = Φ(V / σ) + linear · V,    σ = max(spread_min, spread · √τ)

with ``Φ`` the normal distribution function: the margin's uncertainty ``σ``
shrinks as the end comes near and is smallest once the end is triggered
(the last round is played out: nothing but the final scores counts).  So a
take that ends the game, or brings the end nearer, is worth more when the
expert is ahead (a sure lead beats a larger but uncertain one) and less when
it is behind (only the rounds left can turn the game).  ``linear`` keeps a
margin worth something when ``Φ`` is flat (a game won or lost by far).  With
``spread`` 10 to 22 the expert won some 3 points more of the 2-player games
against greedy than without (``spread`` 0: the margin alone).  With more
players the margin over the best rival is a rougher guide (in 3-player games
``W`` won 2 points less than ``V``), so there the expert takes the best ``V``.

The weights were tuned on seeded 2-player games against the greedy bot
(``bench/wideshut.py`` prints the tables): without ``R`` and ``M`` the
expert only equals greedy; ``mobility`` from 0.15 to 0.5 gained some 5 points
of win rate; large ``K`` and ``S`` weights make it shy of the four-mark rows
every good sheet is built of, and a bound on all the runs still open
(``potential``, every open box marked) did not help, so it is off (0).
"""

from __future__ import annotations

import math

from ....core.kept import Kept
from ..actions import Take
from ..game import Game
from ..sheet import (
    BLUE, COL_MASK, COLUMN_SCORE, HALVES, NUMBER_MASK, RED, ROW_MASK, column_patterns,
    half_score, iter_bits, split_rows_mask,
)
from .base import BaseBot

__all__ = ["StrongBot", "reason"]


class StrongBot(BaseBot):
    kind = "strong"
    #: chance-like weights of losing a four-mark row's stake
    risk_forced = 0.1
    risk_free = 0.02
    risk_protected = 0.15
    #: weight of the runs still to build (every open box marked)
    potential = 0.0
    #: worth of a marked, unused 6 per mark in its row
    six_value = 0.25
    #: weight of the best gain each number could bring next (per half)
    mobility = 0.5
    #: weight of the second-best box of a number (a second die of it)
    second = 0.5
    #: that gain for a number whose boxes left are all in four-mark rows
    blocked = -3.0
    #: weight of the next player's best immediate gain with the dice left
    denial = 1.0
    #: the denial weight is shared among the rivals (``denial / (P − 1)``)
    #: in the last round, worth of one split more than the best rival (it
    #: breaks a tie, W7.5; less than a point, so it never costs one)
    tie_break = 0.5
    #: marks (of the 15 that end the game) over which τ falls from 1 to 0
    horizon = 12.0
    #: σ of the win chance: the margin's spread with the whole game to come,
    #: its floor once the end is triggered, and the margin's own weight
    spread = 15.0
    spread_min = 1.5
    linear = 0.005

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._cache = Kept(200_000)

    # -- the evaluation (module docstring) ---------------------------------------
    def half_terms(self, half: int, marks: int, six: int, used: int) -> tuple[int, float, float]:
        """(score now, mobility M, risks K + 6s held S) of one half (cached)."""
        key = (half, marks, six, used)
        found = self._cache.get(key)
        if found is not None:
            return found
        score = half_score(marks)
        split = split_rows_mask(marks)
        valid = marks & ~split
        open_ = 0
        four_rows = []
        free6 = six & ~used
        held = 0.0
        for r, rm in enumerate(ROW_MASK):
            if split & rm:
                continue
            k = (marks & rm).bit_count()
            if k <= 3:
                open_ |= rm & ~marks
            else:
                four_rows.append(r)
            if free6 >> r & 1:
                held += self.six_value * k
        risk = self._risk(half, marks, score, four_rows, open_, free6)
        mob = self._mobility(half, marks, valid, open_)
        pot = 0
        if self.potential:
            for p, q in zip(column_patterns(valid), column_patterns(valid | open_)):
                pot += COLUMN_SCORE[q] - COLUMN_SCORE[p]
        out = (score, self.mobility * mob + self.potential * pot, risk + held)
        return self._cache.keep(key, out)

    def _risk(self, half: int, marks: int, score: int, four_rows: list[int], open_: int, free6: int) -> float:
        """K: what the rows with four marks stand to lose if a die forces
        their last box, each weighed by how likely that is."""
        risk = 0.0
        for r in four_rows:
            rm = ROW_MASK[r]
            box = rm & ~marks
            stake = half_score(marks | rm) - score
            if stake >= 0:
                continue
            i = box.bit_length() - 1
            n = i % 5 + 1 if half == RED else r + 1
            other = NUMBER_MASK[half][n] & open_
            chance = self.risk_free if other else self.risk_forced
            if free6 >> r & 1:
                chance *= self.risk_protected
            risk += chance * stake
        return risk

    def _mobility(self, half: int, marks: int, valid: int, open_: int) -> float:
        """M before its weight: per number, the best open box's gain, and
        the second best's (a second die of it) weighed by ``second``."""
        pats = column_patterns(valid)
        g1 = [0.0] * 6
        g2 = [0.0] * 6
        for n in range(1, 6):
            boxes = NUMBER_MASK[half][n] & ~marks
            if not boxes:
                continue
            best = second = None
            for i in iter_bits(boxes & open_):
                r, c = divmod(i, 5)
                p = pats[c]
                g = COLUMN_SCORE[p | 1 << r] - COLUMN_SCORE[p]
                if best is None or g > best:
                    best, second = g, best
                elif second is None or g > second:
                    second = g
            g1[n] = self.blocked if best is None else best
            g2[n] = self.blocked if second is None else second
        return sum(g1) + self.second * sum(g for g in g2 if g > 0)

    def sheet_terms(self, key: tuple[int, ...]) -> tuple[int, float, float]:
        a = self.half_terms(RED, key[0], key[2], key[4])
        b = self.half_terms(BLUE, key[1], key[3], key[5])
        return a[0] + b[0], a[1] + b[1], a[2] + b[2]

    @staticmethod
    def race(marks: int) -> int:
        """Marks in the three fullest columns of a half (W6.1, W6.2)."""
        counts = sorted(((marks & cm).bit_count() for cm in COL_MASK), reverse=True)
        return counts[0] + counts[1] + counts[2]

    def tau(self, progress: int, triggered: bool) -> float:
        if triggered:
            return 0.0
        return max(0.0, min(1.0, (15 - progress) / self.horizon))

    @staticmethod
    def value(terms: tuple[int, float, float], tau: float) -> float:
        score, pot, risk = terms
        return score + tau * pot + (0.3 + 0.7 * tau) * risk

    def scored_outcomes(self, state: Game, player: int) -> list[tuple[float, Take, tuple[int, ...], float]]:
        """Every distinct take with its ``V`` (module docstring)."""
        others = [s.key() for q, s in enumerate(state.sheets) if q != player]
        other_terms = [self.sheet_terms(k) for k in others]
        other_race = max((self.race(k[h]) for k in others for h in (0, 1)), default=0)
        triggered = state.end_triggered
        out = []
        other_splits = max(_splits(k) for k in others)
        for take, key in state.outcomes(player):
            mine = self.sheet_terms(key)
            ends = triggered or any(
                sum(1 for cm in COL_MASK if key[h] & cm == cm) >= 3 for h in (0, 1))
            if ends:
                # the last round: the score is all, and splits break ties (W7.5)
                t = 0.0
                v = mine[0] - max(o[0] for o in other_terms) \
                    + self.tie_break * (_splits(key) - other_splits)
            else:
                t = self.tau(max(other_race, self.race(key[0]), self.race(key[1])), False)
                v = self.value(mine, t) - max(o[0] + t * o[1] for o in other_terms)
            out.append((v, take, key, t))
        return out

    def reply_gain(self, state: Game, player: int, take: Take) -> float:
        """The best immediate gain (W7) of the next player in the round with
        the dice ``take`` leaves, or 0 when ``take`` ends the round."""
        if state.turns_done + 1 >= state.players:
            return 0.0
        roll = state.roll
        sig = tuple(sorted((state.colours[i], roll[i]) for i in take.dice))
        cache = self._replies
        if sig in cache:
            return cache[sig]
        after = state.copy()
        for i in take.dice:
            after.taken |= 1 << i
        after.turns_done += 1
        q = after.current_player
        sheet = after.sheets[q]
        base = sheet.total
        best = max(half_score(k[0]) + half_score(k[1]) for _, k in after.outcomes(q)) - base
        cache[sig] = best
        return best

    def take(self, state: Game, player: int) -> Take:
        return self.pick_best(self.scored_takes(state, player))

    def scored_takes(self, state: Game, player: int) -> list[tuple[float, Take]]:
        """Every distinct take with the worth the expert picks by: ``W``
        with two players, else ``V`` less the denial (module docstring)."""
        self._replies: dict = {}
        scored = self.scored_outcomes(state, player)
        if self.denial:
            w = self.denial / (state.players - 1)
            scored = [(v - w * self.reply_gain(state, player, t), t, k, tau) for v, t, k, tau in scored]
        if self.spread and state.players == 2:
            return [(self.win_chance(v, tau), t) for v, t, _, tau in scored]
        return [(v, t) for v, t, _, _ in scored]

    def position_value(self, state: Game, player: int) -> float:
        """The worth of a position for ``player`` on the scale of
        :meth:`scored_takes` (``V`` of the sheets as they are, as ``W`` with
        two players); a finished game: a win 1, a shared win ½, plus the
        margin's own weight (``V`` alone with more players)."""
        keys = [s.key() for s in state.sheets]
        others = [k for q, k in enumerate(keys) if q != player]
        terms = [self.sheet_terms(k) for k in others]
        if state.over or state.end_triggered:
            v = state.sheets[player].total - max(t[0] for t in terms) \
                + self.tie_break * (_splits(keys[player]) - max(_splits(k) for k in others))
            t = 0.0
            if state.over and self.spread and state.players == 2:
                won = player in state.winners
                return (1.0 / len(state.winners) if won else 0.0) + self.linear * v
        else:
            t = self.tau(max(self.race(k[h]) for k in keys for h in (0, 1)), False)
            v = self.value(self.sheet_terms(keys[player]), t) - max(o[0] + t * o[1] for o in terms)
        if self.spread and state.players == 2:
            return self.win_chance(v, t)
        return v

    def win_chance(self, v: float, tau: float) -> float:
        """``W``: the chance a margin ``v`` wins with ``τ`` of the game left (module docstring)."""
        sigma = max(self.spread_min, self.spread * math.sqrt(tau))
        return 0.5 * (1.0 + math.erf(v / (sigma * 1.4142135623730951))) + self.linear * v


def _splits(key: tuple[int, ...]) -> int:
    """W7.5: split rows of a sheet key, both halves."""
    return sum(1 for m in key[:2] for rm in ROW_MASK if m & rm == rm)


def reason(state: Game, player: int, action: Take) -> tuple[str, dict]:
    """A one-line reason for a take, as a message code and parameters."""
    sheet = state.sheets[player]
    half = 0 if action.colour == "red" else 1
    name = HALVES[half] + " half"
    for k, e in enumerate(action.marks):
        if e is not None and e[0] == "skip":
            return "wideshut.hint_protect", {"row": e[1] + 1, "half": name, "r": e[1],
                                             "value": state.roll[action.dice[k]]}
    for e in action.marks:
        if e is not None and e[0] in ("red6", "blue6"):
            h = 0 if e[0] == "red6" else 1
            return "wideshut.hint_six", {"row": e[1] + 1, "half": HALVES[h] + " half", "r": e[1]}
    before = sheet.score(half)
    after_sheet = sheet.copy()
    for e in action.marks:
        if e is not None:
            after_sheet.marks[half] |= 1 << (5 * e[1] + e[2])
    gain = after_sheet.score(half) - before
    empty_before = sum(1 for s in sheet.column_scores(half) if s < 0)
    empty_after = sum(1 for s in after_sheet.column_scores(half) if s < 0)
    if empty_after < empty_before:
        return "wideshut.hint_column", {"half": name, "gain": gain}
    if gain > 0:
        return "wideshut.hint_run", {"half": name, "gain": gain}
    return "wideshut.hint_safe", {"half": name, "gain": gain}
