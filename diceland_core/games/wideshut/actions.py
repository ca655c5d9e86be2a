"""Actions (what a player does) and events (what happened) of Dice Wide
Shut, as small frozen values with the JSON shape of WIDESHUT.md's scenario
files.

A mark entry (``Take.marks[k]``, what die ``Take.dice[k]`` does) is one of:

* ``("red", r, c)`` / ``("blue", r, c)``: mark that number box (W4.1);
* ``("red6", r)`` / ``("blue6", r)``: mark that 6-box (W4.3);
* ``("skip", r)``: use the 6 of row r of the take's half (W5.3);
* ``None``: mark nothing (W4.2, W4.3).

In JSON the skip is ``{"skip": r}`` and ``None`` is ``null``; the others are
lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Union

from ...core import protocol
from ...core.protocol import GameEvent, PlayerAction, PlayerEvent
from ...core.values import action_object, action_player, short, whole_number

__all__ = [
    "Roll", "Take", "Action", "Mark", "action_from_json", "action_to_json", "mark_from_json",
    "mark_to_json", "Event", "Rolled", "Took", "RowSplit", "SixUsed", "EndTriggered",
    "RoundEnded", "GameOver", "COLOURS", "BOX_KINDS", "SIX_KINDS",
]

COLOURS = ("red", "blue")
BOX_KINDS = ("red", "blue")
SIX_KINDS = ("red6", "blue6")

Mark = Optional[tuple]


@dataclass(frozen=True)
class Roll(PlayerAction):
    """W2.2: the start player rolls every die."""


@dataclass(frozen=True)
class Take(PlayerAction):
    """W3, W4, W5: take one or two dice (indices into the roll) as colour
    ``colour`` and say what each does (``marks[k]`` for ``dice[k]``)."""
    colour: str
    dice: tuple[int, ...]
    marks: tuple[Mark, ...]


Action = Union[Roll, Take]


def mark_to_json(mark: Mark) -> Any:
    if mark is None:
        return None
    if mark[0] == "skip":
        return {"skip": mark[1]}
    return list(mark)


def action_to_json(action: Action) -> dict[str, Any]:
    """The scenario file's object for ``action``."""
    if isinstance(action, Roll):
        return {"type": "roll", "player": action.player}
    return {"type": "take", "player": action.player, "colour": action.colour,
            "dice": list(action.dice), "marks": [mark_to_json(m) for m in action.marks]}


def mark_from_json(data: object) -> Mark:
    """One entry of ``marks``; ``ValueError`` says what is wrong with it."""
    if data is None:
        return None
    if isinstance(data, dict):
        if set(data) != {"skip"}:
            raise ValueError("a skip entry is {\"skip\": row} and nothing else")
        return ("skip", whole_number(data["skip"], "a skip's row", 0, 4))
    if not isinstance(data, list) or not data:
        raise ValueError(f"a mark entry must be a list, {{\"skip\": row}} or null, not {short(data)}")
    kind = data[0]
    if kind in BOX_KINDS:
        if len(data) != 3:
            raise ValueError(f"a {kind} box entry is [{kind!r}, row, column]")
        return (kind, whole_number(data[1], "a box's row", 0, 4), whole_number(data[2], "a box's column", 0, 4))
    if kind in SIX_KINDS:
        if len(data) != 2:
            raise ValueError(f"a 6-box entry is [{kind!r}, row]")
        return (kind, whole_number(data[1], "a 6-box's row", 0, 4))
    raise ValueError(f"unknown mark kind {short(kind)} (expected red, blue, red6 or blue6)")


def action_from_json(data: object) -> Action:
    """One action object of a scenario file; ``ValueError`` says what is
    wrong with it.  Ranges that depend on the player count (player, dice
    indices) are checked by the scenario reader."""
    kind = action_object(data).get("type")
    if kind not in ("roll", "take"):
        raise ValueError(f"unknown action type {short(kind)} (expected roll or take)")
    player = action_player(data, kind, 0)
    if kind == "roll":
        return Roll(player)
    for key in ("colour", "dice", "marks"):
        if key not in data:
            raise ValueError(f"a 'take' action needs {key!r}")
    colour = data["colour"]
    if colour not in COLOURS:
        raise ValueError(f"'colour' must be red or blue, not {short(colour)}")
    dice = data["dice"]
    if not isinstance(dice, list) or not 1 <= len(dice) <= 2:
        raise ValueError("'dice' must be a list of one or two dice indices")
    indices = tuple(whole_number(i, "a die index", 0) for i in dice)
    marks = data["marks"]
    if not isinstance(marks, list) or len(marks) != len(dice):
        raise ValueError("'marks' must be a list as long as 'dice'")
    return Take(player, colour, indices, tuple(mark_from_json(m) for m in marks))


# -- events -------------------------------------------------------------------

class Event(GameEvent):
    """Base of the events; ``kind`` names it, :meth:`to_dict` serialises it."""


@dataclass(frozen=True)
class Rolled(Event, PlayerEvent):
    """W2.2: the round's dice (indices as W1.2)."""
    round: int
    dice: tuple[int, ...]


@dataclass(frozen=True)
class Took(Event, PlayerEvent):
    colour: str
    dice: tuple[int, ...]
    values: tuple[int, ...]
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class RowSplit(Event, PlayerEvent):
    """W5.1: a row of ``half`` became full."""
    half: str
    row: int


@dataclass(frozen=True)
class SixUsed(Event, PlayerEvent):
    """W5.3: the power of the 6 of a row skipped a die."""
    half: str
    row: int


@dataclass(frozen=True)
class EndTriggered(Event):
    """W6.2: the players with 3 complete columns in a half."""
    players: tuple[int, ...]


@dataclass(frozen=True)
class RoundEnded(Event):
    round: int


@dataclass(frozen=True)
class GameOver(Event, protocol.GameOver):
    """W6.3, W7.5: the game is over; ``winners`` and every player's score."""
