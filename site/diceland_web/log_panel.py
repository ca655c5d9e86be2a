"""The log panel of every game page: the :class:`~diceland_site.turn_log.TurnLog`
of the game on screen drawn into ``#log``, one entry per turn, oldest first,
the current turn open and the earlier ones closed (a tap opens one)."""

from __future__ import annotations

from diceland_site.turn_log import TurnLog, turn_html

from .dom import document, el

__all__ = ["LogPanel"]


class LogPanel:
    """Draws a log, touching only what changed since the last draw: a new
    turn closes the one before; a turn the player opened stays open."""

    def __init__(self) -> None:
        self.log: TurnLog | None = None
        self.version = -1
        self.count = 0
        self.replay = ""

    def clear(self) -> None:
        el("log").innerHTML = ""
        self.log, self.version, self.count = None, -1, 0

    def render(self, log: TurnLog, replay: str = "") -> None:
        """Draw ``log``; ``replay``: the label of the finished turns' replay
        button (none without it)."""
        box = el("log")
        drawn = int(box.childElementCount) == self.count
        if log is self.log and log.version == self.version and drawn and replay == self.replay:
            return
        if log is not self.log or len(log.turns) < self.count or not drawn or replay != self.replay:
            box.innerHTML = ""
            self.count = 0
        items = box.children
        first = max(self.count - 1, 0)
        for i in range(first, len(log.turns)):
            current = i == len(log.turns) - 1
            if i < self.count:
                item = items.item(i)
            else:
                item = document.createElement("li")
                item.className = "log-turn"
                box.appendChild(item)
            item.innerHTML = turn_html(log.turns[i], i, current, replay)
        self.log, self.version, self.count, self.replay = log, log.version, len(log.turns), replay
        box.scrollTop = box.scrollHeight
