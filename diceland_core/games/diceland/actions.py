"""Actions (what a player does) and events (what happened), as small values.

Actions have the JSON shape of FORMATS.md (scenario ``actions``), which is
also what records store.  Events are what :meth:`Game.apply` returns so that a
user interface can announce and animate (RULES.md D6.6 asks for star and
colour announcements).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from .colours import Colour, parse_colour
from ...core import protocol
from ...core.protocol import GameAction, GameEvent, PlayerAction, PlayerEvent
from ...core.values import action_object, action_player, whole_number

__all__ = [
    "Action", "Choose", "Reroll", "Stop", "Place", "Pass",
    "action_from_json", "action_to_json",
    "Event", "TurnStarted", "Rolled", "ColourChosen", "DiceSetAside", "Phase1Ended",
    "Placed", "Passed", "StarCrossed", "ColourCompleted", "BonusRollEarned",
    "Phase2Ended", "BonusRollStarted", "GameOver",
]


@dataclass(frozen=True)
class Choose(GameAction):
    """Phase 1: keep every die showing ``colour`` (D3.2)."""
    colour: Colour


@dataclass(frozen=True)
class Reroll(GameAction):
    """Phase 1: roll the dice not set aside again (D3.4)."""


@dataclass(frozen=True)
class Stop(GameAction):
    """Phase 1: end rolling (D3.4)."""


@dataclass(frozen=True)
class Place(PlayerAction):
    """Cross ``cells`` (phase 2 or a bonus roll); the colour is the cells'."""
    cells: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cells", tuple(sorted((int(r), int(c)) for r, c in self.cells)))

    @classmethod
    def sorted_cells(cls, player: int, cells: tuple[tuple[int, int], ...]) -> "Place":
        """A Place from cells already sorted and of ints (the engine's own
        placement lists), skipping the normalisation."""
        new = object.__new__(cls)
        object.__setattr__(new, "player", player)
        object.__setattr__(new, "cells", cells)
        return new


@dataclass(frozen=True)
class Pass(PlayerAction):
    """Cross nothing (phase 2 or a bonus roll)."""


Action = Union[Choose, Reroll, Stop, Place, Pass]


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Choose):
        return {"type": "choose", "colour": action.colour.key}
    if isinstance(action, Place):
        return {"type": "place", "player": action.player, "cells": [list(c) for c in action.cells]}
    if isinstance(action, Pass):
        return {"type": "pass", "player": action.player}
    return {"type": action.type}


def action_from_json(data: object) -> Action:
    """Parse one action object; ``ValueError`` says what is wrong with it."""
    kind = action_object(data).get("type")
    if kind == "choose":
        if "colour" not in data:
            raise ValueError("a 'choose' action needs a 'colour'")
        return Choose(parse_colour(data["colour"]))
    if kind == "reroll":
        return Reroll()
    if kind == "stop":
        return Stop()
    if kind in ("place", "pass"):
        player = action_player(data, kind)
        if kind == "pass":
            return Pass(player)
        cells = data.get("cells")
        if not isinstance(cells, list):
            raise ValueError("a 'place' action needs 'cells', a list of [row, column] pairs")
        out = []
        for cell in cells:
            if not isinstance(cell, list) or len(cell) != 2:
                raise ValueError(f"a cell must be a [row, column] pair, not {cell!r}")
            out.append((whole_number(cell[0], "a cell's row"), whole_number(cell[1], "a cell's column")))
        return Place(player, tuple(out))
    raise ValueError(
        f"unknown action type {kind!r} (expected choose, reroll, stop, place or pass)"
    )


# -- events -------------------------------------------------------------------

class Event(GameEvent):
    """Base of the events; ``kind`` names it, :meth:`to_dict` serialises it
    (a colour as its key, inside lists too)."""

    @staticmethod
    def plain(value: Any) -> Any:
        return _plain(value)


def _plain(value: Any) -> Any:
    if isinstance(value, Colour):
        return value.key
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class TurnStarted(Event, PlayerEvent):
    """``player``'s turn begins (D3.1)."""


@dataclass(frozen=True)
class Rolled(Event, PlayerEvent):
    """Dice were rolled: ``purpose`` is ``"turn"`` (D3.1), ``"reroll"`` (D3.4)
    or ``"bonus"`` (D5.3)."""
    dice: tuple[Colour, ...]
    purpose: str


@dataclass(frozen=True)
class ColourChosen(Event, PlayerEvent):
    colour: Colour
    set_aside: int


@dataclass(frozen=True)
class DiceSetAside(Event, PlayerEvent):
    """After a reroll, ``count`` more dice of the colour were set aside (D3.5)."""
    colour: Colour
    count: int
    held: int


@dataclass(frozen=True)
class Phase1Ended(Event, PlayerEvent):
    """``reason``: ``"all_dice"`` (D3.3), ``"no_hit"`` (D3.5) or ``"stopped"``."""
    colour: Colour
    held: int
    leftovers: tuple[Colour, ...]
    reason: str


@dataclass(frozen=True)
class Placed(Event, PlayerEvent):
    colour: Colour
    cells: tuple[tuple[int, int], ...]
    bonus_roll: bool


@dataclass(frozen=True)
class Passed(Event, PlayerEvent):
    bonus_roll: bool


@dataclass(frozen=True)
class StarCrossed(Event, PlayerEvent):
    """A bonus cell was crossed (D5.1, announced by D6.6)."""
    colour: Colour
    cell: tuple[int, int]
    stars: int


@dataclass(frozen=True)
class ColourCompleted(Event, PlayerEvent):
    """Every cell of a colour crossed (D6.6)."""
    colour: Colour


@dataclass(frozen=True)
class BonusRollEarned(Event, PlayerEvent):
    """``player`` has earned a bonus roll (D5.2)."""


@dataclass(frozen=True)
class Phase2Ended(Event):
    """Every player has placed or passed: phase 2 is over."""


@dataclass(frozen=True)
class BonusRollStarted(Event, PlayerEvent):
    """``player`` takes a bonus roll (D5.2–D5.4); the dice follow as Rolled."""
    chained: bool


@dataclass(frozen=True)
class GameOver(Event, protocol.GameOver):
    """The game is over (D6.2 several winners after phase 2; D6.3 one winner
    during bonus rolls); ``scores`` are the bonus cells each player crossed."""
    during_bonus_rolls: bool = False
