"""The game log of every game, grouped by turn: a heading per turn
("Round 2 · Ana's turn") and that turn's story in plain lines, oldest first.

Each game's ``announce`` module turns the engine's events into entries of a
:class:`TurnLog`; the page's log panel draws it.  A log is rebuilt from a
game's record (its setup and actions, replayed) by :func:`rebuild`, so a
resumed game shows the whole story, not only what happened since the reload.

A bonus chain is one line: a mark that earns a bonus gets it appended after
an arrow ("yellow 4 in row 2 → blue X"), and the mark the bonus is spent on
later continues that same line (":meth:`TurnLog.chain`").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

__all__ = ["TurnLog", "Turn", "TurnEntry", "ARROW", "rebuild", "turn_entry", "while_bots_play"]

ARROW = " → "


@dataclass
class Turn:
    """One turn: its heading, its lines, and the number of actions played
    before it began (where a replay of the turn starts)."""
    title: str
    start: int
    lines: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.title, "start": self.start, "lines": list(self.lines)}


class TurnLog:
    """The turns of a game, oldest first; the last one is the current turn."""

    def __init__(self) -> None:
        self.turns: list[Turn] = []
        #: changes with every new line or heading (the panel redraws on a change)
        self.version = 0
        #: per player, where the line of an unfinished bonus chain is
        self._chains: dict[int, tuple[int, int]] = {}
        #: what a game's narration keeps between actions
        self.state: dict[str, Any] = {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TurnLog) and self.turns == other.turns

    __hash__ = None  # type: ignore[assignment]

    def begin(self, title: str, start: int) -> Turn:
        """Start a new turn headed ``title`` (``start``: actions before it)."""
        turn = Turn(title, start)
        self.turns.append(turn)
        self._chains.clear()
        self.version += 1
        return turn

    def add(self, line: str, start: int = 0) -> None:
        """A line of the current turn (a turn without heading if none began)."""
        if not line:
            return
        if not self.turns:
            self.begin("", start)
        self.turns[-1].lines.append(line)
        self.version += 1

    def latest(self) -> str:
        """The newest line of the current turn ("" before its first)."""
        return self.turns[-1].lines[-1] if self.turns and self.turns[-1].lines else ""

    def open_chain(self, player: int) -> None:
        """The last line is a mark of ``player`` that earned bonuses: what
        they lead to continues that line."""
        if self.turns and self.turns[-1].lines:
            self._chains[player] = (len(self.turns) - 1, len(self.turns[-1].lines) - 1)

    def close_chain(self, player: int) -> None:
        self._chains.pop(player, None)

    def chain(self, player: int, part: str) -> bool:
        """Append ``part`` after an arrow to ``player``'s open chain line;
        False (nothing done) if there is none."""
        at = self._chains.get(player)
        if at is None or not part:
            return False
        t, i = at
        lines = self.turns[t].lines
        lines[i] = lines[i] + ARROW + part
        self.version += 1
        return True

    def extend_last(self, part: str) -> bool:
        """Append ``part`` after an arrow to the current turn's last line."""
        if not part or not self.turns or not self.turns[-1].lines:
            return False
        lines = self.turns[-1].lines
        lines[-1] = lines[-1] + ARROW + part
        self.version += 1
        return True

    def lines(self) -> list[str]:
        """Every line, oldest first (headings included)."""
        out: list[str] = []
        for turn in self.turns:
            if turn.title:
                out.append(turn.title)
            out.extend(turn.lines)
        return out

    def to_json(self) -> list[dict[str, Any]]:
        return [t.to_json() for t in self.turns]


#: ``narrate(log, state, events, done)``: the entries of ``events``, just
#: applied on ``state`` as its ``done``-th action (0: the opening events)
Narrate = Callable[[TurnLog, Any, list, int], None]


def rebuild(state: Any, narrate: Narrate, opening: Callable[[Any], list],
            make: Callable[[Any], Any] | None = None) -> TurnLog:
    """The log of ``state``'s game so far: its setup replayed action by
    action, each action's events narrated.  ``opening(fresh)`` gives the
    events of the fresh game's own start (a first roll made before any
    action; ``make(setup)`` makes the fresh game, ``type(state)`` unless
    given)."""
    fresh = (make or type(state))(state.setup)
    log = TurnLog()
    narrate(log, fresh, opening(fresh), 0)
    for done, action in enumerate(state.actions, 1):
        narrate(log, fresh, fresh.apply(action), done)
    return log


@dataclass(frozen=True)
class TurnEntry:
    """One turn's entry of the log panel, as data (the page writes it into
    the DOM as text): its heading, its lines with the newest one marked
    while the turn is the current one, open or closed, and the label of
    the button that replays a finished turn ("" for none)."""

    index: int
    title: str
    lines: tuple[tuple[str, bool], ...]
    open: bool
    replay: str


def turn_entry(turn: Turn, index: int, current: bool, replay: str = "") -> TurnEntry:
    """The entry of ``turn`` (the ``index``-th); ``replay``: the label of a
    finished turn's replay button."""
    last = len(turn.lines) - 1 if current else -1  # the newest line stands out while it is new
    return TurnEntry(index, turn.title, tuple((line, i == last) for i, line in enumerate(turn.lines)),
                     current, "" if current else replay)


def while_bots_play(waiting: str, log: TurnLog, t: Callable[..., str]) -> str:
    """The prompt while bots play: ``waiting`` ("Strong bot is thinking…")
    and the turn's newest line, so that each of a bot's moves can be read
    where the player looks, one after another at the bot speed, with the
    log panel closed."""
    latest = log.latest()
    return f"{waiting} {t('log.last', line=latest)}" if latest else waiting
