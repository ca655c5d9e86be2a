"""The learned bot: a value network learned by self-play (network.py).

* A placement or a pass (D4.1, D4.2, D5.3) is valued by the margin it leads
  to over the strongest rival (:func:`network.margin`): the network's margin
  still to come, read from the afterstate — both sheets, the bonus rolls
  each still has to take, who places still and who is active next; one that
  reaches the goal (D6.1) is worth its final margin.  Every legal placement
  is valued; the best is played, ties going to the seeded generator, so the
  same seed makes the same choices.
* With 3 or more players the network, learned on 2-player games, is helped:
  a value adds ``own_weight`` times the sheet's own evaluation (the strong
  bot's, :mod:`.evaluate`, its bonus cells crossed now at ``bonus_guess``),
  and a pass comes after every placement (the network alone passes where
  the rounds of more players make a pass cost more).
* Phase 1 (D3) is planned as the strong bot plans it (:class:`StrongBot`: the
  exact chances of a reroll, ``W(h)`` backwards from six dice), but a stop
  with ``h`` dice is worth the network's value of the best placement of
  them (the ``shortlist`` best by the greedy evaluation of :mod:`.evaluate`
  are valued), planned as the active player's phase-2 afterstate.  With
  two players a stop is worth what is left after the rival's best reply to
  the leftover dice it hands over (D3.6, D4.2; :mod:`.leftovers`): the
  dice known now for a stop now, every fall of them after a reroll that
  missed, and a plan that stops or rerolls once it sees them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..actions import Action, Choose, Pass, Place, Reroll, Stop
from ..game import DICE, Game, Phase
from .evaluate import WIN_VALUE, Evaluator
from .leftovers import Replies, after_reply, leftover_rolls
from .strong import _HITS, StrongBot
from .network import load_network, margin, pending

__all__ = ["LearnedBot"]


class LearnedBot(StrongBot):
    kind = "learned"
    #: placements of a phase-1 plan valued by the network, per number of dice
    shortlist = 4

    def __init__(self, seed: int = 0, network=None):
        super().__init__(seed)
        self.network = network if network is not None else load_network()
        #: the decision being valued: (game, player, bonus rolls before
        #: the placement, planned in phase 1)
        self._at: tuple | None = None
        #: the rival's replies to leftover dice, for the decision being valued
        self._replies_now: Replies | None = None

    def choose(self, game: Game, player: int):
        self._at = self._context(game, player)
        try:
            return super().choose(game, player)
        finally:
            self._at, self._replies_now = None, None

    @staticmethod
    def _context(game: Game, player: int) -> tuple:
        if game.phase in (Phase.CHOOSE, Phase.DECIDE):
            return game, player, 0, True
        # the bonus roll being placed is used up by its placement (D5.3)
        used = 1 if game.phase is Phase.BONUS else 0
        return game, player, pending(game, player) - used, False

    # -- the values ------------------------------------------------------------
    def _phase1(self, ev: Evaluator, crossed: int, colour: int, held: int) -> tuple[dict[int, float], float, float]:
        """``W(h)`` from ``held`` to 6, a reroll's and a stop's worth at
        ``held`` (the strong bot's plan); with two players every end of
        phase 1 after the rival's reply to the leftover dice."""
        if self._at is None or self._at[0].players != 2:
            return super()._phase1(ev, crossed, colour, held)
        game, player = self._at[0], self._at[1]
        replies = self._replies(game, player)
        star_mask = game.boards[player].star_mask
        tables = {}
        for h in range(held, DICE + 1):
            mask = self.best(ev, crossed, colour, h)[0]
            tables[h] = replies.table(crossed | mask, (mask & star_mask).bit_count(), colour, DICE - held)
        others = [c for c in range(6) if c != colour]
        w = {DICE: after_reply(tables[DICE], ())}
        again = w[DICE]
        for h in range(DICE - 1, held - 1, -1):
            p = _HITS[DICE - h]
            stops = [(q, after_reply(tables[h], [(others[i], n) for i, n in enumerate(counts) if n]))
                     for q, counts in leftover_rolls(DICE - h)]
            again = p[0] * sum(q * v for q, v in stops) + sum(p[j] * w[h + j] for j in range(1, DICE - h + 1))
            w[h] = sum(q * max(v, again) for q, v in stops)
        now = game.leftovers if game.phase is Phase.DECIDE else [c for c in game.roll if c != colour]
        stop = after_reply(tables[held], list(Counter(int(c) for c in now).items()))
        w[held] = max(stop, again)
        return w, again, stop

    def _replies(self, game: Game, player: int) -> Replies:
        """The rival's replies for the decision being valued (made once)."""
        if self._replies_now is None:
            self._replies_now = Replies(game, player, self.network)
        return self._replies_now

    def reroll(self, game: Game, player: int) -> bool:
        ev = self.evaluator(game, player)
        again, stop = self.reroll_and_stop(ev, game.sheets[player].crossed, game.chosen, game.held)
        return again > stop + 1e-9

    #: with 3 or more players, the weight of the sheet's own evaluation
    #: (its bonus cells crossed now at ``bonus_guess``) added to the margin
    own_weight = 0.005

    def score(self, ev: Evaluator, value: float, stars: int, after: int) -> float:
        game, player, rolls, planned = self._at
        out = margin(game, player, after, rolls + stars, self.network, planned)
        if game.players > 2:
            own = ev.value(after)
            if own < WIN_VALUE:
                out += self.own_weight * (own + stars * self.bonus_guess)
        return out

    def pass_score(self, ev: Evaluator, crossed: int) -> float:
        return self.score(ev, 0.0, 0, crossed)

    def scored_placements(self, ev: Evaluator, game: Game, player: int) -> list[tuple[float, int]]:
        """(value, cells mask) of the pass, when allowed (mask 0, first), and
        of every legal placement."""
        crossed = game.sheets[player].crossed
        scored = [] if game.must_place(player) else [(self.pass_score(ev, crossed), 0)]
        star_mask = game.boards[player].star_mask
        for _, mask in game.placements(player):
            scored.append((self.score(ev, 0.0, (mask & star_mask).bit_count(), crossed | mask), mask))
        if game.players > 2 and len(scored) > 1 and scored[0][1] == 0:
            # with 3 or more players a pass comes after every placement
            scored[0] = (min(scored[0][0], min(v for v, _ in scored[1:]) - 1e-6), 0)
        return scored

    def placement(self, game: Game, player: int) -> int:
        """The legal placement (or pass, when allowed) with the best value."""
        return self._best_of(self.scored_placements(self.evaluator(game, player), game, player))

    def _best_of(self, scored: list[tuple[float, Any]]) -> Any:
        """The best of ``scored`` (value, choice) pairs, ties going to the
        seeded generator in the order given."""
        best = max(s for s, _ in scored)
        top = [m for s, m in scored if s >= best - 1e-9]
        return top[self.rng.below(len(top))] if len(top) > 1 else top[0]

    def decision_value(self, game: Game, player: int) -> float:
        """The margin ``player``'s best choice now leads to (``player`` must
        have a decision to make)."""
        self.check_waiting(game, player)
        return max(v for v, _ in self.ranked(game, player))

    def ranked(self, game: Game, player: int) -> list[tuple[float, Action]]:
        """Every legal action of ``player`` now with the margin it leads to
        (the values :meth:`choose` plays by): the colours, a reroll and a
        stop, or the placements and then the pass where it is allowed."""
        self._at = self._context(game, player)
        try:
            ev = self.evaluator(game, player)
            crossed = game.sheets[player].crossed
            if game.phase is Phase.CHOOSE:
                counts = Counter(game.roll)
                return [(self.colour_value(ev, crossed, c, counts[c]), Choose(c)) for c in sorted(counts)]
            if game.phase is Phase.DECIDE:
                again, stop = self.reroll_and_stop(ev, crossed, game.chosen, game.held)
                return [(again, Reroll()), (stop, Stop())]
            board = game.boards[player]
            out: list[tuple[float, Action]] = [
                (v, Place.sorted_cells(player, board.cell_tuple(m)) if m else Pass(player))
                for v, m in self.scored_placements(ev, game, player)]
            return out[1:] + out[:1] if out and isinstance(out[0][1], Pass) else out
        finally:
            self._at, self._replies_now = None, None

    def choose_ranked(self, game: Game, player: int) -> tuple[Action, list[tuple[float, Action]]]:
        """:meth:`choose`'s action and :meth:`ranked`'s list from one valuing
        of the legal actions: the action :meth:`choose` takes (the first
        best colour, a reroll only when it beats the stop, the best
        placement or pass with ties drawn as :meth:`placement` draws them)."""
        self.check_waiting(game, player)
        ranked = self.ranked(game, player)
        if game.phase is Phase.CHOOSE:
            best = max(v for v, _ in ranked)
            return next(a for v, a in ranked if v == best), ranked
        if game.phase is Phase.DECIDE:
            (again, _), (stop, _) = ranked
            return (Reroll() if again > stop + 1e-9 else Stop()), ranked
        # the pass, listed last, is valued first (the order ties are drawn in)
        valued = ranked[-1:] + ranked[:-1] if ranked and isinstance(ranked[-1][1], Pass) else ranked
        return self._best_of(valued), ranked
