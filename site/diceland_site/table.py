"""The table every game's site controller is: who sits at it, whose
decision is awaited, whose sheet is shown, the device passed between
people, the bots, undo and the turn log.

A game's controller subclasses :class:`Table` and only turns taps into
engine actions and builds its own view model.  The page, the log panel,
the saves and ``window.diceland.state()`` are written against
:class:`TableContract`.

The contract in a few lines:

* ``game`` is the engine state, ``seats`` who plays it, ``names`` their names.
* Whose decision is awaited comes only from the engine's ``waiting_for``
  (:meth:`Table.deciders`; a game may add optional decisions, such as a
  "+1" nobody must use).  :meth:`Table.current_seat` is the person whose
  decision the screen shows: the person holding the device when they have
  one to make, else the first person waiting.  Decisions several people
  make about one roll are kept apart: a bot's move, or another person's,
  never clears what the person on screen is choosing.
* The device is handed over only when another person must decide:
  :meth:`Table.needs_handoff`, :meth:`Table.handoff_view`,
  :meth:`Table.acknowledge_handoff`.
* Bots and the table's own automatic moves (a pass with nothing to place,
  the end of a turn nobody has anything left to decide in) are made one at
  a time by :meth:`Table.bot_step`, which always returns a
  :class:`~diceland_site.play.Result`.  A bot's illegal or failing choice
  is replaced by its first legal action (the game never stalls).  Bots
  are made by the game definition's ``make_bot`` with one seed formula
  (:func:`bot_seed`).
* :meth:`Table.undo` takes back the on-screen person's own last decision
  (with the bots' decisions made after it) while no die was rolled since.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, Sequence, runtime_checkable

from diceland_core import get_game
from diceland_core.core.bots import SeededBot
from diceland_core.core.errors import IllegalActionError
from diceland_core.core.rng import SplitMix64

from .i18n import error_details, error_text
from .friends import Friends, friends_of, away_order
from .play import HandoffView, Message, Result, own_last_decision
from .seats import Seat

__all__ = ["Table", "TableContract", "bot_seed"]


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a game started with ``game_seed``
    (the same in every game)."""
    return game_seed * 8 + seat


def decision_seed(game_seed: int, seat: int, moves: int) -> int:
    """The seed of a bot's generator for its decision after ``moves``
    actions: a pure function of the game, the seat and the place in the
    game, so a bot chooses the same there whatever it chose before — after
    a reload, in a saved game resumed, on a friend's device replaying the
    same dice."""
    return SplitMix64(bot_seed(game_seed, seat) ^ (moves * 0x9E3779B97F4A7C15 & (2**64 - 1))).next64()


@runtime_checkable
class TableContract(Protocol):
    """What a page, its log panel, the saves and ``state()`` may use of a
    game's controller."""

    game: Any
    seats: list[Seat]
    turn_log: Any
    viewing: int | None

    @property
    def names(self) -> list[str]: ...
    def deciders(self) -> tuple[int, ...]: ...
    def current_seat(self) -> int | None: ...
    def deciding_seat(self) -> int | None: ...
    def shown_player(self) -> int: ...
    def view_sheet(self, seat: int | None) -> None: ...
    def needs_handoff(self) -> bool: ...
    def handoff_view(self) -> HandoffView | None: ...
    def acknowledge_handoff(self) -> None: ...
    def bot_pending(self) -> bool: ...
    def bot_step(self) -> Result: ...
    def can_undo(self) -> bool: ...
    def undo(self) -> Result: ...
    def set_language(self, lang: str) -> None: ...
    def drain_messages(self) -> list[Message]: ...
    def model(self) -> Any: ...


class Table:
    """One game on one page: ``seats[i]`` plays ``game``'s player ``i``."""

    #: the engine's name of the game (its definition makes the bots)
    GAME: ClassVar[str] = ""
    #: every game's table by its engine name: the first subclass naming
    #: its ``GAME`` joins when its module is imported
    tables: ClassVar[dict[str, type["Table"]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("GAME"):  # a game's own table, not a subclass of it
            Table.tables.setdefault(cls.GAME, cls)

    @classmethod
    def start(cls, seats: Sequence[Seat], seed: int, lang: str = "en", **options: Any) -> "Table":
        """A new game of ``GAME`` for ``seats`` made by its definition
        (``options`` as its ``new`` takes them), the seats kept in its meta."""
        game = get_game(cls.GAME).new(players=len(seats), seed=seed,
                                      meta={"seats": [s.to_json() for s in seats]}, **options)
        return cls(game, seats, lang)

    def __init__(self, game: Any, seats: Sequence[Seat], lang: str = "en"):
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        self.game = game
        self.seats = list(seats)
        self.definition = get_game(self.GAME)
        self._bots: dict[int, Any] = {}
        self._messages: list[Message] = []
        #: another player's sheet looked at (None: the one the table shows)
        self.viewing: int | None = None
        #: the person who holds the device (None: nobody took it yet)
        self.holder: int | None = None
        #: how many decisions were taken back (a new position, whatever its length)
        self.undos = 0
        #: a game with friends by turn links: this device plays ``friends.me``
        self.friends: Friends | None = friends_of(game)
        if self.friends is not None:
            self.holder = self.friends.me
        self.set_language(lang)
        self._take_device()

    #: the game's strings (made with a language code; ``.lang`` is the one
    #: it speaks)
    STRINGS: ClassVar[Any] = None

    # -- hooks a game fills in ---------------------------------------------------------
    def set_language(self, lang: str) -> None:
        """The game's strings in ``lang`` (``self.strings``, ``self.lang``) and its turn log."""
        self.strings = self.STRINGS(lang)
        self.lang = self.strings.lang
        self.rebuild_log()

    def build_log(self) -> Any:
        """The turn log from the game's record."""
        raise NotImplementedError

    def actor(self, action: Any) -> int | None:
        """The seat that made ``action`` (None: nobody's own decision)."""
        return getattr(action, "player", None)

    def automatic(self, seat: int) -> Any:
        """The move the table makes for person ``seat`` by itself (nothing
        left to choose), or None."""
        return None

    def announce(self, events: Any, action: Any) -> Result:
        """Tell the log and the page what ``action`` did; the result of it."""
        return Result(True, changed=True)

    def forget_choice(self) -> None:
        """Forget the move being built on screen (a selection, a mode, a hint)."""

    def handoff_words(self, seat: int) -> tuple[str, str, str]:
        """The pass-the-device screen's title, body and button for ``seat``."""
        return "", "", ""

    # -- who ---------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s.is_human]

    def rebuild_log(self) -> None:
        """The turn log afresh from the game's record (a resumed game, an undo, another language)."""
        self.turn_log = self.build_log()

    def deciders(self) -> tuple[int, ...]:
        """The seats with a decision now: the engine's ``waiting_for``."""
        return tuple(self.game.waiting_for())

    def here(self, seat: int) -> bool:
        """A person who decides on this device (in a game with friends, only
        the device's own seat)."""
        return self.seats[seat].is_human and (self.friends is None or seat == self.friends.me)

    def _people_deciding(self) -> list[int]:
        return [p for p in self.deciders() if self.here(p) and self.automatic(p) is None]

    def friend_order(self) -> list[int]:
        """In a game with friends, once nothing is left to decide on this
        device: the other people still to decide, in the order the game
        travels (:func:`~.friends.away_order`); else nobody."""
        if self.friends is None or self.game.over or self.current_seat() is not None or self.bot_pending():
            return []
        return away_order(self.deciders(), self.seats, self.friends.me)

    def friend_due(self) -> int | None:
        """The friend the game is to be sent to now (None: nobody)."""
        order = self.friend_order()
        return order[0] if order else None

    def friend_recipient(self) -> int | None:
        """The friend the game goes to now: the next to decide, or once the
        game is over the next other person round the table (None: no game
        with friends, or this device still has something to decide)."""
        if self.friends is None:
            return None
        if not self.game.over:
            return self.friend_due()
        others = away_order(range(len(self.seats)), self.seats, self.friends.me)
        return others[0] if others else None

    def current_seat(self) -> int | None:
        """The person whose decision the screen shows: the one holding the
        device if they have one, else the first person waiting; None while
        only bots decide (or the game is over)."""
        people = self._people_deciding()
        if not people:
            return None
        return self.holder if self.holder in people else people[0]

    def _take_device(self) -> None:
        """With one person at the table (or nobody holding the device yet)
        the device is simply theirs."""
        p = self.current_seat()
        if p is not None and (self.holder is None or len(self.humans()) <= 1):
            self.holder = p

    def needs_handoff(self) -> bool:
        """Another person than the one holding the device must decide now."""
        p = self.current_seat()
        return p is not None and self.holder is not None and p != self.holder

    def handoff_view(self) -> HandoffView | None:
        """The pass-the-device screen, while one is due."""
        if not self.needs_handoff():
            return None
        p = self.current_seat()
        title, body, label = self.handoff_words(p)
        return HandoffView(p, self.seats[p].name, title, body, label)

    def acknowledge_handoff(self) -> None:
        """The person to decide took the device."""
        p = self.current_seat()
        if p is not None and p != self.holder:
            self.holder = p
            self.viewing = None

    def deciding_seat(self) -> int | None:
        """Whose decision is awaited: the person the screen asks, else the
        first bot (or the table for a person) to decide; None once over."""
        p = self.current_seat()
        if p is not None:
            return p
        waiting = self.deciders()
        return waiting[0] if waiting and not self.game.over else None

    def acting_seat(self) -> int | None:
        """The person who may act on this screen now (no hand-over pending)."""
        return None if self.needs_handoff() else self.current_seat()

    def shown_player(self) -> int:
        """Whose sheet is on screen: one looked at, else the device holder's
        (the first person's, or the first seat's, before anyone held it)."""
        if self.viewing is not None:
            return self.viewing
        if self.holder is not None:
            return self.holder
        return self.default_shown()

    def default_shown(self) -> int:
        """Whose sheet is shown before any person held the device."""
        people = self.humans()
        return people[0] if people else 0

    def view_sheet(self, seat: int | None) -> None:
        """Look at ``seat``'s sheet (None, a seat that is not there or one's own: back to it)."""
        ok = seat is not None and 0 <= seat < len(self.seats) and seat != self.holder
        self.viewing = seat if ok else None

    def viewing_other(self) -> bool:
        """The sheet on screen is not the one the person acting plays."""
        return self.viewing is not None and self.viewing != self.acting_seat()

    # -- bots and the table's own moves ----------------------------------------------------
    def bot_pending(self) -> bool:
        """A bot must decide, or the table moves for a person by itself."""
        return self.next_move() is not None

    def bot(self, seat: int) -> Any:
        bot = self._bots.get(seat)
        if bot is None:
            bot = self._bots[seat] = self.definition.make_bot(self.seats[seat].kind,
                                                              bot_seed(self.game.setup.seed, seat))
        return bot

    def bot_choice(self, seat: int) -> Any:
        """The bot's action (its first legal one if it fails or chooses an illegal one)."""
        try:
            bot = self.bot(seat)
            if isinstance(bot, SeededBot):  # the core's seeded bots
                bot.reseed(decision_seed(self.game.setup.seed, seat, len(self.game.actions)))
            action = bot.choose(self.game, seat)
            if self.game.is_legal(action):
                return action
        except ImportError:
            raise  # the bots' code is missing or broken (imported when first used): said, not played round
        except Exception:  # noqa: BLE001 — a failing bot must not stop the game
            pass
        return self.game.legal_actions(seat)[0]

    def next_move(self) -> tuple[int, Any] | None:
        """The first decision the table makes now: ``(seat, action)`` for its
        own move for a person, ``(seat, None)`` for a bot's; None if none."""
        if self.game.over:
            return None
        for p in self.deciders():
            if not self.seats[p].is_human:
                return p, None
            auto = self.automatic(p)
            if auto is not None:
                return p, auto
        return None

    def on_automatic(self, seat: int, action: Any) -> None:
        """The table is about to move for person ``seat`` (a game may say so)."""

    def bot_step(self) -> Result:
        """The first waiting bot's decision, or the table's own move for a
        person (:meth:`automatic`); ``Result(False)`` if none is due."""
        found = self.next_move()
        if found is None:
            return Result(False)
        seat, action = found
        if action is not None:
            self.on_automatic(seat, action)
        return self.apply(action if action is not None else self.bot_choice(seat))

    def run_bots(self, limit: int = 10_000) -> int:
        """Let bots decide until a person must (tests, demos); returns the steps."""
        steps = 0
        while steps < limit and self.bot_pending() and self.current_seat() is None:
            if not self.bot_step().ok:
                break
            steps += 1
        return steps

    # -- applying ---------------------------------------------------------------------------------
    def refusal(self, err: IllegalActionError) -> Result:
        """An engine refusal in plain words (the rule behind a "details" link)."""
        return Result(False, error_text(err, self.lang, self.names), error_details(err, self.lang))

    def apply(self, action: Any) -> Result:
        """Apply ``action``.  The move a person is building on screen is
        kept unless it was their own move or their decision is gone (a
        bot's or another person's move never clears it)."""
        before = self.acting_seat()
        try:
            events = self.game.apply(action)
        except IllegalActionError as err:
            return self.refusal(err)
        who = self.actor(action)
        if who is not None and self.seats[who].is_human:
            self.viewing = None
        result = self.announce(events, action)
        self._take_device()
        if who is None or who == before or self.acting_seat() != before:
            self.forget_choice()
        return result

    # -- undo -------------------------------------------------------------------------------------
    def own_last(self) -> tuple[int, int] | None:
        """The on-screen person's last decision, with the bots' decisions
        made after it, while no die was rolled since: ``(steps, seat)``.
        While the device waits to be passed on, nobody's."""
        if self.game.over or self.needs_handoff() or self.holder is None:
            return None
        found = own_last_decision(self.game, self.actor, lambda p: self.seats[p].is_human)
        return found if found is not None and found[1] == self.holder else None

    def can_undo(self) -> bool:
        """The on-screen person can take back their own last decision."""
        return self.own_last() is not None

    def undo(self) -> Result:
        found = self.own_last()
        if found is None:
            return self.nothing_to_undo()
        steps, seat = found
        try:
            self.game = self.game.undo(steps)
        except IllegalActionError as err:
            return self.refusal(err)
        self.undos += 1
        self.rebuild_log()
        self.forget_choice()
        self.viewing = None
        self.holder = seat
        return self.undone(seat)

    def nothing_to_undo(self) -> Result:
        return Result(False)

    def undone(self, seat: int) -> Result:
        """What the page hears after ``seat`` took back a decision."""
        return Result(True, changed=True)

    # -- messages -----------------------------------------------------------------------------
    def say(self, kind: str, text: str, event: str = "", player: int | None = None, turn: int = 0) -> None:
        """Add a :class:`Message` for the page (a log line, a toast, or words
        read out)."""
        self._messages.append(Message(kind, text, event, player, turn))

    def drain_messages(self) -> list[Message]:
        """Announcements and log lines since the last call, oldest first."""
        out, self._messages = self._messages, []
        return out
