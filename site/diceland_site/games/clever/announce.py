"""What the clever page's log says of the engine's events: a mark, a roll,
a new round and the end of the game, in the reader's language."""

from __future__ import annotations

from typing import Any, Sequence

from .strings import CleverStrings

__all__ = ["describe"]


def describe(event: Any, names: Sequence[str], strings: CleverStrings) -> str:
    """The log line of ``event`` ("" for an event the log leaves out)."""
    t = strings.t
    kind = event.kind
    if kind == "marked":
        return t("clever.log.marked", name=names[event.player], area=strings.area(event.area).lower(),
                 value=event.value)
    if kind == "rolled":  # a solo passive roll also carries its closeness order, not shown
        dice = ", ".join(f"{t('clever.colour.' + c)} {v}" for c, v in event.faces if c != "closest")
        return t("clever.log.rolled_passive" if event.purpose == "solo_passive" else "clever.log.rolled", dice=dice)
    if kind == "round_started":
        return t("clever.log.round", round=event.round)
    if kind == "game_over":
        return t("clever.log.over")
    return ""
