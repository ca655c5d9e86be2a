"""The strong bot (the page's expert before the value network, :mod:`.expert`):
expected values over the dice, on the hand-tuned evaluation of :mod:`.evaluate`.

* A position is worth its evaluation (:meth:`Evaluator.value`) plus the
  expected gain of the next five dice it could use (``mobility`` times
  :meth:`Evaluator.bonus_value`, exact over the 252 rolls of five dice): a
  one-roll look-ahead that prefers sheets where many dice rolls can be used
  well (open zones that take several dice, bonus cells within reach).
* A placement adds, for every bonus cell it crosses, the expected gain of the
  bonus roll it earns (D5.1, D5.3) on the sheet after it.  Only the
  ``shortlist`` best placements by the plain evaluation get this look-ahead.
* Phase 1 (D3): with ``h`` dice of the chosen colour set aside and ``k = 6 - h``
  left, a reroll adds ``j`` dice with the binomial chance ``C(k, j) (1/6)^j
  (5/6)^(k-j)`` (so it hits at all with chance ``1 - (5/6)^k``), and a miss
  ends phase 1 with the same ``h`` dice (D3.5).  Every state's value is
  computed backwards from ``h = 6``: ``W(h) = max(stop(h), P0 stop(h) + Σ_j Pj
  W(h + j))``, where ``stop(h)`` is the best placement of ``h`` dice (D4.1,
  or nothing when none fits).  The colour choice (D3.2) takes the colour with
  the best ``W`` for the dice it keeps.
"""

from __future__ import annotations

from ..game import DICE, Game, Phase
from .evaluate import Evaluator, WIN_VALUE, hit_probabilities
from .greedy import EvaluatingBot

__all__ = ["StrongBot"]

_HITS = {k: hit_probabilities(k) for k in range(1, DICE + 1)}


class StrongBot(EvaluatingBot):
    kind = "strong"
    #: weight of the one-roll look-ahead on every position
    mobility = 1.0
    #: a rough worth of one bonus roll, to shortlist placements cheaply
    bonus_guess = 10.0
    #: placements per choice that get the full look-ahead
    shortlist = 3

    def score(self, ev: Evaluator, value: float, stars: int, after: int) -> float:
        if value >= WIN_VALUE:
            return value
        return value + (stars + self.mobility) * ev.bonus_value(after)

    def pass_score(self, ev: Evaluator, crossed: int) -> float:
        return self.score(ev, ev.value(crossed), 0, crossed)

    def shortlisted(self, ev: Evaluator, crossed: int, colour: int, n: int) -> list[tuple[float, int]]:
        """The ``shortlist`` best placements of ``n`` dice of ``colour`` by the
        plain evaluation (bonus cells at ``bonus_guess``), each with its
        score after the look-ahead: (score, mask), in that order."""
        guess = self.bonus_guess
        ranked = sorted(ev.options(crossed, colour, n), key=lambda o: o[1] + o[2] * guess, reverse=True)
        return [(self.score(ev, v, s, crossed | m), m) for m, v, s in ranked[:self.shortlist]]

    def best(self, ev: Evaluator, crossed: int, colour: int, n: int) -> tuple[int, float]:
        best_mask, best_score = 0, None
        for x, m in self.shortlisted(ev, crossed, colour, n):
            if best_score is None or x > best_score:
                best_mask, best_score = m, x
        if best_score is None:
            return 0, self.pass_score(ev, crossed)
        return best_mask, best_score

    def phase1_values(self, ev: Evaluator, crossed: int, colour: int, held: int) -> dict[int, float]:
        """``W(h)`` for ``h`` from ``held`` to 6 (module docstring)."""
        return self._phase1(ev, crossed, colour, held)[0]

    def reroll_and_stop(self, ev: Evaluator, crossed: int, colour: int, held: int) -> tuple[float, float]:
        """The worth of a reroll and of a stop with ``held`` dice of
        ``colour`` set aside (``W(h)`` is the larger)."""
        _, again, stop = self._phase1(ev, crossed, colour, held)
        return again, stop

    def _phase1(self, ev: Evaluator, crossed: int, colour: int, held: int) -> tuple[dict[int, float], float, float]:
        """``W(h)`` from ``held`` to 6, and a reroll's and a stop's worth at ``held``."""
        stop = {h: self.best(ev, crossed, colour, h)[1] for h in range(held, DICE + 1)}
        w = {DICE: stop[DICE]}
        again = stop[DICE]
        for h in range(DICE - 1, held - 1, -1):
            p = _HITS[DICE - h]
            again = p[0] * stop[h] + sum(p[j] * w[h + j] for j in range(1, DICE - h + 1))
            w[h] = max(stop[h], again)
        return w, again, stop[held]

    def colour_value(self, ev: Evaluator, crossed: int, colour: int, held: int) -> float:
        return self.phase1_values(ev, crossed, colour, held)[held]

    def reroll(self, game: Game, player: int) -> bool:
        assert game.phase is Phase.DECIDE and game.chosen is not None
        ev = self.evaluator(game, player)
        crossed = game.sheets[player].crossed
        w = self.phase1_values(ev, crossed, game.chosen, game.held)
        return w[game.held] > self.best(ev, crossed, game.chosen, game.held)[1] + 1e-9
