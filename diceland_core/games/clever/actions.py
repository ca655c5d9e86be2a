"""Actions and events of Ganz schön clever, as small frozen values.

Actions have the JSON shape of CLEVER.md's scenario ``actions``.  Inside the
engine a die is its colour name, an area its name, and a field is a
``(row, column)`` pair for yellow, the sum for blue, ``None`` otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Union

from ...core import protocol
from ...core.protocol import GameAction, GameEvent, PlayerAction, PlayerEvent
from ...core.values import action_object, action_player, whole_number
from .sheet import AREAS, COLOURS

__all__ = [
    "Pick", "Reroll", "Take", "Pass", "Extra", "Bonus", "RoundBonus", "EndTurn", "Action",
    "action_from_json", "action_to_json", "Event", "Rolled", "Marked", "BonusEarned",
    "PlatterFilled", "RollingEnded", "TurnEnded", "RoundStarted", "GameOver",
]


@dataclass(frozen=True)
class Pick(PlayerAction):
    """C5.2: the active player picks ``die`` and enters it (``area`` None:
    nothing is entered, C5.3 / R1)."""
    die: str
    area: str | None = None
    field: Any = None


@dataclass(frozen=True)
class Reroll(PlayerAction):
    """C7.3: reroll the current roll."""


@dataclass(frozen=True)
class Take(PlayerAction):
    """C6.1/C6.3: a passive player's die."""
    die: str
    area: str
    field: Any = None


@dataclass(frozen=True)
class Pass(PlayerAction):
    """C6.4: a passive player enters nothing."""


@dataclass(frozen=True)
class Extra(PlayerAction):
    """C7.4: a +1 action."""
    die: str
    area: str
    field: Any = None


@dataclass(frozen=True)
class Bonus(PlayerAction):
    """C8.6: the field of a pending yellow_x / blue_x."""
    area: str
    field: Any


@dataclass(frozen=True)
class RoundBonus(PlayerAction):
    """C8.7: the round-4 choice."""
    area: str
    field: Any = None


@dataclass(frozen=True)
class EndTurn(GameAction):
    """C9.1."""


Action = Union[Pick, Reroll, Take, Pass, Extra, Bonus, RoundBonus, EndTurn]
_DIE_ACTIONS = {"pick": Pick, "take": Take, "extra": Extra}


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": action.type}
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        if value is None:
            continue
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def _field(area: str, data: dict, required: bool) -> Any:
    """The ``field`` of a mark in ``area`` (CLEVER.md: yellow ``[r, c]``
    required, blue a sum 2..12, none for green, orange, purple)."""
    value = data.get("field")
    if value is None:
        if area == "yellow" or (area == "blue" and required):
            raise ValueError(f"a mark in {area} needs a 'field'")
        return None
    if area == "yellow":
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError(f"a yellow field must be a [row, column] pair, not {value!r}")
        r, c = whole_number(value[0], "a yellow row"), whole_number(value[1], "a yellow column")
        if not (0 <= r < 4 and 0 <= c < 4):
            raise ValueError(f"yellow has no field [{r}, {c}]")
        return (r, c)
    if area == "blue":
        n = whole_number(value, "a blue field")
        if not 2 <= n <= 12:
            raise ValueError(f"blue has no field {n}")
        return n
    raise ValueError(f"a mark in {area} takes no 'field' (it is always the next free field)")


def _area(data: dict, allowed: tuple[str, ...] = AREAS) -> str:
    area = data.get("area")
    if not isinstance(area, str) or area not in allowed:
        raise ValueError(f"unknown area {area!r} (expected one of {', '.join(allowed)})")
    return area


def action_from_json(data: object) -> Action:
    """Parse one action object; ``ValueError`` says what is wrong with it."""
    kind = action_object(data).get("type")
    if kind == "end_turn":
        return EndTurn()
    if kind not in ("pick", "reroll", "take", "pass", "extra", "bonus", "round_bonus"):
        raise ValueError(f"unknown action type {kind!r} (expected pick, reroll, take, pass, "
                         "extra, bonus, round_bonus or end_turn)")
    player = action_player(data, kind)
    if kind == "reroll":
        return Reroll(player)
    if kind == "pass":
        return Pass(player)
    if kind in ("bonus", "round_bonus"):
        area = _area(data, ("yellow", "blue") if kind == "bonus" else AREAS)
        field = _field(area, data, required=True)
        return (Bonus if kind == "bonus" else RoundBonus)(player, area, field)
    die = data.get("die")
    if not isinstance(die, str) or die not in COLOURS:
        raise ValueError(f"unknown die {die!r} (expected one of {', '.join(COLOURS)})")
    if kind == "pick" and data.get("area") is None:
        if data.get("field") is not None:
            raise ValueError("a pick without an 'area' takes no 'field'")
        return Pick(player, die)
    area = _area(data)
    return _DIE_ACTIONS[kind](player, die, area, _field(area, data, required=False))


# -- events -------------------------------------------------------------------

class Event(GameEvent):
    """Base of the events; :meth:`to_dict` serialises one."""


@dataclass(frozen=True)
class Rolled(Event, PlayerEvent):
    """Dice were rolled (``faces`` by colour name; ``purpose`` turn, next,
    reroll or solo_passive)."""
    faces: tuple
    purpose: str


@dataclass(frozen=True)
class Marked(Event, PlayerEvent):
    """A mark: ``value`` is the number written / the value crossed;
    ``source`` die colour or the bonus name."""
    area: str
    field: Any
    value: int
    source: str


@dataclass(frozen=True)
class BonusEarned(Event, PlayerEvent):
    bonus: str


@dataclass(frozen=True)
class PlatterFilled(Event):
    """Dice went to the silver platter (C5.4, C5.5, C11.3)."""
    dice: tuple


@dataclass(frozen=True)
class RollingEnded(Event, PlayerEvent):
    """The active player rolls no more this turn (C5.4)."""


@dataclass(frozen=True)
class TurnEnded(Event, PlayerEvent):
    """C9.1: ``player``'s turn is over."""


@dataclass(frozen=True)
class RoundStarted(Event):
    round: int


@dataclass(frozen=True)
class GameOver(Event, protocol.GameOver):
    """C10.8: the game is over; ``winners`` and every player's total."""
