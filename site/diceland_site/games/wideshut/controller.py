"""The controller of the Dice Wide Shut page: taps become engine actions.

A take is built in steps: tap dice (one or two of a colour; the purple die
joins either), then tap a lit box for each chosen die (a 6-box of the take's
half offers the power of the 6 where it may skip), then Confirm.  Which
boxes light up, whether dice may be taken, and what "nothing to mark"
means all come from the engine (``Game.mark_combinations``,
``Game.dice_refusal``): nothing here re-implements a rule.  Seats, turns,
the hand-over, bots and undo are the shared :class:`~diceland_site.table.Table`'s.
"""

from __future__ import annotations

from typing import Sequence

from diceland_core import get_game
from diceland_core.core.errors import IllegalActionError
from diceland_core.games.wideshut.actions import Roll, Take
from diceland_core.games.wideshut.game import Game, die_colour

from ...i18n import error_details
from ...play import Result, Tap, button, point
from ...seats import Seat
from ...table import Table
from ...turn_log import while_bots_play
from .announce import build_log, describe_events, narrate, take_text
from .model import ViewModel, build_model, position_of
from .strings import WideStrings

__all__ = ["Controller", "Result", "CURSOR_ROWS"]

DEFINITION = get_game("wideshut")
COLOURS = ("red", "blue")
#: keyboard cursor: the sheet as 10 rows (red 0-4, blue 0-4) of 6 columns (5 = the 6-box)
CURSOR_ROWS = tuple((half, r) for half in COLOURS for r in range(5))


class Controller(Table):
    """One game on the page: the engine state, the seats and the take being built."""

    GAME = "wideshut"
    STRINGS = WideStrings

    def __init__(self, game: Game, seats: Sequence[Seat], lang: str = "en"):
        self.cursor: tuple[str, int, int] | None = None
        self.clear()
        super().__init__(game, seats, lang)

    @classmethod
    def new(cls, seats: Sequence[Seat], seed: int, lang: str = "en") -> "Controller":
        return cls(DEFINITION.new(players=len(seats), seed=seed,
                                  meta={"seats": [s.to_json() for s in seats]}), seats, lang)

    # -- the table's hooks -------------------------------------------------------
    def build_log(self):
        return build_log(self.game, self.seats, self.strings)

    def forget_choice(self) -> None:
        self.clear()

    def handoff_words(self, seat: int) -> tuple[str, str, str]:
        return self.strings.t("handoff.text", name=self.seats[seat].name), "", self.strings.t("button.ok")

    def refusal(self, err: IllegalActionError) -> Result:
        return Result(False, self.strings.refusal(err, self.names), error_details(err, self.lang))

    def announce(self, events, action) -> Result:
        narrate(self.turn_log, self.game, events, len(self.game.actions), self.seats, self.strings)
        lines = tuple(describe_events(events, self.game, self.seats, self.strings))
        if lines:
            self.say("announce", " ".join(lines))
        return Result(True, lines=lines, changed=True)

    def nothing_to_undo(self) -> Result:
        return Result(False, self.strings.t("refuse.undo"))

    def undone(self, seat: int) -> Result:
        self.say("announce", self.strings.t("log.undone"))
        return Result(True, lines=(self.strings.t("log.undone"),), changed=True)

    def my_turn(self) -> bool:
        """The person on screen decides now (no hand-over pending)."""
        return self.acting_seat() is not None

    def current(self) -> int | None:
        """The player to roll or take (a bot's turn too); None once over."""
        return self.game.current_player

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
            err = self.game.dice_refusal(self.current(), wanted)
            if err is not None:
                return self.refusal(err)
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
        err = self.game.dice_refusal(self.current(), self.chosen)
        return self.strings.refusal(err, self.names) if err is not None else ""

    def tap_box(self, half: str, row: int, col: int) -> Result:
        """A tap on a box of the shown sheet (col 5: the 6-box of the row)."""
        if self.shown_player() != self.current() or not self.my_turn() or not self.chosen:
            return Result(False, self.strings.t("refuse.choose_dice")
                          if self.my_turn() and self.shown_player() == self.current() else self.strings.t("refuse.not_now"))
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
        return self.apply(action)

    def roll(self) -> Result:
        if not self.my_turn() or self.game.phase != "roll":
            return Result(False, self.strings.t("refuse.not_now"))
        return self._apply(Roll(self.current()))

    def confirm(self) -> Result:
        take = self.pending_take()
        if take is None:
            return Result(False, self.strings.t("refuse.incomplete"))
        return self._apply(take)

    def hint(self) -> Result:
        """The expert's take, laid out as the selection (Confirm plays it)."""
        if not self.my_turn():
            return Result(False, self.strings.t("refuse.not_now"))
        h = DEFINITION.hint(self.game, self.current())
        reason = self.strings.message(h.code, h.params, self.names)
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
        if self.needs_handoff():
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
        if self.needs_handoff():
            return s.t("handoff.text", name=name)
        if not self.seats[p].is_human:
            return while_bots_play(s.t("prompt.bot", name=name), self.turn_log, s.t)
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
