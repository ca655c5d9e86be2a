"""The player's settings shared by every game page: the bots' speed and the
sounds (kept in the settings of :class:`diceland_site.storage.SaveStore`).

Sounds are off until the player turns them on: the games are played at a
table, on a bus, in a waiting room, and a phone that suddenly beeps is worse
than a silent one; the switch sits in the settings, one tap from the board.
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["BOT_SPEEDS", "DEFAULT_BOT_SPEED", "SOUND_DEFAULT", "BOT_SPEED_SETTING", "SOUND_SETTING",
           "bot_speed_name", "bot_delay_ms", "sound_on", "url_speed"]

#: Speed name -> factor on the page's base delay between two bot decisions
#: (``instant``: no pause; the bots play in short slices between frames).
BOT_SPEEDS: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.35, "instant": 0.0}
DEFAULT_BOT_SPEED = "normal"
SOUND_DEFAULT = False
BOT_SPEED_SETTING = "bot_speed"
SOUND_SETTING = "sound"


def bot_speed_name(value: Any) -> str:
    """A stored speed name, or the default for anything else (old or damaged settings)."""
    return value if isinstance(value, str) and value in BOT_SPEEDS else DEFAULT_BOT_SPEED


def url_speed(query: Mapping[str, str]) -> float | None:
    """The ``speed`` factor a link gives (``speed=0``: instant), or None."""
    text = query.get("speed")
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return max(0.0, value) if value == value and value != float("inf") else None


def bot_delay_ms(base_ms: float, speed: str, override: float | None = None) -> float:
    """The pause before a bot's decision: the link's factor when it gives one,
    else the setting's."""
    factor = override if override is not None else BOT_SPEEDS[bot_speed_name(speed)]
    return base_ms * factor


def sound_on(value: Any) -> bool:
    return value if isinstance(value, bool) else SOUND_DEFAULT
