"""What every Dice Wide Shut bot shares: a seeded generator, the roll (the
only action of the ``roll`` phase, W2.2), and choosing among the distinct
results of a take (:meth:`Game.outcomes`)."""

from __future__ import annotations

from ....core.bots import SeededBot
from ..actions import Action, Roll, Take
from ..game import Game, Phase

__all__ = ["BaseBot"]


class BaseBot(SeededBot):
    """``choose(state, player)``: a legal action for ``player``, who must be
    in ``state.waiting_for()``; the state is never changed (seeded, see
    :class:`SeededBot`)."""

    def choose(self, state: Game, player: int) -> Action:
        self.check_waiting(state, player)
        if state.phase == Phase.ROLL:
            return Roll(player)
        return self.take(state, player)

    def take(self, state: Game, player: int) -> Take:
        raise NotImplementedError

    def pick_best(self, scored: list[tuple[float, Take]]) -> Take:
        """The highest score; ties broken by the seeded generator."""
        best = max(s for s, _ in scored)
        top = [t for s, t in scored if s >= best - 1e-9]
        return top[self.rng.below(len(top))] if len(top) > 1 else top[0]
