"""The announcements and log lines the controller collects for the page
(the result of a tap or a decision is the shared :class:`diceland_site.play.Result`)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Message"]


@dataclass(frozen=True)
class Message:
    """An announcement (``kind="toast"``) or a game-log line (``kind="log"``);
    ``event`` names what caused it."""

    kind: str
    text: str
    event: str = ""
    player: int | None = None
    #: the turn it belongs to (a toast of a turn that is over is not shown)
    turn: int = 0
