"""What the controller answers: the result of a tap or a decision, and the
announcements and log lines it collects for the page."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TapResult", "ActionResult", "Message"]


@dataclass(frozen=True)
class TapResult:
    """What a tap on the board did: ``change`` is ``"added"``, ``"removed"``
    or ``"rejected"`` (then ``reason`` says why, translated)."""

    ok: bool
    change: str
    cell: tuple[int, int] | None = None
    reason: str = ""
    #: the rule behind a refusal, for a "details" link ("D2.1 Adjacent cells")
    details: str = ""


@dataclass(frozen=True)
class ActionResult:
    ok: bool
    reason: str = ""
    #: the rule behind a refusal, for a "details" link ("D2.4 Overshoot")
    details: str = ""


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
