"""The controller of the Dice Wide Shut page: taps become engine actions.

A take is built in steps: tap dice (one or two of a colour; the purple die
joins either), then tap a lit box for each chosen die (a 6-box of the take's
half offers the power of the 6 where it may skip), then Confirm.  Which
boxes light up, whether a single die may be taken, and what "nothing to
mark" means all come from the engine (``Game.mark_combinations``, its
refusals): nothing here re-implements a rule.
"""

from __future__ import annotations

from typing import Sequence

from diceland_core import get_game
from diceland_core.core.errors import IllegalActionError
from diceland_core.games.wideshut.actions import Roll, Take
from diceland_core.games.wideshut.game import Game, die_colour

from ...play import Result, Tap, button, own_last_decision, point
from ...seats import Seat
from ...turn_log import while_bots_play
from .announce import build_log, describe_events, narrate, take_text
from .model import ViewModel, build_model, position_of
from .strings import WideStrings

__all__ = ["Controller", "Result", "CURSOR_ROWS"]

DEFINITION = get_game("wideshut")
COLOURS = ("red", "blue")
#: keyboard cursor: the sheet as 10 rows (red 0-4, blue 0-4) of 6 columns (5 = the 6-box)
CURSOR_ROWS = tuple((half, r) for half in COLOURS for r in range(5))


class Controller:
    """One game on the page: the engine state, the seats and the take being built."""

    def __init__(self, game: Game, seats: Sequence[Seat], lang: str = "en"):
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for {game.players} players")
        self.game = game
        self.seats = tuple(seats)
        self.strings = WideStrings(lang)
        self.bots = {p: DEFINITION.make_bot(s.kind, game.seed + 7919 * (p + 1)) for p, s in enumerate(self.seats)
                     if not s.is_human}
        self.viewing: int | None = None
        self.ready_for: int | None = None     # the person who last took the device
        self.cursor: tuple[str, int, int] | None = None
        self._log_key: tuple | None = None
        self.clear()
        humans = self.humans()
        if len(humans) == 1:
            self.ready_for = humans[0]

    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, lang: str = "en") -> "Controller":
        return cls(DEFINITION.new(players=len(seats), seed=seed,
                                  meta={"seats": [s.to_json() for s in seats]}), seats, lang)

    # -- who -------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.strings.lang

    def set_language(self, lang: str) -> None:
        self.strings = WideStrings(lang)

    @property
    def turn_log(self):
        """The game's turn log, rebuilt from its record when the game or the
        language changed other than by :meth:`_apply`."""
        log = self.current_log()
        self._turn_log, self._log_key = log, (self.strings.lang, len(self.game.actions))
        return log

    def current_log(self):
        """The turn log as it stands, a rebuilt one not kept (building the view changes nothing)."""
        key = (self.strings.lang, len(self.game.actions))
        return self._turn_log if key == self._log_key else build_log(self.game, self.seats, self.strings)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.is_human]

    def needs_handoff_rule(self) -> bool:
        return len(self.humans()) > 1

    def current(self) -> int | None:
        return self.game.current_player

    def bot_turn(self) -> bool:
        p = self.current()
        return p is not None and not self.seats[p].is_human

    def handoff(self) -> int | None:
        """The person the device must be passed to before play goes on."""
        p = self.current()
        if p is None or not self.seats[p].is_human or not self.needs_handoff_rule():
            return None
        return None if self.ready_for == p else p

    def ready(self) -> None:
        """The pass-the-device screen was acknowledged."""
        p = self.handoff()
        if p is not None:
            self.ready_for = p
            self.viewing = None

    def my_turn(self) -> bool:
        p = self.current()
        return p is not None and self.seats[p].is_human and self.handoff() is None

    def shown(self) -> int:
        """The seat whose sheet is drawn: a chosen tab, else the person playing
        (or the last one who did, while bots play)."""
        if self.viewing is not None:
            return self.viewing
        p = self.current()
        if p is not None and self.seats[p].is_human and self.handoff() is None:
            return p
        if self.ready_for is not None:
            return self.ready_for
        humans = self.humans()
        return humans[0] if humans else 0

    def view_sheet(self, seat: int | None) -> None:
        self.viewing = seat if seat is None or 0 <= seat < self.game.players else None

    # -- the take being built ------------------------------------------------
    def clear(self) -> None:
        self.chosen: list[int] = []
        self.colour: str | None = None          # fixed by a tapped box (purple alone)
        self.assigned: dict[int, tuple] = {}     # die position -> (colour, entry)
        self.auto: set[int] = set()              # dice assigned "nothing" by the page

    def die_colour(self, index: int) -> str:
        return die_colour(self.game.players, index)

    def take_colours(self) -> list[str]:
        """The colours the chosen dice may be taken as."""
        own = {self.die_colour(i) for i in self.chosen} - {"purple"}
        if own:
            return sorted(own)
        return [self.colour] if self.colour else list(COLOURS)

    def combos(self) -> list[tuple[str, tuple]]:
        """Every legal completion of the selection as (colour, marks)."""
        if not self.chosen or not self.my_turn() or self.game.phase != "take":
            return []
        p = self.current()
        out = []
        for colour in self.take_colours():
            for marks in self.game.mark_combinations(p, colour, self.chosen):
                out.append((colour, marks))
        return out

    def consistent(self) -> list[tuple[str, tuple]]:
        out = []
        for colour, marks in self.combos():
            if self.colour and colour != self.colour:
                continue
            if all(marks[k] == e and (not c or colour == c) for k, (c, e) in self.assigned.items()):
                out.append((colour, marks))
        return out

    def _options(self, consistent, k: int) -> list[tuple[str, tuple]]:
        seen = []
        for colour, marks in consistent:
            item = (colour, marks[k])
            if item not in seen:
                seen.append(item)
        return seen

    def _autofill(self) -> None:
        """A die whose only possibility is to mark nothing gets it (W4.2, W4.3)."""
        changed = True
        while changed:
            changed = False
            cons = self.consistent()
            for k in range(len(self.chosen)):
                if k in self.assigned:
                    continue
                opts = self._options(cons, k)
                entries = {e for _, e in opts}
                if opts and entries == {None}:
                    colours = {c for c, _ in opts}
                    self.assigned[k] = (opts[0][0] if len(colours) == 1 else "", None)
                    self.auto.add(k)
                    changed = True

    def _refusal(self, err: IllegalActionError) -> Result:
        return Result(False, self.strings.refusal(err, self.names()), f"{err.rule}")

    def _dice_problem(self, dice: list[int]) -> IllegalActionError | None:
        """The engine's objection to taking ``dice`` (in any colour), or None."""
        p = self.current()
        first: IllegalActionError | None = None
        own = {self.die_colour(i) for i in dice} - {"purple"}
        for colour in (sorted(own) if own else COLOURS):
            if self.game.mark_combinations(p, colour, dice):
                return None
            try:
                self.game.copy().apply(Take(p, colour, tuple(dice), (None,) * len(dice)))
            except IllegalActionError as err:
                if err.rule.startswith(("W4", "W5")):
                    return None   # the dice are fine; the marks come next
                first = first or err
        return first

    def tap_die(self, index: int) -> Result:
        if not self.my_turn() or self.game.phase != "take":
            return Result(False, self.strings.t("refuse.not_now"))
        if index in self.chosen:
            self.chosen.remove(index)
            self.assigned.clear()
            self.auto.clear()
            self.colour = None
            self._autofill()
            return Result()
        if index not in self.game.remaining_dice():
            return Result(False, self.strings.t("refuse.die_taken"))
        wanted = sorted(self.chosen + [index])
        if len(wanted) > 2:
            return Result(False, self.strings.t("refuse.two_dice"))
        if len(wanted) == 2:
            err = self._dice_problem(wanted)
            if err is not None and err.rule != "W3.4":
                return self._refusal(err)
        self.chosen = wanted
        self.assigned.clear()
        self.auto.clear()
        self.colour = None
        self._autofill()
        return Result()

    def single_problem(self) -> str:
        """Why one chosen die cannot be taken alone (the second die to choose)."""
        if len(self.chosen) != 1:
            return ""
        err = self._dice_problem(self.chosen)
        return self.strings.refusal(err, self.names()) if err is not None else ""

    def tap_box(self, half: str, row: int, col: int) -> Result:
        """A tap on a box of the shown sheet (col 5: the 6-box of the row)."""
        if self.shown() != self.current() or not self.my_turn() or not self.chosen:
            return Result(False, self.strings.t("refuse.choose_dice")
                          if self.my_turn() and self.shown() == self.current() else self.strings.t("refuse.not_now"))
        pos = (half, row, col)
        for k, (colour, entry) in list(self.assigned.items()):
            if entry is not None and position_of(colour, entry) == pos:
                del self.assigned[k]
                for a in list(self.auto):
                    self.assigned.pop(a, None)
                self.auto.clear()
                if not any(e is not None for _, e in self.assigned.values()):
                    self.colour = None
                self._autofill()
                return Result()
        cons = self.consistent()
        order = [k for k in range(len(self.chosen)) if k not in self.assigned]
        for k in order:
            for colour, entry in self._options(cons, k):
                if entry is not None and position_of(colour, entry) == pos:
                    self.assigned[k] = (colour, entry)
                    if self.die_colour(self.chosen[k]) == "purple" or entry[0] in ("red", "blue", "skip"):
                        self.colour = colour if colour else self.colour
                    self._autofill()
                    return Result()
        return Result(False, self.strings.t("refuse.box"))

    def pending_take(self) -> Take | None:
        """The take the selection describes, once every chosen die has a mark."""
        if not self.chosen or len(self.assigned) != len(self.chosen):
            return None
        for colour, marks in self.consistent():
            return Take(self.current(), colour, tuple(self.chosen), marks)
        return None

    # -- actions --------------------------------------------------------------
    def _apply(self, action) -> Result:
        log = self.turn_log
        try:
            events = self.game.apply(action)
        except IllegalActionError as err:
            return self._refusal(err)
        narrate(log, self.game, events, len(self.game.actions), self.seats, self.strings)
        self._log_key = (self.strings.lang, len(self.game.actions))
        self.clear()
        self.viewing = None
        return Result(True, lines=tuple(describe_events(events, self.game, self.seats, self.strings)), changed=True)

    def roll(self) -> Result:
        if not self.my_turn() or self.game.phase != "roll":
            return Result(False, self.strings.t("refuse.not_now"))
        return self._apply(Roll(self.current()))

    def confirm(self) -> Result:
        take = self.pending_take()
        if take is None:
            return Result(False, self.strings.t("refuse.incomplete"))
        return self._apply(take)

    def undo(self) -> Result:
        """Take back the last take when no roll came after it (people only:
        bots' takes after the person's are taken back with it)."""
        found = self._own_last()
        if found is None:
            return Result(False, self.strings.t("refuse.undo"))
        steps, seat = found
        self.game = self.game.undo(steps)
        self._log_key = None
        self.clear()
        self.ready_for = seat
        self.viewing = None
        return Result(True, lines=(self.strings.t("log.undone"),), changed=True)

    def _own_last(self) -> tuple[int, int] | None:
        """The last take of a person, with the bots' takes after it, while no
        die was rolled since: ``(steps, seat)``.  In hot-seat a person takes
        back only their own, while the device is still theirs (during the
        bots' takes after it; the screen that passes the device on offers no
        Undo, as in Diceland), never another person's."""
        found = own_last_decision(self.game, lambda a: a.player, lambda p: self.seats[p].is_human)
        if found is not None and self.needs_handoff_rule() and found[1] != self.ready_for:
            return None
        return found

    def can_undo(self) -> bool:
        return self._own_last() is not None

    def bot_step(self) -> Result:
        """One decision of the bot whose turn it is."""
        if not self.bot_turn():
            return Result(False)
        p = self.current()
        return self._apply(self.bots[p].choose(self.game, p))

    def hint(self) -> Result:
        """The expert's take, laid out as the selection (Confirm plays it)."""
        if not self.my_turn():
            return Result(False, self.strings.t("refuse.not_now"))
        h = DEFINITION.hint(self.game, self.current())
        reason = self.strings.message(h.code, h.params, self.names())
        if isinstance(h.action, Take):
            self.clear()
            self.chosen = list(h.action.dice)
            self.colour = h.action.colour
            for k, e in enumerate(h.action.marks):
                self.assigned[k] = (h.action.colour, e)
        return Result(True, reason)

    def hint_move(self) -> dict | None:
        """The expert's action for the person on screen as scenario JSON
        (None while no one is, or the device is to be passed on)."""
        if not self.my_turn():
            return None
        p = self.current()
        return DEFINITION.action_to_json(DEFINITION.hint(self.game, p).action)

    def hint_clicks(self, layout) -> list[Tap]:
        """The hint's move as the clicks a person makes: button ids (the
        dice are buttons ``die-<index>``) and points of the canvas drawn
        with ``layout`` (a :class:`.draw.SheetLayout`)."""
        p = self.current()
        if p is None or not self.seats[p].is_human:
            return []
        if self.handoff() is not None:
            return [button("btn-handoff")]
        self.viewing = None
        action = DEFINITION.hint(self.game, p).action
        if not isinstance(action, Take):
            return [button("btn-roll")]
        out = [button("btn-clear")] if self.chosen else []
        out += [button(f"die-{i}") for i in action.dice]
        for entry in action.marks:
            pos = position_of(action.colour, entry)
            if pos is not None:
                out.append(point(*layout.box_center_css(*pos)))
        return out + [button("btn-confirm")]

    # -- keyboard ------------------------------------------------------------
    def move_cursor(self, key: str) -> None:
        if self.cursor is None:
            self.cursor = ("red", 0, 0)
            return
        half, r, c = self.cursor
        i = CURSOR_ROWS.index((half, r))
        if key == "ArrowUp":
            i = max(0, i - 1)
        elif key == "ArrowDown":
            i = min(len(CURSOR_ROWS) - 1, i + 1)
        elif key == "ArrowLeft":
            c = max(0, c - 1)
        elif key == "ArrowRight":
            c = min(5, c + 1)
        half, r = CURSOR_ROWS[i]
        self.cursor = (half, r, c)

    def key(self, key: str) -> Result:
        """Keys on the sheet: arrows move the cursor, Enter/Space taps its box,
        1-9 choose dice (by position among the dice), Escape clears."""
        if key.startswith("Arrow"):
            self.move_cursor(key)
            return Result()
        if key in ("Enter", " ") and self.cursor is not None:
            return self.tap_box(*self.cursor)
        if key == "Escape":
            self.clear()
            self._autofill()
            return Result()
        return Result(False)

    # -- the view ---------------------------------------------------------------
    def model(self) -> ViewModel:
        """Everything the page shows (:func:`.model.build_model`)."""
        return build_model(self)

    def _nothing_note(self, index: int) -> str:
        s = self.strings
        v = self.game.roll[index]
        if v == 6:
            return s.t("note.nothing_six")
        colour = self.colour or next(iter(self.take_colours()))
        return s.t("note.nothing", die=s.die(self.die_colour(index), v),
                   half=s.t(f"half.{colour}"), value=v)

    def prompt(self, pending, targets, notes) -> str:
        g, s = self.game, self.strings
        if g.over:
            winners = s.names([self.seats[w].name for w in g.winners])
            return s.t("prompt.over", winners=winners, n=len(g.winners))
        p = self.current()
        name = self.seats[p].name
        if self.handoff() is not None:
            return s.t("handoff.text", name=name)
        if not self.seats[p].is_human:
            return while_bots_play(s.t("prompt.bot", name=name), self.current_log(), s.t)
        if g.phase == "roll":
            return s.t("prompt.roll", name=name)
        if not self.chosen:
            return s.t("prompt.choose", name=name)
        lone = self.single_problem()
        if lone:
            return lone
        if pending is not None:
            return s.t("prompt.confirm", take=take_text(pending, g, s))
        if any(t.kind == "skip" for t in targets):
            return s.t("prompt.mark_or_skip")
        return s.t("prompt.mark")
