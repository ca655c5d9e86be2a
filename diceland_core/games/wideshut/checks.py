"""The checks of Dice Wide Shut's actions, in exactly the order of
WIDESHUT.md "Which rule an illegal action reports": the first failed rule
raises :class:`IllegalActionError`, the position unchanged.

:class:`Checks` is mixed into :class:`~.game.Game`.
"""

from __future__ import annotations

from ...core.errors import IllegalActionError
from .actions import Action, Mark, Roll, Take
from .sheet import HALVES, NUMBER_MASK, ROW_MASK, Sheet, number_of
from .turns import _HALF_OF, _SIX_HALF, DIE_COLOURS, PURPLE, Phase, _box_bit

__all__ = ["Checks"]


class Checks:
    """The rules' checks; the state's fields are :class:`~.game.Game`'s."""

    def _check(self, action: Action) -> None:
        if self.phase == Phase.OVER:
            raise IllegalActionError("W6.4", "wideshut.game_over")
        if isinstance(action, Roll):
            if self.phase != Phase.ROLL:
                raise IllegalActionError("W2.2", "wideshut.rolled_already", seat=self.start + 1)
            if action.player != self.start:
                raise IllegalActionError("W2.2", "wideshut.not_start_player",
                                         player=action.player, seat=self.start + 1)
            return
        if not isinstance(action, Take):
            raise IllegalActionError("W2.3", "wideshut.not_an_action")
        self._check_take_dice(action)
        self._check_marks(action)

    def _check_take_dice(self, action: Take) -> None:
        if self.phase == Phase.ROLL:
            raise IllegalActionError("W2.2", "wideshut.roll_first", seat=self.start + 1)
        current = self.current_player
        if action.player != current:
            raise IllegalActionError("W2.3", "wideshut.not_your_turn",
                                     player=action.player, seat=current + 1)
        roll = self.roll
        assert roll is not None
        dice = action.dice
        if not isinstance(dice, (tuple, list)) or not 1 <= len(dice) <= 2:
            raise IllegalActionError("W3.3", "wideshut.dice_count",
                                     n=len(dice) if isinstance(dice, (tuple, list)) else 0)
        n = len(roll)
        for i in dice:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
                raise IllegalActionError("W1.2", "wideshut.no_such_die", index=i, n=n)
        for k, i in enumerate(dice):
            if self.taken >> i & 1 or i in dice[:k]:
                raise IllegalActionError("W3.5", "wideshut.die_taken", index=i,
                                         die=DIE_COLOURS[self.colours[i]], value=roll[i])
        half = _HALF_OF.get(action.colour) if isinstance(action.colour, str) else None
        if half is None:
            raise IllegalActionError("W3.1", "wideshut.bad_colour", colour=str(action.colour))
        for i in dice:
            if self.colours[i] != half and self.colours[i] != PURPLE:
                raise IllegalActionError("W3.1", "wideshut.wrong_colour", index=i,
                                         die=DIE_COLOURS[self.colours[i]], value=roll[i],
                                         colour=action.colour)
        if len(dice) == 2 and (roll[dice[0]] == 6 or roll[dice[1]] == 6):
            raise IllegalActionError("W3.2", "wideshut.six_alone")
        if len(dice) == 1 and roll[dice[0]] != 6:
            i = dice[0]
            for j in range(n):
                if (j != i and not self.taken >> j & 1 and roll[j] != 6
                        and (self.colours[j] == half or self.colours[j] == PURPLE)):
                    raise IllegalActionError("W3.4", "wideshut.lone_die", index=i, other=j,
                                             value=roll[i], colour=action.colour,
                                             other_die=DIE_COLOURS[self.colours[j]],
                                             other_value=roll[j])

    def _check_marks(self, action: Take) -> None:
        marks = action.marks
        if not isinstance(marks, tuple) or len(marks) != len(action.dice):
            raise IllegalActionError("W4.1", "wideshut.marks_count", n=len(action.dice))
        sheet = self.sheets[action.player]
        half = _HALF_OF[action.colour]
        roll = self.roll
        assert roll is not None
        for k, entry in enumerate(marks):
            other = marks[1 - k] if len(marks) == 2 else None
            self._check_entry(sheet, half, roll[action.dice[k]], entry, other)

    def _check_entry(self, sheet: Sheet, half: int, value: int, entry: Mark, other: Mark) -> None:
        colour = HALVES[half]
        if not (entry is None or (isinstance(entry, tuple) and _well_formed(entry))):
            rule = "W4.3" if value == 6 else "W4.1"
            raise IllegalActionError(rule, "wideshut.bad_entry", value=value)
        if value == 6:
            if entry is None:
                if not sheet.all_sixes_marked():
                    raise IllegalActionError("W4.3", "wideshut.six_must_mark")
                return
            if entry[0] not in _SIX_HALF:
                raise IllegalActionError("W4.3", "wideshut.six_on_number")
            h, r = _SIX_HALF[entry[0]], entry[1]
            if sheet.six[h] >> r & 1:
                raise IllegalActionError("W4.3", "wideshut.six_box_marked", half=HALVES[h] + " half",
                                         row=r + 1, r=r)
            return
        other_box = (other[0], other[1], other[2]) if (
            isinstance(other, tuple) and len(other) == 3 and other[0] in _HALF_OF) else None
        if entry is None:
            empties = NUMBER_MASK[half][value] & ~sheet.marks[half]
            if other_box is not None and _HALF_OF[other_box[0]] == half:
                empties &= ~_box_bit(other_box)
            if empties:
                i = (empties & -empties).bit_length() - 1
                raise IllegalActionError("W4.2", "wideshut.must_mark", value=value,
                                         half=colour + " half", row=i // 5 + 1, column=i % 5 + 1,
                                         box=[colour, i // 5, i % 5])
            return
        kind = entry[0]
        if kind in _SIX_HALF:
            raise IllegalActionError("W4.1", "wideshut.low_on_six", value=value)
        if kind == "skip":
            r = entry[1]
            if not sheet.six[half] >> r & 1:
                raise IllegalActionError("W5.3", "wideshut.skip_no_six", row=r + 1,
                                         half=colour + " half", r=r)
            if sheet.used[half] >> r & 1:
                raise IllegalActionError("W5.3", "wideshut.skip_used", row=r + 1,
                                         half=colour + " half", r=r)
            empties = NUMBER_MASK[half][value] & ~sheet.marks[half] & ROW_MASK[r]
            if other_box is not None and _HALF_OF[other_box[0]] == half:
                empties &= ~_box_bit(other_box)
            if not empties:
                raise IllegalActionError("W5.3", "wideshut.skip_no_box", row=r + 1, value=value,
                                         half=colour + " half", r=r)
            if isinstance(other, tuple) and other[:1] == ("skip",) and other[1:2] == (r,):
                raise IllegalActionError("W5.3", "wideshut.skip_twice", row=r + 1, r=r)
            return
        h, r, c = _HALF_OF[kind], entry[1], entry[2]
        if h != half:
            raise IllegalActionError("W4.1", "wideshut.box_wrong_half", colour=colour,
                                     half=colour + " half", row=r + 1, column=c + 1, box=list(entry))
        shown = number_of(h, r, c)
        if shown != value:
            raise IllegalActionError("W4.1", "wideshut.box_wrong_number", value=value, shown=shown,
                                     row=r + 1, column=c + 1, box=list(entry))
        if sheet.marks[h] >> (5 * r + c) & 1:
            raise IllegalActionError("W4.1", "wideshut.box_marked", row=r + 1, column=c + 1,
                                     half=colour + " half", box=list(entry))
        if other_box == entry:
            raise IllegalActionError("W4.1", "wideshut.box_twice", row=r + 1, column=c + 1,
                                     box=list(entry))


def _well_formed(entry: tuple) -> bool:
    """An entry of a directly built Take has the shape of actions.py."""
    if not entry:
        return False
    kind = entry[0]
    if kind in _HALF_OF:
        n = 3
    elif kind in _SIX_HALF or kind == "skip":
        n = 2
    else:
        return False
    return len(entry) == n and all(
        not isinstance(x, bool) and isinstance(x, int) and 0 <= x <= 4 for x in entry[1:])
