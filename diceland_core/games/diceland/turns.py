"""The turn machine of Diceland (RULES.md D3–D6): the phases, the rolls from
the game's dice source, phase 1 (choose, reroll, stop), the phase-2 choices
and bonus rolls they lead to, and the win.

:class:`Turns` is mixed into :class:`~.game.Game`; its methods change the
position after :mod:`.checks` has found an action legal.
"""

from __future__ import annotations

from enum import StrEnum

from .actions import (
    Action, BonusRollEarned, BonusRollStarted, ColourChosen, ColourCompleted, DiceSetAside,
    Event, GameOver, Passed, Phase1Ended, Phase2Ended, Placed, Rolled, StarCrossed, TurnStarted,
)
from .board import iter_bits
from .colours import Colour

__all__ = ["Turns", "Phase", "DICE", "BONUS_DICE"]

#: D1.1 six dice; D5.3 a bonus roll uses five.
DICE = 6
BONUS_DICE = 5


class Phase(StrEnum):
    CHOOSE = "choose"
    DECIDE = "decide"
    PLACE = "place"
    BONUS = "bonus"
    OVER = "over"


class Turns:
    """The moves of the phase machine; the state's fields are :class:`~.game.Game`'s."""

    def _roll(self, n: int, player: int, purpose: str, events: list[Event]) -> tuple[Colour, ...]:
        dice = tuple(self.dice.roll(n))
        self.rolls.append(dice)
        self.roll = dice
        events.append(Rolled(player, dice, purpose))
        return dice

    def _start_turn(self, events: list[Event]) -> None:
        """D3.1: the active player rolls all six dice."""
        self.turn += 1
        self.phase = Phase.CHOOSE
        self.chosen = None
        self.all_dice_aside = False
        self.held = 0
        self.leftovers = ()
        self.pending = set()
        self.decided = {}
        self.earned = [0] * self.players
        self.bonus_queue = []
        self.bonus_left = 0
        events.append(TurnStarted(self.active))
        self._roll(DICE, self.active, "turn", events)

    def _do_choose(self, colour: Colour, events: list[Event]) -> None:
        """D3.2: set aside every die showing the colour; D3.3 all six end phase 1."""
        self.chosen = colour
        self.held = self.roll.count(colour)
        self.leftovers = tuple(c for c in self.roll if c != colour)
        events.append(ColourChosen(self.active, colour, self.held))
        if self.held == DICE:
            self._end_phase1("all_dice", events)
        else:
            self.phase = Phase.DECIDE

    def _do_reroll(self, events: list[Event]) -> None:
        """D3.5: reroll the rest; no hit ends phase 1, hits are set aside."""
        assert self.chosen is not None
        dice = self._roll(DICE - self.held, self.active, "reroll", events)
        hits = dice.count(self.chosen)
        self.leftovers = tuple(c for c in dice if c != self.chosen)
        if not hits:
            self._end_phase1("no_hit", events)
            return
        self.held += hits
        events.append(DiceSetAside(self.active, self.chosen, hits, self.held))
        if self.held == DICE:
            self._end_phase1("all_dice", events)

    def _end_phase1(self, reason: str, events: list[Event]) -> None:
        """D3.6 then D4: every player gets a pending phase-2 choice."""
        assert self.chosen is not None
        self.all_dice_aside = reason == "all_dice"
        events.append(Phase1Ended(self.active, self.chosen, self.held, self.leftovers, reason))
        self.phase = Phase.PLACE
        self.pending = set(range(self.players))

    def _do_phase2_or_bonus(self, action: Action, checked: tuple[Colour, int] | None,
                            events: list[Event]) -> None:
        p = action.player  # type: ignore[union-attr]
        bonus = self.phase is Phase.BONUS
        stars = 0
        if checked is None:
            events.append(Passed(p, bonus))
        else:
            colour, mask = checked
            sheet = self.sheets[p]
            star_mask, completed = sheet.cross(mask)
            board = sheet.board
            events.append(Placed(p, colour, tuple(board.cells_of(mask)), bonus))
            for i in iter_bits(star_mask):
                stars += 1
                events.append(StarCrossed(p, colour, board.coords(i), sheet.stars))
            for c in completed:
                events.append(ColourCompleted(p, c))
            for _ in range(stars):
                events.append(BonusRollEarned(p))
        if not bonus:
            # D4.3: phase-2 choices are independent and take effect at once.
            self.pending.discard(p)
            self.decided[p] = action
            self.earned[p] += stars
            if not self.pending:
                self._end_phase2(events)
            return
        # D5.4: a bonus cell in a bonus roll earns another, taken at once.
        self.bonus_left += stars - 1
        if self.sheets[p].reached_goal():
            # D6.3: the first to reach the goal in the bonus rolls wins alone.
            self._win((p,), True, events)
            return
        self._next_bonus_roll(events, chained=stars > 0)

    def _end_phase2(self, events: list[Event]) -> None:
        events.append(Phase2Ended())
        winners = tuple(p for p in range(self.players) if self.sheets[p].reached_goal())
        if winners:
            self._win(winners, False, events)  # D6.2: no bonus rolls are taken
            return
        # D5.2: clockwise from the active player, each takes all of theirs.
        self.bonus_queue = [p for p in self._clockwise() if self.earned[p]]
        self.bonus_left = self.earned[self.bonus_queue[0]] if self.bonus_queue else 0
        self._next_bonus_roll(events, chained=False)

    def _next_bonus_roll(self, events: list[Event], chained: bool) -> None:
        while self.bonus_queue and self.bonus_left <= 0:
            self.bonus_queue.pop(0)
            self.bonus_left = self.earned[self.bonus_queue[0]] if self.bonus_queue else 0
            chained = False
        if not self.bonus_queue:
            self.active = (self.active + 1) % self.players  # D6.4
            self._start_turn(events)
            return
        p = self.bonus_queue[0]
        self.phase = Phase.BONUS
        events.append(BonusRollStarted(p, chained))
        self._roll(BONUS_DICE, p, "bonus", events)

    def _win(self, winners: tuple[int, ...], during_bonus: bool, events: list[Event]) -> None:
        self.winners = winners
        self.won_in_bonus = during_bonus
        self.phase = Phase.OVER
        self.bonus_queue = []
        events.append(GameOver(winners, self.scores(), during_bonus))
