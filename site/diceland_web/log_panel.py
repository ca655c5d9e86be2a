"""The log panel of every game page: the :class:`~diceland_site.turn_log.TurnLog`
of the game on screen drawn into ``#log``, one entry per turn, oldest first,
the current turn open and the earlier ones closed (a tap opens one)."""

from __future__ import annotations

from diceland_site.seats import Seat
from diceland_site.turn_log import TurnEntry, TurnLog, turn_entry
from diceland_site.turn_replay import TurnReplay

from .dom import document, el, esc, js_obj, later, window

__all__ = ["LogPanel", "LogReplay"]

#: a screen with room for the log beside the sheet (style.css says the same)
WIDE = "(min-width: 900px)"


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
            fill_turn(item, turn_entry(log.turns[i], i, current, replay))
        self.log, self.version, self.count, self.replay = log, log.version, len(log.turns), replay
        box.scrollTop = box.scrollHeight


def fill_turn(item, entry: TurnEntry) -> None:
    """``item`` (a ``li`` of the log) holding ``entry``: a heading that opens
    and closes it, its lines, a finished turn's replay button."""
    item.innerHTML = ""
    box = document.createElement("details")
    box.className = "log-turn-box"
    box.dataset.turn = str(entry.index)
    box.open = entry.open
    title = document.createElement("summary")
    title.className = "log-turn-title"
    title.textContent = entry.title
    lines = document.createElement("ol")
    lines.className = "log-lines"
    for text, latest in entry.lines:
        line = document.createElement("li")
        line.textContent = text
        if latest:
            line.className = "log-latest"
        lines.appendChild(line)
    box.append(title, lines)
    if entry.replay:
        button = document.createElement("button")
        button.type = "button"
        button.className = "log-replay"
        button.dataset.turn = str(entry.index)
        button.textContent = entry.replay
        box.appendChild(button)
    item.appendChild(box)


class LogReplay:
    """Mixed into a game page: a finished turn's replay button steps
    through its moves on the board at the bot speed, then the present comes
    back.  The page draws :attr:`replay`'s position in ``render_replay``
    while ``replay`` is set, and its input and bots wait meanwhile."""

    replay: TurnReplay | None = None

    def __init__(self, shell):
        super().__init__(shell)
        self.log_panel = LogPanel()
        # open beside the sheet on a wide screen (what the bots did, at a glance), a tap away on a phone
        el("log-panel").open = bool(window.matchMedia(WIDE).matches)
        #: a finished turn being replayed on the board (input waits meanwhile)
        self.replay = None
        self.on(el("log"), "click", self.log_click)

    def show(self, ctrl, save_id: str | None) -> None:
        self.replay = None  # another game on screen: no replay of this one
        super().show(ctrl, save_id)

    def log_click(self, evt) -> None:
        target = evt.target.closest("button.log-replay") if evt.target else None
        if not target or self.ctrl is None:
            return
        if self.replay is not None:  # a second tap ends the replay
            self.replay.stop()
            return
        state = self.current_game()[0]
        self.replay = TurnReplay(state, self.ctrl.turn_log, int(target.dataset.turn))
        # the board, where the turn is played again, in view (the log may be
        # far below it), and no message of the present over it
        self.canvas.scrollIntoView(js_obj({"block": "start"}))
        self.notices.clear_toasts()
        self.replay_tick()

    def replay_tick(self) -> None:
        """Draw the replay's next position; back to the present once done."""
        replay = self.replay
        if replay is None:
            return
        if replay.done:
            self.replay = None
            self.render()
            return
        self.render()
        replay.advance()
        later(max(400.0, float(self.shell.bot_delay())), self.replay_tick)

    def replaying(self) -> bool:
        """Draw the replay's position if a replay runs (True), else nothing."""
        if self.replay is None or self.replay.done:
            return False
        self.render_replay(self.replay)
        return True

    def replay_controller(self):
        """A controller of the replay's position (every seat a person's:
        nothing in it moves by itself), showing the sheet of who just moved."""
        replay = self.replay
        seats = [Seat(s.name) for s in self.ctrl.seats]
        view = type(self.ctrl)(replay.position, seats, lang=self.lang)
        if hasattr(view, "revealed"):  # the dice as they fell: nothing waits for a Roll in a replay
            view.revealed = True
        if getattr(replay, "seat", None) is not None:  # a review: the reviewed player's sheet
            view.viewing = replay.seat
        elif replay.step:  # the sheet of the player who just moved
            view.viewing = getattr(replay.position.actions[-1], "player", None)
        return view

    def replay_model(self):
        """The view model of the replay's position."""
        return self.replay_controller().model()

    def replay_ops(self, layout) -> list:
        """What a review draws over the replayed position (its moves'
        marks, in ``layout``'s draw units); nothing otherwise."""
        marks = getattr(self.replay, "marks", None) if self.replay is not None else None
        return list(marks(layout)) if marks is not None else []

    def replay_controls(self, model) -> None:
        """What the page says while a replay runs; its buttons are off."""
        replay = self.replay
        if getattr(replay, "prompt", None) is not None:  # a review says which decision is shown
            prompt = el("prompt")
            prompt.innerHTML = esc(replay.prompt) + "".join(  # and what its marks mean
                f' <span class="review-legend {which}">{esc(words)}</span>' for which, words in replay.legend)
            mark_dice(replay.dice)
        else:
            turn = self.ctrl.turn_log.turns[replay.index]
            el("prompt").textContent = self.t("log.replaying", turn=turn.title, step=replay.step, moves=replay.moves)
        for b in model.buttons:
            el(f"btn-{b.id}").disabled = True


def mark_dice(marks: dict) -> None:
    """The dice buttons a review's moves use, marked (``review-die-`` and
    ``played``, ``better``, ``both`` or ``same``); the others unmarked."""
    old = document.querySelectorAll("[data-review-die]")
    for i in range(old.length):
        node = old.item(i)
        node.classList.remove("review-die-" + str(node.dataset.reviewDie))
        node.removeAttribute("data-review-die")
    for selector, which in marks.items():
        found = document.querySelectorAll(selector)
        for i in range(found.length):
            found.item(i).classList.add("review-die-" + which)
            found.item(i).dataset.reviewDie = which
