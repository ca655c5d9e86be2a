"""The clever page's controller: a :class:`Game` on the shared
:class:`~diceland_site.table.Table`, and what a tap or a button means, as
plain Python (no browser).

Whose decision is awaited comes from the engine's ``waiting_for``: the
player of a pending bonus choice, owed round-4 choices, the active player
while rolling, then every passive player's take or pass at once.  Beside
them the table offers the "+1" actions nobody must use (C7.4): a person
whose part of the turn is over and who has a +1 to use may use it or say
"Done" (the person holding the device first, so the device changes hands
only when another person must decide); bots use theirs once every take is
made.  When nothing is left to decide the turn ends by itself.  The rules
stay in the engine (``usable_dice``, ``targets``, ``legal_actions``).
"""

from __future__ import annotations

from typing import Any

from diceland_core.core.registry import get_game
from diceland_core.games.clever import Game, hint
from diceland_core.games.clever.actions import (
    Bonus, EndTurn, Extra, Pass, Pick, Reroll, RoundBonus, Take,
)
from diceland_core.games.clever.game import FINISH, ROLLING, ROUND_BONUS_PHASE
from diceland_core.games.clever.messages import rating_code

from ...play import Result, Tap, button, point
from ...seats import Seat
from ...table import Table
from .announce import build_log, describe, narrate
from .strings import CleverStrings

__all__ = ["Controller", "Result", "spot_field"]


def spot_field(state: Game, player: int, area: str, index: Any) -> Any:
    """The action ``field`` of a tapped sheet spot: yellow ``(r, c)``, the
    blue sum, ``None`` for the other areas (always their next field)."""
    if area == "yellow":
        return tuple(index)
    if area == "blue":
        return index
    return None


def next_index(state: Game, player: int, area: str) -> int:
    """The index of the next free field of green, orange or purple."""
    s = state.sheets[player]
    return {"green": s.g, "orange": len(s.o), "purple": len(s.p)}[area]


class Controller(Table):
    GAME = "clever"
    STRINGS = CleverStrings

    def __init__(self, game: Game, seats: list[Seat] | tuple[Seat, ...], lang: str = "en"):
        self.selection: str | None = None
        #: the +1 button pressed: the page asks for a die to use again
        self.extra_mode = False
        self.hint_action: Any = None
        #: who said "Done" to the +1s they could use this turn
        self.declined: set[int] = set()
        self._turn_key: tuple = ()
        self._deciders: tuple = ((), ())
        super().__init__(game, seats, lang)
        self._turn_key = self.turn_key()

    @classmethod
    def new(cls, seats, seed: int, lang: str = "en") -> "Controller":
        return cls(Game.new(players=len(seats), seed=seed), seats, lang)

    # -- the table's hooks -------------------------------------------------------------
    def t(self, key: str, **params) -> str:
        return self.strings.t(key, **params)

    def build_log(self):
        return build_log(self.game, self.names, self.strings)

    def forget_choice(self) -> None:
        self.selection = None
        self.extra_mode = False
        self.hint_action = None

    def handoff_words(self, seat: int) -> tuple[str, str, str]:
        name = self.seats[seat].name
        return self.t("clever.handoff", name=name), "", self.t("button.ready", name=name)

    def announce(self, events, action) -> Result:
        for text in map(self.describe, events):
            if text:
                self.say("log", text)
        narrate(self.turn_log, self.game, events, len(self.game.actions), self.names, self.strings)
        key = self.turn_key()
        if key != self._turn_key:
            self._turn_key = key
            self.declined = set()
        return Result(True, changed=True)

    def nothing_to_undo(self) -> Result:
        return Result(False, self.t("clever.tap.no_undo"))

    def undone(self, seat: int) -> Result:
        self.declined.discard(seat)
        self._turn_key = self.turn_key()
        return Result(True, changed=True)

    # -- who decides -------------------------------------------------------------------
    def turn_key(self) -> tuple:
        g = self.game
        return (g.round, g.active, g.solo_passive, g.over)

    def finish_order(self) -> list[int]:
        """The order of the +1 decisions: the passive players clockwise from
        the active player's left, the active player last."""
        g = self.game
        n = g.players
        return [0] if n == 1 else [(g.active + i) % n for i in range(1, n)] + [g.active]

    def has_extra(self, p: int) -> bool:
        return any(a.type == "extra" for a in self.game.legal_actions(p))

    def optional(self) -> tuple[int, ...]:
        """Who may still use a +1 now and has not said "Done" (people at
        once, bots once every take is made)."""
        g = self.game
        if g.phase != FINISH or g.pending_player is not None:
            return ()
        compulsory = g.compulsory()
        return tuple(p for p in self.finish_order()
                     if p not in compulsory and p not in self.declined and self.has_extra(p)
                     and (self.seats[p].is_human or not compulsory))

    def deciders(self) -> tuple[int, ...]:
        """The engine's ``waiting_for``; in the turn's end, the takes still
        owed and the +1s still open, else the one who ends the turn (kept
        until the position or a "Done" changes: the page asks often)."""
        g = self.game
        key = (self.undos, id(g), len(g.actions), frozenset(self.declined))
        if self._deciders[0] != key:
            waiting = tuple(g.waiting_for())
            if g.phase == FINISH and g.pending_player is None:
                waiting = tuple(g.compulsory()) + self.optional() or waiting
            self._deciders = (key, waiting)
        return self._deciders[1]

    def automatic(self, seat: int) -> Any:
        """The end of the turn, once nothing is left to decide."""
        g = self.game
        if g.phase == FINISH and self.deciders() == (seat,) and seat not in self.optional() \
                and not g.compulsory() and g.pending_player is None:
            return EndTurn()
        return None

    def ends_turn(self, p: int) -> bool:
        """``p``'s "Done" ends the turn (nobody else has anything left to decide)."""
        return self.game.phase == FINISH and self.deciders() == (p,) and not self.game.compulsory()

    def current(self) -> int | None:
        """Whose decision the page shows (:meth:`deciding_seat`)."""
        return self.deciding_seat()

    def is_human_turn(self) -> bool:
        return self.current_seat() is not None

    def bot_step(self) -> Result:
        """A bot's decision; a bot's "Done" to its +1s is the table's to keep."""
        found = self.next_move()
        if found is None or found[1] is not None or found[0] not in self.optional():
            return super().bot_step()
        seat = found[0]
        try:
            action = self.bot(seat).choose(self.game, seat)
        except Exception:  # noqa: BLE001 — a failing bot passes on its +1s
            action = EndTurn()
        if action.type == "end_turn" or not self.game.is_legal(action):
            self.declined.add(seat)
            return Result(True)
        return self.apply(action)

    def view_sheet(self, seat: int | None) -> None:
        """Look at ``seat``'s sheet (None: back to the one the page chooses)."""
        self.viewing = seat if seat is None or 0 <= seat < len(self.seats) else None

    @property
    def last_human(self) -> int | None:
        """The person who decided last (or decides now)."""
        return self.holder

    def describe(self, event: Any) -> str:
        return describe(event, self.names, self.strings)

    # -- inputs ------------------------------------------------------------------------
    def _human(self) -> int | Result:
        p = self.current()
        if p is None:
            return Result(False, self.t("clever.tap.over"))
        if not self.seats[p].is_human:
            return Result(False, self.t("clever.tap.bot_turn", name=self.seats[p].name))
        if self.needs_handoff():
            return Result(False, self.handoff_words(p)[0])
        return p

    def _apply(self, action: Any) -> Result:
        return self.apply(action)

    def tap_die(self, colour: str) -> Result:
        p = self._human()
        if isinstance(p, Result):
            return p
        s = self.game
        if colour in s.usable_dice(p):
            self.selection = colour
            return Result(True)
        if s.is_legal(Pick(p, colour)):
            self.selection = colour
            return Result(True)
        self.selection = None
        return Result(False, self.t("clever.tap.die_unusable", die=self.t(f"clever.colour.{colour}")))

    def clear_selection(self) -> None:
        self.selection = None

    def die_action(self, p: int, die: str, area: str, fld: Any) -> Any:
        """The pick, take or +1 a die and a mark mean now for ``p``."""
        s = self.game
        if s.phase == ROLLING:
            return Pick(p, die, area, fld)
        if p in s.passive_players() and not s.done[p]:
            return Take(p, die, area, fld)
        return Extra(p, die, area, fld)

    def tap_mark(self, area: str, index: Any) -> Result:
        p = self._human()
        if isinstance(p, Result):
            return p
        s = self.game
        fld = spot_field(s, p, area, index)
        if s.pending_player == p:
            return self._apply(Bonus(p, area, fld))
        if s.phase == ROUND_BONUS_PHASE:
            return self._apply(RoundBonus(p, area, fld))
        if self.selection is None:
            return Result(False, self.t("clever.tap.choose_die"))
        die = self.selection
        if area == "blue" and die in ("blue", "white"):
            fld = s.faces[0] + s.faces[2]
        return self._apply(self.die_action(p, die, area, fld))

    def tap(self, spot: tuple) -> Result:
        if spot[0] == "die":
            return self.tap_die(spot[1])
        if spot[0] == "mark":
            return self.tap_mark(spot[1], spot[2])
        return Result(False, "")

    def press(self, name: str) -> Result:
        """A button: reroll, extra, pass, confirm, done, undo, hint."""
        if name == "undo":
            return self.undo()
        if name == "handoff":
            self.acknowledge_handoff()
            return Result(True)
        p = self._human()
        if isinstance(p, Result):
            return p
        if name == "reroll":
            return self._apply(Reroll(p))
        if name == "pass":
            return self._apply(Pass(p))
        if name == "confirm":
            if self.selection is None:
                return Result(False, self.t("clever.tap.choose_die"))
            return self._apply(Pick(p, self.selection))
        if name == "extra":
            self.selection = None
            if not self.has_extra(p):
                self.extra_mode = False
                return Result(False, self.t("clever.tap.no_extra"))
            self.extra_mode = not self.extra_mode
            if self.extra_mode:
                self.say("announce", self.t("clever.prompt.extra_mode", name=self.seats[p].name))
            return Result(True)
        if name == "done":
            return self.done(p)
        if name == "hint":
            return self.hint()
        return Result(False, "")

    def done(self, p: int) -> Result:
        """``p`` uses no more +1s this turn; the turn ends once nobody has
        anything left to decide."""
        g = self.game
        if g.phase != FINISH or p in g.compulsory() or g.pending_player is not None:
            return Result(False, self.t("clever.tap.not_done"))
        self.declined.add(p)
        self.forget_choice()
        found = self.next_move()
        if found is not None and found[0] == p and found[1] is not None:
            return self.apply(found[1])
        return Result(True)

    def hint(self) -> Result:
        p = self._human()
        if isinstance(p, Result):
            return p
        h = hint(self.game, p)
        action = h.action
        if action.type == "end_turn" and not self.ends_turn(p):
            action = None
        self.hint_action = action or "done"
        if action is not None and getattr(action, "die", None):
            self.selection = action.die
        text = h.text(self.lang) or self.t("clever.hint.done")
        self.say("announce", text)
        return Result(True, text)

    def hint_taps(self) -> list[tuple]:
        """The taps that make the hint's move: spots and button names (what
        a player would tap; the browser tests play through these); none
        while the table ends the turn for the person by itself."""
        p = self.current_seat()
        if p is None:
            return []
        if self.needs_handoff():
            return [("button", "handoff")]
        if self.hint_action is None:
            self.hint()
        a = self.hint_action
        return [("button", "done")] if a == "done" else self.action_taps(p, a)

    def hint_clicks(self, layout: Any) -> list[Tap]:
        """:meth:`hint_taps` as the clicks a person makes: points of the
        canvas drawn with ``layout`` (a die or a field) and button ids."""
        from .draw import die_rect
        from .layout import GEOMETRY

        p = self.current_seat()
        if p is None:
            return []
        self.viewing = None
        out: list[Tap] = []
        for tap in self.hint_taps():
            if tap[0] == "button":
                out.append(button(f"btn-{tap[1]}"))
                continue
            if tap[0] == "die":
                rect = die_rect(next(d for d in self.model().dice if d.colour == tap[1]))
            else:
                rect = GEOMETRY.mark_rect(tap[1], tap[2])
            out.append(point(*layout.to_css(rect.cx, rect.cy)))
        return out

    def hint_move(self) -> dict | None:
        """The hint's engine action as JSON (None: nothing for the engine,
        such as "Done" before the last player's turn end)."""
        p = self.current_seat()
        if p is None or self.needs_handoff():
            return None
        action = hint(self.game, p).action
        if action.type == "end_turn" and not self.ends_turn(p):
            return None
        return get_game("clever").action_to_json(action)

    def action_taps(self, p: int, a: Any) -> list[tuple]:
        """The taps that make action ``a`` of player ``p``."""
        if a.type == "end_turn":
            return [("button", "done")]
        if a.type in ("reroll", "pass"):
            return [("button", a.type)]
        taps: list[tuple] = []
        if getattr(a, "die", None):
            taps.append(("die", a.die))
            if a.area is None:
                return taps + [("button", "confirm")]
        fld = a.field
        if a.area == "blue" and fld is None and getattr(a, "die", None):
            fld = self.game.faces[0] + self.game.faces[2]
        return taps + [("mark", a.area, self.spot_index(p, a.area, fld))]

    def spot_index(self, p: int, area: str, fld: Any) -> Any:
        if area in ("yellow", "blue"):
            return fld
        return next_index(self.game, p, area)

    # -- what the page shows -------------------------------------------------------------
    def rating(self) -> str | None:
        """The solo rating phrase (C11.4, R10) once a solo game is over."""
        s = self.game
        if s.players != 1 or not s.over:
            return None
        from diceland_core.core.errors import render_message
        return render_message(rating_code(s.sheets[0].total()), {}, self.lang)

    def bonus_prompt(self, p: int) -> str:
        """The prompt of ``p``'s bonus cross, with what earned it ("Blue X:
        from completing yellow row 2")."""
        bonus = self.game.pending[0]
        name, area = self.seats[p].name, self.strings.area(bonus[:-2])
        why = self.turn_log.state.get("why", {}).get((p, bonus))
        if why is None:
            return self.t("clever.prompt.bonus", name=name, area=area)
        return self.t("clever.prompt.bonus_why", name=name, bonus=self.t(f"clever.bonus.{bonus}"), why=why)

    def model(self):
        from .model import build_model
        return build_model(self)


