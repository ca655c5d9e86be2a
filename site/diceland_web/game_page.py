"""What a game page hands the shell (:class:`.shell.Shell`): its game's
name and strings, and the few things only it knows — how to open a game,
start one, draw it, step its bots, answer a key, share it and say its
state.  The shell owns everything else (saving, the dialogs, notices,
bots' timing, keys, the pass-the-device overlay); a page reaches it as
``self.shell``.

A page subclasses :class:`GamePage`, names its game in the class
attributes and fills in what its game needs of the methods below (the
defaults fit a page that has nothing to add).  Its controller is a
:class:`diceland_site.table.Table` (the page uses only
:class:`~diceland_site.table.TableContract` of it beyond its own taps); the
pages name their jobs alike: :meth:`press` (a button), :meth:`after_action`
(what an input did), :meth:`show_game_over`."""

from __future__ import annotations

from typing import Sequence

from diceland_site.i18n import Strings
from diceland_site.packed import LinkError
from diceland_site.surface import table_state
from diceland_site.play import Result
from diceland_site.share import share_url
from diceland_site.start_params import SEED_MAX, StartError, friends_query

from .dom import el, window
from .new_game import Column, SeatRow

__all__ = ["GamePage"]


class GamePage:
    #: the engine's name of the page's game
    GAME = ""
    #: where the console's warnings come from
    WHERE = "Diceland"
    #: the page's strings: the shared table, or a game's own over it
    STRINGS = Strings
    #: the key of the page's title
    TITLE_KEY = "app.title"
    #: the locale keys of the "?" panel's lines, in order (none: no panel)
    KEY_HELP: tuple[str, ...] = ()
    #: the page plays sounds (the settings then offer to switch them on)
    PLAYS_SOUNDS = False
    #: a bot's move waits this long (times the speed's factor)
    BOT_DELAY_MS = 650
    #: the kind of a seat the new-game dialog's "add player" adds
    BOT_KIND = "expert"
    #: the largest seed the new-game dialog takes
    SEED_MAX = SEED_MAX
    #: the page's own column of the new-game dialog's seat rows
    COLUMN: Column | None = None
    #: the game's controller (its plug-in): ``CONTROLLER(game, seats,
    #: lang=…)`` plays a saved game, ``CONTROLLER.new(seats, seed, lang)`` a new one
    CONTROLLER = None
    #: the game's ``share`` module (``diceland_site.games.<game>.share``):
    #: its older links (``OLDER_LINK``, ``older_link``) and ``embed_link``
    SHARE = None

    def __init__(self, shell):
        self.shell = shell
        self.notices = shell.notices
        self.on = shell.on
        self.t = shell.t
        self.canvas = shell.canvas
        self.ctx = shell.ctx
        #: the layout of the canvas at the last draw (None: nothing drawn)
        self.layout = None
        #: the controller of the game on screen (None: no game)
        self.ctrl = None
        #: the end of the game on screen has been shown (or was over when opened)
        self.over_shown = False

    @property
    def strings(self) -> Strings:
        return self.shell.strings

    @property
    def lang(self) -> str:
        return self.shell.lang

    # -- games -----------------------------------------------------------------------
    def start_from_link(self) -> bool:
        """Start the game a link describes: an older share link of this
        game, else the daily game (``daily``), else a start link (of a game
        with friends with ``friends=``);
        False if the query names none."""
        if self.open_older_link():
            return True
        if "daily" in self.shell.query:
            return self.shell.daily.start()
        if "friends" not in self.shell.query:
            return self.start_from_params()
        try:
            self.shell.query = friends_query(self.shell.query)
        except StartError as exc:
            self.shell.forget_link()
            self.shell.link_problem = exc.message(self.strings)
            return False
        return self.start_from_params() and self.shell.friends.start_with_friends()

    def open_older_link(self) -> bool:
        """An older share link of this game (its ``share`` module's
        ``OLDER_LINK`` in the query): its game as a new save.  A link that
        cannot be opened leaves the shell's ``link_problem`` to be said."""
        key = getattr(self.SHARE, "OLDER_LINK", None)
        if key is None or key not in self.shell.query:
            return False
        self.shell.forget_link()
        try:
            game, seats = self.SHARE.older_link(self.shell.query[key], self.lang)
        except LinkError as exc:  # said once the page has opened what it can
            self.shell.link_problem = exc
            return False
        self.start(self.CONTROLLER(game, seats, lang=self.lang))
        return True

    def start_from_params(self) -> bool:
        """Start the game a start link's parameters describe (players,
        seed …); False if the query names none."""
        return False

    def first_visit(self) -> None:
        """No game to resume: the new-game dialog."""
        self.shell.new_game_dialog.open()

    def open_game(self, game, seats, save_id: str | None) -> None:
        """Put a saved game on screen (written to ``save_id`` from now on)."""
        self.show(self.CONTROLLER(game, seats, lang=self.lang), save_id)

    def new_game(self, seats, seed: int, extras: Sequence[str] = ()) -> None:
        """Start a game of ``seats`` (``extras``: the page's column's values)."""
        self.start(self.CONTROLLER.new(seats, seed, self.lang))

    def start(self, ctrl) -> None:
        """A new game on screen, kept as a new save at once."""
        self.notices.hide_message()
        self.show(ctrl, None)
        self.shell.autosave()

    def show(self, ctrl, save_id: str | None) -> None:
        """Put ``ctrl``'s game on screen, written to ``save_id`` (None: a new save)."""
        self.shell.show_game(save_id)
        ctrl.drain_messages()  # what a game opened says is in its turn log
        self.ctrl = ctrl
        self.over_shown = self.current_game()[0].over
        self.render()

    def first_seats(self):
        """The seats the new-game dialog offers when no game is on screen."""
        return ()

    def seat_rows(self) -> list[SeatRow]:
        """The new-game dialog's rows: the seats on screen, or the first ones."""
        return [SeatRow(s.name, s.kind) for s in (self.ctrl.seats if self.ctrl is not None else self.first_seats())]

    def current_game(self):
        """``(game, seats)`` on screen, or None."""
        return None if self.ctrl is None else (self.ctrl.game, self.ctrl.seats)

    def worth_keeping(self) -> bool:
        """A game worth asking the browser to keep the storage for."""
        return self.current_game() is not None

    # -- screen and input ---------------------------------------------------------------
    def translate(self) -> None:
        """The page's language changed (and once at start): the dice's label
        and the game's words; a page adds its own labels."""
        el("dice").setAttribute("aria-label", self.t("dice.title"))
        if self.ctrl is not None:
            self.ctrl.set_language(self.lang)

    def render(self) -> None:
        pass

    def frame_canvas(self):
        """The canvas to keep a small picture of with the save (None: none)."""
        return self.canvas if self.current_game() is not None and self.layout is not None else None

    def input_closed(self) -> bool:
        """No input now: no game, a replay of the log on screen, or another tab's newer save."""
        return self.ctrl is None or getattr(self, "replay", None) is not None or self.shell.stale()

    def bot_step(self) -> Result:
        """One decision of a bot (or the table's own move for a person);
        ``Result(False)`` when none is due."""
        if self.ctrl is None or getattr(self, "replay", None) is not None:
            return Result(False)
        result = self.ctrl.bot_step()
        if result.ok:
            self.after_bot(result)
        return result

    def render_shared(self) -> list[str]:
        """What every page shows alike as it draws its game: the friends'
        bar (a game with friends) and what the table said
        (:meth:`say_messages`); the events said, in order."""
        self.shell.friends.render()
        return self.say_messages()

    def say_messages(self) -> list[str]:
        """What the table said since the last call, on screen: a person's
        toast shown (a bot's moves are followed in the log, one line at a
        time, not as stacked toasts; the end of the game always shows); the
        toasts and announcements read out, or else the new log lines.  The
        events they name, in order (the page's sounds)."""
        ctrl, events, spoken, logged = self.ctrl, [], [], []
        for message in ctrl.drain_messages():
            events.append(message.event)
            if message.kind == "log":
                logged.append(message.text)
                continue
            if message.kind == "toast":
                by_bot = message.player is not None and not ctrl.seats[message.player].is_human
                if not by_bot or ctrl.game.over:
                    self.notices.toast(message.text)
            spoken.append(message.text)
        if spoken or logged:
            self.notices.announce(" ".join(spoken or logged))
        return events

    def after_bot(self, result: Result) -> None:
        """What the page says of a bot's move (the shell redraws after it)."""

    def handoff_done(self) -> None:
        """The pass-the-device overlay's button: the next person took the device."""
        if self.ctrl is not None:
            self.ctrl.acknowledge_handoff()
            self.render()
            self.canvas.focus()

    def press(self, name: str) -> None:
        """A button of the page's own (``btn-<name>``)."""

    def after_action(self, result: Result | None, save: bool = True) -> None:
        """What an input did: a refusal said, or the game saved; the screen redrawn."""
        self.render()

    def show_game_over(self, model) -> None:
        """The end of the game on screen (once)."""

    def game_key(self, key: str) -> bool:
        """A key pressed outside the fields and dialogs; True if it was used."""
        return False

    def share(self):
        """``(link, iframe attributes or None)`` for the position on screen:
        the one share link of every game, and the game's embeddable board
        of it where it has one (its ``share`` module's ``embed_link``)."""
        current = self.current_game()
        if current is None:
            return None
        page_url = str(window.location.href)
        state, seats = current
        embed = self.SHARE.embed_link(state, [s.name for s in seats], page_url) if self.SHARE else None
        if embed is None:
            return share_url(page_url, state, seats), None
        from diceland_site.teaching import iframe_attributes  # the lessons' code, when first shared
        return share_url(page_url, state, seats), iframe_attributes(embed, self.t("share.frame_title"))

    def tab_click(self, evt) -> None:
        """A seat's tab shows its sheet large."""
        target = evt.target.closest("button[data-seat]") if evt.target else None
        if target and self.ctrl is not None:
            self.pick_sheet(int(target.dataset.seat))

    def pick_sheet(self, seat: int | None) -> None:
        """Show ``seat``'s sheet large (None or one's own: back to it)."""
        if self.ctrl is None:
            return
        self.ctrl.view_sheet(None if seat is None or seat == self.ctrl.model().home else seat)
        self.render()

    def show_own_sheet(self) -> None:
        """Back from another player's sheet to the one on turn."""
        self.ctrl.view_sheet(None)
        self.render()

    def hint_clicks(self) -> list[dict]:
        """The hint's move as clicks (:mod:`diceland_site.play`): ``{"button":
        id}`` or a point of the canvas, on the sheet of the player on turn;
        none while there is no game."""
        if self.ctrl is None or self.layout is None:
            return []
        if self.ctrl.viewing is not None:
            self.show_own_sheet()
        return self.ctrl.hint_clicks(self.layout)

    def hint_move(self) -> dict | None:
        """The hint's engine action as JSON, or None."""
        return None if self.ctrl is None else self.ctrl.hint_move()

    # -- what tests and tools can ask ---------------------------------------------------
    def state(self) -> dict:
        """``window.diceland.state()`` for the game on screen (asked only when
        there is one): the same keys on every page
        (:mod:`diceland_site.surface`), the page's own under ``extra``."""
        return table_state(self.GAME, self.ctrl, self.state_extra())

    def state_extra(self) -> dict:
        """The page's own keys of ``state()`` (its ``extra``)."""
        return {}

    def api_functions(self) -> dict:
        return {}
