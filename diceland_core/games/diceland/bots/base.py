"""The bot protocol and what every bot shares.

A bot maps (game, player) to one legal action for that player's pending
decision (RULES.md D3–D5): the colour choice (D3.2), reroll or stop (D3.4),
the active placement (D4.1), the other players' colour-or-pass (D4.2) and a
bonus roll (D5.3).  Bots read the game and never change it.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..actions import Action, Choose, Pass, Place, Reroll, Stop
from ..colours import Colour
from ....core.bots import SeededBot
from ..game import Game, Phase

__all__ = ["Bot", "BaseBot", "place_action"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(game, player) -> Action``."""

    kind: str

    def choose(self, game: Game, player: int) -> Action:
        """A legal action for ``player``, who must be in ``game.waiting_for()``."""
        ...


def place_action(game: Game, player: int, mask: int) -> Place:
    """The :class:`Place` action crossing the cells of ``mask``."""
    return Place(player, tuple(game.boards[player].cells_of(mask)))


class BaseBot(SeededBot):
    """Dispatches a decision to the method for its phase (seeded, see
    :class:`SeededBot`)."""

    def choose(self, game: Game, player: int) -> Action:
        self.check_waiting(game, player)
        phase = game.phase
        if phase is Phase.CHOOSE:
            return Choose(self.choose_colour(game, player))
        if phase is Phase.DECIDE:
            return Reroll() if self.reroll(game, player) else Stop()
        mask = self.placement(game, player)
        if mask:
            return place_action(game, player, mask)
        return Pass(player)

    # -- to override ------------------------------------------------------------
    def choose_colour(self, game: Game, player: int) -> Colour:
        """D3.2: a colour shown by ``game.roll``."""
        raise NotImplementedError

    def reroll(self, game: Game, player: int) -> bool:
        """D3.4: True to reroll the dice not set aside, False to stop."""
        raise NotImplementedError

    def placement(self, game: Game, player: int) -> int:
        """D4.1, D4.2, D5.3: the cells (mask) to cross, or 0 to pass.  Must be
        one of ``game.placements(player)``, and not 0 when the active player
        has a legal placement (D4.1)."""
        raise NotImplementedError
