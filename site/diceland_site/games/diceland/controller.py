"""The page's state machine between a :class:`diceland_core.Game` and the DOM.

The controller never touches the DOM.  The page forwards what the player does
(:meth:`Controller.tap`, :meth:`Controller.press_die`, the buttons, keys), draws
:meth:`Controller.model` and the draw lists of :meth:`Controller.frame_ops`,
shows :meth:`Controller.drain_messages` as toasts and log lines, and calls
:meth:`Controller.bot_step` after a short delay while
``model().bot_pending`` is true.

Seats, whose decision is shown, the hand-over, bots, undo and the turn
log are the shared :class:`~diceland_site.table.Table`'s.  In the
simultaneous phase 2 every waiting person crosses the same roll: the person
holding the device goes first, and a bot's crossing never clears the cells
a person is choosing.

The engine rolls the dice itself when a turn or a bonus roll starts; a human
then presses Roll (:meth:`roll`) to reveal them.  The rules are never
re-implemented here: the cells that may be tapped are
``game.next_cells(player, colour, selected)``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from diceland_core import IllegalActionError
from diceland_core.core.protocol import Hint
from diceland_core.games.diceland import Game, Phase
from diceland_core.games.diceland.actions import Action, Choose, Event, Pass, Place, Reroll, Stop
from diceland_core.games.diceland.board import Board
from diceland_core.games.diceland.colours import Colour
from diceland_core.games.diceland.sheet import GOAL_STARS, Sheet

from . import draw, model
from .announce import announce, build_log, feed
from .keyboard import KEY_HELP, Keyboard
from .minis import last_move_ops
from .placement import Placement
from .strings import DicelandStrings
from ...envelope import REVEALED
from ...i18n import error_details, error_text
from ...play import Message, Result
from ...seats import Seat
from ...table import Table

__all__ = ["Seat", "Controller", "Result", "default_hinter", "KEY_HELP"]

_LOG_KEEP = 200


#: the hint for a player now: an action, or a :class:`Hint` (the action and why)
Hinter = Callable[[Game, int], "Action | Hint"]


def default_hinter(game: Game, player: int) -> Hint:
    """The expert's hint: its action and why, from one valuing of the moves."""
    from diceland_core.games.diceland import hint  # (the bots: imported when first asked for)
    return hint(game, player)


def _actor(game: Game, action: Action) -> int:
    return action.player if isinstance(action, (Place, Pass)) else game.active


class Controller(Placement, Keyboard, Table):
    """One game on one page.  ``seats[i]`` plays ``game``'s player ``i``."""

    GAME = "diceland"
    STRINGS = DicelandStrings

    def __init__(self, game: Game, seats: Sequence[Seat], lang: str = "en", hinter: Hinter | None = None,
                 auto_pass: bool = False):
        self.hinter = hinter or default_hinter
        self.auto_pass = auto_pass
        self.log_lines: list[str] = []
        self.selection: list[tuple[int, int]] = []
        self.sel_colour: Colour | None = None
        self._sel_key: tuple | None = None
        self.hint_state: dict[str, Any] | None = None
        self.cursor: tuple[int, int] | None = None
        self._cursor_goal: int | None = None
        self.revealed = True
        super().__init__(game, seats, lang)
        p = self.current_seat()
        self.revealed = (not (p is not None and game.phase in (Phase.CHOOSE, Phase.BONUS))
                         or game.setup.meta.get(REVEALED) == len(game.actions))

    @classmethod
    def new(cls, seats: Sequence[Seat], boards: Sequence[Board | str], seed: int, lang: str = "en",
            hinter: Hinter | None = None) -> "Controller":
        """A new game for ``seats`` (one board per seat, or one for all)."""
        if len(boards) == 1:
            boards = list(boards) * len(seats)
        meta = {"seats": [s.to_json() for s in seats]}
        game = Game.new(list(boards), seed=seed, meta=meta)
        return cls(game, seats, lang, hinter)

    def build_log(self):
        return build_log(self.game, self.seats, self.strings, self.stars_text)

    def actor(self, action: Action) -> int:
        return _actor(self.game, action)

    def forget_choice(self) -> None:
        self._clear_selection()
        self.hint_state = None

    def handoff_words(self, seat: int) -> tuple[str, str, str]:
        t, name = self.strings.t, self.seats[seat].name
        return t("handoff.title", name=name), t("handoff.body", name=name), t("button.ready", name=name)

    # -- whose decision -----------------------------------------------------------------
    def automatic(self, p: int) -> Action | None:
        """A pass for person ``p`` with nothing to place (:meth:`auto_pass_due`)."""
        return Pass(p) if self.auto_pass_due(p) else None

    def acknowledge_handoff(self) -> None:
        super().acknowledge_handoff()
        self.cursor = None

    def needs_roll(self) -> bool:
        """The human on screen must press Roll to see a new roll."""
        p = self.acting_seat()
        return p is not None and not self.revealed and self.game.phase in (Phase.CHOOSE, Phase.BONUS)

    def shown_sheet(self) -> Sheet:
        return self.game.sheets[self.shown_player()]

    def shown_board(self) -> Board:
        return self.game.boards[self.shown_player()]

    # -- bots -------------------------------------------------------------------------------
    def auto_pass_due(self, p: int) -> bool:
        """With ``auto_pass`` on, human seat ``p`` has seen the dice and none
        of them fits its board, so passing (D4.1, D4.2, D5.3) is all it could do:
        the page passes for it after the same short pause as a bot's move."""
        g = self.game
        if not self.auto_pass or not self.seats[p].is_human or not g.is_legal(Pass(p)):
            return False
        if g.phase is Phase.BONUS and not (self.revealed and self.holder == p):
            return False  # the bonus player presses Roll first
        return not model.colours_that_fit(g, p)

    def on_automatic(self, seat: int, action: Action) -> None:
        self._toast(self.strings.t("toast.auto_pass", name=self.seats[seat].name), "auto_pass", seat)

    def default_shown(self) -> int:
        g = self.game
        return g.bonus_player if g.bonus_player is not None else g.active

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> Result:
        return self.apply(action)

    def announce(self, events: Iterable[Event], action: Action) -> Result:
        announce(self, events)
        return Result(True, changed=True)

    def _human_decides(self, phases: tuple[Phase, ...], active_only: bool = True) -> int | str:
        """The seat allowed to act now, or the translated reason why not."""
        g = self.game
        if g.over:
            return self.strings.t("tap.game_over")
        p = self.current_seat()
        if p is None:
            return self.strings.t("tap.not_your_turn")
        if self.needs_handoff():
            return self.strings.t("tap.handoff")
        if g.phase not in phases or (active_only and p != g.active):
            return self.strings.t("tap.not_your_turn")
        if self.needs_roll():
            return self.strings.t("tap.press_roll")
        return p

    def roll(self) -> Result:
        """Reveal the roll the engine made for the human on screen."""
        if not self.needs_roll():
            return Result(False, self.strings.t("tap.not_your_turn"))
        self.revealed = True
        self.game.setup.meta[REVEALED] = len(self.game.actions)  # saved: a reload shows this roll
        return Result(True)

    def choose(self, colour: Colour | str) -> Result:
        """Phase 1: keep every die of ``colour`` (D3.2)."""
        who = self._human_decides((Phase.CHOOSE,))
        if isinstance(who, str):
            return Result(False, who)
        return self._apply(Choose(Colour[colour.upper()] if isinstance(colour, str) else colour))

    def reroll(self) -> Result:
        who = self._human_decides((Phase.DECIDE,))
        return Result(False, who) if isinstance(who, str) else self._apply(Reroll())

    def stop(self) -> Result:
        who = self._human_decides((Phase.DECIDE,))
        return Result(False, who) if isinstance(who, str) else self._apply(Stop())

    def pass_(self) -> Result:
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        return Result(False, who) if isinstance(who, str) else self._apply(Pass(who))

    def confirm(self) -> Result:
        """Cross the selected cells."""
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        if isinstance(who, str):
            return Result(False, who)
        self._check_selection()
        colour = self.colour_for(who)
        n = self.game.dice_for(who).get(colour, 0) if colour is not None else 0
        if not n or len(self.selection) != n:
            key = "tap.pick_colour" if colour is None else "prompt.selecting"
            return Result(False, self.strings.t(key, colour=self.strings.colour(colour) if colour else "",
                                                      selected=len(self.selection), count=n))
        return self._apply(Place(who, tuple(self.selection)))

    def nothing_to_undo(self) -> Result:
        if self.needs_handoff():
            return Result(False, self.strings.t("tap.handoff"))
        err = IllegalActionError("D7.1", "core.nothing_to_undo")
        return Result(False, error_text(err, self.lang), error_details(err, self.lang))

    def undone(self, actor: int) -> Result:
        self.revealed = True
        self._log(self.strings.t("log.undo", name=self.names[actor]), "undo", actor)
        self._toast(self.strings.t("toast.undone"), "undo", actor)
        return Result(True, changed=True)

    # -- announcements -------------------------------------------------------------------------------
    def _log(self, text: str, event: str, player: int | None = None, chain: str = "", why: str = "") -> None:
        if event != "undo":  # an undo rebuilds the turn log without the move
            feed(self.turn_log, text, event, len(self.game.actions), chain, player, why)
        self.log_lines.append(text)
        del self.log_lines[:-_LOG_KEEP]
        self.say("log", text, event, player)

    def _toast(self, text: str, event: str, player: int | None = None) -> None:
        self.say("toast", text, event, player, self.game.turn)

    def drain_messages(self) -> list[Message]:
        """Announcements and log lines since the last call, oldest first.
        Toasts of a turn that is already over are left out (the log keeps
        what happened); the end of the game is always announced."""
        now = self.game.turn
        return [m for m in super().drain_messages() if m.kind == "log" or m.turn == now or self.game.over]

    def bonus_roll_prompt(self, p: int) -> str:
        """"Ana, a bonus roll for the bonus cell you crossed! Press Roll."."""
        why = self.turn_log.state.get("why", {}).get(p)
        name = self.seats[p].name
        if why is None:
            return self.strings.t("prompt.bonus_roll", name=name)
        return self.strings.t("prompt.bonus_roll_why", name=name, why=why)

    def stars_text(self, key: str, stars: int, **params: object) -> str:
        """``{stars} of 9`` until the goal's stars are there, then just the count
        (a tenth star is not "10 of 9")."""
        done = stars >= GOAL_STARS
        return self.strings.t(key + ("_done" if done else ""), stars=stars, goal=GOAL_STARS, **params)

    # -- what the page draws ---------------------------------------------------------------------------
    def highlights(self) -> list[tuple[int, int]]:
        """Cells the player on screen may tap next."""
        g = self.game
        p = self.acting_seat()
        if p is None or self.needs_roll() or g.phase not in (Phase.PLACE, Phase.BONUS):
            return []
        if self.viewing not in (None, p):
            return []
        self._check_selection()
        colour = self.colour_for(p)
        if colour is not None:
            return g.next_cells(p, colour, self.selection)
        cells: set[tuple[int, int]] = set()
        for c in g.dice_for(p):
            cells.update(g.next_cells(p, c))
        return sorted(cells)

    def completions(self) -> list[tuple[int, int]]:
        """While a placement is being built: every cell of a legal placement
        the chosen cells can still complete (the next cells are highlighted
        more strongly)."""
        p = self.acting_seat()
        if p is None or not self.selection or self.viewing not in (None, p):
            return []
        colour = self.colour_for(p)
        if colour is None:
            return []
        return self.game.completion_cells(p, colour, self.selection)

    def model(self) -> model.ViewModel:
        """Everything the page shows (:mod:`diceland_site.games.diceland.model`)."""
        return model.build_model(self)

    def frame_ops(self, layout: draw.Layout) -> list[tuple]:
        """The per-frame draw list for the sheet on screen."""
        mine = self.acting_seat() == self.shown_player()
        hint = [tuple(c) for c in self.hint_state.get("cells", [])] if self.hint_state and mine else []
        aid = model.decision_aid(self) if mine else None
        room = [c for z in aid.zones if z.fits for c in z.cells] if aid else self.completions()
        ops = draw.frame_ops(self.shown_sheet(), layout, self.highlights(),
                               self.selection if mine else (), self.cursor, hint, room)
        if self.viewing_other():
            ops.extend(last_move_ops(self.game, self.shown_player(), layout))
        return ops

    def static_ops(self, layout: draw.Layout) -> list[tuple]:
        return draw.static_ops(self.shown_board(), layout)
