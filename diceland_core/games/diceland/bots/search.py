"""The search bot: the strong bot's ("the expert" below: the page's expert
before the value network) few best choices, each played on by seeded
rollouts (:mod:`diceland_core.core.search`).

The expert ranks the choices of a decision by its own scores: the colours
by the worth of phase 1 with their dice (D3.2), reroll and stop by its
phase-1 values (D3.4), and the placements (the ``shortlist`` best of each
colour by the plain evaluation, then by the look-ahead; passing where it is
allowed) by the worth after them (D4, D5.3).  The ``candidates`` best are
each played on ``rollouts`` times, the expert in every seat, with the same
fresh dice for every candidate (keyed by the turn), until ``turns`` more
turns have started (or the game ends), and scored there by the seat's
chance of winning: 1 for a win (a shared win a share), 0 for a loss, and
otherwise the logistic of the seat's worth (the expert's evaluation with
its one-roll look-ahead) less the best other seat's, in units of ``scale``.
The expert alone never looks at the other players; the rollouts see the
race to the goal (D6.1) and what the others do with the dice left (D4.2).
With two players, ``turns`` = 2 plays on to the start of the seat's next
turn; with more, the search bot plays the expert's choice (a round is
longer, and the best other seat a rougher guide).
"""

from __future__ import annotations

import math
from collections import Counter

from ....core.search import SearchPlan, search
from ..actions import Action, Choose, Pass, Reroll, Stop
from ..game import Game, Phase
from .base import BaseBot, place_action
from .evaluate import WIN_VALUE
from .strong import StrongBot

__all__ = ["SearchBot"]


def _turn_key(state: Game) -> tuple[int]:
    return (state.turn,)


class SearchBot(BaseBot):
    kind = "search"
    plan = SearchPlan(candidates=3, rollouts=6)
    #: turns started after this one before a rollout is scored
    turns = 2
    #: a difference of worth that makes a win chance of 73% (logistic)
    scale = 10.0

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.expert = StrongBot(seed)

    def choose(self, game: Game, player: int) -> Action:
        if game.players != 2:
            return self.expert.choose(game, player)
        self.check_waiting(game, player)
        ranked = self.ranked(game, player)[:self.plan.candidates]
        end = game.turn + self.turns
        choice, _ = search(game, player, ranked, self.plan, self.seed, self.expert, self.win_chance,
                           lambda s: s.turn >= end, _turn_key)
        return choice

    def ranked(self, game: Game, player: int) -> list[Action]:
        """The legal actions the expert would weigh, best first by its scores."""
        ex = self.expert
        ev = ex.evaluator(game, player)
        crossed = game.sheets[player].crossed
        phase = game.phase
        if phase is Phase.DECIDE:
            return [Reroll(), Stop()] if ex.reroll(game, player) else [Stop(), Reroll()]
        scored: list[tuple[float, Action]] = []
        if phase is Phase.CHOOSE:
            counts = Counter(game.roll)
            scored = [(ex.colour_value(ev, crossed, c, counts[c]), Choose(c)) for c in sorted(counts)]
        else:
            if not game.must_place(player):
                scored.append((ex.pass_score(ev, crossed), Pass(player)))
            for colour, n in game.dice_for(player).items():
                scored += [(x, place_action(game, player, m)) for x, m in ex.shortlisted(ev, crossed, colour, n)]
        return [a for _, a in sorted(scored, key=lambda sa: -sa[0])]

    def worth(self, game: Game, player: int) -> float:
        """The expert's worth of a seat's sheet (evaluation and look-ahead)."""
        ev = self.expert.evaluator(game, player)
        return self.expert.pass_score(ev, game.sheets[player].crossed)

    def win_chance(self, game: Game, player: int) -> float:
        """The seat's chance of winning at the end of a rollout (module docstring)."""
        if game.over:
            return 1.0 / len(game.winners) if player in game.winners else 0.0
        mine = self.worth(game, player)
        best = max(self.worth(game, q) for q in range(game.players) if q != player)
        if best >= WIN_VALUE:
            return 0.0
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, (mine - best) / self.scale))))
