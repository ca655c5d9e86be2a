"""The player's settings shared by every game page: the bots' speed and the
sounds (kept in the settings of :class:`diceland_site.storage.SaveStore`).

Sounds are off until the player turns them on: the games are played at a
table, on a bus, in a waiting room, and a phone that suddenly beeps is worse
than a silent one; the switch sits in the settings, one tap from the board.
"""

from __future__ import annotations

from typing import Any, Mapping

from .start_params import shown

__all__ = ["BOT_SPEEDS", "DEFAULT_BOT_SPEED", "SOUND_DEFAULT", "BOT_SPEED_SETTING", "SOUND_SETTING",
           "bot_speed_name", "bot_delay_ms", "sound_on", "url_speed", "speed_problem", "MAX_LINK_SPEED"]

#: Speed name -> factor on the page's base delay between two bot decisions
#: (``instant``: no pause; the bots play in short slices between frames).
BOT_SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.35, "instant": 0.0}
DEFAULT_BOT_SPEED = "normal"
SOUND_DEFAULT = False
BOT_SPEED_SETTING = "bot_speed"
SOUND_SETTING = "sound"
#: The largest ``speed`` factor a link may give (a bot then waits 5 times
#: the page's base pause; "slow" is 2).
MAX_LINK_SPEED = 5.0


def bot_speed_name(value: Any) -> str:
    """A stored speed name, or the default for anything else (old or damaged settings)."""
    return value if isinstance(value, str) and value in BOT_SPEEDS else DEFAULT_BOT_SPEED


def url_speed(query: Mapping[str, str]) -> float | None:
    """The ``speed`` factor a link gives (``speed=0``: instant), or None
    when it gives none or one out of range (:func:`speed_problem` says so)."""
    text = query.get("speed")
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if 0.0 <= value <= MAX_LINK_SPEED else None  # NaN and infinities fail too


def speed_problem(query: Mapping[str, str]) -> dict[str, Any] | None:
    """The parameters of the ``link.speed`` message when a link's ``speed``
    is not a number from 0 to :data:`MAX_LINK_SPEED`; None when it is fine
    or absent."""
    text = query.get("speed")
    if text is None or url_speed(query) is not None:
        return None
    return {"value": shown(str(text).strip()), "max": f"{MAX_LINK_SPEED:g}"}


def bot_delay_ms(base_ms: float, speed: str, override: float | None = None) -> float:
    """The pause before a bot's decision: the link's factor when it gives one,
    else the setting's."""
    factor = override if override is not None else BOT_SPEEDS[bot_speed_name(speed)]
    return base_ms * factor


def sound_on(value: Any) -> bool:
    return value if isinstance(value, bool) else SOUND_DEFAULT
