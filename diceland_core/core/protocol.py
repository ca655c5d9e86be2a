"""What a game is to the rest of the package: a :class:`GameDef` (metadata
and entry points, one per game, registered by name) and the surface of its
state objects (:class:`GameState`).

The convention for every game: **one mutable state object per game** with
``apply``; immutable values (frozen dataclasses, tuples) for actions, events
and anything the user interface and bots share.  ``apply`` checks the action
against the rules first and raises :class:`~diceland_core.core.errors.
IllegalActionError` (rule id, message code, parameters) leaving the state
unchanged; otherwise it changes the state and returns the events it caused.

Chance is explicit: a state rolls only from the dice source it was given
(:mod:`diceland_core.core.dice`) and keeps every roll in ``rolls`` as data,
so undo never crosses a roll and a record says exactly which dice fell.

Every game's package exports the same names: ``DEFINITION`` (its
:class:`GameDef`), ``new``, ``Game``, ``Setup``, ``Phase`` (an ``Enum``, the
state's ``phase``) and ``hint`` (returning a :class:`Hint`);
docs/adding-a-game.md says what else a game is made of.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any, Callable, ClassVar, Mapping, Protocol, Sequence, runtime_checkable

from .errors import render_message

__all__ = ["GameState", "GameDef", "GameOption", "GameAction", "PlayerAction", "GameEvent", "PlayerEvent", "GameOver", "snake_name", "Outcome", "Bot", "Hint", "Scenario"]


@runtime_checkable
class GameState(Protocol):
    """The state surface every game offers (python-chess' ``push``/``pop``,
    OpenSpiel's ``State``, boardgame.io's reducer, in one small shape)."""

    players: int
    #: every action applied so far, in order
    actions: list
    #: every roll made so far, in order (tuples of faces)
    rolls: list

    @property
    def over(self) -> bool: ...

    def waiting_for(self) -> tuple[int, ...]:
        """The players with a decision to make now (ascending or clockwise:
        the game's docs say which)."""
        ...

    def legal_actions(self, player: int | None = None) -> list:
        """Every legal action now (of ``player`` only, if given)."""
        ...

    def is_legal(self, action: Any) -> bool: ...

    def apply(self, action: Any) -> list:
        """Apply ``action`` and return its events; raise IllegalActionError
        (state unchanged) if the rules forbid it."""
        ...

    def can_undo(self) -> bool:
        """The last action can be taken back: no dice were rolled after it."""
        ...

    def undo_window(self) -> int:
        """How many of the last actions can be taken back (those after the
        last roll; none once the game is over)."""
        ...

    def undo(self, steps: int = 1) -> "GameState":
        """A new state without the last ``steps`` actions (never past a roll)."""
        ...

    def copy(self) -> "GameState":
        """An independent copy, its dice source included (the core's
        :meth:`~diceland_core.core.history.History.copy`)."""
        ...

    def scores(self) -> tuple[int, ...]:
        """Every player's score now (the live score; once the game is over,
        the outcome's)."""
        ...

    def outcome(self) -> "Outcome | None":
        """Scores and winners once the game is over, else None."""
        ...

    def summary(self) -> dict[str, Any]:
        """The position as the game's ``replay`` output (without ok/error)."""
        ...


def snake_name(name: str) -> str:
    """A class name as an event's ``kind`` or an action's ``type``:
    ``Phase1Ended`` → ``phase1_ended``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class GameAction:
    """Base of every game's actions (frozen dataclasses): ``type``, the
    action's name in records and scenario files, is its class name
    (:func:`snake_name`) unless the class sets one."""

    type: ClassVar[str] = "action"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "type" not in cls.__dict__:
            cls.type = snake_name(cls.__name__)



@dataclass(frozen=True)
class PlayerAction(GameAction):
    """An action made by one player (``player``, a seat from 0), the
    shape of most games' actions: a subclass adds its own fields after it."""

    player: int

class GameEvent:
    """Base of every game's events (frozen dataclasses): ``kind`` names one
    (its class name, :func:`snake_name`, unless the class sets one),
    :meth:`to_dict` serialises it, each field through :meth:`plain`."""

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" not in cls.__dict__:
            cls.kind = snake_name(cls.__name__)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = self.plain(getattr(self, f.name))
        return out

    @staticmethod
    def plain(value: Any) -> Any:
        """A field's JSON value: a tuple as a list."""
        return list(value) if isinstance(value, tuple) else value



@dataclass(frozen=True)
class PlayerEvent(GameEvent):
    """An event about one player (``player``, a seat from 0)."""

    player: int

@dataclass(frozen=True)
class GameOver(GameEvent):
    """The one end event of every game: the winners (several when they share
    the win) and every player's score, as :meth:`GameState.outcome` gives
    them.  A game adds its own fields in a subclass of the same name (its
    events' base first, so that it is one of the game's events too)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    kind: ClassVar[str] = "game_over"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a score per player (Diceland: bonus cells crossed),
    the winners (several when they share the win), and per player the score's
    parts by area where the game has areas (for simulate's reports)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    areas: tuple[Mapping[str, int], ...] = ()


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(state, player) -> action``: a legal action for
    a player in ``state.waiting_for()``.  Bots never change the state, and
    the same seed gives the same choices on every Python."""

    kind: str

    def choose(self, state: Any, player: int) -> Any: ...


@dataclass(frozen=True)
class Hint:
    """A suggested action and why, as a message code with parameters (so the
    reason reads in every language): ``Hint(action, "clever.hint_points",
    {"points": 7})``."""

    action: Any
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return render_message(self.code, self.params, lang) if self.code else ""


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario file of any game: how to start (``game()`` returns a
    fresh state each call) and the actions to play."""

    game_name: str
    start: Callable[[], Any]
    actions: tuple
    title: Any = None
    explain: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    def game(self) -> Any:
        return self.start()


@dataclass(frozen=True)
class GameOption:
    """A choice a game is started with besides players and seed (Diceland's
    board): ``name`` is the keyword of ``GameDef.new`` and of the command
    line (``--board``); ``values()`` the known values; ``check(value)``
    raises a :class:`~diceland_core.core.errors.GameError` in plain words for
    a value the game cannot use."""

    name: str
    help: str
    default: str
    values: Callable[[], Sequence[str]]
    check: Callable[[str], Any]


@dataclass(frozen=True)
class GameDef:
    """One game, as the registry knows it.

    ``new(players=…, seed=…, **options)`` starts a game; ``parse_scenario``
    turns a scenario object into something with ``game()`` and ``actions``
    (raising ScenarioError when the file is invalid); ``action_from_json`` /
    ``action_to_json`` convert the actions of its files (ValueError for a
    malformed one); ``setup_of(state)`` / ``from_setup(setup, seed,
    players)`` are the game-specific part of a record; ``rolls_of(state)``
    the rolls as JSON; ``bots`` maps a bot kind to ``factory(seed) -> Bot``,
    weakest first (bots are made only through :meth:`make_bot`);
    ``hint(state, player) -> Hint``; ``value(state, player) -> float`` the
    worth of a position to a player, read from the game's value network
    (Ganz schön clever's expert, the other games' learned bots): the final points it may expect (solo) or its expected final margin
    over its strongest rival (several players); ``terminal(args)`` plays
    in a terminal.  ``error_rule`` says whether replay's ``error`` object
    carries a ``rule`` key (the newer games' contracts; FORMATS.md's Diceland
    output has only ``action_index`` and ``message``)."""

    name: str
    title: str
    #: the module the game's state classes live under (its package, or a
    #: plug-in's own module): a record finds a state's game by it
    package: str
    min_players: int
    max_players: int
    rule_prefix: str
    new: Callable[..., Any]
    parse_scenario: Callable[[Any], Any]
    action_from_json: Callable[[Any], Any]
    action_to_json: Callable[[Any], dict]
    setup_of: Callable[[Any], dict]
    from_setup: Callable[[Mapping[str, Any], int, int], Any]
    rolls_of: Callable[[Any], list]
    bots: Mapping[str, Callable[[int], Bot]]
    hint: Callable[[Any, int], Hint] | None = None
    value: Callable[[Any, int], float] | None = None
    terminal: Callable[..., int] | None = None
    error_rule: bool = True
    #: the rule an undo is refused with (nothing to take back, or a roll since)
    undo_rule: str = ""
    #: names of the score areas a report breaks scores into (simulate)
    areas: Sequence[str] = ()
    #: what else a game starts with (Diceland's board); simulate cycles the
    #: first one's values over its games
    options: Sequence[GameOption] = ()

    @property
    def bot_kinds(self) -> tuple[str, ...]:
        return tuple(self.bots)

    def make_bot(self, kind: str, seed: int = 0) -> Bot:
        try:
            factory = self.bots[kind]
        except KeyError:
            raise ValueError(f"unknown bot kind {kind!r} for {self.name} "
                             f"(expected one of {', '.join(self.bots)})") from None
        return factory(seed)
