"""The page's state machine between a :class:`diceland_core.Game` and the DOM.

The controller never touches the DOM.  The page forwards what the player does
(:meth:`Controller.tap`, :meth:`Controller.press_die`, the buttons, keys), draws
:meth:`Controller.model` and the draw lists of :meth:`Controller.frame_ops`,
shows :meth:`Controller.drain_messages` as toasts and log lines, and calls
:meth:`Controller.bot_step` after a short delay while
``model().bot_pending`` is true.

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

from typing import Any, Callable, Iterable, Protocol, Sequence

from diceland_core import IllegalActionError
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
from .results import Message
from .strings import DicelandStrings
from ...envelope import REVEALED
from ...i18n import error_details, error_text
from ...play import Result, own_last_decision
from ...seats import Seat

__all__ = [
    "Seat", "Controller", "Result", "Message", "default_bot_factory", "default_hinter", "KEY_HELP",
]

_LOG_KEEP = 200


class Bot(Protocol):
    def choose(self, game: Game, player: int) -> Action: ...


BotFactory = Callable[[str, int], Bot]
Hinter = Callable[[Game, int], Action]


def default_bot_factory(kind: str, seed: int) -> Bot:
    from diceland_core.games.diceland import DEFINITION
    return DEFINITION.make_bot(kind, seed)


def default_hinter(game: Game, player: int) -> Action:
    from diceland_core.games.diceland.bots import hint
    return hint(game, player).action


def _actor(game: Game, action: Action) -> int:
    return action.player if isinstance(action, (Place, Pass)) else game.active


class Controller(Placement, Keyboard):
    """One game on one page.  ``seats[i]`` plays ``game``'s player ``i``."""

    def __init__(self, game: Game, seats: Sequence[Seat], bot_factory: BotFactory | None = None,
                 lang: str = "en", hinter: Hinter | None = None, bot_seed: int | None = None,
                 auto_pass: bool = False):
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        self.game = game
        self.seats = list(seats)
        self.bot_factory = bot_factory or default_bot_factory
        self.hinter = hinter or default_hinter
        self.bot_seed = game.setup.seed if bot_seed is None else bot_seed
        self.auto_pass = auto_pass
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
        self.revealed = (not (p is not None and game.phase in (Phase.CHOOSE, Phase.BONUS))
                         or game.setup.meta.get(REVEALED) == len(game.actions))
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
        self.strings = DicelandStrings(lang)
        self.lang = self.strings.lang
        self.rebuild_log()

    def rebuild_log(self) -> None:
        """The turn log afresh from the game's record (a resumed game, an
        undo, another language)."""
        self.turn_log = build_log(self.game, self.seats, self.strings, self.stars_text)

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
            if self.seats[p].is_human and not self.auto_pass_due(p):
                return p
        return None

    def _sync_shown(self) -> None:
        p = self.current_seat()
        if p is not None and (self._shown is None or len(self._humans()) <= 1):
            self._shown = p

    def needs_handoff(self) -> bool:
        """A different human than the one last shown must take the device
        (``_shown`` is kept up to date by every change of the position)."""
        p = self.current_seat()
        shown = p if p is not None and (self._shown is None or len(self._humans()) <= 1) else self._shown
        return p is not None and shown is not None and p != shown

    def acknowledge_handoff(self) -> None:
        p = self.current_seat()
        if p is not None:
            self._shown = p
            self.viewing = None
            self.cursor = None

    def acting_seat(self) -> int | None:
        """The human seat that may act now on this screen (no handoff pending)."""
        p = self.current_seat()
        return None if p is None or self.needs_handoff() else p

    def needs_roll(self) -> bool:
        """The human on screen must press Roll to see a new roll."""
        p = self.acting_seat()
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
        return self.viewing is not None and self.viewing != self.acting_seat()

    # -- bots -------------------------------------------------------------------------------
    def bot_pending(self) -> bool:
        """A bot must decide, or a human's automatic pass is due."""
        return any(not self.seats[p].is_human or self.auto_pass_due(p) for p in self.game.waiting_for())

    def auto_pass_due(self, p: int) -> bool:
        """With ``auto_pass`` on, human seat ``p`` has seen the dice and none
        of them fits its board, so passing (D4.1, D4.2, D5.3) is all it could do:
        the page passes for it after the same short pause as a bot's move."""
        g = self.game
        if not self.auto_pass or not self.seats[p].is_human or not g.is_legal(Pass(p)):
            return False
        if g.phase is Phase.BONUS and not (self.revealed and self._shown == p):
            return False  # the bonus player presses Roll first
        return not model.colours_that_fit(g, p)

    def _bot(self, p: int) -> Bot:
        bot = self._bots.get(p)
        if bot is None:
            bot = self._bots[p] = self.bot_factory(self.seats[p].kind, self.bot_seed * 8 + p)
        return bot

    def bot_step(self) -> bool:
        """Let the first waiting bot make its decision, or pass for a human
        with nothing to place (:meth:`auto_pass_due`); False if none waits."""
        for p in self.game.waiting_for():
            if self.auto_pass_due(p):
                self._toast(self.strings.t("toast.auto_pass", name=self.seats[p].name), "auto_pass", p)
                return self._apply(Pass(p)).ok
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
    def _apply(self, action: Action) -> Result:
        try:
            events = self.game.apply(action)
        except IllegalActionError as err:
            return Result(False, error_text(err, self.lang, self.names), error_details(err, self.lang))
        self._clear_selection()
        self.hint_state = None
        self.viewing = None
        self._announce(events)
        self._sync_shown()
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

    def _on_screen(self) -> int | None:
        """The person the screen belongs to now: the human deciding, or,
        while only bots decide, the last human shown; None while the device
        waits to be passed on."""
        if self.game.over or self.needs_handoff():
            return None
        p = self.current_seat()
        return p if p is not None else self._shown

    def _own_last(self) -> tuple[int, int] | None:
        """The on-screen person's last decision, with the bots' decisions
        made after it, while no die was rolled since (D7.1): ``(steps, seat)``.
        Within that window the active player does not change, so it names
        the seat of a roll-phase decision."""
        g = self.game
        me = self._on_screen()
        found = None if me is None else own_last_decision(g, lambda a: _actor(g, a),
                                                          lambda p: self.seats[p].is_human)
        return found if found is not None and found[1] == me else None

    def can_undo(self) -> bool:
        """The on-screen person can take back their own last decision: the
        same with bots and in hot-seat."""
        return self._own_last() is not None

    def undo(self) -> Result:
        if self.needs_handoff():
            return Result(False, self.strings.t("tap.handoff"))
        found = self._own_last()
        if found is None:
            err = IllegalActionError("D7.1", "core.nothing_to_undo")
            return Result(False, error_text(err, self.lang), error_details(err, self.lang))
        steps, actor = found
        self.game = self.game.undo(steps)
        self.rebuild_log()
        self._clear_selection()
        self.hint_state = None
        self.viewing = None
        self.revealed = True
        self._log(self.strings.t("log.undo", name=self.names[actor]), "undo", actor)
        self._toast(self.strings.t("toast.undone"), "undo", actor)
        self._sync_shown()
        return Result(True, changed=True)

    # -- announcements -------------------------------------------------------------------------------
    def _log(self, text: str, event: str, player: int | None = None, chain: str = "", why: str = "") -> None:
        if event != "undo":  # an undo rebuilds the turn log without the move
            feed(self.turn_log, text, event, len(self.game.actions), chain, player, why)
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

    def _announce(self, events: Iterable[Event]) -> None:
        announce(self, events)

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
        ops = draw.dynamic_ops(self.shown_sheet(), layout, self.highlights(),
                               self.selection if mine else (), self.cursor, hint, room)
        if self.viewing_other():
            ops.extend(last_move_ops(self.game, self.shown_player(), layout))
        return ops

    def static_ops(self, layout: draw.Layout) -> list[tuple]:
        return draw.static_board_ops(self.shown_board(), layout)
