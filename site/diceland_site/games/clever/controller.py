"""The clever page's controller: a :class:`Game`, its seats, and
what a tap or a button means, as plain Python (no browser).

Who acts now (:meth:`Controller.current`): the player of a pending
bonus choice; an owed round-4 choice; the active player while rolling; once
rolling has ended, the players in order (passive players clockwise from the
active player's left, the active player last; in solo the one player): each
takes or passes, may use +1 actions, then says "Done" (the last one ends
the turn).  Bots answer through their ``choose``; the rules stay in the
engine (``usable_dice``, ``targets``, ``legal_actions``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from diceland_core.core.errors import IllegalActionError
from diceland_core.core.registry import get_game
from diceland_core.games.clever import Game
from diceland_core.games.clever.actions import (
    Bonus, EndTurn, Extra, Pass, Pick, Reroll, RoundBonus, Take,
)
from diceland_core.games.clever.bots import BOTS, hint
from diceland_core.games.clever.game import FINISH, OVER, ROLLING, ROUND_BONUS_PHASE
from diceland_core.games.clever.messages import rating_code

from ...i18n import error_details, error_text
from ...play import Result, Tap, button, own_last_decision, point
from ...seats import Seat
from .announce import build_log, describe, narrate
from .strings import CleverStrings

__all__ = ["Controller", "Result", "Message", "spot_field"]


@dataclass(frozen=True)
class Message:
    kind: str          # "log" or "announce"
    text: str


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


class Controller:
    def __init__(self, state: Game, seats: list[Seat] | tuple[Seat, ...], lang: str = "en"):
        if len(seats) != state.players:
            raise ValueError(f"{len(seats)} seats for {state.players} players")
        self.state = state
        self.seats = list(seats)
        self.lang = lang
        self.strings = CleverStrings(lang)
        self.turn_log = build_log(self.state, self.names, self.strings)
        self.bots = {p: BOTS[s.kind](seed=state.setup.seed + 7919 * p)
                     for p, s in enumerate(self.seats) if not s.is_human}
        self.selection: str | None = None
        #: the +1 button pressed: the page asks for a die to use again
        self.extra_mode = False
        self.hint_action: Any = None
        self.finished: set[int] = set()
        self._turn_key = self.turn_key()
        self.messages: list[Message] = []
        self.viewing: int | None = None
        self.handoff: str | None = None
        self._last_human = self.current() if self.is_human_turn() else None
        self.turn_log = build_log(state, self.names, self.strings)

    @classmethod
    def new(cls, seats, seed: int, lang: str = "en") -> "Controller":
        return cls(Game.new(players=len(seats), seed=seed), seats, lang)

    # -- whose turn ------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def t(self, key: str, **params) -> str:
        return self.strings.t(key, **params)

    def set_language(self, lang: str) -> None:
        self.lang = lang
        self.strings = CleverStrings(lang)
        self.turn_log = build_log(self.state, self.names, self.strings)

    def turn_key(self) -> tuple:
        s = self.state
        return (s.round, s.active, s.solo_passive, s.phase == OVER)

    def finish_order(self) -> list[int]:
        s = self.state
        n = s.players
        return [0] if n == 1 else [(s.active + i) % n for i in range(1, n)] + [s.active]

    def _sync_turn(self) -> None:
        key = self.turn_key()
        if key != self._turn_key:
            self._turn_key = key
            self.finished = set()

    def has_extra(self, p: int) -> bool:
        return any(a.type == "extra" for a in self.state.legal_actions(p))

    def current(self) -> int | None:
        """The player the page acts for now (None once the game is over)."""
        s = self.state
        if s.phase == OVER:
            return None
        if s.pending_player is not None:
            return s.pending_player
        if s.phase in (ROUND_BONUS_PHASE, ROLLING):
            return s.waiting_for()[0]
        order = self.finish_order()
        compulsory = s.compulsory()
        for p in order[:-1]:
            if p in compulsory:
                return p
            if p not in self.finished and self.has_extra(p):
                return p
        return order[-1]

    def is_human_turn(self) -> bool:
        p = self.current()
        return p is not None and self.seats[p].is_human

    def is_last_in_order(self, p: int) -> bool:
        return self.state.phase == FINISH and p == self.finish_order()[-1]

    # -- applying ----------------------------------------------------------------------
    def _apply(self, action: Any) -> Result:
        try:
            events = self.state.apply(action)
        except IllegalActionError as err:
            return Result(False, error_text(err, self.lang, self.names), error_details(err, self.lang))
        self.selection = None
        self.extra_mode = False
        self.hint_action = None
        for event in events:
            text = self.describe(event)
            if text:
                self.messages.append(Message("log", text))
        narrate(self.turn_log, self.state, events, len(self.state.actions), self.names, self.strings)
        self._sync_turn()
        self._check_handoff()
        return Result(True, changed=True)

    def _check_handoff(self) -> None:
        p = self.current()
        if p is None or not self.seats[p].is_human:
            return
        humans = sum(1 for s in self.seats if s.is_human)
        if humans > 1 and self._last_human is not None and p != self._last_human:
            self.handoff = self.t("clever.handoff", name=self.seats[p].name)
        self._last_human = p

    def view_sheet(self, seat: int | None) -> None:
        """Look at ``seat``'s sheet (None: back to the one the page chooses)."""
        self.viewing = seat if seat is None or 0 <= seat < len(self.seats) else None

    @property
    def last_human(self) -> int | None:
        """The person who decided last (or decides now)."""
        return self._last_human

    def acknowledge_handoff(self) -> None:
        self.handoff = None

    def describe(self, event: Any) -> str:
        return describe(event, self.names, self.strings)

    def drain_messages(self) -> list[Message]:
        out, self.messages = self.messages, []
        return out

    # -- inputs ------------------------------------------------------------------------
    def _human(self) -> int | Result:
        p = self.current()
        if p is None:
            return Result(False, self.t("clever.tap.over"))
        if not self.seats[p].is_human:
            return Result(False, self.t("clever.tap.bot_turn", name=self.seats[p].name))
        if self.handoff:
            return Result(False, self.handoff)
        return p

    def tap_die(self, colour: str) -> Result:
        p = self._human()
        if isinstance(p, Result):
            return p
        s = self.state
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
        s = self.state
        if s.phase == ROLLING:
            return Pick(p, die, area, fld)
        if p in s.passive_players() and not s.done[p]:
            return Take(p, die, area, fld)
        return Extra(p, die, area, fld)

    def tap_mark(self, area: str, index: Any) -> Result:
        p = self._human()
        if isinstance(p, Result):
            return p
        s = self.state
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
                self.messages.append(Message("announce", self.t("clever.prompt.extra_mode", name=self.seats[p].name)))
            return Result(True)
        if name == "done":
            return self.done(p)
        if name == "hint":
            return self.hint()
        return Result(False, "")

    def done(self, p: int) -> Result:
        if self.is_last_in_order(p):
            return self._apply(EndTurn())
        s = self.state
        if s.phase != FINISH or p in s.compulsory() or s.pending_player is not None:
            return Result(False, self.t("clever.tap.not_done"))
        self.finished.add(p)
        self.selection = None
        self._check_handoff()
        return Result(True)

    def _own_last(self) -> tuple[int, int] | None:
        """The last decision of the person at the device, with the bots'
        decisions made after it, while no die was rolled since:
        ``(steps, seat)``.  While a bot is to act, the device is still the
        last person's."""
        found = own_last_decision(self.state, lambda a: getattr(a, "player", None),
                                  lambda p: self.seats[p].is_human)
        now = self.current()
        if found is None or now is None:
            return None
        return found if found[1] == now or not self.seats[now].is_human else None

    def can_undo(self) -> bool:
        return self._own_last() is not None

    def undo(self) -> Result:
        found = self._own_last()
        if found is None:
            return Result(False, self.t("clever.tap.no_undo"))
        try:
            self.state = self.state.undo(found[0])
        except IllegalActionError as err:
            return Result(False, error_text(err, self.lang, self.names), error_details(err, self.lang))
        self.turn_log = build_log(self.state, self.names, self.strings)
        self.selection = None
        self.hint_action = None
        self._sync_turn()
        return Result(True, changed=True)

    def hint(self) -> Result:
        p = self._human()
        if isinstance(p, Result):
            return p
        h = hint(self.state, p)
        action = h.action
        if action.type == "end_turn" and not self.is_last_in_order(p):
            action = None
        self.hint_action = action or "done"
        if action is not None and getattr(action, "die", None):
            self.selection = action.die
        text = h.text(self.lang) or self.t("clever.hint.done")
        self.messages.append(Message("announce", text))
        return Result(True, text)

    def hint_taps(self) -> list[tuple]:
        """The taps that make the hint's move: spots and button names (what
        a player would tap; the browser tests play through these)."""
        p = self.current()
        if p is None:
            return []
        if self.handoff:
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

        p = self.current()
        if p is None or not self.seats[p].is_human:
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
        p = self.current()
        if p is None or self.handoff or not self.seats[p].is_human:
            return None
        action = hint(self.state, p).action
        if action.type == "end_turn" and not self.is_last_in_order(p):
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
            fld = self.state.faces[0] + self.state.faces[2]
        return taps + [("mark", a.area, self.spot_index(p, a.area, fld))]

    def spot_index(self, p: int, area: str, fld: Any) -> Any:
        if area in ("yellow", "blue"):
            return fld
        return next_index(self.state, p, area)

    # -- bots ------------------------------------------------------------------------
    def bot_step(self) -> bool:
        """One bot decision, if a bot is to act; True if something happened."""
        p = self.current()
        if p is None or self.seats[p].is_human:
            return False
        action = self.bots[p].choose(self.state, p)
        if action.type == "end_turn" and not self.is_last_in_order(p):
            self.finished.add(p)
            self._check_handoff()
            return True
        result = self._apply(action)
        if not result.ok:       # never expected: a bot's action is legal
            raise RuntimeError(f"bot {self.seats[p].kind} chose an illegal action: {result.reason}")
        return True

    # -- what the page shows -------------------------------------------------------------
    def rating(self) -> str | None:
        """The solo rating phrase (C11.4, R10) once a solo game is over."""
        s = self.state
        if s.players != 1 or not s.over:
            return None
        from diceland_core.core.errors import render_message
        return render_message(rating_code(s.sheets[0].total()), {}, self.lang)

    def bonus_prompt(self, p: int) -> str:
        """The prompt of ``p``'s bonus cross, with what earned it ("Blue X:
        from completing yellow row 2")."""
        bonus = self.state.pending[0]
        name, area = self.seats[p].name, self.strings.area(bonus[:-2])
        why = self.turn_log.state.get("why", {}).get((p, bonus))
        if why is None:
            return self.t("clever.prompt.bonus", name=name, area=area)
        return self.t("clever.prompt.bonus_why", name=name, bonus=self.t(f"clever.bonus.{bonus}"), why=why)

    def model(self):
        from .model import build_model
        return build_model(self)


