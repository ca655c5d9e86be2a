"""The greedy bot: one step of look-ahead on the evaluation of
:mod:`.evaluate`, and a simple reroll rule.

:class:`EvaluatingBot` holds what the greedy and expert bots share: the
placement and colour choices both pick the option with the highest
:meth:`~EvaluatingBot.score`; they differ in how an option is scored and in
how phase 1 is played.
"""

from __future__ import annotations

from collections import Counter

from ..colours import Colour
from ..game import Game, Phase
from .base import BaseBot
from .evaluate import Evaluator, Weights, evaluator_for

__all__ = ["EvaluatingBot", "GreedyBot"]


class EvaluatingBot(BaseBot):
    """A bot that picks, among placements and passing, the best by
    :meth:`score` (ties: the first found, so choices are reproducible)."""

    weights = Weights()

    def evaluator(self, game: Game, player: int) -> Evaluator:
        return evaluator_for(game.boards[player], self.weights)

    def score(self, ev: Evaluator, value: float, stars: int, after: int) -> float:
        """The worth of a placement leading to ``after`` (value ``value``,
        crossing ``stars`` bonus cells)."""
        return value

    def pass_score(self, ev: Evaluator, crossed: int) -> float:
        """The worth of crossing nothing, on the scale of :meth:`score`."""
        return ev.value(crossed)

    def best(self, ev: Evaluator, crossed: int, colour: int, n: int) -> tuple[int, float]:
        """The best placement of ``n`` ``colour`` dice (D2) and its score, or
        ``(0, pass score)`` when none is legal (D2.4/D2.5: nothing crossed)."""
        best_mask, best_score = 0, None
        for m, v, s in ev.options(crossed, colour, n):
            x = self.score(ev, v, s, crossed | m)
            if best_score is None or x > best_score:
                best_mask, best_score = m, x
        if best_score is None:
            return 0, self.pass_score(ev, crossed)
        return best_mask, best_score

    def placement(self, game: Game, player: int) -> int:
        ev = self.evaluator(game, player)
        crossed = game.sheets[player].crossed
        forced = game.must_place(player)
        best_mask = 0
        best_score = None if forced else self.pass_score(ev, crossed)  # D4.2, D5.3
        for colour, n in game.dice_for(player).items():
            m, x = self.best(ev, crossed, colour, n)
            if m and (best_score is None or x > best_score):
                best_mask, best_score = m, x
        return best_mask

    def colour_value(self, ev: Evaluator, crossed: int, colour: int, held: int) -> float:
        """The worth of choosing ``colour`` with ``held`` dice of it set aside."""
        return self.best(ev, crossed, colour, held)[1]

    def choose_colour(self, game: Game, player: int) -> Colour:
        ev = self.evaluator(game, player)
        crossed = game.sheets[player].crossed
        counts = Counter(game.roll)
        best_colour, best_score = None, None
        for colour in sorted(counts):
            x = self.colour_value(ev, crossed, colour, counts[colour])
            if best_score is None or x > best_score:
                best_colour, best_score = colour, x
        assert best_colour is not None
        return best_colour


class GreedyBot(EvaluatingBot):
    """Takes the placement (or pass) with the best value right after it, the
    colour whose dice would be best placed as rolled, and rerolls while one
    more die of the colour would still fit (D3.4)."""

    kind = "greedy"

    def reroll(self, game: Game, player: int) -> bool:
        assert game.phase is Phase.DECIDE and game.chosen is not None
        return game.sheets[player].can_place(game.chosen, game.held + 1)
