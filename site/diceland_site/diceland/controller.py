"""The page's state machine between a :class:`diceland_core.Game` and the DOM.

The controller never touches the DOM.  The page forwards what the player does
(:meth:`Controller.tap`, :meth:`Controller.press_die`, the buttons, keys), draws
:meth:`Controller.ui_model` and the draw lists of :meth:`Controller.frame_ops`,
shows :meth:`Controller.drain_messages` as toasts and log lines, and calls
:meth:`Controller.bot_step` after a short delay while
``ui_model().bot_pending`` is true.

Whose decision is shown: the next *human* decision (:meth:`current_seat`).
In the simultaneous phase 2 the waiting humans are taken clockwise from the
active player.  Bots decide by themselves through :meth:`bot_step`.  When the
seat to show changes from one human to another, the page shows a "pass the
device" screen until :meth:`acknowledge_handoff`.

The engine rolls the dice itself when a turn or a bonus roll starts; a human
then presses Roll (:meth:`roll`) to reveal them.  The rules are never
re-implemented here: the cells that may be tapped are
``game.next_cells(player, colour, selected)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Protocol, Sequence

from diceland_core import (
    Action, BonusRollEarned, BonusRollStarted, Board, Choose, Colour, ColourChosen, ColourCompleted,
    DiceSetAside, Event, Game, GameWon, IllegalActionError, Pass, Passed, Phase, Phase1Ended,
    Phase2Ended, Place, Placed, Reroll, Rolled, Sheet, StarCrossed, Stop, TurnStarted,
)
from diceland_core.games.diceland.sheet import GOAL_STARS

from . import model, view
from .links import UrlSetup, from_url_params, link_names_trimmed
from ..i18n import Strings, error_details, error_text
from ..seats import Seat

__all__ = [
    "Seat", "Controller", "TapResult", "ActionResult", "Message", "UrlSetup",
    "from_url_params", "link_names_trimmed", "default_bot_factory", "default_hinter", "KEY_HELP",
]

#: Keys of the keyboard help, in the order to show them (i18n keys).
KEY_HELP: tuple[str, ...] = ("keys.arrows", "keys.toggle", "keys.confirm", "keys.pass", "keys.roll",
                             "keys.stop", "keys.dice", "keys.undo", "keys.hint", "keys.escape")

_DIRECTIONS = {"ArrowLeft": "left", "ArrowRight": "right", "ArrowUp": "up", "ArrowDown": "down"}
_LOG_KEEP = 200


class Bot(Protocol):
    def choose(self, game: Game, player: int) -> Action: ...


BotFactory = Callable[[str, int], Bot]
Hinter = Callable[[Game, int], Action]


def default_bot_factory(kind: str, seed: int) -> Bot:
    from diceland_core.games.diceland.bots import make_bot
    return make_bot(kind, seed)


def default_hinter(game: Game, player: int) -> Action:
    from diceland_core.games.diceland.bots import hint
    return hint(game, player)


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


def _actor(game: Game, action: Action) -> int:
    return action.player if isinstance(action, (Place, Pass)) else game.active


class Controller:
    """One game on one page.  ``seats[i]`` plays ``game``'s player ``i``."""

    def __init__(self, game: Game, seats: Sequence[Seat], bot_factory: BotFactory | None = None,
                 lang: str = "en", hinter: Hinter | None = None, bot_seed: int | None = None):
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        self.game = game
        self.seats = list(seats)
        self.bot_factory = bot_factory or default_bot_factory
        self.hinter = hinter or default_hinter
        self.bot_seed = game.setup.seed if bot_seed is None else bot_seed
        self.set_language(lang)
        self._bots: dict[int, Bot] = {}
        self._messages: list[Message] = []
        self.log_lines: list[str] = []
        self.selection: list[tuple[int, int]] = []
        self.sel_colour: Colour | None = None
        self._sel_key: tuple | None = None
        self.hint_state: dict[str, Any] | None = None
        self.cursor: tuple[int, int] | None = None
        self._cursor_goal: int | None = None
        self.viewing: int | None = None
        self._shown: int | None = None
        p = self.current_seat()
        self.revealed = not (p is not None and game.phase in (Phase.CHOOSE, Phase.BONUS))
        self._sync_shown()

    @classmethod
    def new(cls, seats: Sequence[Seat], boards: Sequence[Board | str], seed: int, lang: str = "en",
            bot_factory: BotFactory | None = None, hinter: Hinter | None = None) -> "Controller":
        """A new game for ``seats`` (one board per seat, or one for all)."""
        if len(boards) == 1:
            boards = list(boards) * len(seats)
        meta = {"seats": [s.to_json() for s in seats]}
        game = Game.new(list(boards), seed=seed, meta=meta)
        return cls(game, seats, bot_factory, lang, hinter)

    def set_language(self, lang: str) -> None:
        self.strings = Strings(lang)
        self.lang = self.strings.lang

    # -- whose decision -----------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def _humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def current_seat(self) -> int | None:
        """The next human decision to show (clockwise from the active player
        in phase 2), or None when only bots have to decide (or the game is over)."""
        for p in self.game.waiting_for():
            if self.seats[p].is_human:
                return p
        return None

    def _sync_shown(self) -> None:
        p = self.current_seat()
        if p is not None and (self._shown is None or len(self._humans()) <= 1):
            self._shown = p

    def needs_handoff(self) -> bool:
        """A different human than the one last shown must take the device."""
        self._sync_shown()
        p = self.current_seat()
        return p is not None and self._shown is not None and p != self._shown

    def acknowledge_handoff(self) -> None:
        p = self.current_seat()
        if p is not None:
            self._shown = p
            self.viewing = None
            self.cursor = None

    def _mine(self) -> int | None:
        """The human seat that may act now on this screen (no handoff pending)."""
        p = self.current_seat()
        return None if p is None or self.needs_handoff() else p

    def needs_roll(self) -> bool:
        """The human on screen must press Roll to see a new roll."""
        p = self._mine()
        return p is not None and not self.revealed and self.game.phase in (Phase.CHOOSE, Phase.BONUS)

    def shown_player(self) -> int:
        """Whose sheet the page shows."""
        if self.viewing is not None:
            return self.viewing
        if self._shown is not None:
            return self._shown
        return self.game.bonus_player if self.game.bonus_player is not None else self.game.active

    def shown_sheet(self) -> Sheet:
        return self.game.sheets[self.shown_player()]

    def shown_board(self) -> Board:
        return self.game.boards[self.shown_player()]

    def view_sheet(self, player: int | None) -> None:
        """Look at another player's sheet (None: back to one's own)."""
        if player is not None and not 0 <= player < self.game.players:
            raise ValueError(f"no player {player}")
        mine = self.current_seat() if self.current_seat() is not None else self._shown
        self.viewing = None if player in (self._shown, mine) else player

    def viewing_other(self) -> bool:
        """The sheet on screen is not the one the person on screen plays."""
        return self.viewing is not None and self.viewing != self._mine()

    # -- bots -------------------------------------------------------------------------------
    def bot_pending(self) -> bool:
        return any(not self.seats[p].is_human for p in self.game.waiting_for())

    def _bot(self, p: int) -> Bot:
        bot = self._bots.get(p)
        if bot is None:
            bot = self._bots[p] = self.bot_factory(self.seats[p].kind, self.bot_seed * 8 + p)
        return bot

    def bot_step(self) -> bool:
        """Let the first waiting bot make its decision; False if none waits."""
        for p in self.game.waiting_for():
            if self.seats[p].is_human:
                continue
            try:
                action = self._bot(p).choose(self.game, p)
                if not self.game.is_legal(action):
                    raise ValueError(f"bot chose an illegal action {action!r}")
            except Exception:
                action = self.game.legal_actions(p)[0]  # never let a bot stall the game
            return self._apply(action).ok
        return False

    def run_bots(self, limit: int = 10_000) -> int:
        """Let bots decide until a human must (tests, demos); returns the steps."""
        steps = 0
        while steps < limit and self.bot_pending() and self.current_seat() is None:
            if not self.bot_step():
                break
            steps += 1
        return steps

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> ActionResult:
        try:
            events = self.game.apply(action)
        except IllegalActionError as err:
            return ActionResult(False, error_text(err, self.lang, self.names), error_details(err, self.lang))
        self._clear_selection()
        self.hint_state = None
        self.viewing = None
        self._announce(events)
        self._sync_shown()
        return ActionResult(True)

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

    def roll(self) -> ActionResult:
        """Reveal the roll the engine made for the human on screen."""
        if not self.needs_roll():
            return ActionResult(False, self.strings.t("tap.not_your_turn"))
        self.revealed = True
        return ActionResult(True)

    def choose(self, colour: Colour | str) -> ActionResult:
        """Phase 1: keep every die of ``colour`` (D3.2)."""
        who = self._human_decides((Phase.CHOOSE,))
        if isinstance(who, str):
            return ActionResult(False, who)
        return self._apply(Choose(Colour[colour.upper()] if isinstance(colour, str) else colour))

    def reroll(self) -> ActionResult:
        who = self._human_decides((Phase.DECIDE,))
        return ActionResult(False, who) if isinstance(who, str) else self._apply(Reroll())

    def stop(self) -> ActionResult:
        who = self._human_decides((Phase.DECIDE,))
        return ActionResult(False, who) if isinstance(who, str) else self._apply(Stop())

    def pass_(self) -> ActionResult:
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        return ActionResult(False, who) if isinstance(who, str) else self._apply(Pass(who))

    def confirm(self) -> ActionResult:
        """Cross the selected cells."""
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        if isinstance(who, str):
            return ActionResult(False, who)
        self._check_selection()
        colour = self._colour_for(who)
        n = self.game.dice_for(who).get(colour, 0) if colour is not None else 0
        if not n or len(self.selection) != n:
            key = "tap.pick_colour" if colour is None else "prompt.selecting"
            return ActionResult(False, self.strings.t(key, colour=self.strings.colour(colour) if colour else "",
                                                      selected=len(self.selection), count=n))
        return self._apply(Place(who, tuple(self.selection)))

    def _on_screen(self) -> int | None:
        """The person the screen belongs to now: the human deciding, or,
        while only bots decide, the last human shown; None while the device
        waits to be passed on."""
        if self.game.over or self.needs_handoff():
            return None
        p = self.current_seat()
        return p if p is not None else self._shown

    def can_undo(self) -> bool:
        """The last action is the on-screen person's own decision and no dice
        were rolled since (D7.1): the same with bots and in hot-seat."""
        g = self.game
        me = self._on_screen()
        return me is not None and g.can_undo() and _actor(g, g.actions[-1]) == me

    def undo(self) -> ActionResult:
        if self.needs_handoff():
            return ActionResult(False, self.strings.t("tap.handoff"))
        if not self.can_undo():
            err = IllegalActionError("D7.1", "core.nothing_to_undo")
            return ActionResult(False, error_text(err, self.lang), error_details(err, self.lang))
        actor = _actor(self.game, self.game.actions[-1])
        self.game = self.game.undo()
        self._clear_selection()
        self.hint_state = None
        self.viewing = None
        self.revealed = True
        self._log(self.strings.t("log.undo", name=self.names[actor]), "undo", actor)
        self._toast(self.strings.t("toast.undone"), "undo", actor)
        self._sync_shown()
        return ActionResult(True)

    # -- the selection -------------------------------------------------------------------------
    def _key(self, p: int | None) -> tuple:
        g = self.game
        return (p, g.turn, g.phase, len(g.rolls))

    def _clear_selection(self) -> None:
        self.selection = []
        self.sel_colour = None
        self._sel_key = None

    def _check_selection(self) -> None:
        """Forget a selection made for another decision."""
        if self._sel_key is not None and self._sel_key != self._key(self.current_seat()):
            self._clear_selection()
            self.hint_state = None

    def _colour_for(self, p: int) -> Colour | None:
        dice = self.game.dice_for(p)
        if self.sel_colour is not None and self.sel_colour in dice:
            return self.sel_colour
        if len(dice) == 1:
            return next(iter(dice))
        return None

    def pick_colour(self, colour: Colour | str) -> ActionResult:
        """Use the dice of ``colour`` (a leftover colour, or one of a bonus
        roll); in phase 1 this chooses the colour.  Pressing the selected
        colour again clears the choice."""
        colour = Colour[colour.upper()] if isinstance(colour, str) else colour
        if self.game.phase is Phase.CHOOSE:
            return self.choose(colour)
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        if isinstance(who, str):
            return ActionResult(False, who)
        self._check_selection()
        if colour not in self.game.dice_for(who):
            return ActionResult(False, self.strings.t("tap.no_dice", colour=self.strings.colour(colour)))
        if self.sel_colour is colour:
            self._clear_selection()
        else:
            self.selection = []
            self.sel_colour = colour
            self._sel_key = self._key(who)
        self.hint_state = None
        return ActionResult(True)

    def clear_selection(self) -> None:
        self._clear_selection()
        self.hint_state = None

    def tap(self, row: int, col: int) -> TapResult:
        """Add a cell to the placement being built, or remove a selected one."""
        t = self.strings.t
        cell = (row, col)
        g = self.game
        if self.viewing_other() and self._mine() is not None:
            return TapResult(False, "rejected", cell, t("tap.viewing_other", name=self.names[self.viewing]))
        if not g.over and g.phase in (Phase.CHOOSE, Phase.DECIDE) and self._mine() is not None:
            key = "tap.press_roll" if self.needs_roll() else (
                "tap.choose_first" if g.phase is Phase.CHOOSE else "tap.rolling")
            return TapResult(False, "rejected", cell, t(key))
        who = self._human_decides((Phase.PLACE, Phase.BONUS), active_only=False)
        if isinstance(who, str):
            return TapResult(False, "rejected", cell, who)
        p = who
        self._check_selection()
        board = g.boards[p]
        if not (0 <= row < board.rows and 0 <= col < board.cols):
            return TapResult(False, "rejected", None, t("tap.off_board"))
        if cell in self.selection:
            self._remove(p, cell)
            return TapResult(True, "removed", cell)
        i = board.index(row, col)
        if board.obstacle_mask >> i & 1:
            return TapResult(False, "rejected", cell, t("tap.obstacle"))
        if i == board.start:
            return TapResult(False, "rejected", cell, t("tap.start"))
        if g.sheets[p].crossed >> i & 1:
            return TapResult(False, "rejected", cell, t("tap.crossed"))
        dice = g.dice_for(p)
        cell_colour = board.colour_at(row, col)
        colour = self._colour_for(p)
        if colour is not cell_colour and not self.selection and cell_colour in dice \
                and not (g.phase is Phase.PLACE and p == g.active):
            colour = cell_colour  # a tap on a cell picks its colour when nothing is chosen yet
        if colour is None:
            return TapResult(False, "rejected", cell, t("tap.no_dice", colour=self.strings.colour(cell_colour)))
        if cell_colour is not colour:
            return TapResult(False, "rejected", cell, t("tap.wrong_colour", cell_colour=self.strings.colour(cell_colour),
                                                         colour=self.strings.colour(colour)))
        n = dice[colour]
        if len(self.selection) >= n:
            return TapResult(False, "rejected", cell, t("tap.full_one" if n == 1 else "tap.full", count=n))
        if cell in g.next_cells(p, colour, self.selection):
            self.sel_colour = colour
            self._sel_key = self._key(p)
            self.selection.append(cell)
            self.hint_state = None
            return TapResult(True, "added", cell)
        why = self._why_not(p, colour, n, cell)
        if why is None:
            return TapResult(False, "rejected", cell, self.strings.t("tap.not_next"))
        return TapResult(False, "rejected", cell, error_text(why, self.lang, self.names),
                         error_details(why, self.lang))

    def _why_not(self, p: int, colour: Colour, n: int, cell: tuple[int, int]) -> IllegalActionError | None:
        sheet = self.game.sheets[p]
        over = sheet.overshoot_reason(colour, n)
        if over is not None:
            return over
        try:
            sheet.check(colour, len(self.selection) + 1, sheet.board.mask_of([*self.selection, cell]))
        except IllegalActionError as err:
            return err
        return None

    def _remove(self, p: int, cell: tuple[int, int]) -> None:
        """Remove ``cell``; cells that no longer continue the placement go too."""
        colour = self.sel_colour or self._colour_for(p)
        rest = [c for c in self.selection if c != cell]
        self.selection = []
        for c in rest:
            if colour is not None and c in self.game.next_cells(p, colour, self.selection):
                self.selection.append(c)
        self.hint_state = None

    # -- dice buttons ------------------------------------------------------------------------------
    def press_die(self, index: int) -> ActionResult:
        """A die button of ``ui_model().dice`` was pressed."""
        dice = model.dice(self)
        if not 0 <= index < len(dice) or not dice[index].enabled:
            return ActionResult(False, self.strings.t("tap.not_your_turn"))
        die = dice[index]
        if die.group == "roll":
            return self.choose(die.colour)
        return self.pick_colour(die.colour)

    # -- hint ---------------------------------------------------------------------------------------
    def hint(self) -> dict[str, Any] | None:
        """Ask the hinter for the decision on screen: a placement is
        pre-selected (confirm to make it); other hints are shown in the model."""
        p = self._mine()
        if p is None or self.needs_roll():
            return None
        g = self.game
        try:
            action = self.hinter(g, p)
            if not g.is_legal(action):
                raise ValueError("illegal hint")
        except Exception:
            legal = g.legal_actions(p)
            if not legal:
                return None
            action = next((a for a in legal if isinstance(a, Place)), legal[0])
        if isinstance(action, Place):
            board = g.boards[p]
            self.sel_colour = board.colour_at(*action.cells[0])
            self.selection = list(action.cells)
            self._sel_key = self._key(p)
            self.hint_state = {"action": "place", "colour": self.sel_colour.key,
                               "cells": [list(c) for c in action.cells]}
        elif isinstance(action, Choose):
            self.hint_state = {"action": "choose", "colour": action.colour.key}
        else:
            self._clear_selection()
            self.hint_state = {"action": action.type}
        return self.hint_state

    # -- announcements -------------------------------------------------------------------------------
    def _log(self, text: str, event: str, player: int | None = None) -> None:
        self.log_lines.append(text)
        del self.log_lines[:-_LOG_KEEP]
        self._messages.append(Message("log", text, event, player))

    def _toast(self, text: str, event: str, player: int | None = None) -> None:
        self._messages.append(Message("toast", text, event, player, self.game.turn))

    def drain_messages(self) -> list[Message]:
        """Announcements and log lines since the last call, oldest first.
        Toasts of a turn that is already over are left out (the log keeps
        what happened); the end of the game is always announced."""
        out, self._messages = self._messages, []
        now = self.game.turn
        return [m for m in out if m.kind == "log" or m.turn == now or self.game.over]

    def stars_text(self, key: str, stars: int, **params: object) -> str:
        """``{stars} of 9`` until the goal's stars are there, then just the count
        (a tenth star is not "10 of 9")."""
        done = stars >= GOAL_STARS
        return self.strings.t(key + ("_done" if done else ""), stars=stars, goal=GOAL_STARS, **params)

    def _announce(self, events: Iterable[Event]) -> None:
        t, s, names = self.strings.t, self.strings, self.names
        g = self.game
        events = list(events)
        game_won = any(isinstance(ev, GameWon) for ev in events)
        for ev in events:
            who = names[ev.player] if hasattr(ev, "player") else ""
            kind = ev.kind
            if isinstance(ev, TurnStarted):
                self._log(t("log.turn", turn=g.turn, name=who), kind, ev.player)
            elif isinstance(ev, Rolled):
                self._log(t(f"log.rolled_{ev.purpose}", name=who, dice=s.dice(ev.dice)), kind, ev.player)
                human = self.seats[ev.player].is_human
                self.revealed = not (human and ev.purpose in ("turn", "bonus"))
            elif isinstance(ev, ColourChosen):
                self._log(t("log.chosen", name=who, colour=s.colour(ev.colour), count=ev.set_aside), kind, ev.player)
            elif isinstance(ev, DiceSetAside):
                self._log(t("log.set_aside", name=who, count=ev.count, colour=s.colour(ev.colour), held=ev.held),
                          kind, ev.player)
            elif isinstance(ev, Phase1Ended):
                self._log(t(f"log.phase1_{ev.reason}", name=who, colour=s.colour(ev.colour), held=ev.held,
                            dice=s.dice(ev.leftovers)), kind, ev.player)
                if ev.reason == "no_hit":
                    self._toast(t("toast.no_hit", colour=s.colour(ev.colour)), kind, ev.player)
                elif ev.reason == "all_dice":
                    self._toast(t("toast.all_dice", colour=s.colour(ev.colour)), kind, ev.player)
                over = g.sheets[ev.player].overshoot_reason(ev.colour, ev.held)
                if over is not None:
                    self._toast(t("toast.overshoot", name=who, count=ev.held, colour=s.colour(ev.colour)),
                                "overshoot", ev.player)
                    self._log(error_text(over, self.lang, names), "overshoot", ev.player)
            elif isinstance(ev, Placed):
                key = "log.placed_bonus" if ev.bonus_roll else "log.placed"
                self._log(t(key, name=who, count=len(ev.cells), colour=s.colour(ev.colour)), kind, ev.player)
            elif isinstance(ev, Passed):
                self._log(t("log.passed_bonus" if ev.bonus_roll else "log.passed", name=who), kind, ev.player)
            elif isinstance(ev, StarCrossed):
                self._log(self.stars_text("log.star", ev.stars, name=who), kind, ev.player)
                self._toast(self.stars_text("toast.star", ev.stars, name=who), kind, ev.player)
            elif isinstance(ev, ColourCompleted):
                self._log(t("log.colour_completed", name=who, colour=s.colour(ev.colour)), kind, ev.player)
                self._toast(t("toast.colour_completed", name=who, colour=s.colour(ev.colour)), kind, ev.player)
            elif isinstance(ev, BonusRollEarned):
                self._log(t("log.bonus_earned", name=who), kind, ev.player)
                if not game_won:  # the game ends first: no bonus roll will happen
                    self._toast(t("toast.bonus_earned", name=who), kind, ev.player)
            elif isinstance(ev, Phase2Ended):
                self._log(t("log.phase2_ended"), kind)
            elif isinstance(ev, BonusRollStarted):
                self._log(t("log.bonus_chained" if ev.chained else "log.bonus_started", name=who), kind, ev.player)
                if ev.chained:
                    self._toast(t("toast.bonus_chained", name=who), kind, ev.player)
            elif isinstance(ev, GameWon):
                won = [names[p] for p in ev.winners]
                if len(won) == 1:
                    self._log(t("log.won_one", name=won[0]), kind)
                    self._toast(t("toast.winner_one", name=won[0]), kind)
                else:
                    self._log(t("log.won_several", names=s.names(won)), kind)
                    self._toast(t("toast.winner_several", names=s.names(won)), kind)

    # -- what the page draws ---------------------------------------------------------------------------
    def highlights(self) -> list[tuple[int, int]]:
        """Cells the player on screen may tap next."""
        g = self.game
        p = self._mine()
        if p is None or self.needs_roll() or g.phase not in (Phase.PLACE, Phase.BONUS):
            return []
        if self.viewing not in (None, p):
            return []
        self._check_selection()
        colour = self._colour_for(p)
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
        p = self._mine()
        if p is None or not self.selection or self.viewing not in (None, p):
            return []
        colour = self._colour_for(p)
        if colour is None:
            return []
        return self.game.completion_cells(p, colour, self.selection)

    def ui_model(self) -> model.ViewModel:
        """Everything the page shows (:mod:`diceland_site.diceland.model`)."""
        return model.build_model(self)

    def frame_ops(self, layout: view.Layout) -> list[tuple]:
        """The per-frame draw list for the sheet on screen."""
        mine = self._mine() == self.shown_player()
        hint = [tuple(c) for c in self.hint_state.get("cells", [])] if self.hint_state and mine else []
        aid = model.decision_aid(self) if mine else None
        room = [c for z in aid.zones if z.fits for c in z.cells] if aid else self.completions()
        return view.dynamic_ops(self.shown_sheet(), layout, self.highlights(),
                                self.selection if mine else (), self.cursor, hint, room)

    def static_ops(self, layout: view.Layout) -> list[tuple]:
        return view.static_board_ops(self.shown_board(), layout)

    # -- keyboard -----------------------------------------------------------------------------------
    def describe_cell(self, row: int, col: int) -> str:
        """The cell under the cursor, for a screen reader."""
        t, s = self.strings.t, self.strings
        board = self.shown_board()
        i = board.index(row, col)
        colour = board.colour_at(row, col)
        if board.obstacle_mask >> i & 1:
            what = t("cell.obstacle")
        elif i == board.start:
            what = t("cell.start")
        elif board.star_mask >> i & 1:
            what = t("cell.star", colour=s.colour(colour))
        else:
            what = t("cell.plain", colour=s.colour(colour))
        if self.shown_sheet().crossed >> i & 1 and i != board.start:
            what = t("cell.crossed", what=what)
        elif (row, col) in self.selection:
            what = t("cell.selected", what=what)
        elif [row, col] in [list(c) for c in self.highlights()]:
            what = t("cell.legal", what=what)
        return t("cell.describe", row=row + 1, col=col + 1, what=what)

    def move_cursor(self, direction: str) -> tuple[int, int]:
        """Move the keyboard cursor: ``left``/``right`` along the row,
        ``up``/``down`` to the nearest cell of the next row (keeping the column
        line, so up-down-up returns where it started)."""
        board = self.shown_board()
        if self.cursor is None:
            self.cursor = board.start_cell
            self._cursor_goal = None
            return self.cursor
        r, c = self.cursor
        if direction in ("left", "right"):
            c = max(0, min(board.cols - 1, c + (1 if direction == "right" else -1)))
            self._cursor_goal = None
        elif direction in ("up", "down"):
            goal = self._cursor_goal if self._cursor_goal is not None else 2 * c + (r & 1)
            nr = r + (1 if direction == "down" else -1)
            if 0 <= nr < board.rows:
                # x in half cells: column c of row r is at 2c + (r & 1)
                best = min(range(board.cols), key=lambda k: (abs(2 * k + (nr & 1) - goal), k))
                r, c = nr, best
            self._cursor_goal = goal
        self.cursor = (r, c)
        return self.cursor

    def handle_key(self, key: str) -> bool:
        """A key from the page (``KeyboardEvent.key``); True when it was used."""
        if self.needs_handoff():
            # the pass-the-device screen takes all input: only its OK goes through
            if key in ("Enter", " ", "Spacebar"):
                self.acknowledge_handoff()
                return True
            return False
        if key in _DIRECTIONS:
            self.move_cursor(_DIRECTIONS[key])
            return True
        if key in ("Enter", " ", "Spacebar"):
            if self.needs_roll():
                self.roll()
                return True
            if self.cursor is None:
                self.move_cursor("left")
                return True
            self.tap(*self.cursor)
            return True
        k = key.lower()
        if k == "escape":
            self.clear_selection()
            return True
        if k == "c":
            self.confirm()
        elif k == "p":
            self.pass_()
        elif k == "u":
            self.undo()
        elif k == "h":
            self.hint()
        elif k == "r":
            if self.needs_roll():
                self.roll()
            else:
                self.reroll()
        elif k == "s":
            self.stop()
        elif k in "123456" and len(k) == 1:
            self.press_die(int(k) - 1)
        else:
            return False
        return True
