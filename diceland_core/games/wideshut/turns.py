"""The rounds of Dice Wide Shut (WIDESHUT.md W1.2, W2–W6): the dice and
their colours, the round's roll from the game's dice source, what a take
writes on the sheet, the end of a round and of the game.

:class:`Turns` is mixed into :class:`~.game.Game`; its methods change the
position after :mod:`.checks` has found an action legal.
"""

from __future__ import annotations

from enum import StrEnum

from ...core.errors import ScenarioError
from .actions import (
    EndTriggered, Event, GameOver, Mark, Rolled, RoundEnded, RowSplit, SixUsed, Take, Took,
)
from .sheet import BLUE, HALVES, RED, ROW_MASK

__all__ = ["Turns", "Phase", "dice_count", "die_colours", "die_colour", "PURPLE", "DIE_COLOURS"]



class Phase(StrEnum):
    """ROLL: the start player must roll (W2.2); TAKE: the current player
    takes dice (W2.3); OVER: the game has ended (W6.3)."""

    ROLL = "roll"
    TAKE = "take"
    OVER = "over"


#: die colours (W1.2): RED = 0, BLUE = 1 as the halves, PURPLE = 2
PURPLE = 2
DIE_COLOURS = ("red", "blue", "purple")
_HALF_OF = {"red": RED, "blue": BLUE}
_SIX_HALF = {"red6": RED, "blue6": BLUE}


def dice_count(players: int) -> int:
    """W1.2: P + 1 red, P + 1 blue and one purple die."""
    return 2 * players + 3


_COLOURS_CACHE: dict[int, tuple[int, ...]] = {}


def die_colours(players: int) -> tuple[int, ...]:
    """W1.2: the colour of each die index (red 0..P, blue P+1..2P+1, purple 2P+2)."""
    found = _COLOURS_CACHE.get(players)
    if found is None:
        found = _COLOURS_CACHE[players] = (RED,) * (players + 1) + (BLUE,) * (players + 1) + (PURPLE,)
    return found


def die_colour(players: int, index: int) -> str:
    return DIE_COLOURS[die_colours(players)[index]]


def _box_bit(entry: Mark) -> int:
    """The bit of a box entry ``(half, row, column)`` in its half's marks."""
    return 1 << (5 * entry[1] + entry[2])


class Turns:
    """The moves of a round; the state's fields are :class:`~.game.Game`'s."""

    def _do_roll(self, events: list[Event]) -> None:
        """W2.2: every die, once per round."""
        values = tuple(self.dice.roll(dice_count(self.players)))
        if len(values) != dice_count(self.players) or any(v not in (1, 2, 3, 4, 5, 6) for v in values):
            raise ScenarioError(f"a roll of {self.players} players is {dice_count(self.players)} "
                                f"numbers 1 to 6, not {list(values)}")
        self.rolls.append(values)
        self.roll = values
        self.taken = 0
        self.turns_done = 0
        self.phase = Phase.TAKE
        events.append(Rolled(self.start, self.round, values))

    def _do_take(self, action: Take, events: list[Event]) -> None:
        p = action.player
        sheet = self.sheets[p]
        half = _HALF_OF[action.colour]
        before = sheet.marks[half]
        for e in action.marks:
            if e is None:
                continue
            kind = e[0]
            if kind == "skip":
                sheet.used[half] |= 1 << e[1]
                events.append(SixUsed(p, HALVES[half], e[1]))
            elif kind in _SIX_HALF:
                sheet.six[_SIX_HALF[kind]] |= 1 << e[1]
            else:
                sheet.marks[half] |= _box_bit(e)
        for i in action.dice:
            self.taken |= 1 << i
        roll = self.roll
        assert roll is not None
        events.insert(0, Took(p, action.colour, action.dice, tuple(roll[i] for i in action.dice),
                              action.marks))
        after = sheet.marks[half]
        if after != before:
            for r, rm in enumerate(ROW_MASK):
                if after & rm == rm and before & rm != rm:
                    events.append(RowSplit(p, HALVES[half], r))
        if not self.end_triggered:  # W6.2
            who = tuple(q for q, s in enumerate(self.sheets) if s.triggers_end())
            if who:
                self.end_triggered = True
                events.append(EndTriggered(who))
        self.turns_done += 1
        if self.turns_done < self.players:
            return
        events.append(RoundEnded(self.round))   # W2.4
        if self.end_triggered:                  # W6.3
            self.phase = Phase.OVER
            self.winners = self.leaders()
            events.append(GameOver(self.winners, self.scores()))
            return
        self.start = (self.start + 1) % self.players
        self.round += 1
        self.phase = Phase.ROLL
        self.roll = None
        self.taken = 0
        self.turns_done = 0
