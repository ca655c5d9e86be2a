"""The checks of Diceland's actions (RULES.md D1–D6): the first failed rule
raises :class:`IllegalActionError` with its rule id, the position unchanged.

:class:`Checks` is mixed into :class:`~.game.Game`; ``_check`` returns the
colour and cell mask of a legal placement, or None.
"""

from __future__ import annotations

from ...core.errors import Cell, IllegalActionError, Seat
from .actions import Action, Choose, Pass, Place, Reroll, Stop
from .board import iter_bits
from .colours import Colour
from .turns import Phase

__all__ = ["Checks"]


class Checks:
    """The rules' checks; the state's fields are :class:`~.game.Game`'s."""

    def _check(self, action: Action) -> tuple[Colour, int] | None:
        """Raise if ``action`` is illegal; for a placement return (colour, mask)."""
        phase = self.phase
        if phase is Phase.OVER:
            if self.won_in_bonus:  # D6.3: the first to reach the goal in a bonus roll won alone
                raise IllegalActionError("D6.3", "diceland.won_in_bonus", player=Seat(self.winners[0]))
            raise IllegalActionError("D6.2", "diceland.over")
        if isinstance(action, Choose):
            if phase is Phase.DECIDE:
                raise IllegalActionError("D3.2", "diceland.chosen", colour=self.chosen.key)
            if phase is not Phase.CHOOSE:
                raise IllegalActionError("D3.2", "diceland.choose_over")
            if action.colour not in self.roll:
                raise IllegalActionError("D3.2", "diceland.no_die", colour=action.colour.key)
            return None
        if isinstance(action, (Reroll, Stop)):
            if phase is Phase.CHOOSE:
                raise IllegalActionError("D3.2", "diceland.choose_first")
            if phase is not Phase.DECIDE:
                if self.all_dice_aside and phase is Phase.PLACE:
                    # D3.3: six dice set aside ended phase 1; nothing to stop or reroll
                    raise IllegalActionError("D3.3", "diceland.all_dice_set_aside")
                raise IllegalActionError("D3.4", f"diceland.over_{action.type}")
            return None
        if not isinstance(action, (Place, Pass)):
            raise TypeError(f"not an action: {action!r}")
        p = action.player
        if not 0 <= p < self.players:
            raise IllegalActionError("D1.2", "diceland.no_player", player=Seat(p))
        if phase in (Phase.CHOOSE, Phase.DECIDE):
            raise IllegalActionError("D4", "diceland.not_begun")
        if phase is Phase.PLACE and p not in self.pending:
            raise IllegalActionError("D4.2", "diceland.decided", player=Seat(p))
        if phase is Phase.BONUS and p != self.bonus_queue[0]:
            raise IllegalActionError("D5.2", "diceland.not_your_bonus",
                                     roller=Seat(self.bonus_queue[0]), player=Seat(p))
        sheet = self.sheets[p]
        if isinstance(action, Pass):
            if phase is Phase.PLACE and p == self.active:
                assert self.chosen is not None
                if sheet.can_place(self.chosen, self.held):
                    raise IllegalActionError("D4.1", "diceland.must_place", dice=self.held,
                                             colour=self.chosen.key)
            return None
        board = sheet.board
        if not action.cells:
            raise IllegalActionError("D2.3", "diceland.empty")
        mask = 0
        for r, c in action.cells:
            if not (0 <= r < board.rows and 0 <= c < board.cols):
                raise IllegalActionError("D1.3", "diceland.off_board", cell=Cell(r, c))
            bit = 1 << (r * board.cols + c)
            if mask & bit:
                raise IllegalActionError("D2.3", "diceland.twice", cell=Cell(r, c))
            mask |= bit
        blocked = mask & (board.obstacle_mask | 1 << board.start)
        if blocked:
            sheet.check(Colour.RED, 0, blocked)  # raises D2.6 naming the cell
        colour = Colour(board.colour_of[next(iter_bits(mask))])
        dice = self.dice_for(p)
        n = dice.get(colour, 0)
        if not n:
            have = [c.key for c, k in dice.items() for _ in range(k)] or "none"
            if phase is Phase.BONUS:
                raise IllegalActionError("D5.3", "diceland.bonus_no_die", colour=colour.key, have=have)
            if p == self.active:
                raise IllegalActionError("D4.1", "diceland.active_colour", chosen=self.chosen.key,
                                         colour=colour.key)
            raise IllegalActionError("D4.2", "diceland.no_leftover", colour=colour.key, have=have)
        sheet.check(colour, n, mask)
        return colour, mask
